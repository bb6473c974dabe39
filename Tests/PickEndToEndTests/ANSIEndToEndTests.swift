// `--ansi` end to end: the built pick on a pty draws an item's own colours
// and prints its visible text; `--filter --ansi` prints the visible text too.

import PickCore
import PickTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite(.serialized) struct ANSIEndToEndTests {
  /// The column where `text` starts on row `row`.
  private func start(of text: String, inRow row: String) -> Int? {
    row.range(of: text).map { row.distance(from: row.startIndex, to: $0.lowerBound) }
  }

  @Test func `a red item is drawn red, and Enter prints it without escapes`() throws {
    let picker = try Picker(["--ansi"], items: "\u{1B}[31mred\u{1B}[0m\nplain\n")
    let screen = try picker.waitFor("2/2")
    let row = try #require((0..<24).first { screen.row($0).contains("red") })
    let column = try #require(start(of: "red", inRow: screen.row(row)))
    #expect(!screen.screenText.contains("[31m"))
    #expect(screen.style(atRow: row, column: column).foreground == 1)
    #expect(screen.style(atRow: row, column: column + 2).foreground == 1)
    let plainRow = try #require((0..<24).first { screen.row($0).contains("plain") })
    let plainColumn = try #require(start(of: "plain", inRow: screen.row(plainRow)))
    #expect(screen.style(atRow: plainRow, column: plainColumn).foreground == nil)
    picker.send("\r")
    try picker.expectExit(status: 0, stdout: "red\n")
  }

  @Test func `NO_COLOR drops the item's colours and keeps its attributes`() throws {
    let picker = try Picker(
      ["--ansi"], items: "x \u{1B}[1;4;31mbold\u{1B}[0m\n", environment: ["NO_COLOR": "1"])
    let screen = try picker.waitFor("1/1")
    let row = try #require((0..<24).first { screen.row($0).contains("bold") })
    let column = try #require(start(of: "bold", inRow: screen.row(row)))
    let style = screen.style(atRow: row, column: column)
    #expect(style.foreground == nil)
    #expect(style.underline && style.bold)
    picker.send("\u{1B}")
    try picker.expectExit(status: 130, stdout: "")
  }

  @Test func `--filter --ansi matches and prints the visible text; --no-ansi turns it off`() throws {
    let input = Array("\u{1B}[1;34msrc\u{1B}[0m/\u{1B}[1mmain.swift\u{1B}[0m\n\u{1B}[31mmred\u{1B}[0m\nplain\n".utf8)
    let result = try runPick(["--filter", "c/ma", "--ansi"], stdin: input)
    #expect(result.status == 0)
    #expect(String(decoding: result.stdout, as: UTF8.self) == "src/main.swift\n")
    // "31m" is not matched: the escape codes are not part of the text.
    let none = try runPick(["--filter", "31m", "--ansi"], stdin: input)
    #expect(none.status == 1)
    let raw = try runPick(["--filter", "'31m", "--ansi", "--no-ansi"], stdin: input)
    #expect(String(decoding: raw.stdout, as: UTF8.self) == "\u{1B}[31mmred\u{1B}[0m\n")
  }

  /// A file (mapped, its sequences kept until matched or printed) and a
  /// pipe (read) give what the stripped lines give, for few matches and
  /// for many (the visible copy), with `--unique` (stripped as read) too.
  @Test(arguments: [["zq"], ["conf"], ["a"], [""], ["ab cd", "--tac"], ["é", "--unique"], ["'lib | ^ab"]])
  func `--filter --ansi prints from a file and a pipe what the stripped lines print`(arguments: [String]) throws {
    let input = ColouredItems.input(count: 60_000, separator: 0x0A, seed: 61)
    let stripped = try Self.stripped(input)
    let options = ["--filter"] + arguments
    let expected = try runPick(options, stdin: stripped, stdinIsFile: true)
    for isFile in [true, false] {
      let result = try runPick(options + ["--ansi"], stdin: input, stdinIsFile: isFile)
      #expect(result.status == expected.status, "file: \(isFile)")
      #expect(result.stdout == expected.stdout, "file: \(isFile)")
    }
  }

  /// A pipe is judged by its first items: a query that few of them match
  /// keeps the sequences (`ItemStore.holdsEscapes`), and the items read to
  /// judge it are printed like the rest. Matches among the first items, in
  /// the middle and last, with `--read0` too, and for a query that many match.
  @Test(arguments: [["zzqx"], ["zzqx", "--read0", "--print0"], ["zzqx", "--tac", "--no-sort"], ["conf"], ["^a"]])
  func `--filter --ansi through a pipe prints from its first items on what the stripped lines print`(
    arguments: [String]
  ) throws {
    let separator: UInt8 = arguments.contains("--read0") ? 0 : 0x0A
    var input = Array("\u{1B}[31mz\u{1B}[0mzq\u{1B}[1mx\u{1B}[0m first".utf8) + [separator]
    input += ColouredItems.input(count: 30_000, separator: separator, seed: 62)
    if input.last != separator { input.append(separator) }
    input += Array("middle \u{1B}[01;34mzzqx\u{1B}[0m\r".utf8) + [separator]
    input += ColouredItems.input(count: 30_000, separator: separator, seed: 63)
    if input.last != separator { input.append(separator) }
    input += Array("\u{1B}[1mzz\u{1B}[mqx last\u{1B}[".utf8)
    let stripped = try Self.stripped(input, separator: separator)
    let options = ["--filter"] + arguments
    let expected = try runPick(options, stdin: stripped, stdinIsFile: true)
    #expect(expected.status == 0)
    if arguments == ["zzqx"] {
      let lines = String(decoding: expected.stdout, as: UTF8.self).split(separator: "\n")
      #expect(lines.contains("zzqx first") && lines.contains("zzqx last") && lines.count < 40)
    }
    let result = try runPick(options + ["--ansi"], stdin: input, stdinIsFile: false)
    #expect(result.status == expected.status)
    #expect(result.stdout == expected.stdout)
  }

  /// `input` stripped by the picker's stream filter, as it reads (`ANSIFilter`, a byte at a time).
  static func stripped(_ input: [UInt8], separator: UInt8 = 0x0A) throws -> [UInt8] {
    let store = try ItemStore(separator: separator, interpretsANSI: true)
    try store.append(input)
    try store.finish()
    return Array(store.items(0..<store.count))
  }
}
