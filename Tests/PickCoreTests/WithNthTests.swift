import Testing

@testable import PickCore

private func shown(_ text: String, _ delimiter: String?, _ list: String) -> String {
  var tokens: [Range<Int>] = []
  var out: [UInt8] = []
  let selection = FieldSelection(ranges(list), splitter: splitter(delimiter))
  withItem(Array(text.utf8)) { selection.shownText(of: $0, tokens: &tokens, into: &out) }
  return String(decoding: out, as: UTF8.self)
}

// fzf 0.74.5 does not print the `--with-nth` text in filter mode (it prints
// the original line), so each expected value was checked by matching it:
// `fzf --filter '^TEXT$' --with-nth ...` finds the item, and a query with one
// more character at the end (`a,\ ` for "a,", `b\r` for "b") does not.
// fzf queries cannot hold a tab, so texts with one were checked in parts
// (`b\ta`: `^b`, `a$` and `ba` match, `c`, `a\ ` and `b\ ` do not).
@Test(arguments: [
  ("  a  b\tc  ", nil, "1", "a"),
  ("  a  b\tc  ", nil, "..", "a  b\tc"),
  ("  a  b\tc  ", nil, "2,1", "b\ta"),
  ("  a  b\tc  ", nil, "1,1", "a  a"),
  ("  a  b\tc  ", nil, "1..2", "a  b"),
  ("  a  b\tc  ", nil, "5", ""),
  ("  a  b\tc  ", nil, "3..1", ""),
  ("a b c", nil, "1,2", "a b"),
  // The trailing delimiter stays; only white space is trimmed.
  ("a,b,c", ",", "1", "a,"),
  ("a,b,c", ",", "1..2", "a,b,"),
  ("a,b,c", ",", "3,1", "ca,"),
  ("a,b,c", ",", "2,2", "b,b,"),
  ("a,b,c", ",", "..", "a,b,c"),
  ("a,b,c,", ",", "..", "a,b,c,"),
  ("a,b \r", ",", "2", "b"),
  ("a,b\u{A0}", ",", "2", "b"),
  ("a, b, c", ", ", "1", "a,"),
  ("a, b, c", ", ", "3,1", "ca,"),
])
func `with-nth joins the selected fields and trims trailing white space`(
  text: String, delimiter: String?, fields: String, expected: String
) {
  #expect(shown(text, delimiter, fields) == expected)
}

@Test func `with-nth leaves earlier output alone`() {
  var tokens: [Range<Int>] = []
  var out = Array("keep ".utf8)
  let selection = FieldSelection(ranges("1"), splitter: splitter(nil))
  withItem(Array("a b".utf8)) { selection.shownText(of: $0, tokens: &tokens, into: &out) }
  #expect(out == Array("keep a".utf8))
}
