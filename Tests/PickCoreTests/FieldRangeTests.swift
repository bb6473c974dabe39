import Testing
@testable import PickCore

@Test(arguments: [
  ("1", FieldRange(1)), ("-1", FieldRange(-1)), ("2..", FieldRange(begin: 2, end: nil)),
  ("..3", FieldRange(begin: nil, end: 3)), ("..", FieldRange(begin: nil, end: nil)),
  ("1..-2", FieldRange(begin: 1, end: -2)),
])
func `field range expressions parse as fzf's`(text: String, expected: FieldRange) {
  #expect(FieldRange.parse(Substring(text)) == expected)
}

@Test(arguments: ["0", "", " 1", "a", "1..0", "+1", "1...2", "1,,2"])
func `invalid field expressions are rejected`(text: String) {
  #expect(FieldRange.parseList(text) == nil)
}
