import Testing

@testable import PickCore

// MARK: - Helpers

private let esc = "\u{1B}"

private func key(_ code: Key.Code, shift: Bool = false, alt: Bool = false, ctrl: Bool = false)
  -> InputEvent
{
  .key(Key(code, shift: shift, alt: alt, ctrl: ctrl))
}

private func chars(_ text: String) -> [InputEvent] {
  text.unicodeScalars.map { key(.character($0)) }
}

/// Feeds `pieces` in order without a timeout between them, then times out
/// once if the decoder still holds bytes (as the event loop would).
private func decode(_ pieces: [[UInt8]], cooked: Bool = false) -> [InputEvent] {
  var decoder = KeyDecoder()
  var events: [InputEvent] = []
  for piece in pieces { events += decoder.feed(piece, cooked: cooked) }
  if decoder.isWaiting { events += decoder.timedOut() }
  #expect(!decoder.isWaiting)
  return events
}

/// One encoding and the events it must give (after a final timeout, if the
/// decoder waits for more).
struct DecoderRow: CustomTestStringConvertible, Sendable {
  let bytes: [UInt8]
  let events: [InputEvent]
  let cooked: Bool

  init(_ bytes: [UInt8], _ events: [InputEvent], cooked: Bool = false) {
    (self.bytes, self.events, self.cooked) = (bytes, events, cooked)
  }
  init(_ text: String, _ events: [InputEvent], cooked: Bool = false) {
    self.init(Array(text.utf8), events, cooked: cooked)
  }

  var testDescription: String {
    bytes.map {
      $0 >= 0x20 && $0 < 0x7F ? String(UnicodeScalar($0)) : "\\x" + String($0, radix: 16)
    }
    .joined() + (cooked ? " (cooked)" : "")
  }
}

// MARK: - The table

private let printable: [DecoderRow] = [
  DecoderRow("a", chars("a")),
  DecoderRow("A~ ", chars("A~ ")),
  DecoderRow("é", chars("é")),
  DecoderRow("€", chars("€")),
  DecoderRow("😀x", chars("😀x")),
  // Invalid UTF-8 is dropped, and what follows it survives.
  DecoderRow([0x61, 0xFF, 0x62], chars("ab")),
  DecoderRow([0xC3, 0x28], chars("(")),
  DecoderRow([0xC0, 0xAF, 0x61], chars("a")),  // overlong
  DecoderRow([0xED, 0xA0, 0x80, 0x61], chars("a")),  // surrogate
  DecoderRow([0xF4, 0x90, 0x80, 0x80], []),  // above U+10FFFF
  DecoderRow([0xC2, 0x85, 0x61], chars("a")),  // C1 control U+0085 is not text
  DecoderRow([0xE2, 0x82], []),  // cut short, then a timeout
  DecoderRow([0xE2, 0x82, 0x1B, 0x61], [key(.character("a"), alt: true)]),
]

private let controls: [DecoderRow] = [
  DecoderRow([0x01], [key(.control("a"))]),
  DecoderRow([0x03], [key(.control("c"))]),
  DecoderRow([0x07], [key(.control("g"))]),
  DecoderRow([0x1A], [key(.control("z"))]),
  DecoderRow([0x09], [key(.tab)]),
  DecoderRow([0x0D], [key(.enter)]),
  DecoderRow([0x0A], [key(.control("j"))]),
  DecoderRow([0x7F], [key(.backspace)]),
  DecoderRow([0x08], [key(.backspace, ctrl: true)]),
  DecoderRow([0x00], [key(.control(" "))]),
  DecoderRow(
    [0x1C, 0x1D, 0x1E, 0x1F],
    [key(.control("\\")), key(.control("]")), key(.control("^")), key(.control("/"))]),
  DecoderRow("abc\n", chars("abc") + [key(.enter)], cooked: true),
  DecoderRow("a\rb", chars("a") + [key(.enter)] + chars("b"), cooked: true),
]

