import PickTestSupport
import Testing

/// A terminal of `width` × `height` after `input`.
private func terminal(_ width: Int, _ height: Int, _ input: String...) -> VirtualTerminal {
  var terminal = VirtualTerminal(width: width, height: height)
  for part in input { terminal.feed(part) }
  return terminal
}

@Suite struct VirtualTerminalTests {
  // MARK: Characters

  @Test func `text is printed at the cursor and CR LF start the next row`() {
    let screen = terminal(5, 3, "ab\r\ncd")
    #expect(screen.screenText == "ab   \ncd   \n     ")
    #expect(screen.cursor == (1, 2))
  }

  @Test func `line feed keeps the column and backspace moves left`() {
    let screen = terminal(5, 3, "ab\ncd\u{8}\u{8}\u{8}\u{8}X")
    #expect(screen.screenText == "ab   \nX cd \n     ")
  }

  @Test func `wide characters take two cells`() {
    let screen = terminal(5, 1, "世界!")
    #expect(screen.row(0) == "世界!")
    #expect(screen.cursor == (0, 4))
    #expect(CellWidth.of("世界!") == 5)
    #expect(CellWidth.of("😀") == 2 && CellWidth.of("é") == 1 && CellWidth.of("e\u{301}") == 1)
  }

  @Test func `a combining mark joins the character before it`() {
    let screen = terminal(4, 1, "e\u{301}x")
    #expect(screen.row(0) == "e\u{301}x  ")
    #expect(screen.cursor == (0, 2))
  }

  @Test func `overwriting half of a wide character blanks the other half`() {
    #expect(terminal(4, 1, "世界", "\u{1B}[1;2Hx").row(0) == " x界")
    #expect(terminal(4, 1, "世界", "\u{1B}[1;1Hx").row(0) == "x 界")
    #expect(terminal(4, 1, "ab世", "\u{1B}[1;2H世").row(0) == "a世 ")
  }

  @Test func `a character split across feeds is decoded whole`() {
    var screen = VirtualTerminal(width: 4, height: 1)
    let bytes = Array("世".utf8)
    screen.feed([bytes[0]])
    screen.feed([bytes[1]])
    screen.feed([bytes[2], 0x1B])
    screen.feed(Array("[1mx".utf8))
    #expect(screen.row(0) == "世x ")
    #expect(screen.style(atRow: 0, column: 2).bold)
  }

  @Test func `invalid UTF-8 shows as a replacement character`() {
    var screen = VirtualTerminal(width: 4, height: 1)
    screen.feed([0xFF, 0xE4, 0x41])
    #expect(screen.row(0) == "\u{FFFD}\u{FFFD}A ")
  }

  // MARK: Cursor movement

  @Test func `CUP moves to 1-based positions, defaults to home and clamps`() {
    #expect(terminal(10, 5, "\u{1B}[3;4H").cursor == (2, 3))
    #expect(terminal(10, 5, "\u{1B}[3;4f").cursor == (2, 3))
    #expect(terminal(10, 5, "xx\u{1B}[H").cursor == (0, 0))
    #expect(terminal(10, 5, "\u{1B}[;7H").cursor == (0, 6))
    #expect(terminal(10, 5, "\u{1B}[99;99H").cursor == (4, 9))
  }

  @Test func `relative and single-axis moves`() {
    #expect(terminal(10, 5, "\u{1B}[3;4H\u{1B}[A").cursor == (1, 3))
    #expect(terminal(10, 5, "\u{1B}[3;4H\u{1B}[2B").cursor == (4, 3))
    #expect(terminal(10, 5, "\u{1B}[3;4H\u{1B}[3C").cursor == (2, 6))
    #expect(terminal(10, 5, "\u{1B}[3;4H\u{1B}[9D").cursor == (2, 0))
    #expect(terminal(10, 5, "\u{1B}[3;4H\u{1B}[8G").cursor == (2, 7))
    #expect(terminal(10, 5, "\u{1B}[3;4H\u{1B}[5d").cursor == (4, 3))
    #expect(terminal(10, 5, "\u{1B}[3;4H\u{1B}[0A").cursor == (1, 3))
  }

  @Test func `save and restore the cursor`() {
    #expect(terminal(10, 5, "\u{1B}[2;3H\u{1B}[s\u{1B}[5;5H\u{1B}[u").cursor == (1, 2))
    #expect(terminal(10, 5, "\u{1B}[2;3H\u{1B}7\u{1B}[5;5H\u{1B}8").cursor == (1, 2))
  }

  // MARK: Erasing

  @Test(arguments: [(0, "ab   "), (1, "   de"), (2, "     ")])
  func `erase in line`(mode: Int, expected: String) {
    let screen = terminal(5, 1, "abcde\u{1B}[1;3H\u{1B}[\(mode)K")
    #expect(screen.row(0) == expected)
    #expect(screen.cursor == (0, 2))
  }

  @Test(arguments: [(0, "abc\nd  \n   "), (1, "   \n  f\nghi"), (2, "   \n   \n   ")])
  func `erase in display`(mode: Int, expected: String) {
    let screen = terminal(3, 3, "abc\r\ndef\r\nghi\u{1B}[2;2H\u{1B}[\(mode)J")
    #expect(screen.screenText == expected)
  }

  @Test func `erasing fills with the current background`() {
    let screen = terminal(4, 1, "\u{1B}[1;41mab\u{1B}[K")
    #expect(screen.style(atRow: 0, column: 3) == .init(background: 1))
    #expect(screen.style(atRow: 0, column: 0) == .init(bold: true, background: 1))
  }

  // MARK: Styles

