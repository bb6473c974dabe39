import Testing

@testable import PickCore

/// `--pointer`, `--marker`, `--gutter` and `--no-unicode`, drawn by the
/// layout: golden frames, no terminal.
@Suite struct ItemMarksTests {
  private func harness(_ items: [String], _ arguments: [String]) throws -> PickerHarness {
    let options = try OptionParser.parse(arguments: arguments.map { Array($0.utf8) })
    return try PickerHarness(items) { $0 = options }
  }

  @Test func `pick's own signs keep a blank column before the text`() throws {
    var p = try harness(["one", "two", "three"], ["-m"])
    _ = p.press("tab")
    expectScreen(
      p.frame(width: 30, height: 6),
      """
      >
        3/3
        [-] All               1 of 3
       * one
      >  two
         three
      """)
  }

  @Test func `signs the user gives set the spacing, as fzf draws them`() throws {
    // fzf's own test suite runs with these: `> 1`, `  2`, ` >3`.
    var p = try harness(["1", "2", "3"], ["-m", "--pointer", ">", "--marker", ">", "--gutter", " ", "--scroll-off=0"])
    _ = p.press("tab")
    expectScreen(
      p.frame(width: 20, height: 5),
      """
      >
        3/3
        [-] All     1 of 3
       >1
      > 2
      """)
  }

  @Test func `wide and two-column signs move the text and the select-all box alike`() throws {
    var p = try harness(["alpha", "beta", "gamma"], ["-m", "--header-lines=1", "--pointer=→ ", "--marker=✓✓"])
    _ = p.press("tab")
    expectScreen(
      p.frame(width: 30, height: 6),
      """
      >
        2/2
          [-] All             1 of 2
          alpha
        ✓✓beta
      →   gamma
      """)
  }

  @Test func `empty signs take no column`() throws {
    var p = try harness(["one", "two"], ["-m", "--pointer=", "--marker="])
    _ = p.press("tab")
    let frame = p.frame(width: 20, height: 5)
    expectScreen(
      frame,
      """
      >
        2/2
      [-] All       1 of 2
      one
      two
      """)
    // The cursor row is still told apart: by its colour only, as the user asked.
    #expect(frame.rows[4].first?.style != frame.rows[3].first?.style)
  }

  @Test func `the gutter fills the pointer's first column of the other rows`() throws {
    var p = try harness(["one", "two", "three"], ["--gutter=▏"])
    expectScreen(
      p.frame(width: 20, height: 5),
      """
      >
        3/3
      >  one
      ▏  two
      ▏  three
      """)
  }

  @Test func `--no-unicode draws borders, separator and scrollbar in ASCII`() throws {
    // The section borders off: the separator is drawn only where no box parts the input from the list.
    var p = try harness(
      (1...20).map(String.init),
      ["--no-unicode", "--border", "--style=full", "--no-list-border", "--no-input-border"])
    expectScreen(
      p.frame(width: 24, height: 7),
      """
      +--------------------+
      | >           20/20  |
      | -----------------  |
      | >  1           |   |
      |    2               |
      |    3               |
      +--------------------+
      """)
  }

  @Test(arguments: [
    ["--pointer=>>>"], ["--marker=\u{7}"], ["--gutter=ab"], ["--gutter="], ["--pointer=漢字"],
  ])
  func `signs that do not fit are refused`(arguments: [String]) {
    #expect(throws: OptionError.self) { _ = try OptionParser.parse(arguments: arguments.map { Array($0.utf8) }) }
  }
}
