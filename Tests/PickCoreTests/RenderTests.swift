import PickTestSupport
import Testing

@testable import PickCore

// The renderer is checked by feeding its bytes to a virtual terminal and
// comparing the screen with the frame, cell by cell, style by style.

// MARK: - Helpers

/// A span measured with the virtual terminal's width rule.
private func span(_ text: String, _ style: Style = .plain) -> Span {
  Span(text, columns: CellWidth.of(text), style: style)
}

private let styles: [Style] = [
  .plain, Style(bold: true), Style(reverse: true), Style(underline: true), Style(dim: true),
  Style(foreground: .red), Style(background: .palette(236)),
  Style(foreground: .palette(200), background: .blue, bold: true, reverse: true),
]

/// A random frame of random ASCII and CJK spans. Rows are empty, partly
/// filled or filled exactly to the last column, about a third each.
private func randomFrame(width: Int, height: Int, using rng: inout SeededGenerator) -> Frame {
  let ascii = Array(0x20...0x7E).map { Character(Unicode.Scalar(UInt8($0))) }
  let cjk = (0x4E00...0x4E80).map { Character(Unicode.Scalar($0)!) }
  var rows: [[Span]] = []
  for _ in 0..<height {
    let target: Int
    switch Int.random(in: 0..<3, using: &rng) {
    case 0: target = 0
    case 1: target = Int.random(in: 0...width, using: &rng)
    default: target = width
    }
    var row: [Span] = []
    var used = 0
    while used < target {
      let remaining = target - used
      let style = styles.randomElement(using: &rng)!
      if remaining >= 2 && Bool.random(using: &rng) {
        let count = Int.random(in: 1...min(remaining / 2, 4), using: &rng)
        let text = String((0..<count).map { _ in cjk.randomElement(using: &rng)! })
        row.append(Span(text, columns: 2 * count, style: style))
        used += 2 * count
      } else {
        let count = Int.random(in: 1...min(remaining, 8), using: &rng)
        let text = String((0..<count).map { _ in ascii.randomElement(using: &rng)! })
        row.append(Span(text, columns: count, style: style))
        used += count
      }
    }
    rows.append(row)
  }
  let cursor =
    Bool.random(using: &rng)
    ? CursorPosition(
      row: Int.random(in: 0..<height, using: &rng), column: Int.random(in: 0..<width, using: &rng))
    : nil
  return Frame(width: width, height: height, rows: rows, cursor: cursor)
}

/// What the virtual terminal should record for a span drawn in `style`.
private func cellStyle(_ style: Style, colors: Bool = true) -> VirtualTerminal.CellStyle {
  func index(_ color: Color?) -> Int? {
    guard colors, case .palette(let value)? = color else { return nil }
    return Int(value)
  }
  return VirtualTerminal.CellStyle(
    bold: style.bold, dim: style.dim, underline: style.underline, reverse: style.reverse,
    foreground: index(style.foreground), background: index(style.background))
}

/// Checks that `terminal` shows exactly `frame` at `origin`: text, the style of
/// every cell (plain after a row's spans), the cursor, and that nothing scrolled.
private func expectShows(
  _ terminal: VirtualTerminal, _ frame: Frame, origin: Int = 1, colors: Bool = true,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let top = origin - 1
  let shown = (top..<(top + frame.height)).map { terminal.row($0) }.joined(separator: "\n")
  #expect(shown == frame.plainText, sourceLocation: sourceLocation)
  #expect(terminal.linesScrolled == 0, sourceLocation: sourceLocation)
  #expect(terminal.isAutowrapOn, sourceLocation: sourceLocation)
  for (index, row) in frame.rows.enumerated() {
    var column = 0
    var expected: [VirtualTerminal.CellStyle] = []
    for span in row {
      expected += Array(repeating: cellStyle(span.style, colors: colors), count: span.columns)
      column += span.columns
    }
    expected += Array(repeating: .plain, count: frame.width - column)
    let actual = (0..<frame.width).map { terminal.style(atRow: top + index, column: $0) }
    #expect(actual == expected, "row \(index)", sourceLocation: sourceLocation)
  }
  if let cursor = frame.cursor {
    #expect(terminal.isCursorVisible, sourceLocation: sourceLocation)
    #expect(terminal.cursor == (top + cursor.row, cursor.column), sourceLocation: sourceLocation)
  } else {
    #expect(!terminal.isCursorVisible, sourceLocation: sourceLocation)
  }
}

