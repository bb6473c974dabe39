// What the terminal sends, end to end (issue 6, keys): the encodings of the
// keys pick knows, sequences it does not know, replies nobody asked for,
// Esc alone and Esc as Alt, long and multi-line pastes, bytes that are not
// UTF-8, and keys typed before pick started. The decoder itself, byte by
// byte and split at every point, is KeyDecoderTests.

import PickTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Keys sent after typing `abc` (cursor at its end) and what the query is then.
struct KeyEncoding: Sendable, CustomTestStringConvertible {
  var name: String
  var bytes: [UInt8]
  var query: String
  var testDescription: String { name }
}

private func csi(_ body: String) -> [UInt8] { Array("\u{1B}[\(body)".utf8) }
private func ss3(_ final: String) -> [UInt8] { Array("\u{1B}O\(final)".utf8) }

/// Each encoding of an editing key, then `X` typed: where `X` lands shows the key worked.
let editingKeyEncodings: [KeyEncoding] = [
  KeyEncoding(name: "Left, CSI", bytes: csi("D"), query: "abXc"),
  KeyEncoding(name: "Left, SS3", bytes: ss3("D"), query: "abXc"),
  KeyEncoding(name: "Ctrl-B", bytes: [0x02], query: "abXc"),
  KeyEncoding(name: "Home, CSI H", bytes: csi("H"), query: "Xabc"),
  KeyEncoding(name: "Home, SS3 H", bytes: ss3("H"), query: "Xabc"),
  KeyEncoding(name: "Home, CSI 1~", bytes: csi("1~"), query: "Xabc"),
  KeyEncoding(name: "Home, CSI 7~", bytes: csi("7~"), query: "Xabc"),
  KeyEncoding(name: "Left then Right, CSI and SS3", bytes: csi("D") + ss3("C"), query: "abcX"),
  KeyEncoding(name: "Home then End, CSI 4~", bytes: csi("H") + csi("4~"), query: "abcX"),
  KeyEncoding(name: "Home then End, CSI 8~", bytes: csi("H") + csi("8~"), query: "abcX"),
  KeyEncoding(name: "Home then End, CSI F", bytes: csi("H") + csi("F"), query: "abcX"),
  KeyEncoding(name: "Home then End, SS3 F", bytes: csi("H") + ss3("F"), query: "abcX"),
  KeyEncoding(name: "Home then Delete, CSI 3~", bytes: csi("H") + csi("3~"), query: "Xbc"),
  KeyEncoding(name: "Backspace, DEL", bytes: [0x7F], query: "abX"),
  KeyEncoding(name: "Backspace, BS", bytes: [0x08], query: "abX"),
  KeyEncoding(name: "Alt-B, ESC b", bytes: Array("\u{1B}b".utf8), query: "Xabc"),
  KeyEncoding(name: "Shift-Left, CSI 1;2D", bytes: csi("1;2D"), query: "Xabc"),
  KeyEncoding(name: "Alt-Backspace, ESC DEL", bytes: [0x1B, 0x7F], query: "X"),
  KeyEncoding(name: "Ctrl-W", bytes: [0x17], query: "X"),
  KeyEncoding(name: "Ctrl-U", bytes: [0x15], query: "X"),
]

/// Each encoding of Down: the cursor goes to the second item.
let downKeyEncodings: [KeyEncoding] = [
  KeyEncoding(name: "CSI B", bytes: csi("B"), query: ""),
  KeyEncoding(name: "SS3 B", bytes: ss3("B"), query: ""),
  KeyEncoding(name: "Ctrl-N", bytes: [0x0E], query: ""),
  KeyEncoding(name: "Ctrl-J", bytes: [0x0A], query: ""),
  KeyEncoding(name: "PgDn, CSI 6~", bytes: csi("6~"), query: ""),
  KeyEncoding(
    name: "Up then Down twice, SS3 and CSI", bytes: ss3("A") + csi("B") + csi("B"), query: ""),
]

@Suite(.serialized) struct RobustnessKeysTests {
  @Test(arguments: editingKeyEncodings)
  func `every encoding of an editing key edits the query`(_ key: KeyEncoding) throws {
    let picker = try Picker(["--print-query"], items: "abc\nabXc\nXabc\nabcX\nabX\nXbc\nX\n")
    try picker.waitFor("7/7")
    picker.send("abc")
    try picker.waitFor { $0.row(0).hasPrefix("> abc ") }
    picker.send(key.bytes + Array("X".utf8))
    try picker.waitFor { $0.row(0) == "> \(key.query)".padded(to: 80) }
    picker.send(Keys.esc)
    try picker.expectExit(status: 130, stdout: "")
  }

