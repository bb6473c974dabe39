// `pick --filter ''` must hand every item back exactly as it came in: items
// are bytes, not text. Only the terminator is pick's own (a newline, or NUL
// under --print0, added after a last line that had none).
//
// fzf 0.74.5 agrees on everything here except three things listed in
// Docs/fzf-compatibility.md: it prints invalid UTF-8 as U+FFFD, it ignores a
// closed stdout (exit 0 or 1, no message), and it treats a directory on stdin
// as empty input (exit 1). The expectations below are pick's
// (Docs/Design.md, Start-up and Identity).

import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Input that must come out of `--filter ''` unchanged (up to the terminators).
struct RoundTrip: Sendable, CustomTestStringConvertible {
  var name: String
  var input: [UInt8]
  var options: [String] = []
  /// nil: the output is the input.
  var output: [UInt8]? = nil
  /// Whether fzf 0.74.5 prints something else because pick decided otherwise
  /// (Docs/fzf-compatibility.md).
  var fzfDiffers = false

  var testDescription: String { name }
}

private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

let roundTrips: [RoundTrip] = [
  RoundTrip(
    name: "invalid UTF-8",
    input: [0x61, 0xFF, 0x80, 0x62, 0x0A]  // stray bytes
      + [0xC3, 0x0A]  // truncated sequence at the end of a line
      + [0xED, 0xA0, 0x80, 0x0A]  // encoded surrogate
      + [0xC0, 0xAF, 0x0A]  // overlong "/"
      + [0xF8, 0x88, 0x80, 0x80, 0x80, 0x0A]  // five-byte form
      + [0xE2, 0x82, 0x0A],  // truncated euro sign
    fzfDiffers: true),  // fzf prints each invalid byte as U+FFFD
  RoundTrip(name: "a NUL inside a line", input: bytes("a\0b\n\0\nc\0\n")),
  RoundTrip(name: "CRLF lines", input: bytes("one\r\ntwo\r\n\r\n")),
  RoundTrip(name: "a CR inside and at the end of a line", input: bytes("a\rb\nc\r\r\n")),
  RoundTrip(name: "no final newline", input: bytes("abc\ndef"), output: bytes("abc\ndef\n")),
  RoundTrip(name: "a single line without newline", input: bytes("x"), output: bytes("x\n")),
  RoundTrip(name: "only empty lines", input: bytes("\n\n\n")),
  RoundTrip(name: "one empty line", input: bytes("\n")),
  RoundTrip(name: "tabs", input: bytes("a\tb\n\t\n\t\t x \t\n")),
  RoundTrip(
    name: "escape codes",
    input: bytes(
      "\u{1B}[31mred\u{1B}[0m\n\u{1B}]0;title\u{7}\n"
        + "\u{1B}]8;;http://example.com\u{1B}\\link\u{1B}]8;;\u{1B}\\\n\u{1B}c\u{9B}2J\n")),
  RoundTrip(
    name: "other control characters and DEL",
    input: (1...31).filter { $0 != 10 }.map { UInt8($0) } + [0x7F, 0x0A]),
  RoundTrip(
    name: "non-ASCII text", input: bytes("café\ncafe\u{301}\n日本語\n👨‍👩‍👧\n\u{202E}txt.exe\n")),
  RoundTrip(
    name: "--print0 alone", input: bytes("ab\ncd\n"), options: ["--print0"],
    output: bytes("ab\0cd\0")),
  RoundTrip(
    name: "--read0 --print0 with newlines in items",
    input: bytes("a\nb\0c\r\n\0\0\n\0"), options: ["--read0", "--print0"]),
  RoundTrip(
    name: "--read0 --print0 without a final NUL", input: bytes("a\0b\nc"),
    options: ["--read0", "--print0"], output: bytes("a\0b\nc\0")),
  RoundTrip(
    name: "--read0 alone", input: bytes("x\0y\0"), options: ["--read0"],
    output: bytes("x\ny\n")),
]

