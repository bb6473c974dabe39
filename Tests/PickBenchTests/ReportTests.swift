import Testing

@testable import pick_bench

@Test(arguments: [
  (0.04, 1, "0.0"), (0.05, 1, "0.1"), (12.345, 1, "12.3"), (99.96, 1, "100.0"), (2.5, 0, "3"), (1.005, 2, "1.00"),
  (3.0, 2, "3.00"), (10.07, 2, "10.07"),
])
func `fixed-point formatting rounds like printf`(value: Double, decimals: Int, expected: String) {
  #expect(Format.fixed(value, decimals: decimals) == expected)
}

@Test func `times keep three significant digits`() {
  #expect(Format.milliseconds(8.26) == "8.3")
  #expect(Format.milliseconds(1234.4) == "1234")
  #expect(Format.ratio(2.5) == "2.50×")
}

@Test(arguments: [(0, "0"), (999, "999"), (1000, "1,000"), (989_403, "989,403"), (1_000_000, "1,000,000")])
func `counts are grouped by thousands`(value: Int, expected: String) {
  #expect(Format.count(value) == expected)
}

@Test func `median and percentile`() {
  #expect(median([3, 1, 2]) == 2)
  #expect(median([4, 1, 3, 2]) == 2.5)
  #expect(percentile([5, 1, 4, 2, 3, 6, 7, 8, 9, 10], 0.1) == 1)
  #expect(percentile([5, 1, 4, 2, 3, 6, 7, 8, 9, 10], 0.9) == 9)
}

@Test func `a Markdown table right-aligns numbers and escapes pipes in code`() {
  var table = MarkdownTable(headers: ["query", "ms"], numeric: [1])
  table.rows.append([MarkdownTable.code("a|b"), "1.0"])
  table.rows.append([MarkdownTable.code("x`y"), "2.0"])
  #expect(
    table.markdown == """
      | query | ms |
      | --- | --: |
      | `a\\|b` | 1.0 |
      | `` x`y `` | 2.0 |
      """)
}
