import Testing

@testable import PickCore

// --height=~N: the area shrinks to the items when fewer came than it could
// show; the rows around the list are those --min-height=N+ counts, plus the
// footer's and the decoration's.

private func options(_ words: String...) throws -> Options {
  try OptionParser.parse(arguments: words.map { Array($0.utf8) })
}

@Test func `~ makes any height adaptive`() throws {
  #expect(
    try options("--height=~10").height
      == {
        var spec = HeightSpec(value: 10)
        spec.isAdaptive = true
        return spec
      }())
  #expect(try options("--height=~40%").height?.isPercent == true)
  #expect(try options("--height=~40%").height?.isAdaptive == true)
  #expect(try options("--height=40%").height?.isAdaptive == false)
  #expect(throws: OptionError.self) { try options("--height=~") }
}

@Test func `the area is the items and the rows around them, at most the height`() throws {
  let plain = try options()
  // The prompt and the info row.
  #expect(AdaptiveHeight.rows(items: 3, maximum: 10, options: plain) == 5)
  #expect(AdaptiveHeight.rows(items: 0, maximum: 10, options: plain) == 2)
  #expect(AdaptiveHeight.rows(items: 30, maximum: 10, options: plain) == 10)
  // The select-all row, a header line, a footer (its line and text), a border.
  #expect(AdaptiveHeight.rows(items: 3, maximum: 20, options: try options("-m")) == 6)
  #expect(AdaptiveHeight.rows(items: 3, maximum: 20, options: try options("--header=h")) == 6)
  #expect(AdaptiveHeight.rows(items: 3, maximum: 20, options: try options("--footer=f")) == 7)
  #expect(AdaptiveHeight.rows(items: 3, maximum: 20, options: try options("--border")) == 7)
  #expect(AdaptiveHeight.rows(items: 3, maximum: 20, options: try options("--no-info")) == 4)
}