@Suite struct FilterRoundTripTests {
  @Test(arguments: roundTrips, [false, true])
  func `an empty query prints the input byte for byte`(_ trip: RoundTrip, stdinIsFile: Bool) throws {
    let result = try runPick(
      ["--filter", ""] + trip.options, stdin: trip.input, stdinIsFile: stdinIsFile)
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty, "stderr: \(ByteString(result.stderr))")
    checkAllowingFzfDifference(trip.fzfDiffers) {
      #expect(bytesDifference(result.stdout, trip.output ?? trip.input) == nil)
    }
  }

  @Test(arguments: [false, true])
  func `empty input exits 1 and prints nothing`(stdinIsFile: Bool) throws {
    let result = try runPick(["--filter", ""], stdinIsFile: stdinIsFile)
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.isEmpty)
  }

  @Test(arguments: [false, true])
  func `a 10 MB single line comes back whole`(stdinIsFile: Bool) throws {
    var line = [UInt8](repeating: UInt8(ascii: "x"), count: 10_000_000)
    line[5_000_000] = UInt8(ascii: "y")
    line.append(0x0A)
    let everything = try runPick(["--filter", ""], stdin: line, stdinIsFile: stdinIsFile)
    #expect(everything.status == 0)
    #expect(bytesDifference(everything.stdout, line) == nil)
    let matched = try runPick(["--filter", "xyx"], stdin: line, stdinIsFile: stdinIsFile)
    #expect(matched.status == 0)
    #expect(bytesDifference(matched.stdout, line) == nil)
  }

  @Test(arguments: [false, true])
  func `100 000 lines come back in input order`(stdinIsFile: Bool) throws {
    let input = (1...100_000).flatMap { bytes("line \($0)\n") }
    let result = try runPick(["--filter", ""], stdin: input, stdinIsFile: stdinIsFile)
    #expect(result.status == 0)
    #expect(bytesDifference(result.stdout, input) == nil)
  }

  @Test func `--print-query prints the query first`() throws {
    let items = bytes("abc\nxyz\n")
    let matched = try runPick(["--filter", "ab", "--print-query"], stdin: items)
    #expect(matched.status == 0)
    #expect(ByteString(matched.stdout) == ByteString(bytes("ab\nabc\n")))
    let unmatched = try runPick(["--print-query", "--filter", "qq"], stdin: items)
    #expect(unmatched.status == 1)
    #expect(ByteString(unmatched.stdout) == ByteString(bytes("qq\n")))
    let empty = try runPick(["--filter", "", "--print-query", "--print0"], stdin: items)
    #expect(empty.status == 0)
    #expect(ByteString(empty.stdout) == ByteString(bytes("\0abc\0xyz\0")))
  }

  @Test(arguments: ["x", ""])
  func `a closed stdout exits 2 with a message`(query: String) throws {
    // Docs/Design.md, Start-up: stdout must be open, checked at start. (fzf exits 0 or 1 silently.)
    let result = try runShell(
      "exec \"$PICK\" --filter \"$QUERY\" >&-", stdin: bytes("abc\n"),
      environment: ["QUERY": query])
    checkAllowingFzfDifference(true) {
      #expect(result.status == 2)
      #expect(!result.stderr.isEmpty)
    }
  }

  @Test func `a reader that goes away ends pick with status 141 and no message`() throws {
    let input = (1...1_000_000).flatMap { bytes("\($0)\n") }
    let path = try makeTemporaryFile(containing: input)
    defer { unlink(path) }
    // pick's own status and stderr, reported after head's one line.
    let script = """
      err=$(mktemp) && st=$(mktemp) || exit 99
      ( "$PICK" --filter '' < "$BIG" 2>"$err"; echo $? > "$st" ) | head -1
      cat "$err" >&2; cat "$st"; rm -f "$err" "$st"
      """
    let result = try runShell(script, environment: ["BIG": path])
    #expect(ByteString(result.stdout) == ByteString(bytes("1\n141\n")))
    #expect(result.stderr.isEmpty, "stderr: \(ByteString(result.stderr))")
  }

  @Test func `a directory on stdin exits 2`() throws {
    // Docs/Design.md, Start-up: stdin a directory → 2. (fzf reads it as empty input and exits 1.)
    let result = try runShell("exec \"$PICK\" --filter x < /")
    checkAllowingFzfDifference(true) {
      #expect(result.status == 2)
      #expect(!result.stderr.isEmpty)
    }
    #expect(result.stdout.isEmpty)
  }
}