/// How many absolute moves (`CSI row;column H`) `bytes` holds.
private func cursorMoves(in bytes: [UInt8]) -> Int {
  var count = 0
  var index = 0
  while index + 1 < bytes.count {
    guard bytes[index] == 0x1B, bytes[index + 1] == 0x5B else {
      index += 1
      continue
    }
    var end = index + 2
    while end < bytes.count, (0x30...0x3B).contains(bytes[end]) { end += 1 }
    if end < bytes.count, bytes[end] == 0x48, bytes[(index + 2)..<end].contains(0x3B) { count += 1 }
    index = end
  }
  return count
}

/// Where the UTF-8 of `text` first occurs in `bytes`.
private func offset(of text: String, in bytes: [UInt8]) -> Int? {
  let needle = Array(text.utf8)
  guard needle.count <= bytes.count else { return nil }
  return (0...(bytes.count - needle.count)).first {
    Array(bytes[$0..<($0 + needle.count)]) == needle
  }
}

private func contains(_ bytes: [UInt8], _ text: String) -> Bool {
  offset(of: text, in: bytes) != nil
}

// MARK: - Frames

@Suite struct FrameRenderTests {
  @Test func `plain text pads every row to the width`() {
    let frame = Frame(
      width: 5, height: 3, rows: [[span("ab"), span("c", Style(bold: true))], [], [span("世界")]])
    #expect(frame.plainText == "abc  \n     \n世界 ")
  }

  @Test func `a frame is padded or cut to its height`() {
    #expect(Frame(width: 2, height: 3, rows: [[span("a")]]).rows.count == 3)
    #expect(Frame(width: 2, height: 1, rows: [[span("a")], [span("b")]]).plainText == "a ")
  }

  // MARK: Whole frames

  @Test(arguments: 0..<300)
  func `a rendered random frame shows exactly as the frame`(seed: Int) {
    var rng = SeededGenerator(seed: UInt64(seed))
    let width = seed < 10 ? 1 : Int.random(in: 1...40, using: &rng)
    let height = seed < 10 ? 1 : Int.random(in: 1...12, using: &rng)
    let frame = randomFrame(width: width, height: height, using: &rng)
    var renderer = FrameRenderer()
    var terminal = VirtualTerminal(width: width, height: height)
    terminal.feed(renderer.render(frame))
    expectShows(terminal, frame)
  }

