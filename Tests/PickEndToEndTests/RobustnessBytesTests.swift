// Hostile items in the picker (issue 6, bytes): whatever the input holds,
// the screen shows it inert — pick writes nothing but its own sequences, no
// row is wider than the window — and choosing the items prints them back
// byte for byte. `--filter` round trips are FilterRoundTripTests; the
// placeholders one by one are DisplayLineTests.

import PickTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// An input of hostile items, drawn in a narrow window and all chosen back.
struct HostileInput: Sendable, CustomTestStringConvertible {
  var name: String
  var bytes: [UInt8]
  /// How many items the input holds.
  var count: Int
  /// Whether the virtual terminal measures these characters as pick does,
  /// so that a replay with autowrap on shows any row drawn too wide. It gives
  /// an emoji sequence the sum of its parts (👨‍👩‍👧 = 6), where pick and
  /// modern terminals draw 2: pick's autowrap-off is what protects such rows.
  var widthsAgree = true

  var testDescription: String { name }

  /// What pick prints when every item is chosen: the input, each item ended by a newline.
  var printed: [UInt8] { bytes.isEmpty || bytes.last == 0x0A ? bytes : bytes + [0x0A] }
}

private func text(_ string: String) -> [UInt8] { Array(string.utf8) }
private let longTail = String(repeating: "z", count: 40)

let hostileInputs: [HostileInput] = [
  HostileInput(
    name: "invalid and truncated UTF-8",
    bytes: [0x61, 0xFF, 0x80, 0x62, 0x0A, 0xC3, 0x0A, 0xE2, 0x82, 0x0A, 0xF0, 0x9F, 0x98, 0x0A]
      + [0xFE, 0xFE, 0xFF] + text(longTail + "\n"),
    count: 5),
  HostileInput(
    name: "overlong encodings",
    bytes: [0xC0, 0xAF, 0x0A, 0xE0, 0x80, 0xAF, 0x0A, 0xF0, 0x80, 0x80, 0xAF, 0x0A, 0xC1, 0xBF]
      + [0xF8, 0x88, 0x80, 0x80, 0x80, 0x0A],
    count: 4),
  HostileInput(
    name: "encoded surrogates",
    bytes: [0xED, 0xA0, 0x80, 0x0A, 0xED, 0xBF, 0xBF, 0x0A, 0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80]
      + [0x0A],
    count: 3),
  HostileInput(name: "NUL inside items", bytes: text("a\0b\n\0\n\0\0x\n"), count: 3),
  HostileInput(name: "CRLF and a lone CR", bytes: text("one\r\ntwo\r\n\r\nthr\ree\n"), count: 4),
  HostileInput(name: "no final newline", bytes: text("first\nlast"), count: 2),
  HostileInput(name: "only empty lines", bytes: text("\n\n\n\n"), count: 4),
  HostileInput(
    name: "tabs", bytes: text("a\tb\n\t\tx\n\(longTail)\t\(longTail)\n\t\n"), count: 4),
  HostileInput(
    name: "CSI sequences",
    bytes: text(
      "\u{1B}[2J\u{1B}[Hcleared\n\u{1B}[31mred\u{1B}[0m\n\u{1B}[?1049l\u{1B}[?25l\u{1B}[?7h\n"
        + "\u{1B}[10;10Hmoved\u{1B}[6n\n\u{1B}[?2004l\u{1B}[?1000h\u{1B}cRIS\n"
        + "\u{1B}[1;1H\u{1B}[K\u{1B}[38;2;255;0;0m" + longTail + "\n"),
    count: 6),
  HostileInput(
    name: "OSC with BEL and with ST",
    bytes: text(
      "\u{1B}]0;pwned\u{07}title\n\u{1B}]2;title\u{1B}\\after\n"
        + "\u{1B}]8;;http://example.com\u{1B}\\link\u{1B}]8;;\u{1B}\\\n"
        + "\u{1B}]52;c;cGF3bmVk\u{07}clipboard\n\u{1B}]11;?\u{07}\n"),
    count: 5),
  HostileInput(
    name: "DCS, APC, PM and SOS strings",
    bytes: text(
      "\u{1B}P1$r\u{1B}\\dcs\n\u{1B}_Gi=1;OK\u{1B}\\apc\n\u{1B}^pm\u{1B}\\\n\u{1B}Xsos\u{1B}\\\n"),
    count: 4),
  HostileInput(
    name: "C1 bytes, raw and as UTF-8",
    bytes: [0x9B] + text("2J\n") + [0x9D] + text("0;t") + [0x07, 0x0A, 0xC2, 0x9B]
      + text("31mx\n") + [0xC2, 0x85] + text("nel\n") + [0x90] + text("q") + [0x9C, 0x0A],
    count: 5),
  HostileInput(
    name: "C0 controls and DEL",
    bytes: (1...31).filter { $0 != 10 }.map { UInt8($0) } + [0x7F, 0x0A]
      + text("a\u{08}b\u{7F}c\n"),
    count: 2),
  HostileInput(
    name: "bidi overrides and isolates",
    bytes: text(
      "\u{202E}gnp.exe\nabc\u{202D}def\na\u{2066}b\u{2069}c\n\u{200F}x\u{200E}\n\u{061C}y\n"
        + "\u{202B}\u{202A}\u{202C}" + longTail + "\n"),
    count: 6),
  HostileInput(
    name: "combining marks",
    bytes: text(
      "e\u{301}\n\u{301}lead\na\u{300}\u{301}\u{302}\u{303}\u{304}\n"
        + "Z\u{351}\u{36B}\u{343}\u{36A}\u{302}\u{36B}\u{33D}\u{34F}\u{334}\u{319}\u{324}\n"
        + String(repeating: "o\u{308}", count: 40) + "\n"),
    count: 5),
  HostileInput(
    name: "emoji ZWJ sequences, flags, skin tones and keycaps",
    bytes: text(
      "👨‍👩‍👧‍👦 family\n🏳️‍🌈\n🇫🇷🇯🇵🇩🇪\n👍🏽 ok\n❤️ love\n1️⃣ one\n"
        + String(repeating: "👩‍💻", count: 30) + "\n"),
    count: 7, widthsAgree: false),
  HostileInput(
    name: "fullwidth and wide text",
    bytes: text(
      "ＦＵＬＬ\n日本語テキスト\n한국어\n" + String(repeating: "漢", count: 30) + "\n"
        + "a" + String(repeating: "字", count: 30) + "\n"),
    count: 5),
  HostileInput(
    name: "line and paragraph separators",
    bytes: text("one\u{2028}two\nthree\u{2029}four\n"), count: 2),
]

