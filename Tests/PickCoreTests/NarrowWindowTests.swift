import Testing

@testable import PickCore

/// Issue 19, narrow windows: at every width each row is readable or
/// deliberately left out, and a number is never cut in the middle. The
/// select-all row's count (`S of N  +K hidden`) gives way in steps that
/// each still tell the truth (PickerLayout+SelectAll.swift).
@Suite struct NarrowWindowTests {
  /// The numbers: 24 040 items match the query `a`, 10 884 of them
  /// are selected, and 1 200 more selections (the `b` items) are hidden.
  static func bigSelection(width: Int) throws -> (PickerHarness, Frame) {
    let items = (1...24_040).map { "a\($0)" } + (1...1_200).map { "b\($0)" }
    var p = try PickerHarness(items, multi: .max, query: "a", width: width, height: 7) { $0.hint = false }
    for item in Array(0..<10_884) + Array(24_040..<25_240) { p.state.selection.select(item) }
    return (p, p.frame(width: width, height: 7))
  }

  @Test func `the counts the frames below are drawn from`() throws {
    let (p, _) = try Self.bigSelection(width: 80)
    let summary = p.state.selection.summary(over: p.state.matches)
    #expect(summary.selectedMatching == 10_884)
    #expect(summary.matching == 24_040)
    #expect(summary.hidden == 1_200)
  }

  @Test(arguments: [
    (
      80,
      """
      > a
        24040/25240
        [-] All                                           10884 of 24040  +1200 hidden
      >* a1
       * a2
       * a3
       * a4
      """
    ),
    (
      40,
      """
      > a
        24040/25240
        [-] All   10884 of 24040  +1200 hidden
      >* a1
       * a2
       * a3
       * a4
      """
    ),
    (
      30,
      """
      > a
        24040/25240
        [-] All
      10884 of 24040  +1200 hidden
      >* a1
       * a2
       * a3
      """
    ),
    (
      20,
      """
      > a
        24040/25240
        [-] All
      10884 of 24040 +1200
      >* a1
       * a2
       * a3
      """
    ),
    (
      12,
      """
      > a

        [-] All
      >* a1
       * a2
       * a3
       * a4
      """
    ),
  ])
  func `the select-all row at 80, 40, 30, 20 and 12 columns`(width: Int, screen: String) throws {
    let (_, frame) = try Self.bigSelection(width: width)
    expectScreen(frame, screen)
  }
}
