import Testing

@testable import PickCore

// Valid and invalid expressions checked against fzf 0.74.5: `fzf --filter '' --nth=EXPR`
// prints "invalid format: EXPR" for each rejected one.

@Test(arguments: [
  ("1", FieldRange(1)), ("-1", FieldRange(-1)), ("2..", FieldRange(begin: 2, end: nil)),
  ("..3", FieldRange(begin: nil, end: 3)), ("..", FieldRange(begin: nil, end: nil)),
  ("1..-2", FieldRange(begin: 1, end: -2)), ("01", FieldRange(1)),
  ("-3..-2", FieldRange(begin: -3, end: -2)), ("2..-1", FieldRange(begin: 2, end: -1)),
  ("-3..", FieldRange(begin: -3, end: nil)), ("..-3", FieldRange(begin: nil, end: -3)),
  ("3..1", FieldRange(begin: 3, end: 1)), ("-2..-3", FieldRange(begin: -2, end: -3)),
])
func `field range expressions parse as fzf's`(text: String, expected: FieldRange) {
  #expect(FieldRange.parse(Substring(text)) == expected)
}

@Test(arguments: [
  "0", "", " 1", "1 ", "a", "1..0", "+1", "1..+2", "1...2", "1..2..3", "1,,2", "1,", ",1",
  "-0", "-", "1..-", "--1", "99999999999999999999",
  // A negative begin with a positive end: fzf says "invalid format".
  "-1..1", "-5..1", "-1..2",
])
func `invalid field expressions are rejected`(text: String) {
  #expect(FieldRange.parseList(text) == nil)
}

@Test func `a list keeps its order and repeats`() {
  #expect(
    FieldRange.parseList("3,1,1..2,1") == [
      FieldRange(3), FieldRange(1), FieldRange(begin: 1, end: 2), FieldRange(1),
    ])
}