private let alt: [DecoderRow] = [
  DecoderRow(esc, [key(.escape)]),
  DecoderRow(esc + esc, [key(.escape)]),
  DecoderRow(esc + esc + esc, [key(.escape), key(.escape)]),
  DecoderRow(esc + "a", [key(.character("a"), alt: true)]),
  DecoderRow(esc + "A", [key(.character("A"), alt: true)]),
  DecoderRow(esc + " ", [key(.character(" "), alt: true)]),
  DecoderRow(esc + "é", [key(.character("é"), alt: true)]),
  DecoderRow(esc + "\u{7F}", [key(.backspace, alt: true)]),
  DecoderRow(esc + "\u{08}", [key(.backspace, alt: true, ctrl: true)]),
  DecoderRow(esc + "\r", [key(.enter, alt: true)]),
  DecoderRow(esc + "\t", [key(.tab, alt: true)]),
  DecoderRow(esc + "\u{01}", [key(.control("a"), alt: true)]),
  DecoderRow(esc + "\n", [key(.control("j"), alt: true)]),
  DecoderRow(esc + "\n", [key(.enter, alt: true)], cooked: true),
  DecoderRow(esc + esc + "[A", [key(.up, alt: true)]),
  DecoderRow(esc + esc + "OA", [key(.up, alt: true)]),
  DecoderRow(esc + esc + "[1;5D", [key(.left, alt: true, ctrl: true)]),
  DecoderRow(esc + esc + "a", [key(.escape)] + chars("a")),
  // An introducer with nothing after it is that character with alt.
  DecoderRow(esc + "[", [key(.character("["), alt: true)]),
  DecoderRow(esc + "O", [key(.character("O"), alt: true)]),
  DecoderRow(esc + "]", [key(.character("]"), alt: true)]),
  DecoderRow(esc + "P", [key(.character("P"), alt: true)]),
  DecoderRow(esc + "_", [key(.character("_"), alt: true)]),
  DecoderRow(esc + "[\u{01}", [key(.character("["), alt: true), key(.control("a"))]),
  DecoderRow(esc + "[" + esc + "[A", [key(.character("["), alt: true), key(.up)]),
  // Typed text after ESC ], ESC P, ESC _ is not a terminal's reply.
  DecoderRow(esc + "]a", [key(.character("]"), alt: true)] + chars("a")),
  DecoderRow(esc + "Px", [key(.character("P"), alt: true)] + chars("x")),
  DecoderRow(esc + "_1", [key(.character("_"), alt: true)] + chars("1")),
  DecoderRow(esc + "]\u{07}", [key(.character("]"), alt: true), key(.control("g"))]),
  DecoderRow(
    esc + "]" + esc + "\\", [key(.character("]"), alt: true), key(.character("\\"), alt: true)]),
  DecoderRow(esc + "]" + esc + "[A", [key(.character("]"), alt: true), key(.up)]),
]

private let navigation: [DecoderRow] = [
  DecoderRow(esc + "[A", [key(.up)]),
  DecoderRow(esc + "[B", [key(.down)]),
  DecoderRow(esc + "[C", [key(.right)]),
  DecoderRow(esc + "[D", [key(.left)]),
  DecoderRow(esc + "OA", [key(.up)]),
  DecoderRow(esc + "OB", [key(.down)]),
  DecoderRow(esc + "OC", [key(.right)]),
  DecoderRow(esc + "OD", [key(.left)]),
  DecoderRow(esc + "[H", [key(.home)]),
  DecoderRow(esc + "[F", [key(.end)]),
  DecoderRow(esc + "OH", [key(.home)]),
  DecoderRow(esc + "OF", [key(.end)]),
  DecoderRow(esc + "[1~", [key(.home)]),
  DecoderRow(esc + "[7~", [key(.home)]),
  DecoderRow(esc + "[4~", [key(.end)]),
  DecoderRow(esc + "[8~", [key(.end)]),
  DecoderRow(esc + "[2~", [key(.insert)]),
  DecoderRow(esc + "[3~", [key(.delete)]),
  DecoderRow(esc + "[5~", [key(.pageUp)]),
  DecoderRow(esc + "[6~", [key(.pageDown)]),
  DecoderRow(esc + "[Z", [key(.tab, shift: true)]),
  DecoderRow(esc + "OM", [key(.enter)]),
  DecoderRow(esc + "Op" + esc + "Oy" + esc + "Ok", chars("09+")),
]

