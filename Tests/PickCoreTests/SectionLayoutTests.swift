import Testing

@testable import PickCore

/// The section borders beyond the drawing: the rows the layout reports for
/// `--min-height` and the list's height, and mouse clicks through the boxes.
@Suite struct SectionLayoutTests {
  private static let configurations: [[String]] = [
    [], ["--list-border"], ["--input-border"], ["--header-border"], ["--style=full"],
    ["--style=full", "--layout=default"], ["--style=full", "--layout=reverse-list"],
    ["--style=full", "--header-first"], ["--header-lines-border=none"], ["--header-lines-border", "--header-first"],
    ["--list-border", "--header-border=inline", "--footer-border=inline", "--header-lines-border=inline"],
    ["--style=full:line"], ["--input-border=line", "--footer-border=none"], ["--style=full", "--info=default"],
  ]

  @Test(arguments: configurations, [false, true])
  func `the list gets what the fixed rows leave, with room enough`(arguments: [String], multi: Bool) throws {
    let words = arguments + ["--header=a\nb", "--header-lines=2", "--footer=f"] + (multi ? ["-m"] : [])
    var p = try sectionHarness(words, items: (1...200).map(String.init), width: 60, height: 60)
    _ = p.frame(width: 60, height: 60)
    let fixed = PickerLayout.fixedRows(p.state.configuration, headerLines: 2)
    #expect(p.state.listHeight == 60 - fixed, "\(words)")
    // And the frame has that many item rows.
    let items = p.controller.rowRoles.filter { if case .item = $0 { return true } else { return false } }
    #expect(items.count == 60 - fixed, "\(words)")
  }

  @Test func `--min-height=N+ counts the lines of the section borders and of --border`() throws {
    func minimum(_ words: String...) throws -> Int {
      let options = try OptionParser.parse(arguments: words.map { Array($0.utf8) })
      return options.minHeight.rows(for: options)
    }
    // Prompt and info.
    #expect(try minimum("--height=10%") == 12)
    // The input's box (2 lines) and the list's (2); inline-right info: no info row.
    #expect(try minimum("--height=10%", "--style=full") == 10 + 1 + 2 + 2)
    #expect(try minimum("--height=10%", "--style=full", "--header=h", "--footer=f") == 15 + 3 + 3)
    #expect(try minimum("--height=10%", "--list-border=top", "--header=h") == 10 + 2 + 1 + 1)
    #expect(try minimum("--height=10%", "--border", "--margin=1,0,2,0", "--padding=5%") == 12 + 2 + 3)
    #expect(try minimum("--height=10%", "--style=full", "--min-height=4") == 4)
  }

  @Test func `a click in the input's box puts the text cursor by the box's columns`() throws {
    var p = try sectionHarness(["--input-border", "--list-border"])
    p.type("apple")
    _ = p.frame(width: 30, height: 12)
    // "│ > apple": the query starts at column 5 (1-based); column 6 is between a and p.
    p.press(bytes: Array("\u{1B}[<0;6;2M".utf8))
    #expect(p.frame(width: 30, height: 12).cursor == CursorPosition(row: 1, column: 5))
  }

  @Test func `a click on an item in the list's box picks it; one on a box's line hits nothing`() throws {
    var p = try sectionHarness(["--style=full"])
    _ = p.frame(width: 30, height: 12)
    // Rows: the input's box (0-2), the list's top line (3), apple (4), banana (5).
    p.press(bytes: Array("\u{1B}[<0;8;6M".utf8))
    #expect(p.current == "banana")
    p.press(bytes: Array("\u{1B}[<0;8;4M".utf8))
    #expect(p.current == "banana")
  }

  @Test func `a click on the select-all row in the input's box selects all`() throws {
    var p = try sectionHarness(["--style=full", "-m", "--header=All"])
    _ = p.frame(width: 30, height: 12)
    p.press(bytes: Array("\u{1B}[<0;5;3M".utf8))
    #expect(p.selected == ["apple", "banana", "cherry"])
  }
}

/// The sectioned drawing reproduces the frame without sections wherever
/// the options add no line: the same rows, cursor and list height (with
/// room enough: a small screen leaves out what does not fit, row D12).
@Suite struct SectionEquivalenceTests {
  @Test(arguments: [
    (["--footer=f1\nf2"], ["--footer-border=top"]),
    (["--footer=f", "--layout=default"], ["--footer-border=bottom"]),
    (["--footer=f", "--layout=reverse-list", "-m"], ["--footer-border=bottom"]),
    (["--header=h\ni", "-m", "--layout=default"], ["--header-lines-border"]),
    (["--header=h", "--footer=f"], ["--header-lines-border=none", "--footer-border=top"]),
  ])
  func `sections that add no line leave the frame as it is`(plain: [String], more: [String]) throws {
    let items = ["apple", "banana", "cherry", "date", "elder"]
    var a = try sectionHarness(plain, items: items)
    var b = try sectionHarness(plain + more, items: items)
    #expect(!a.state.configuration.sections.isActive)
    #expect(b.state.configuration.sections.isActive)
    for height in [7, 12] {
      let expected = a.frame(width: 20, height: height)
      #expect(b.frame(width: 20, height: height) == expected, "\(more) at \(height) rows")
      #expect(b.state.listHeight == a.state.listHeight, "\(more) at \(height) rows")
    }
  }
}
