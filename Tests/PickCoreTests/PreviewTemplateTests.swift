import Foundation
import Testing

@testable import PickCore

/// Placeholders expand as fzf 0.74 expands them, and every substitution
/// reaches the command as data: the expanded command is run by `sh` and must
/// print the item's exact bytes.
@Suite struct PreviewTemplateTests {
  private func expand(
    _ template: String, current: String?, index: Int = 0, selected: [(String, Int)] = [],
    query: String = "", delimiter: String? = nil
  ) -> String {
    let context = PreviewTemplate.Context(
      current: current.map { (Array($0.utf8), index) },
      selected: selected.map { (Array($0.0.utf8), $0.1) }, query: Array(query.utf8),
      splitter: FieldSplitter(delimiter: delimiter.map { Array($0.utf8) }))
    let expansion = PreviewTemplate(Array(template.utf8)).expand(context) { _ in
      Array("/tmp/F".utf8)
    }
    #expect(expansion.problem == nil)
    return String(decoding: expansion.command, as: UTF8.self)
  }

  struct Case: Sendable, CustomTestStringConvertible {
    let template: String
    let item: String
    let expected: String
    var delimiter: String? = nil
    var testDescription: String { "\(template) on \(item.debugDescription)" }
  }

  static let cases: [Case] = [
    Case(template: "cat {}", item: "a b", expected: "cat 'a b'"),
    Case(template: "{}", item: "it's", expected: #"'it'\''s'"#),
    Case(template: "{1}", item: "  foo bar  baz", expected: "'foo'"),
    Case(template: "{-1}", item: "foo bar baz", expected: "'baz'"),
    Case(template: "{2..}", item: "foo bar baz", expected: "'bar baz'"),
    Case(template: "{..2}", item: "foo bar baz", expected: "'foo bar'"),
    Case(template: "{1,3}", item: "foo bar baz", expected: "'foo baz'"),
    Case(template: "{2}", item: "a:b:c", expected: "'b'", delimiter: ":"),
    Case(template: "{1..2}", item: "a:b:c", expected: "'a:b'", delimiter: ":"),
    // `s` keeps the field's white space (fzf's test_preview_flags); a
    // literal delimiter still goes.
    Case(template: "[{s2}]", item: ":: 1  ", expected: "['1  ']"),
    Case(template: "[{2}]", item: ":: 1  ", expected: "['1']"),
    Case(template: "{s2}", item: "a: b :c", expected: "' b '", delimiter: ":"),
    Case(template: "{2}", item: "a: b :c", expected: "'b'", delimiter: ":"),
    Case(template: "{s2..}", item: "a  b  c  ", expected: "'b  c  '"),
    Case(template: "{9}", item: "foo", expected: "''"),
    Case(template: "{n}", item: "x", expected: "7"),
    Case(template: "{q}", item: "x", expected: "'qu'\\''ery'"),
    Case(template: #"\{} {}"#, item: "x", expected: "{} 'x'"),
    Case(template: "{0} {a} {r} {q:1}", item: "x", expected: "{0} {a} {r} {q:1}"),
    Case(template: "{f}", item: "x", expected: "'/tmp/F'"),
    Case(template: "{} {", item: "x", expected: "'x' {"),
  ]

  @Test func `with no item a command runs only if it names no item or names the query (fzf's test_preview_flags)`() {
    #expect(!PreviewTemplate(Array("echo hi".utf8)).needsItem)
    #expect(PreviewTemplate(Array("cat {}".utf8)).needsItem)
    #expect(!PreviewTemplate(Array("echo {2}/{q}".utf8)).needsItem)
    #expect(expand("echo {{2}/{s2}/{+2}/{q}/{n}}", current: nil, query: "123") == "echo {''/''/''/'123'/''}")
  }

  @Test(arguments: cases)
  func `placeholders expand as in fzf`(_ c: Case) {
    #expect(
      expand(c.template, current: c.item, index: 7, query: "qu'ery", delimiter: c.delimiter)
        == c.expected)
  }

  @Test func `{+} is the selection in the order given, or the current item when none is selected`() {
    #expect(expand("x {+}", current: "c", selected: [("b 1", 1), ("a", 0)]) == "x 'b 1' 'a'")
    #expect(expand("x {+}", current: "c") == "x 'c'")
    #expect(expand("{+n}", current: "c", index: 4, selected: [("b", 1), ("a", 0)]) == "1 0")
    #expect(expand("{+1}", current: "c", selected: [("b x", 1), ("a y", 0)]) == "'b' 'a'")
  }

  @Test
  func `with no item, item placeholders are empty words and the template says it needs an item`() {
    #expect(expand("echo {} {n} {q}", current: nil, query: "q") == "echo '' '' 'q'")
    #expect(PreviewTemplate(Array("echo {}".utf8)).needsItem)
    #expect(!PreviewTemplate(Array("echo {q}".utf8)).needsItem)
    #expect(PreviewTemplate(Array("echo {+}".utf8)).usesSelection)
    #expect(!PreviewTemplate(Array("echo {}".utf8)).usesSelection)
  }

  @Test func `{f} and {+f} write the text to a file, one item per line, and pass its path`() {
    var written: [[UInt8]] = []
    let context = PreviewTemplate.Context(
      current: (Array("cur".utf8), 2), selected: [(Array("a\0b".utf8), 0), (Array("c d".utf8), 1)])
    let expansion = PreviewTemplate(Array("cat {+f} {f}".utf8)).expand(context) {
      written.append($0)
      return Array("/tmp/pick-\(written.count)".utf8)
    }
    #expect(expansion.problem == nil)
    #expect(String(decoding: expansion.command, as: UTF8.self) == "cat '/tmp/pick-1' '/tmp/pick-2'")
    #expect(written == [Array("a\0b\nc d\n".utf8), Array("cur\n".utf8)])
  }

  @Test func `an item with NUL or longer than an argument can be is reported, not run`() {
    let nul = PreviewTemplate(Array("echo {}".utf8)).expand(.init(current: (Array("a\0b".utf8), 0))) { _ in nil }
    #expect(nul.problem?.contains("NUL") == true)
    let long = [UInt8](repeating: UInt8(ascii: "x"), count: PreviewTemplate.argumentLimit)
    let tooLong = PreviewTemplate(Array("echo {}".utf8)).expand(.init(current: (long, 0))) { _ in
      nil
    }
    #expect(tooLong.problem?.contains("too long") == true)
  }

  static let hostile: [String] = [
    "a'b; rm -rf ~", "$(touch /tmp/pwned)", "`id`", "\"; echo hi; \"", "a\\'b", "''", "'", "\\",
    "$HOME", "*", "a\nb", "-n", "x > /tmp/out", "ü 日本 \t tab", "!!", "{}", "%s %d",
  ]

  /// Runs the expanded command with `sh` and returns what it printed.
  private func run(_ command: [UInt8]) throws -> [UInt8] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", String(decoding: command, as: UTF8.self)]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.environment = ["PATH": "/usr/bin:/bin", "SWIFT_BACKTRACE": "enable=no"]
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Array(data)
  }

  @Test(arguments: hostile)
  func `a hostile item reaches the command as one word of data`(_ item: String) throws {
    let context = PreviewTemplate.Context(
      current: (Array(item.utf8), 0), selected: [(Array(item.utf8), 0), (Array("second".utf8), 1)],
      query: Array(item.utf8))
    let expansion = PreviewTemplate(Array("printf '[%s]' {} {+} {q}".utf8)).expand(context) { _ in
      nil
    }
    #expect(expansion.problem == nil)
    let printed = try run(expansion.command)
    #expect(String(decoding: printed, as: UTF8.self) == "[\(item)][\(item)][second][\(item)]")
  }
}