private let functionKeys: [DecoderRow] =
  ["P", "Q", "R", "S"].enumerated().map { DecoderRow(esc + "O" + $1, [key(.function($0 + 1))]) }
  + [11, 12, 13, 14, 15, 17, 18, 19, 20, 21, 23, 24].enumerated().map {
    DecoderRow(esc + "[\($1)~", [key(.function($0 + 1))])
  }
  + ["A", "B", "C", "D", "E"].enumerated().map {
    DecoderRow(esc + "[[" + $1, [key(.function($0 + 1))])
  }

private let modified: [DecoderRow] = [
  DecoderRow(esc + "[1;2A", [key(.up, shift: true)]),
  DecoderRow(esc + "[1;3B", [key(.down, alt: true)]),
  DecoderRow(esc + "[1;4C", [key(.right, shift: true, alt: true)]),
  DecoderRow(esc + "[1;5D", [key(.left, ctrl: true)]),
  DecoderRow(esc + "[1;6D", [key(.left, shift: true, ctrl: true)]),
  DecoderRow(esc + "[1;7H", [key(.home, alt: true, ctrl: true)]),
  DecoderRow(esc + "[1;8F", [key(.end, shift: true, alt: true, ctrl: true)]),
  DecoderRow(esc + "[1;9A", [key(.up, alt: true)]),  // meta, as fzf
  DecoderRow(esc + "[1;10A", [key(.up, shift: true, alt: true)]),  // iTerm2's Alt-Shift
  DecoderRow(esc + "[1;13A", [key(.up, alt: true, ctrl: true)]),
  DecoderRow(esc + "O1;5A", [key(.up, ctrl: true)]),
  DecoderRow(esc + "[1;2P", [key(.function(1), shift: true)]),
  DecoderRow(esc + "[1;5S", [key(.function(4), ctrl: true)]),
  DecoderRow(esc + "[3;5~", [key(.delete, ctrl: true)]),
  DecoderRow(esc + "[3;2~", [key(.delete, shift: true)]),
  DecoderRow(esc + "[5;3~", [key(.pageUp, alt: true)]),
  DecoderRow(esc + "[6;6~", [key(.pageDown, shift: true, ctrl: true)]),
  DecoderRow(esc + "[2;3~", [key(.insert, alt: true)]),
  DecoderRow(esc + "[15;5~", [key(.function(5), ctrl: true)]),
  DecoderRow(esc + "[24;2~", [key(.function(12), shift: true)]),
  DecoderRow(esc + "[1;17A", []),  // no such modifier
  DecoderRow(esc + "[2;5A", []),  // only 1 may carry a modifier
]

private let paste: [DecoderRow] = [
  DecoderRow(esc + "[200~hello world" + esc + "[201~", [.paste("hello world")]),
  DecoderRow(esc + "[200~a\r\nb\nc\rd" + esc + "[201~", [.paste("abcd")]),
  DecoderRow(esc + "[200~a\tb\u{07}c\u{7F}d" + esc + "[201~x", [.paste("a bcd")] + chars("x")),
  DecoderRow(
    [
      0x1B, 0x5B, 0x32, 0x30, 0x30, 0x7E, 0x61, 0xFF, 0xC3, 0xA9, 0xC2, 0x85, 0x1B, 0x5B, 0x32,
      0x30, 0x31, 0x7E,
    ], [.paste("aé")]),
  DecoderRow(esc + "[200~é😀" + esc + "[201~", [.paste("é😀")]),
  DecoderRow(esc + "[200~x" + esc + "[20y" + esc + "[201~", [.paste("x[20y")]),
  DecoderRow(esc + "[200~x" + esc + esc + "[201~", [.paste("x")]),
  DecoderRow(esc + "[200~" + esc + "[A" + esc + "[201~", [.paste("[A")]),
  DecoderRow(esc + "[200~\n\r" + esc + "[201~a", chars("a")),  // nothing left to paste
  DecoderRow(esc + "[200~abc", [.paste("abc")]),  // unfinished: delivered at the timeout
  DecoderRow(esc + "[200~abc" + esc + "[20", [.paste("abc")]),
  DecoderRow(esc + "[201~a", chars("a")),
]