  @Test func `SGR sets and clears attributes and colours per cell`() {
    let screen = terminal(
      12, 1,
      "\u{1B}[1;7;31;42ma\u{1B}[22;27;39;49mb\u{1B}[38;5;161;48;5;236;4mc\u{1B}[0md\u{1B}[92;103;2me\u{1B}[m",
      "\u{1B}[38;2;1;2;3mf\u{1B}[38:5:9mg")
    #expect(screen.row(0) == "abcdefg     ")
    #expect(
      screen.style(atRow: 0, column: 0)
        == .init(bold: true, reverse: true, foreground: 1, background: 2))
    #expect(screen.style(atRow: 0, column: 1) == .plain)
    #expect(
      screen.style(atRow: 0, column: 2) == .init(underline: true, foreground: 161, background: 236))
    #expect(screen.style(atRow: 0, column: 3) == .plain)
    #expect(screen.style(atRow: 0, column: 4) == .init(dim: true, foreground: 10, background: 11))
    #expect(screen.style(atRow: 0, column: 5) == .init(foreground: 0x100_0000 | 0x010203))
    #expect(screen.style(atRow: 0, column: 6) == .init(foreground: 9))
  }

  // MARK: Modes

  @Test func `cursor visibility`() {
    #expect(terminal(4, 1).isCursorVisible)
    #expect(!terminal(4, 1, "\u{1B}[?25l").isCursorVisible)
    #expect(terminal(4, 1, "\u{1B}[?25l\u{1B}[?25h").isCursorVisible)
  }

  @Test func `with autowrap on, the last column leaves a wrap pending until the next character`() {
    var screen = terminal(4, 2, "abcd")
    #expect(screen.cursor == (0, 3))
    #expect(screen.row(1) == "    ")
    screen.feed("e")
    #expect(screen.screenText == "abcd\ne   ")
    screen.feed("fghi")
    #expect(screen.linesScrolled == 1)
    #expect(screen.screenText == "efgh\ni   ")
  }

  @Test func `erasing with a wrap pending erases the last character`() {
    #expect(terminal(4, 1, "abcd\u{1B}[K").row(0) == "abc ")
  }

  @Test func `with autowrap off, characters past the end overwrite the last cell`() {
    let screen = terminal(4, 2, "\u{1B}[?7labcdef")
    #expect(!screen.isAutowrapOn)
    #expect(screen.screenText == "abcf\n    ")
    #expect(screen.cursor == (0, 3))
    #expect(terminal(4, 2, "\u{1B}[?7l\u{1B}[?7h").isAutowrapOn)
  }

  @Test
  func `a wide character in the last column wraps, or with autowrap off takes the last two cells`() {
    #expect(terminal(3, 2, "ab世").screenText == "ab \n世 ")
    #expect(terminal(3, 2, "\u{1B}[?7lab世").screenText == "a世\n   ")
  }

  @Test func `a line feed on the last row scrolls`() {
    let screen = terminal(2, 2, "a\r\nb\r\nc")
    #expect(screen.screenText == "b \nc ")
    #expect(screen.linesScrolled == 1)
  }

  @Test
  func
    `the alternate screen has its own buffer and leaving it restores the main screen and cursor`()
  {
    var screen = terminal(4, 2, "main\r\nx")
    screen.feed("\u{1B}[?1049h")
    #expect(screen.isAlternateScreen)
    #expect(screen.screenText == "    \n    ")
    screen.feed("\u{1B}[2;1Halt")
    #expect(screen.row(1) == "alt ")
    screen.feed("\u{1B}[?1049l")
    #expect(!screen.isAlternateScreen)
    #expect(screen.screenText == "main\nx   ")
    #expect(screen.cursor == (1, 1))
    screen.feed("\u{1B}[?1049h")
    #expect(screen.screenText == "    \n    ")
  }

  @Test func `bracketed paste and mouse modes`() {
    var screen = terminal(4, 1, "\u{1B}[?2004h\u{1B}[?1000;1006h")
    #expect(screen.isBracketedPasteOn)
    #expect(screen.isMouseReportingOn && screen.mouseModes == [1000, 1006])
    screen.feed("\u{1B}[?2004l\u{1B}[?1000l\u{1B}[?1006l")
    #expect(!screen.isBracketedPasteOn && !screen.isMouseReportingOn)
  }

  @Test func `queries are answered`() {
    var screen = terminal(10, 5, "\u{1B}[3;7H\u{1B}[6n\u{1B}[?2004$p")
    #expect(String(decoding: screen.responses, as: UTF8.self) == "\u{1B}[3;7R\u{1B}[?2004;2$y")
    screen.responses = []
    screen.feed("\u{1B}[?9999$p")
    #expect(String(decoding: screen.responses, as: UTF8.self) == "\u{1B}[?9999;0$y")
  }

  // MARK: Sequences it does not know

  @Test(arguments: [
    "\u{1B}]0;title\u{7}", "\u{1B}]8;;http://x\u{1B}\\", "\u{1B}P+q544e\u{1B}\\",
    "\u{1B}_apc\u{1B}\\",
    "\u{1B}[>c", "\u{1B}[2 q", "\u{1B}[?1;2;3x", "\u{1B}(B", "\u{1B}=", "\u{1B}[12;34;56X",
    "\u{1B}[1\u{18}", "\u{1B}]unterminated\u{1A}",
  ])
  func `unknown sequences are consumed whole`(sequence: String) {
    let screen = terminal(6, 1, "a", sequence, "b")
    #expect(screen.row(0) == "ab    ")
  }

  @Test func `a full reset clears everything`() {
    let screen = terminal(3, 1, "\u{1B}[?25l\u{1B}[?7labc\u{1B}c")
    #expect(screen.row(0) == "   " && screen.isCursorVisible && screen.isAutowrapOn)
  }
}
