import Testing

@testable import PickCore

/// `--highlight-line`: the current and selected rows' backgrounds reach
/// across the row, up to the two columns kept free at the edge.
@Suite struct HighlightLineTests {
  private func frame(_ arguments: [String], width: Int = 20) throws -> Frame {
    let options = try OptionParser.parse(arguments: arguments.map { Array($0.utf8) })
    var p = try PickerHarness(["one", "two", "three"]) { $0 = options }
    _ = p.press("tab")
    return p.frame(width: width, height: 6)
  }

  /// The columns of `row` drawn on a background.
  private func paintedColumns(_ frame: Frame, row: Int) -> Int {
    frame.rows[row].filter { $0.style.background != nil }.reduce(0) { $0 + $1.columns }
  }

  @Test func `the current and selected rows are painted across, the others not`() throws {
    let colours = "--color=bg+:236,selected-bg:52"
    let plain = try frame(["-m", colours])
    let highlighted = try frame(["-m", colours, "--highlight-line"])
    // Rows: prompt, info, select-all, one (selected), two (current), three.
    #expect(paintedColumns(plain, row: 4) == 3 + 3)  // the signs' columns and `two`
    #expect(paintedColumns(highlighted, row: 4) == 20 - 2)
    #expect(paintedColumns(highlighted, row: 3) == 20 - 2)
    #expect(paintedColumns(highlighted, row: 5) == 1)  // the gutter's column only, as without the option
    #expect(highlighted.rows[4].map(\.text).joined().hasPrefix(">  two "))
  }

  @Test func `--style=full turns it on and --no-highlight-line off again`() throws {
    // Without its section borders, so that the rows are where they were.
    let colours = "--color=bg+:236"
    let full = ["--style=full", "--no-list-border", "--no-input-border"]
    #expect(paintedColumns(try frame(["-m", colours] + full, width: 30), row: 4) == 30 - 3)
    #expect(paintedColumns(try frame(["-m", colours] + full + ["--no-highlight-line"], width: 30), row: 4) == 6)
  }
}