/// Each is followed by "a", which must come through alone: the sequence was
/// consumed whole.
private let dropped: [DecoderRow] =
  [
    esc + "[I", esc + "[O",  // focus
    esc + "[32;10;5M",  // urxvt mouse (pick asks for SGR)
    esc + "[<0;0;5M", esc + "[<0;12M", esc + "[<0;1;2;3M",  // malformed SGR mouse
    esc + "[97;5u", esc + "[127;5u", esc + "[27;5;97~",  // keys we do not decode
    esc + "[?1;2c", esc + "[>0;95;0c", esc + "[?u",  // replies (DECRQM answers are mode reports)
    esc + "[12;40R", esc + "[1;5R",  // cursor reports nobody asked for
    esc + "[25~", esc + "[99~", esc + "[1;2;3A", esc + "[9A", esc + "[1m", esc + "[ q", esc + "[a",
    esc + "O9;5u", esc + "O1;5X", esc + "Oz",
    esc + "]11;rgb:4a4a/4a4a/4a4a" + esc + "\\",  // OSC, ST
    esc + "]0;a title\u{07}",  // OSC, BEL: not Ctrl-G
    esc + "]52;c;YWJj\u{07}",
    esc + "P>|kitty(0.48.2)" + esc + "\\",  // DCS
    esc + "P1$r\u{07}0m" + esc + "\\",  // BEL is payload in a DCS
    esc + "P1+r" + esc + "\\",
    esc + "_Gi=1;OK" + esc + "\\",  // APC
    esc + "^status" + esc + "\\",  // PM
    esc + "Xsos" + esc + "\\",  // SOS
  ].map { DecoderRow($0 + "a", chars("a")) }
  + [
    // An ESC inside a string ends it and starts a sequence of its own.
    DecoderRow(esc + "]11;x" + esc + "[A", [key(.up)]),
    DecoderRow(esc + "]11;x" + esc + "a", [key(.character("a"), alt: true)]),
    // A byte that cannot be in a sequence abandons it and is read anew.
    DecoderRow(esc + "[1\u{01}A", [key(.control("a"))] + chars("A")),
    DecoderRow(esc + "[1;" + esc + "[B", [key(.down)]),
    // Incomplete at the timeout: dropped.
    DecoderRow(esc + "[1;5", []),
    DecoderRow(esc + "[<0;1", []),
    DecoderRow(esc + "[M!", []),
    DecoderRow(esc + "]0;no end", []),
    DecoderRow(esc + "]0;no end" + esc, []),
    DecoderRow(esc + "P1$r", []),
  ]

