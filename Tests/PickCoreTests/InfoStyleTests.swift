import Testing

@testable import PickCore

// --info: fzf 0.74's five places for the info text (InfoStyle), golden frames
// for each, and what --no-info, --inline-info and --style do to it.

private func picker(_ items: [String], _ info: InfoStyle, separator: [UInt8]? = nil, multi: Bool = false)
  throws -> PickerHarness
{
  try PickerHarness(items) { options in
    options.info = info
    options.listDecoration.separator = separator
    if multi { options.multi = .max }
  }
}

private func parse(_ words: String...) throws -> Options {
  try OptionParser.parse(arguments: words.map { Array($0.utf8) })
}

@Suite struct InfoStyleTests {
  @Test func `--info takes fzf's styles and prefixes`() throws {
    #expect(try parse("--info=default").info == InfoStyle())
    #expect(try parse("--info=right").info == InfoStyle(.right))
    #expect(try parse("--info=hidden").info == InfoStyle(.hidden))
    #expect(try parse("--info=inline").info == InfoStyle(.inline, prefix: Array(" < ".utf8)))
    #expect(try parse("--info=inline:> ").info == InfoStyle(.inline, prefix: Array("> ".utf8)))
    #expect(try parse("--info=inline-right").info == InfoStyle(.inlineRight, prefix: []))
    #expect(try parse("--info=inline-right:a\nb").info == InfoStyle(.inlineRight, prefix: Array("a b".utf8)))
    #expect(try parse("--no-info").info == InfoStyle(.hidden))
    #expect(try parse("--inline-info").info == InfoStyle(.inline))
    #expect(try parse("--inline-info", "--no-inline-info").info == InfoStyle())
    #expect(try parse("--style=full").info == InfoStyle(.inlineRight))
    #expect(try parse("--style=full", "--style=minimal").info == InfoStyle())
    #expect(throws: OptionError.self) { try parse("--info=left") }
    #expect(throws: OptionError.self) { try parse("--info=right:x") }
  }

  @Test func `default: the text on its own row, after the spinner's column`() throws {
    var p = try picker(["a", "b"], InfoStyle())
    expectScreen(p.frame(width: 20, height: 4), ">\n  2/2\n>  a\n   b")
  }

  @Test func `right: the text at the row's right end, one column short of the edge`() throws {
    var p = try picker(["a", "b"], InfoStyle(.right))
    expectScreen(p.frame(width: 20, height: 4), ">\n                2/2\n>  a\n   b")
    p = try picker(["a", "b"], InfoStyle(.right), separator: ListDecoration.defaultSeparator)
    expectScreen(p.frame(width: 20, height: 4), ">\n─────────────── 2/2\n>  a\n   b")
  }

  @Test func `hidden: no row, unless the separator keeps one`() throws {
    var p = try picker(["a", "b", "c"], InfoStyle(.hidden))
    expectScreen(p.frame(width: 20, height: 4), ">\n>  a\n   b\n   c")
    #expect(p.state.listHeight == 3)
    p = try picker(["a", "b", "c"], InfoStyle(.hidden), separator: ListDecoration.defaultSeparator)
    expectScreen(p.frame(width: 20, height: 4), ">\n───────────────────\n>  a\n   b")
  }

  @Test func `inline: after the query, a gap and the prefix; no row of its own`() throws {
    var p = try picker(["ab", "b", "c"], InfoStyle(.inline))
    expectScreen(p.frame(width: 20, height: 4), ">   < 3/3\n>  ab\n   b\n   c")
    p.type("a")
    expectScreen(p.frame(width: 20, height: 4), "> a  < 1/3\n>  ab\n\n")
    p = try picker(["ab"], InfoStyle(.inline, prefix: Array("| ".utf8)), separator: Array("-".utf8))
    expectScreen(p.frame(width: 20, height: 2), ">  | 1/1 ----------\n>  ab")
  }

  @Test func `inline-right: at the prompt row's right end, the separator on a row of its own`() throws {
    var p = try picker(["a", "b", "c"], InfoStyle(.inlineRight))
    expectScreen(p.frame(width: 20, height: 4), ">               3/3\n>  a\n   b\n   c")
    p = try picker(["a"], InfoStyle(.inlineRight, prefix: Array("| ".utf8)), separator: Array("-".utf8))
    expectScreen(p.frame(width: 20, height: 3), ">             | 1/1\n-------------------\n>  a")
  }

  @Test func `the select-all row keeps its place under the prompt in every style`() throws {
    var standardPicker = try picker(["a", "b"], InfoStyle(), multi: true)
    let standard = standardPicker.frame(width: 30, height: 5).plainText
    let rows = standard.split(separator: "\n", omittingEmptySubsequences: false)
    for style in [InfoStyle(.inline), InfoStyle(.inlineRight), InfoStyle(.hidden)] {
      var styled = try picker(["a", "b"], style, multi: true)
      let shown = styled.frame(width: 30, height: 5).plainText
      let shownRows = shown.split(separator: "\n", omittingEmptySubsequences: false)
      #expect(shownRows[1] == rows[2], "\(style)")
    }
  }

  @Test func `the default layout puts the inline info on the prompt's row at the bottom`() throws {
    var p = try PickerHarness(["a", "b"]) {
      $0.info = InfoStyle(.inline)
      $0.layout = .default
    }
    expectScreen(p.frame(width: 20, height: 3), "   b\n>  a\n>   < 2/2")
  }

  @Test func `--min-height counts the info row only where there is one`() throws {
    #expect(MinimumHeight.standard.rows(for: try parse("--info=default")) == 12)
    #expect(MinimumHeight.standard.rows(for: try parse("--info=inline")) == 11)
    #expect(MinimumHeight.standard.rows(for: try parse("--info=hidden")) == 11)
    #expect(MinimumHeight.standard.rows(for: try parse("--info=hidden", "--separator=-")) == 12)
  }
}
