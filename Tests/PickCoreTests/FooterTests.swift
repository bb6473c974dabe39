import Testing

@testable import PickCore

/// `--footer`: at the far end of the list from the prompt, read top-down,
/// with a line between it and the list (fzf 0.74's arrangement).
@Suite struct FooterTests {
  private func harness(_ items: [String], _ arguments: [String]) throws -> PickerHarness {
    let options = try OptionParser.parse(arguments: arguments.map { Array($0.utf8) })
    return try PickerHarness(items) { $0 = options }
  }

  @Test func `reverse: the footer is at the bottom, under the rest of the list's rows`() throws {
    var p = try harness(["1", "2"], ["--footer=foot1\nfoot2"])
    expectScreen(
      p.frame(width: 12, height: 8),
      """
      >
        2/2
      >  1
         2

      ──────────
         foot1
         foot2
      """)
  }

  @Test func `default and reverse-list: the footer is at the top`() throws {
    var bottomUp = try harness(["1", "2", "3"], ["--layout=default", "--footer=foot"])
    expectScreen(
      bottomUp.frame(width: 12, height: 6),
      """
         foot
      ──────────
         2
      >  1
        3/3
      >
      """)
    var topDown = try harness(["1", "2", "3"], ["--layout=reverse-list", "--footer=foot"])
    expectScreen(
      topDown.frame(width: 12, height: 6),
      """
         foot
      ──────────
      >  1
         2
        3/3
      >
      """)
  }

  @Test func `the footer's rows come out of the list's, and moving keeps the cursor in view`() throws {
    let options = try OptionParser.parse(arguments: [Array("--footer=a\nb\nc".utf8)])
    var p = try PickerHarness((1...20).map(String.init), width: 12, height: 10) { $0 = options }
    // Prompt, info, 4 items, the line and three footer lines.
    #expect(PickerLayout(width: 12, height: 10).listRowCount(for: p.state, store: p.store) == 4)
    _ = p.press("down", "down", "down", "down", "down")
    // fzf's --scroll-off (3, at most half the list): two rows above the cursor, two below.
    expectScreen(
      p.frame(width: 12, height: 10),
      """
      >
        20/20
         5
      >  6
         7
         8
      ──────────
         a
         b
         c
      """)
  }

  @Test func `--no-unicode draws the footer's line in ASCII, and --no-footer removes it`() throws {
    var ascii = try harness(["1"], ["--footer=f", "--no-unicode"])
    #expect(ascii.frame(width: 8, height: 5).rows[3].map(\.text).joined() == "------")
    var none = try harness(["1"], ["--footer=f", "--no-footer"])
    #expect(!none.frame(width: 8, height: 5).rows.contains { $0.map(\.text).joined().contains("f") })
  }
}