/// Mouse reports: xterm's SGR form (`ESC [ < Cb ; column ; row M|m`) and the
/// X10 form (`ESC [ M` and three bytes, each value + 32).
private let mouse: [DecoderRow] = [
  DecoderRow(esc + "[<0;12;5M", [.mouse(MouseEvent(button: .left, row: 5, column: 12))]),
  DecoderRow(esc + "[<0;12;5m", [.mouse(MouseEvent(button: .left, isPress: false, row: 5, column: 12))]),
  DecoderRow(esc + "[<1;3;4M", [.mouse(MouseEvent(button: .middle, row: 4, column: 3))]),
  DecoderRow(esc + "[<2;3;4M", [.mouse(MouseEvent(button: .right, row: 4, column: 3))]),
  DecoderRow(esc + "[<2;3;4m", [.mouse(MouseEvent(button: .right, isPress: false, row: 4, column: 3))]),
  DecoderRow(esc + "[<64;1;1M", [.mouse(MouseEvent(button: .wheelUp, row: 1, column: 1))]),
  DecoderRow(esc + "[<65;7;9M", [.mouse(MouseEvent(button: .wheelDown, row: 9, column: 7))]),
  DecoderRow(esc + "[<66;7;9M", [.mouse(MouseEvent(button: .wheelLeft, row: 9, column: 7))]),
  // Modifiers: +4 shift, +8 alt (meta), +16 ctrl.
  DecoderRow(esc + "[<4;2;3M", [.mouse(MouseEvent(button: .left, row: 3, column: 2, shift: true))]),
  DecoderRow(esc + "[<8;2;3M", [.mouse(MouseEvent(button: .left, row: 3, column: 2, alt: true))]),
  DecoderRow(esc + "[<18;2;3M", [.mouse(MouseEvent(button: .right, row: 3, column: 2, ctrl: true))]),
  DecoderRow(
    esc + "[<93;2;3M", [.mouse(MouseEvent(button: .wheelDown, row: 3, column: 2, shift: true, alt: true, ctrl: true))]),
  // +32 is motion with a button held.
  DecoderRow(esc + "[<32;5;6M", [.mouse(MouseEvent(button: .left, isDrag: true, row: 6, column: 5))]),
  DecoderRow(esc + "[<128;1;1M", [.mouse(MouseEvent(button: .other(8), row: 1, column: 1))]),
  // Coordinates past what X10 can say.
  DecoderRow(esc + "[<0;1000;2500M", [.mouse(MouseEvent(button: .left, row: 2500, column: 1000))]),
  // A key right after a report.
  DecoderRow(esc + "[<0;1;2Mx", [.mouse(MouseEvent(button: .left, row: 2, column: 1))] + chars("x")),
  // X10: ESC [ M, then button, column, row, each + 32; button 3 is a release.
  DecoderRow(esc + "[M !!", [.mouse(MouseEvent(button: .left, row: 1, column: 1))]),
  DecoderRow(esc + "[M\"*+a", [.mouse(MouseEvent(button: .right, row: 11, column: 10))] + chars("a")),
  DecoderRow(esc + "[M#!!", [.mouse(MouseEvent(button: .other(0), isPress: false, row: 1, column: 1))]),
  DecoderRow(esc + "[Ma!!", [.mouse(MouseEvent(button: .wheelDown, row: 1, column: 1))]),
  DecoderRow([0x1B, 0x5B, 0x4D, 0x20, 0xFF, 0xFF], [.mouse(MouseEvent(button: .left, row: 223, column: 223))]),
]

let keyDecoderTable: [DecoderRow] =
  printable + controls + alt + navigation + functionKeys + modified + paste + dropped + mouse

// MARK: - Table tests

@Test(arguments: keyDecoderTable)
func `each encoding decodes to its events`(_ row: DecoderRow) {
  #expect(decode([row.bytes], cooked: row.cooked) == row.events)
}

@Test(arguments: keyDecoderTable)
func `splitting the bytes in two or three pieces gives the same events`(_ row: DecoderRow) {
  let bytes = row.bytes
  for first in 0...bytes.count {
    for second in first...bytes.count {
      let pieces = [
        Array(bytes[..<first]), Array(bytes[first..<second]), Array(bytes[second...]),
      ]
      let events = decode(pieces, cooked: row.cooked)
      #expect(events == row.events, "split at \(first), \(second)")
      if events != row.events { return }
    }
  }
}

// MARK: - Timing

@Test func `a lone ESC is Escape once the delay passes`() {
  var decoder = KeyDecoder(escapeDelay: 75)
  #expect(decoder.feed([0x1B]) == [])
  #expect(decoder.isWaiting)
  #expect(decoder.waitMilliseconds == 75)
  #expect(decoder.timedOut() == [key(.escape)])
  #expect(!decoder.isWaiting)
  #expect(decoder.waitMilliseconds == nil)
}

@Test func `ESC then a in one read is Alt-A`() {
  var decoder = KeyDecoder()
  #expect(decoder.feed(Array("\u{1B}a".utf8)) == [key(.character("a"), alt: true)])
  #expect(!decoder.isWaiting)
}

@Test func `ESC, a timeout, then a is Escape then a`() {
  var decoder = KeyDecoder()
  #expect(decoder.feed([0x1B]) == [])
  #expect(decoder.timedOut() == [key(.escape)])
  #expect(decoder.feed(Array("a".utf8)) == chars("a"))
}

@Test func `a timeout with nothing held does nothing`() {
  var decoder = KeyDecoder()
  #expect(decoder.timedOut() == [])
  #expect(decoder.feed(Array("ab".utf8)) == chars("ab"))
  #expect(decoder.timedOut() == [])
}

