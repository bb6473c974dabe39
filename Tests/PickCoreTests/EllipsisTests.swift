import Testing

@testable import PickCore

/// `--ellipsis`: the mark of a cut may be any width, and the cutting rules
/// (head, tail, both ends: DisplayLine) make room for exactly that width.
@Suite struct EllipsisTests {
  private func shown(_ text: String, width: Int, matches: [Int] = [], ellipsis: String) -> String {
    let mark = DisplaySegment(text: ellipsis, columns: DisplayWidth.columns(of: ellipsis), isMatch: false)
    let bytes = Array(text.utf8)
    return bytes.withUnsafeBufferPointer {
      DisplayLine.segments(of: $0, matches: matches, width: width, ellipsis: mark)
    }.map(\.text).joined()
  }

  @Test func `a two-column ellipsis takes two columns at every cut`() {
    #expect(shown("abcdefghij", width: 6, ellipsis: "··") == "abcd··")
    // The match is past the head: the tail is shown.
    #expect(shown("abcdefghij", width: 6, matches: [9], ellipsis: "··") == "··ghij")
    // The match in the middle of a long item: both ends cut.
    #expect(shown("abcdefghijklmnopqrstuvwxyz", width: 8, matches: [12], ellipsis: "··").hasPrefix("··"))
    #expect(shown("abcdefghijklmnopqrstuvwxyz", width: 8, matches: [12], ellipsis: "··").hasSuffix("··"))
    #expect(shown("abcdefghijklmnopqrstuvwxyz", width: 8, matches: [12], ellipsis: "··").contains("m"))
    // Non-ASCII items go through the same rules.
    #expect(shown("日本語のテキスト", width: 7, ellipsis: "..") == "日本 ..")
  }

  @Test func `an empty ellipsis shows as much of the item as fits`() {
    #expect(shown("abcdefghij", width: 6, ellipsis: "") == "abcdef")
    #expect(shown("abcdefghij", width: 6, matches: [9], ellipsis: "") == "efghij")
  }

  @Test func `an ellipsis wider than the row gives way to pick's own`() {
    #expect(shown("abcdefghij", width: 3, ellipsis: "....") == "ab\u{2026}")
  }

  @Test func `the option sets the picker's ellipsis, ASCII under --no-unicode unless given`() throws {
    func configured(_ arguments: [String]) throws -> String {
      PickerConfiguration(options: try OptionParser.parse(arguments: arguments.map { Array($0.utf8) })).ellipsis.text
    }
    #expect(try configured([]) == "\u{2026}")
    #expect(try configured(["--ellipsis=··"]) == "··")
    #expect(try configured(["--no-unicode"]) == "..")
    #expect(try configured(["--no-unicode", "--ellipsis=~"]) == "~")
    #expect(throws: OptionError.self) { _ = try OptionParser.parse(arguments: [Array("--ellipsis=\u{1B}[1m".utf8)]) }
  }

  @Test func `a cut item in the picker ends in the ellipsis given`() throws {
    let options = try OptionParser.parse(arguments: [Array("--ellipsis=>>".utf8)])
    var p = try PickerHarness([String(repeating: "x", count: 40)]) { $0 = options }
    expectScreen(
      p.frame(width: 20, height: 3),
      """
      >
        1/1
      >  xxxxxxxxxxxxx>>
      """)
  }
}