  @Test(arguments: 0..<100)
  func `a run of random frames with random changed rows always shows the latest`(seed: Int) {
    var rng = SeededGenerator(seed: UInt64(seed) &+ 1_000)
    let width = Int.random(in: 1...30, using: &rng)
    let height = Int.random(in: 1...10, using: &rng)
    var frame = randomFrame(width: width, height: height, using: &rng)
    var renderer = FrameRenderer()
    var terminal = VirtualTerminal(width: width, height: height)
    terminal.feed(renderer.render(frame))
    for _ in 0..<20 {
      let fresh = randomFrame(width: width, height: height, using: &rng)
      var changed = Set<Int>()
      for _ in 0..<Int.random(in: 0...2, using: &rng) {
        let index = Int.random(in: 0..<height, using: &rng)
        if frame.rows[index] != fresh.rows[index] { changed.insert(index) }
        frame.rows[index] = fresh.rows[index]
      }
      frame.cursor = fresh.cursor
      let bytes = renderer.render(frame)
      #expect(
        cursorMoves(in: bytes) == changed.count + (frame.cursor == nil || bytes.isEmpty ? 0 : 1))
      terminal.feed(bytes)
      expectShows(terminal, frame)
    }
  }

  @Test func `rows that fill the width, including the last row, draw whole without scrolling`() {
    let frame = Frame(
      width: 5, height: 2, rows: [[span("abcde")], [span("f"), span("世界", Style(reverse: true))]])
    var renderer = FrameRenderer()
    var terminal = VirtualTerminal(width: 5, height: 2)
    let bytes = renderer.render(frame)
    terminal.feed(bytes)
    expectShows(terminal, frame)
    // The last cell of the last row is written, with autowrap off around it.
    let off = offset(of: "\u{1B}[?7l", in: bytes)!
    let on = offset(of: "\u{1B}[?7h", in: bytes)!
    let last = offset(of: "世界", in: bytes)!
    #expect(off < last && last < on)
  }

  @Test func `a character wider than the layout measured cannot wrap or scroll the screen`() {
    // The layout and the terminal disagree: "世" measured as one column ends the last row.
    let frame = Frame(
      width: 4, height: 2, rows: [[span("top")], [span("abc"), Span("世", columns: 1)]])
    var renderer = FrameRenderer()
    var terminal = VirtualTerminal(width: 4, height: 2)
    terminal.feed(renderer.render(frame))
    #expect(terminal.linesScrolled == 0)
    #expect(terminal.row(0) == "top ")
  }

  @Test func `a frame drawn in inline mode starts at its origin and leaves the rows above alone`() {
    var terminal = VirtualTerminal(width: 6, height: 6)
    terminal.feed("$ ls\r\nfoo\r\n")
    let frame = Frame(
      width: 6, height: 3, rows: [[span("> q")], [span("item", Style(bold: true))]],
      cursor: .init(row: 0, column: 3))
    var renderer = FrameRenderer()
    terminal.feed(renderer.render(frame, origin: 3))
    expectShows(terminal, frame, origin: 3)
    #expect(terminal.row(0) == "$ ls  ")
    #expect(terminal.row(1) == "foo   ")
    #expect(terminal.row(5) == "      ")
  }

  // MARK: Updates

  @Test func `a second frame with one changed row rewrites only that row`() {
    let first = Frame(
      width: 8, height: 4,
      rows: [[span("> ab")], [span("one")], [span("two", Style(reverse: true))], [span("three")]])
    var second = first
    second.rows[2] = [span("deux", Style(foreground: .green))]
    var renderer = FrameRenderer()
    var terminal = VirtualTerminal(width: 8, height: 4)
    terminal.feed(renderer.render(first))
    let bytes = renderer.render(second)
    #expect(cursorMoves(in: bytes) == 1)
    #expect(contains(bytes, "\u{1B}[3;1H"))
    #expect(!contains(bytes, "one") && !contains(bytes, "three"))
    terminal.feed(bytes)
    expectShows(terminal, second)
  }

  @Test func `shrinking a row erases its tail`() {
    let long = Frame(
      width: 10, height: 2, rows: [[span("a long row", Style(background: .red))], [span("x")]])
    var short = long
    short.rows[0] = [span("ab")]
    var renderer = FrameRenderer()
    var terminal = VirtualTerminal(width: 10, height: 2)
    terminal.feed(renderer.render(long))
    terminal.feed(renderer.render(short))
    expectShows(terminal, short)
    #expect(terminal.row(0) == "ab        ")
  }

  @Test func `an unchanged frame renders to nothing`() {
    let frame = Frame(width: 4, height: 2, rows: [[span("ab")]], cursor: .init(row: 0, column: 2))
    var renderer = FrameRenderer()
    _ = renderer.render(frame)
    #expect(renderer.render(frame).isEmpty)
  }

  @Test func `a moved cursor only moves the cursor`() {
    var frame = Frame(width: 4, height: 2, rows: [[span("ab")]], cursor: .init(row: 0, column: 2))
    var renderer = FrameRenderer()
    var terminal = VirtualTerminal(width: 4, height: 2)
    terminal.feed(renderer.render(frame))
    frame.cursor = .init(row: 0, column: 1)
    let bytes = renderer.render(frame)
    #expect(String(decoding: bytes, as: UTF8.self) == "\u{1B}[1;2H\u{1B}[?25h")
    terminal.feed(bytes)
    expectShows(terminal, frame)
    frame.cursor = nil
    terminal.feed(renderer.render(frame))
    expectShows(terminal, frame)
  }

  @Test func `after invalidate the next frame is drawn in full`() {
    let frame = Frame(width: 6, height: 3, rows: [[span("a")], [span("b")], [span("c")]])
    var renderer = FrameRenderer()
    _ = renderer.render(frame)
    renderer.invalidate()
    var terminal = VirtualTerminal(width: 6, height: 3)
    terminal.feed("junk!\r\njunk!\r\njunk!")
    let bytes = renderer.render(frame)
    #expect(cursorMoves(in: bytes) == 3)
    terminal.feed(bytes)
    expectShows(terminal, frame)
  }

  @Test func `full, a new size or a new origin redraw every row`() {
    let frame = Frame(width: 6, height: 3, rows: [[span("a")], [span("b")], [span("c")]])
    var renderer = FrameRenderer()
    _ = renderer.render(frame)
    #expect(cursorMoves(in: renderer.render(frame, full: true)) == 3)
    #expect(cursorMoves(in: renderer.render(frame, origin: 2)) == 3)
    let wider = Frame(width: 7, height: 3, rows: frame.rows)
    #expect(cursorMoves(in: renderer.render(wider, origin: 2)) == 3)
  }

  // MARK: Cursor, colours, defensiveness

  @Test func `the cursor is shown at the frame's cursor, or stays hidden`() {
    let frame = Frame(
      width: 10, height: 3, rows: [[span("> query")]], cursor: .init(row: 0, column: 7))
    var renderer = FrameRenderer()
    var terminal = VirtualTerminal(width: 10, height: 3)
    let bytes = renderer.render(frame)
    #expect(contains(bytes, "\u{1B}[?25l"))
    terminal.feed(bytes)
    #expect(terminal.isCursorVisible)
    #expect(terminal.cursor == (0, 7))

    var hidden = FrameRenderer()
    var other = VirtualTerminal(width: 10, height: 3)
    other.feed(hidden.render(Frame(width: 10, height: 3, rows: frame.rows)))
    #expect(!other.isCursorVisible)
  }

  @Test func `without colours no colour is sent but attributes are`() {
    let frame = Frame(
      width: 12, height: 2,
      rows: [
        [span("sel", Style(foreground: .palette(161), background: .palette(236), bold: true))],
        [span("rev", Style(foreground: .red, reverse: true))],
      ])
    var renderer = FrameRenderer(colors: false)
    let bytes = renderer.render(frame)
    #expect(!contains(bytes, "38;5") && !contains(bytes, "48;5"))
    var terminal = VirtualTerminal(width: 12, height: 2)
    terminal.feed(bytes)
    expectShows(terminal, frame, colors: false)
    #expect(terminal.style(atRow: 0, column: 0) == .init(bold: true))
    #expect(terminal.style(atRow: 1, column: 0) == .init(reverse: true))
  }

  @Test func `colours are sent as palette indices after a reset`() {
    var renderer = FrameRenderer()
    let frame = Frame(
      width: 4, height: 1,
      rows: [
        [span("x", Style(foreground: .palette(161), background: .palette(236), underline: true))]
      ])
    #expect(contains(renderer.render(frame), "\u{1B}[0;4;38;5;161;48;5;236mx\u{1B}[0m\u{1B}[K"))
  }

  @Test func `24-bit colours and the rarer attributes are sent in their own SGR forms`() {
    var renderer = FrameRenderer()
    let style = Style(
      foreground: .rgb(255, 0, 128), background: .rgb(1, 2, 3), italic: true, blink: true, strikethrough: true)
    let frame = Frame(width: 4, height: 1, rows: [[span("x", style)]])
    #expect(contains(renderer.render(frame), "\u{1B}[0;3;5;9;38;2;255;0;128;48;2;1;2;3mx\u{1B}[0m"))
  }

  @Test func `a row wider than the frame is cut after the last span that fits`() {
    let frame = Frame(width: 4, height: 1, rows: [[span("abc"), span("de")]])
    var renderer = FrameRenderer()
    var terminal = VirtualTerminal(width: 4, height: 1)
    terminal.feed(renderer.render(frame))
    #expect(terminal.screenText == "abc ")
  }
}

