import Testing

@testable import PickCore

/// `--gap-line`: the text across the last row of each `--gap`, from the
/// items' signs on (fzf draws `┈` there; pick's gap rows stay blank unless asked).
@Suite struct GapLineTests {
  /// The frame of three items; a gap is drawn before an item that is shown.
  private func screen(_ arguments: [String], height: Int = 6) throws -> Frame {
    let options = try OptionParser.parse(arguments: arguments.map { Array($0.utf8) })
    var p = try PickerHarness(["1", "2", "3"]) { $0 = options }
    return p.frame(width: 12, height: height)
  }

  @Test func `--gap-line draws fzf's line on each gap, --no-gap-line blank rows`() throws {
    expectScreen(
      try screen(["--gap", "--gap-line"]),
      """
      >
        3/3
      >  1
        ┈┈┈┈┈┈┈┈
         2

      """)
    expectScreen(
      try screen(["--gap", "--gap-line", "--no-gap-line"]),
      """
      >
        3/3
      >  1

         2

      """)
  }

  @Test func `the line goes on the last row of a wider gap, in the text given`() throws {
    expectScreen(
      try screen(["--gap=2", "--gap-line=-="], height: 7),
      """
      >
        3/3
      >  1

        -=-=-=-=
         2

      """)
  }

  @Test func `--no-unicode draws fzf's default gap line in ASCII`() throws {
    #expect(try screen(["--gap", "--gap-line", "--no-unicode"]).rows[3].map(\.text).joined() == "  --------")
  }
}
