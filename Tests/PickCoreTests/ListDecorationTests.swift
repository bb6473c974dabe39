import PickTestSupport
import Testing

@testable import PickCore

// --separator, --scrollbar, --gap and --style: marks on the list, off by
// default (pick's screen as it was), fzf's look with --style=full.

private func picker(_ items: [String], _ configure: @escaping (inout ListDecoration) -> Void) throws
  -> PickerHarness
{
  try PickerHarness(items) { options in
    configure(&options.listDecoration)
    options.mouse = true
  }
}

@Suite struct ListDecorationTests {
  @Test func `the separator fills the info line up to two columns short of the edge`() throws {
    var p = try picker(["a", "b"]) { $0.separator = ListDecoration.defaultSeparator }
    expectScreen(p.frame(width: 20, height: 4), ">\n  2/2 ────────────\n>  a\n   b")
    p = try picker(["a", "b"]) { $0.separator = Array("ab".utf8) }
    expectScreen(p.frame(width: 19, height: 4), ">\n  2/2 ababababab\n>  a\n   b")
  }

  @Test func `the scrollbar's thumb is in the third column from the right and follows the scroll`() throws {
    var p = try picker((1...10).map(String.init)) { $0.scrollbar = ListDecoration.defaultScrollbar }
    expectScreen(p.frame(width: 12, height: 6), ">\n  10/10\n>  1     │\n   2\n   3\n   4")
    p.press("pgdn", "pgdn", "pgdn", "pgdn")
    expectScreen(p.frame(width: 12, height: 6), ">\n  10/10\n   7\n   8\n   9\n>  10    │")
  }

  @Test func `no scrollbar when every match fits, and its column is kept from the text`() throws {
    var p = try picker(["abcdefghijkl"]) { $0.scrollbar = ListDecoration.defaultScrollbar }
    expectScreen(p.frame(width: 12, height: 4), ">\n  1/1\n>  abcde…\n")
  }

  @Test func `the thumb's length and start are fzf's`() {
    #expect(ListDecoration.scrollbar(rows: 4, total: 4, offset: 0) == nil)
    #expect(ListDecoration.scrollbar(rows: 4, total: 8, offset: 0)! == (0, 2))
    #expect(ListDecoration.scrollbar(rows: 4, total: 8, offset: 4)! == (2, 2))
    #expect(ListDecoration.scrollbar(rows: 10, total: 1000, offset: 990)! == (9, 1))
  }

  @Test func `--gap leaves blank rows between items; the list counts items, clicks still land`() throws {
    var p = try picker(["a", "b", "c", "d"]) { $0.gap = 1 }
    expectScreen(p.frame(width: 12, height: 7), ">\n  4/4\n>  a\n\n   b\n\n   c")
    #expect(p.state.listHeight == 3)
    p.press(bytes: Array("\u{1B}[<0;5;5M".utf8))
    #expect(p.current == "b")
    p.press(bytes: Array("\u{1B}[<0;5;4M".utf8))
    #expect(p.current == "b")
  }

  @Test func `the default layout keeps the gaps between items`() throws {
    var p = try PickerHarness(["a", "b"]) {
      $0.listDecoration.gap = 1
      $0.layout = .default
    }
    expectScreen(p.frame(width: 12, height: 6), "\n   b\n\n>  a\n  2/2\n>")
  }
}

@Suite struct ListDecorationOptionTests {
  private func parse(_ words: String...) throws -> Options {
    try OptionParser.parse(arguments: words.map { Array($0.utf8) })
  }

  @Test func `separator, scrollbar and gap take fzf's values`() throws {
    #expect(try parse("--separator=-").listDecoration.separator == Array("-".utf8))
    #expect(try parse("--separator=-", "--no-separator").listDecoration.separator == [])
    #expect(try parse("--scrollbar").listDecoration.scrollbar == ListDecoration.defaultScrollbar)
    #expect(try parse("--scrollbar=|:").listDecoration.scrollbar == Array("|".utf8))
    #expect(try parse("--scrollbar=").listDecoration.scrollbar == [])
    #expect(try parse("--scrollbar", "--no-scrollbar").listDecoration.scrollbar == [])
    #expect(throws: OptionError.self) { try parse("--scrollbar=日") }
    #expect(throws: OptionError.self) { try parse("--scrollbar=\u{1B}") }
    #expect(try parse("--gap").listDecoration.gap == 1)
    #expect(try parse("--gap=3").listDecoration.gap == 3)
    #expect(try parse("--gap=3", "--no-gap").listDecoration.gap == 0)
    #expect(throws: OptionError.self) { try parse("--gap=-1") }
  }

  @Test func `--style presets`() throws {
    let full = try parse("--style=full")
    #expect(full.listDecoration.separator == ListDecoration.defaultSeparator)
    #expect(full.listDecoration.scrollbar == ListDecoration.defaultScrollbar)
    #expect(full.previewWindow.border.glyphs == .rounded)
    #expect(try parse("--style=full:double").previewWindow.border.glyphs == .double)
    #expect(try parse("--style=full:line").decoration.shape == .line)
    let minimal = try parse("--style=full", "--style=minimal")
    #expect(minimal.listDecoration.separator == [])
    #expect(minimal.listDecoration.scrollbar == [])
    #expect(minimal.previewWindow.borderFacesList)
    let reset = try parse("--style=full", "--style=default")
    #expect(reset.listDecoration == ListDecoration())
    #expect(throws: OptionError("option --style: invalid value 'fancy' (expected default, minimal or full)")) {
      try parse("--style=fancy")
    }
    #expect(throws: OptionError.self) { try parse("--style=full:wavy") }
    #expect(throws: OptionError.self) { try parse("--style=minimal:sharp") }
  }
}