  @Test(arguments: downKeyEncodings)
  func `every encoding of Down moves the cursor`(_ key: KeyEncoding) throws {
    // Two rows: PgDn stops at the last.
    let picker = try Picker([], items: "first\nsecond\n")
    try picker.waitFor("2/2")
    picker.send(key.bytes)
    try picker.waitFor { $0.row(3) == ">  second".padded(to: 80) }
    picker.send(Keys.enter)
    try picker.expectExit(status: 0, stdout: "second\n")
  }

  @Test func `unknown sequences are dropped whole and never typed`() throws {
    let unknown: [[UInt8]] = [
      csi("99~"), csi(">0;276;0c"), csi("I"), csi("O"), csi("97;5u"), csi("1;5P"),
      csi("?1;2c"), csi("<0;10;5M"), csi("M") + [0x20, 0x21, 0x21], ss3("Z"), csi("[A"),
      Array("\u{1B}P1$r0m\u{1B}\\".utf8), Array("\u{1B}_Gi=1;OK\u{1B}\\".utf8),
      Array("\u{1B}^private\u{1B}\\".utf8), Array("\u{1B}Xstring\u{1B}\\".utf8),
      csi(String(repeating: "1;", count: 100) + "x"),
    ]
    let picker = try Picker(["--print-query"], items: "apple\nbanana\n")
    try picker.waitFor("2/2")
    for sequence in unknown { picker.send(sequence) }
    picker.send("ban")
    try picker.waitFor { $0.row(0) == "> ban".padded(to: 80) }
    picker.send(Keys.enter)
    try picker.expectExit(status: 0, stdout: "ban\nbanana\n")
  }

  @Test func `replies nobody asked for are dropped, and a BEL inside one does not abort`() throws {
    // An OSC colour reply ended by BEL (Ctrl-G, an abort key, were it typed)
    // and by ST, a cursor position report, a DECRQM and a device attributes reply.
    let replies: [[UInt8]] = [
      Array("\u{1B}]11;rgb:0000/0000/0000\u{07}".utf8),
      Array("\u{1B}]10;rgb:ffff/ffff/ffff\u{1B}\\".utf8), csi("12;40R"), csi("?2004;2$y"),
      csi("?62;22c"),
    ]
    let picker = try Picker(["--print-query"], items: "apple\nbanana\n")
    try picker.waitFor("2/2")
    picker.send("b")
    for reply in replies { picker.send(reply) }
    picker.send("an")
    try picker.waitFor { $0.row(0) == "> ban".padded(to: 80) }
    picker.send(Keys.enter)
    try picker.expectExit(status: 0, stdout: "ban\nbanana\n")
  }

  @Test func `Esc then a key within the escape delay is Alt and the key, not an abort`() throws {
    let picker = try Picker(
      ["--print-query"], items: "abc def\n", environment: ["ESCDELAY": "1000"])
    try picker.waitFor("1/1")
    picker.send("abc def")
    try picker.waitFor { $0.row(0).hasPrefix("> abc def ") }
    picker.send([0x1B])
    usleep(100_000)  // well within the 1 s delay
    picker.send("b")  // Alt-B: back a word
    picker.send("X")
    try picker.waitFor { $0.row(0).hasPrefix("> abc Xdef ") }
    picker.send(Keys.enter)
    try picker.expectExit(status: 1, stdout: "abc Xdef\n")
  }

  @Test func `Esc alone aborts once the escape delay passes`() throws {
    let picker = try Picker([], items: "apple\n", environment: ["ESCDELAY": "25"])
    try picker.waitFor("1/1")
    picker.send(Keys.esc)
    try picker.expectExit(status: 130, stdout: "")
  }

