import Testing

@testable import PickCore

@Test(arguments: [
  ("10", 24, 10), ("50%", 24, 12), ("-3", 24, 21), ("~8", 24, 8), ("100", 24, 24), ("0", 24, 1),
  ("100%", 24, 24), ("-30", 24, 1), ("1", 1, 1),
])
func `height specs resolve against the terminal and clamp to it`(spec: String, rows: Int, expected: Int) throws {
  let height = try #require(HeightSpec(spec))
  #expect(height.rows(on: rows) == expected)
}

@Test(arguments: ["", "%", "-", "1x", "101%", "+3", "1.5", "~"])
func `malformed heights are rejected`(spec: String) {
  #expect(HeightSpec(spec) == nil)
}

@Test func `--height is parsed and --no-height turns it off`() throws {
  let options = try OptionParser.parse(arguments: [Array("--height=40%".utf8)])
  #expect(options.height == HeightSpec(value: 40, isPercent: true))
  let off = try OptionParser.parse(arguments: [Array("--height=4".utf8), Array("--no-height".utf8)])
  #expect(off.height == nil)
}