@Test func `strings and pastes wait a second, everything else the escape delay`() {
  var decoder = KeyDecoder(escapeDelay: 40)
  _ = decoder.feed(Array("\u{1B}[1;".utf8))
  #expect(decoder.waitMilliseconds == 40)
  _ = decoder.timedOut()
  _ = decoder.feed([0xE2])
  #expect(decoder.waitMilliseconds == 40)
  _ = decoder.timedOut()
  _ = decoder.feed(Array("\u{1B}]".utf8))
  #expect(decoder.waitMilliseconds == 40)
  _ = decoder.feed(Array("1".utf8))
  #expect(decoder.waitMilliseconds == 1000)
  _ = decoder.timedOut()
  _ = decoder.feed(Array("\u{1B}[200~x".utf8))
  #expect(decoder.waitMilliseconds == 1000)
  #expect(decoder.timedOut() == [.paste("x")])
}

@Test func `a character split across two reads is one character`() {
  var decoder = KeyDecoder()
  #expect(decoder.feed([0xF0, 0x9F]) == [])
  #expect(decoder.isWaiting)
  #expect(decoder.feed([0x98, 0x80, 0x61]) == chars("😀a"))
}

// MARK: - Strings

@Test func `an OSC with BEL inside never gives Ctrl-G`() {
  var decoder = KeyDecoder()
  var events = decoder.feed(Array("\u{1B}]0;title".utf8))
  events += decoder.feed([0x07])
  events += decoder.feed(Array("\u{1B}]11;rgb:0/0/0\u{07}q".utf8))
  #expect(events == chars("q"))
}

@Test func `an unterminated string is given up after 4 KiB`() {
  var decoder = KeyDecoder()
  let payload =
    [UInt8(ascii: "1")] + [UInt8](repeating: UInt8(ascii: "x"), count: KeyDecoder.stringLimit - 1)
  #expect(decoder.feed([0x1B, UInt8(ascii: "]")] + payload) == [])
  #expect(decoder.isWaiting)
  // The next byte passes the limit and is dropped with the string; then
  // decoding resumes.
  #expect(decoder.feed(Array("xyz".utf8)) == chars("yz"))
  #expect(!decoder.isWaiting)
}

@Test func `a terminated string of just under 4 KiB is dropped whole`() {
  var decoder = KeyDecoder()
  let payload =
    [UInt8(ascii: "1")] + [UInt8](repeating: UInt8(ascii: "x"), count: KeyDecoder.stringLimit - 1)
  #expect(
    decoder.feed([0x1B, UInt8(ascii: "]")] + payload + [0x07, UInt8(ascii: "a")]) == chars("a"))
}

// MARK: - Cursor reports

@Test func `a cursor report is delivered only while one is expected`() {
  var decoder = KeyDecoder()
  let report = Array("\u{1B}[12;40R".utf8)
  #expect(decoder.feed(report) == [])
  decoder.expectsCursorReport = true
  #expect(
    decoder.feed(Array("a".utf8) + report + Array("b".utf8)) == chars("a") + [
      .cursorPosition(row: 12, column: 40)
    ] + chars("b"))
  #expect(!decoder.expectsCursorReport)
  #expect(decoder.feed(report) == [])
}

@Test func `a cursor report split across reads is still one report`() {
  var decoder = KeyDecoder()
  decoder.expectsCursorReport = true
  #expect(decoder.feed(Array("\u{1B}[3".utf8)) == [])
  #expect(decoder.feed(Array(";1R".utf8)) == [.cursorPosition(row: 3, column: 1)])
}

// MARK: - Paste

@Test func `a paste of 10 000 characters is one event`() {
  let text = String(repeating: "abcdé😀xyz ", count: 1000)
  let bytes = Array("\u{1B}[200~".utf8) + Array(text.utf8) + Array("\u{1B}[201~".utf8)
  #expect(decode([bytes]) == [.paste(text)])
  // In reads of 7 bytes, cutting characters and the markers apart.
  var decoder = KeyDecoder()
  var events: [InputEvent] = []
  for start in stride(from: 0, to: bytes.count, by: 7) {
    events += decoder.feed(Array(bytes[start..<min(start + 7, bytes.count)]))
  }
  #expect(events == [.paste(text)])
  #expect(!decoder.isWaiting)
}