@Suite(.serialized) struct RobustnessBytesTests {
  /// 23 columns: odd, so a wide character can never end exactly at the last
  /// column; most items here are cut.
  static let columns = 23

  @Test(arguments: hostileInputs)
  func `hostile items are drawn inert within the window and come back byte for byte`(
    _ input: HostileInput
  ) throws {
    let picker = try Picker(
      ["-m"], rawItems: input.bytes, rows: input.count + 4, columns: Self.columns)
    let count = "\(input.count)/\(input.count)"
    let screen = try picker.waitFor { $0.row(1).contains(count) }
    picker.expectOnlyPickSequences()
    #expect(screen.linesScrolled == 0)
    #expect(screen.row(0).hasPrefix("> "))
    #expect(screen.row(2).hasPrefix("  [ ] All"))
    if input.widthsAgree {
      let wrapped = picker.screenWithAutowrap()
      #expect(wrapped.linesScrolled == 0, "a row was drawn wider than the window")
      #expect(wrapped.screenText == screen.screenText, "a row was drawn wider than the window")
    }
    picker.send(Keys.ctrlA)
    try picker.waitFor { $0.row(2).contains("\(input.count) of \(input.count)") }
    picker.send(Keys.enter)
    try picker.expectExit(status: 0, stdoutBytes: input.printed)
  }

  @Test func `the terminal-output audit passes pick's own sequences and flags any other`() {
    let own = Array(
      ("\u{1B}[?2004$p\u{1B}[?1049h\u{1B}[?2004h\u{1B}[H\u{1B}[2J\u{1B}[?25l\u{1B}[?7l"
        + "\u{1B}[1;1H\u{1B}[0;1;38;5;4m> \u{1B}[0m␛[2J…\u{1B}[K\u{1B}[6n\r\n\u{1B}[?1000l"
        + "\u{1B}[?7h\u{1B}[?1049l\u{1B}[?25h").utf8)
    #expect(unexpectedTerminalOutput(own).isEmpty, "\(unexpectedTerminalOutput(own))")
    let foreign: [[UInt8]] = [
      Array("\u{1B}]0;title\u{07}".utf8), Array("\u{1B}P1$r\u{1B}\\".utf8), Array("\u{1B}c".utf8),
      Array("\u{1B}[5S".utf8), Array("\u{1B}[?1004h".utf8), Array("\u{1B}[31;1r".utf8), [0x07],
      [0x08], [0x7F], [0x9B], Array("\u{85}".utf8), Array("\u{202E}".utf8), Array("\u{2028}".utf8),
      [0xED, 0xA0, 0x80],
    ]
    for bytes in foreign {
      #expect(!unexpectedTerminalOutput(own + bytes + own).isEmpty, "\(ByteString(bytes))")
    }
  }