// MARK: - Terminal modes

@Suite struct TerminalModesRenderTests {
  @Test func `reset to defaults undoes every mode pick sets`() {
    var terminal = VirtualTerminal(width: 10, height: 3)
    terminal.feed("ab\r\n")
    terminal.feed(
      TerminalModes.enterAlternateScreen + TerminalModes.hideCursor + TerminalModes.autowrapOff
        + TerminalModes.bracketedPasteOn)
    terminal.feed("\u{1B}[?1000h\u{1B}[?1006h\u{1B}[1;31mred")
    terminal.feed(
      TerminalModes.resetToDefaults(leavingAlternateScreen: true, bracketedPaste: false))
    #expect(!terminal.isAlternateScreen)
    #expect(terminal.isCursorVisible && terminal.isAutowrapOn)
    #expect(!terminal.isBracketedPasteOn && terminal.mouseModes.isEmpty)
    #expect(terminal.cursor == (1, 0))
    #expect(terminal.screenText == "ab        \n          \n          ")
    terminal.feed("x")
    #expect(terminal.style(atRow: 1, column: 0) == .plain)
  }

  @Test func `reset to defaults restores bracketed paste as the terminal reported it`() {
    var terminal = VirtualTerminal(width: 10, height: 3)
    terminal.feed(
      TerminalModes.resetToDefaults(leavingAlternateScreen: false, bracketedPaste: true))
    #expect(terminal.isBracketedPasteOn)
  }