@Test func `a paste with newlines keeps the lines' text, joined`() {
  let bytes = Array("\u{1B}[200~first line\nsecond\r\nthird\u{1B}[201~\r".utf8)
  #expect(decode([bytes]) == [.paste("first linesecondthird"), key(.enter)])
}

// MARK: - Random input

@Test func `random byte soup never crashes nor types a control character`() {
  var rng = SeededGenerator(seed: 0x6B65_7973)
  let interesting: [UInt8] = [
    0x1B, 0x1B, 0x5B, 0x4F, 0x5D, 0x50, 0x5F, 0x3B, 0x31, 0x32, 0x30, 0x7E, 0x07, 0x5C, 0x4D, 0x3C,
    0x52, 0x41, 0x7F, 0x08, 0x0A, 0x0D, 0x00, 0xC3, 0xA9, 0xC2, 0x85, 0xE2, 0x82, 0xAC, 0xF0, 0xFF,
    0x9C,
  ]
  for _ in 0..<3000 {
    var decoder = KeyDecoder()
    decoder.expectsCursorReport = Bool.random(using: &rng)
    let length = Int.random(in: 0...200, using: &rng)
    let bytes = (0..<length).map { _ in
      Bool.random(using: &rng)
        ? interesting.randomElement(using: &rng)! : UInt8.random(in: 0...255, using: &rng)
    }
    var events: [InputEvent] = []
    var start = 0
    while start < bytes.count {
      let end = min(bytes.count, start + Int.random(in: 1...16, using: &rng))
      events += decoder.feed(
        Array(bytes[start..<end]), cooked: start == 0 && Bool.random(using: &rng))
      if Int.random(in: 0..<4, using: &rng) == 0 { events += decoder.timedOut() }
      start = end
    }
    events += decoder.timedOut()
    #expect(!decoder.isWaiting)
    for event in events {
      switch event {
      case .key(let key):
        if case .character(let scalar) = key.code {
          #expect(!isControl(scalar), "\(bytes)")
        }
        if case .function(let number) = key.code { #expect((1...12).contains(number)) }
      case .paste(let text):
        #expect(!text.isEmpty)
        #expect(!text.unicodeScalars.contains(where: isControl), "\(bytes)")
      case .cursorPosition(let row, let column):
        #expect(row >= 0 && column >= 0)
      case .modeReport(let mode, let value):
        #expect(mode >= 0 && value >= 0)
      case .mouse(let report):
        #expect(report.row >= 1 && report.column >= 1, "\(bytes)")
      }
    }
  }
}

private func isControl(_ scalar: Unicode.Scalar) -> Bool {
  scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
}

// MARK: - Names

@Test(arguments: [
  (Key(.control("a")), "ctrl-a"),
  (Key(.control("z")), "ctrl-z"),
  (Key(.control("j")), "ctrl-j"),
  (Key(.character("a"), alt: true), "alt-a"),
  (Key(.character("A"), alt: true), "alt-A"),
  (Key(.character("a")), "a"),
  (Key(.character("A")), "A"),
  (Key(.character("é")), "é"),
  (Key(.character(",")), ","),
  (Key(.character(" ")), "space"),
  (Key(.character(" "), alt: true), "alt-space"),
  (Key(.control(" ")), "ctrl-space"),
  (Key(.control("\\")), "ctrl-\\"),
  (Key(.control("]")), "ctrl-]"),
  (Key(.control("^")), "ctrl-^"),
  (Key(.control("/")), "ctrl-/"),
  (Key(.control("a"), alt: true), "ctrl-alt-a"),
  (Key(.enter), "enter"),
  (Key(.enter, alt: true), "alt-enter"),
  (Key(.escape), "esc"),
  (Key(.tab), "tab"),
  (Key(.tab, shift: true), "shift-tab"),
  (Key(.tab, alt: true), "ctrl-alt-i"),
  (Key(.backspace), "bspace"),
  (Key(.backspace, alt: true), "alt-bspace"),
  (Key(.backspace, ctrl: true), "ctrl-bspace"),
  (Key(.backspace, alt: true, ctrl: true), "ctrl-alt-bspace"),
  (Key(.delete), "del"),
  (Key(.delete, ctrl: true), "ctrl-delete"),
  (Key(.delete, shift: true), "shift-delete"),
  (Key(.delete, shift: true, alt: true), "alt-shift-delete"),
  (Key(.insert), "insert"),
  (Key(.up), "up"),
  (Key(.down), "down"),
  (Key(.left), "left"),
  (Key(.right), "right"),
  (Key(.up, ctrl: true), "ctrl-up"),
  (Key(.up, alt: true), "alt-up"),
  (Key(.up, shift: true), "shift-up"),
  (Key(.left, shift: true), "shift-left"),
  (Key(.left, alt: true), "alt-left"),
  (Key(.left, shift: true, alt: true), "alt-shift-left"),
  (Key(.right, shift: true, ctrl: true), "ctrl-shift-right"),
  (Key(.down, alt: true, ctrl: true), "ctrl-alt-down"),
  (Key(.up, shift: true, alt: true, ctrl: true), "ctrl-alt-shift-up"),
  (Key(.home), "home"),
  (Key(.end), "end"),
  (Key(.home, ctrl: true), "ctrl-home"),
  (Key(.end, shift: true), "shift-end"),
  (Key(.pageUp), "pgup"),
  (Key(.pageDown), "pgdn"),
  (Key(.pageUp, shift: true), "shift-page-up"),
  (Key(.pageDown, ctrl: true), "ctrl-page-down"),
  (Key(.pageUp, alt: true), "alt-page-up"),
  (Key(.function(1)), "f1"),
  (Key(.function(12)), "f12"),
])
func `key names are fzf's`(_ key: Key, _ name: String) {
  #expect(key.name == name)
}

@Test(
  arguments: [
    ([0x08], "ctrl-bspace"),
    ([0x7F], "bspace"),
    ([0x1B, 0x7F], "alt-bspace"),
    ([0x1B, 0x0D], "alt-enter"),
    ([0x1B, 0x5B, 0x5A], "shift-tab"),
    ([0x1B, 0x5B, 0x31, 0x3B, 0x35, 0x41], "ctrl-up"),
    ([0x1B, 0x5B, 0x33, 0x3B, 0x35, 0x7E], "ctrl-delete"),
    ([0x1B, 0x4F, 0x50], "f1"),
    ([0x00], "ctrl-space"),
    ([0x1F], "ctrl-/"),
  ] as [([UInt8], String)])
func `decoded keys carry fzf's names`(_ bytes: [UInt8], _ name: String) {
  guard case .key(let key) = decode([bytes]).first else {
    Issue.record("no key")
    return
  }
  #expect(key.name == name)
}

// MARK: - ESCDELAY

@Test(
  arguments: [
    (nil, 50), ("", 50), ("100", 100), ("25", 25), ("5", 25), ("0", 25), ("1000", 1000),
    ("5000", 1000),
    ("99999999999999999999999", 1000), ("-3", 25), ("abc", 50), ("10ms", 50), (" 10", 50),
    ("-", 50),
  ] as [(String?, Int)])
func `ESCDELAY is clamped to 25 through 1000, default 50`(_ value: String?, _ expected: Int) {
  #expect(EscapeDelay.milliseconds(fromEnvironment: value.map { Array($0.utf8) }) == expected)
}

@Test func `a DECRQM answer is a mode report, never keys`() {
  var decoder = KeyDecoder()
  #expect(decoder.feed(Array("\u{1B}[?2004;1$y".utf8)) == [.modeReport(mode: 2004, value: 1)])
  #expect(
    decoder.feed(Array("\u{1B}[?2004;2$yx".utf8)) == [.modeReport(mode: 2004, value: 2), .key(Key(.character("x")))])
}

@Test func `a paste larger than the byte limit keeps its first bytes and ends at its terminator`() {
  let limit = KeyDecoder.pasteByteLimit
  let body = [UInt8](repeating: UInt8(ascii: "a"), count: limit + 10_000)
  let events = decode([Array((esc + "[200~").utf8) + body + Array((esc + "[201~x").utf8)])
  #expect(events == [.paste(String(repeating: "a", count: limit))] + chars("x"))
}