  @Test func `escape codes, C1 bytes, DEL and bidi controls are drawn as placeholders`() throws {
    let items =
      text("\u{1B}[2Jclear\n\u{1B}]2;t\u{1B}\\st\n") + [0x9B] + text("2J\n")
      + [0xC2, 0x9B] + text("2J\nx\u{7F}y\n\u{202E}gnp.exe\n\u{1B}c\n")
    let picker = try Picker([], rawItems: items)
    let screen = try picker.waitFor("7/7")
    let expected = [
      ">  ␛[2Jclear", "   ␛]2;t␛\\st", "   \u{FFFD}2J", "   \u{FFFD}2J", "   x␡y",
      "   ⇆gnp.exe", "   ␛c",
    ]
    for (offset, row) in expected.enumerated() {
      #expect(screen.row(2 + offset) == row.padded(to: 80))
    }
    #expect(screen.row(0) == "> ".padded(to: 80))
    #expect(screen.isAlternateScreen)
    picker.expectOnlyPickSequences()
    picker.send(Keys.esc)
    try picker.expectExit(status: 130, stdout: "")
  }

  @Test
  func `with --read0 --no-multi-line items holding newlines and escapes are inert and come back with --print0`()
    throws
  {
    let items = text("one\ntwo\0\u{1B}]0;t\u{07}\r\n\0tab\there\0")
    let picker = try Picker(["-m", "--read0", "--print0", "--no-multi-line"], rawItems: items, rows: 8, columns: 23)
    let screen = try picker.waitFor { $0.row(1).contains("3/3") }
    #expect(screen.row(3) == ">  one␊two".padded(to: 23))
    #expect(screen.row(4) == "   ␛]0;t␇␍␊".padded(to: 23))
    picker.expectOnlyPickSequences()
    picker.send(Keys.ctrlA)
    try picker.waitFor { $0.row(2).contains("3 of 3") }
    picker.send(Keys.enter)
    try picker.expectExit(status: 0, stdoutBytes: items)
  }

  @Test func `empty input shows 0 of 0 and Enter exits 1 printing nothing`() throws {
    let picker = try Picker(["-m", "--no-hint"], items: "")
    let screen = try picker.waitFor { $0.row(1) == "  0/0".padded(to: 80) }
    #expect(screen.row(2).hasSuffix("0 of 0"))
    picker.send(Keys.ctrlA + Keys.enter)
    try picker.expectExit(status: 1, stdout: "")
  }

  @Test func `a 10 MB single line is cut on screen, followed to its match, and printed whole`()
    throws
  {
    var line = [UInt8](repeating: UInt8(ascii: "x"), count: 10_000_000)
    line[5_000_000] = UInt8(ascii: "y")
    line.append(0x0A)
    let picker = try Picker([], rawItems: line)
    var screen = try picker.waitFor(timeout: 20) { $0.row(1) == "  1/1".padded(to: 80) }
    #expect(screen.row(2) == ">  " + String(repeating: "x", count: 74) + "…  ")
    picker.send("y")
    screen = try picker.waitFor(timeout: 10) {
      $0.row(0).hasPrefix("> y ") && $0.row(2).contains("y")
    }
    // Both ends cut, the match in view.
    #expect(screen.row(2).hasPrefix(">  …x"))
    #expect(screen.row(2).hasSuffix("…  "))
    #expect(screen.linesScrolled == 0)
    picker.send(Keys.enter)
    guard let result = picker.pty.wait(timeout: 20) else {
      Issue.record("pick did not exit")
      return
    }
    #expect(result.status == 0)
    #expect(bytesDifference(result.stdout, line) == nil)
    #expect(picker.settingsRestored)
  }

  @Test func `a screen full of wide characters at an odd width never overflows`() throws {
    // Every row cut at 23 columns: a wide character that would straddle the
    // edge leaves a space before the ellipsis.
    let items = (0..<12).map { index in
      String(repeating: " ", count: index % 2) + String(repeating: "字", count: 20 + index)
    }.joined(separator: "\n")
    let picker = try Picker([], items: items + "\n", rows: 16, columns: Self.columns)
    let screen = try picker.waitFor("12/12")
    let wrapped = picker.screenWithAutowrap()
    #expect(wrapped.linesScrolled == 0)
    #expect(wrapped.screenText == screen.screenText)
    for row in 2..<14 {
      let shown = screen.row(row)
      #expect(CellWidth.of(shown) == Self.columns, "\(shown)")
      #expect(shown.contains("…"), "\(shown)")
    }
    picker.send(Keys.enter)
    try picker.expectExit(
      status: 0, stdout: String(repeating: "字", count: 20) + "\n")
  }
}