  @Test
  func
    `leaving an alternate screen never entered would move the cursor home, so inline mode does not`()
  {
    var terminal = VirtualTerminal(width: 10, height: 5)
    terminal.feed("\u{1B}[4;3H")
    terminal.feed(
      TerminalModes.resetToDefaults(leavingAlternateScreen: false, bracketedPaste: false))
    #expect(terminal.cursor == (3, 2))
    terminal.feed(TerminalModes.leaveAlternateScreen)
    #expect(terminal.cursor == (0, 0))
  }

  @Test(
    arguments: [(0, nil), (1, true), (2, false), (3, true), (4, false), (7, nil)] as [(Int, Bool?)])
  func `DECRQM answers say whether bracketed paste is on`(value: Int, expected: Bool?) {
    #expect(TerminalModes.bracketedPasteState(reportValue: value) == expected)
  }

  @Test func `the queries are answered by a terminal`() {
    var terminal = VirtualTerminal(width: 10, height: 5)
    terminal.feed("\u{1B}[2;4H")
    terminal.feed(
      TerminalModes.queryCursorPosition + TerminalModes.bracketedPasteOn
        + TerminalModes.queryBracketedPaste)
    #expect(String(decoding: terminal.responses, as: UTF8.self) == "\u{1B}[2;4R\u{1B}[?2004;1$y")
  }

  @Test func `clear screen erases everything and moves home`() {
    var terminal = VirtualTerminal(width: 3, height: 2)
    terminal.feed("abc\r\ndef")
    terminal.feed(TerminalModes.clearScreen)
    #expect(terminal.screenText == "   \n   ")
    #expect(terminal.cursor == (0, 0))
  }
}
