import Testing

@testable import PickCore

/// `--scroll-off=LINES`: rows kept between the cursor and the list's ends
/// as it scrolls, fzf's two passes (default 3, at most half the list; `--gap`
/// rows count). Each frame was checked against fzf 0.74.5 with the same
/// number of list rows.
@Suite struct ScrollOffTests {
  static let items = (1...20).map { "item \($0 < 10 ? "0" : "")\($0)" }

  /// The list rows after pressing Down `downs` times, in a frame `height` rows high.
  private func list(_ arguments: [String], downs: Int, height: Int) throws -> [String] {
    let options = try OptionParser.parse(arguments: arguments.map { Array($0.utf8) })
    var p = try PickerHarness(Self.items) { $0 = options }
    _ = p.frame(width: 20, height: height)
    for _ in 0..<downs { p.press("down") }
    let frame = p.frame(width: 20, height: height)
    expectFits(frame)
    return frame.plainText.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2).map {
      String($0.reversed().drop { $0 == " " }.reversed())
    }
  }

  @Test func `without --scroll-off the cursor goes down to the last row`() throws {
    #expect(
      try list(["--scroll-off=0"], downs: 10, height: 11) == [
        "   item 03", "   item 04", "   item 05", "   item 06", "   item 07", "   item 08", "   item 09",
        "   item 10", ">  item 11",
      ])
  }

  @Test func `the default keeps three rows below the cursor`() throws {
    #expect(
      try list([], downs: 10, height: 11) == [
        "   item 06", "   item 07", "   item 08", "   item 09", "   item 10", ">  item 11", "   item 12",
        "   item 13", "   item 14",
      ])
    #expect(try list([], downs: 10, height: 11) == list(["--scroll-off=3"], downs: 10, height: 11))
  }

  @Test func `--scroll-off=1 keeps one row`() throws {
    #expect(
      try list(["--scroll-off=1"], downs: 10, height: 11) == [
        "   item 04", "   item 05", "   item 06", "   item 07", "   item 08", "   item 09", "   item 10",
        ">  item 11", "   item 12",
      ])
  }

  @Test func `a large --scroll-off keeps the cursor in the middle`() throws {
    #expect(
      try list(["--scroll-off=100"], downs: 10, height: 11) == [
        "   item 07", "   item 08", "   item 09", "   item 10", ">  item 11", "   item 12", "   item 13",
        "   item 14", "   item 15",
      ])
  }

  @Test func `the list never scrolls past its ends`() throws {
    let top = try list(["--scroll-off=100"], downs: 1, height: 11)
    #expect(top.first == "   item 01" && top[1] == ">  item 02")
    let bottom = try list(["--scroll-off=100"], downs: 18, height: 11)
    #expect(bottom.last == "   item 20" && bottom[bottom.count - 2] == ">  item 19")
  }

  @Test func `gap rows count as rows of context`() throws {
    // Six rows, three items of two rows: the cursor stays in the middle one,
    // where fewer than three rows show on both sides.
    #expect(try list(["--gap=1"], downs: 5, height: 8) == ["   item 05", "", ">  item 06", "", "   item 07", ""])
  }

  @Test func `the two passes end with the rows below the cursor when both sides cannot have them`() {
    // Four rows and a context of two: fzf ends with one row above, two below.
    let scroll = PickerState.keepingContext(scroll: 0, cursor: 5, rows: 4, range: 2...5, gap: 0, scrollOff: 2)
    #expect(scroll == 4)
    #expect(PickerState.keepingContext(scroll: 3, cursor: 5, rows: 4, range: 2...5, gap: 0, scrollOff: 0) == 3)
  }
}