  @Test func `a bracketed paste of 10 000 characters is the query, and nothing is typed twice`()
    throws
  {
    let pasted = String(repeating: "0123456789", count: 1000)
    let picker = try Picker(["--print-query"], items: "apple\n\(pasted)\n")
    try picker.waitFor("2/2")
    picker.send(Keys.paste(Array(pasted.utf8)))
    let screen = try picker.waitFor("1/2")
    #expect(screen.linesScrolled == 0)
    #expect(screen.row(0).hasPrefix("> "))
    picker.send(Keys.enter)
    try picker.expectExit(status: 0, stdout: pasted + "\n" + pasted + "\n", timeout: 10)
  }

  @Test func `a paste of a megabyte keeps the query's first 32 768 characters, says so, and stays small`()
    throws
  {
    let pasted = Array(String(repeating: "0123456789", count: 100_000).utf8)
    let picker = try Picker(["--print-query"], items: "apple\n")
    try picker.waitFor("1/1")
    picker.send(Keys.paste(pasted))
    try picker.waitFor("query cut at 32768 characters", timeout: 20)
    let peak = try #require(picker.pty.peakResidentBytes())
    // Unbounded, the compiled query alone took about 550 bytes a character (558 MB).
    #expect(peak < 120 << 20, "peak resident memory \(peak >> 20) MiB")
    picker.send(Keys.enter)
    let query = String(decoding: pasted.prefix(32_768), as: UTF8.self)
    try picker.expectExit(status: 1, stdout: query + "\n", timeout: 10)
  }

  @Test func `a paste with newlines, CRLF and tabs is one line of query and does not accept`()
    throws
  {
    let picker = try Picker(["--print-query"], items: "one two\nthree\n")
    try picker.waitFor("2/2")
    // CR and LF dropped, the tab a space; none of them is Enter.
    picker.send(Keys.paste(Array("one\n\r\ntw\to".utf8)))
    try picker.waitFor { $0.row(0).hasPrefix("> onetw o ") }
    picker.send([0x15])  // Ctrl-U
    picker.send(
      Keys.paste(Array("one\ntwo\n".utf8)) + Array(" ".utf8) + Keys.paste(Array("tw\no".utf8)))
    try picker.waitFor { $0.row(0).hasPrefix("> onetwo two ") }
    picker.send([0x15])
    picker.send(Keys.paste(Array("one\t".utf8)))
    try picker.waitFor { $0.row(1).contains("1/2") }
    picker.send(Keys.enter)
    try picker.expectExit(status: 0, stdout: "one \none two\n")
  }

  @Test func `typed bytes that are not UTF-8 are dropped and nothing aborts`() throws {
    let picker = try Picker(["--print-query"], items: "café\nbanana\n")
    try picker.waitFor("2/2")
    // A stray continuation byte, 0xFF, an overlong '/', a surrogate, a
    // lead byte followed by ASCII; then a real é.
    picker.send([0x80, 0xFF, 0xC0, 0xAF, 0xED, 0xA0, 0x80, 0xC3])
    picker.send("ca")
    picker.send([0xFE, 0xC3, 0xA9])
    try picker.waitFor { $0.row(0) == "> caé".padded(to: 80) }
    picker.send(Keys.enter)
    try picker.expectExit(status: 0, stdout: "caé\ncafé\n")
  }

  @Test func `an Enter typed before pick started, turned into LF by the terminal, accepts`()
    throws
  {
    // -1 reads all input before it opens the terminal, so these keys are typed
    // under the line discipline, which turns the Enter key's CR into LF.
    let picker = try Picker(["-1"], items: "", keepStdinOpen: true)
    picker.send("ban\r")
    #expect(picker.pty.output(waitingFor: { $0.contains("ban") }, timeout: 5) != nil)
    picker.pty.writeStdin(Array("apple\nbanana\nbandana\n".utf8))
    picker.pty.closeStdin()
    try picker.expectExit(status: 0, stdout: "banana\n")
  }

  @Test func `an arrow key typed before pick started still moves the cursor`() throws {
    let picker = try Picker(["-1"], items: "", keepStdinOpen: true)
    picker.send(Keys.down)
    // Echoed by the line discipline as ^[[B.
    #expect(picker.pty.output(waitingFor: { $0.contains("[B") }, timeout: 5) != nil)
    picker.pty.writeStdin(Array("apple\nbanana\n".utf8))
    picker.pty.closeStdin()
    try picker.waitFor { $0.row(3) == ">  banana".padded(to: 80) }
    picker.send(Keys.enter)
    try picker.expectExit(status: 0, stdout: "banana\n")
  }
}
