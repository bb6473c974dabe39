import Testing

@testable import PickCore

private func accepted(_ text: String, _ delimiter: String?, _ list: String) -> String {
  var tokens: [Range<Int>] = []
  var out: [UInt8] = []
  let selection = FieldSelection(ranges(list), splitter: splitter(delimiter))
  withItem(Array(text.utf8)) { selection.acceptedText(of: $0, tokens: &tokens, into: &out) }
  return String(decoding: out, as: UTF8.self)
}

// Every expected value below is what fzf 0.74.5 prints for
//   printf '%s\n' INPUT | fzf --filter '' [-d DELIMITER] --accept-nth FIELDS
// (gathered by running it; an empty selection prints an empty line).
@Test(
  arguments: [
    ("  a  b\tc  ", nil, "1", "a"),
    ("  a  b\tc  ", nil, "2", "b"),
    ("  a  b\tc  ", nil, "3", "c"),
    ("  a  b\tc  ", nil, "-1", "c"),
    ("  a  b\tc  ", nil, "-3", "a"),
    ("  a  b\tc  ", nil, "1..2", "a  b"),
    ("  a  b\tc  ", nil, "2..", "b\tc"),
    ("  a  b\tc  ", nil, "..2", "a  b"),
    ("  a  b\tc  ", nil, "..", "a  b\tc"),
    ("  a  b\tc  ", nil, "2,1", "b\ta"),
    ("  a  b\tc  ", nil, "1,1", "a  a"),
    ("  a  b\tc  ", nil, "3,1", "c  a"),
    ("  a  b\tc  ", nil, "5", ""),
    ("  a  b\tc  ", nil, "-5", ""),
    ("  a  b\tc  ", nil, "-5..", "a  b\tc"),
    ("  a  b\tc  ", nil, "..-5", ""),
    ("  a  b\tc  ", nil, "3..1", ""),
    ("  a  b\tc  ", nil, "2..9", "b\tc"),
    ("  a  b\tc  ", nil, "-9..-2", "a  b"),
    ("a\t\tb\t c", nil, "1", "a"),
    ("a\t\tb\t c", nil, "2", "b"),
    ("a\t\tb\t c", nil, "3", "c"),
    ("a\t\tb\t c", nil, "1..2", "a\t\tb"),
    ("a\t\tb\t c", nil, "2..", "b\t c"),
    ("   ", nil, "1", ""),
    ("   ", nil, "..", ""),
    ("   ", nil, "-1", ""),
    ("", nil, "1", ""),
    ("", nil, "..", ""),
    ("one", nil, "1", "one"),
    ("one", nil, "..", "one"),
    ("one", nil, "2", ""),
    ("a b\u{A0}", nil, "2", "b"),
    ("a b\u{A0}", nil, "1..", "a b"),
    ("a b\u{A0}", nil, "2,1", "b\u{A0}a"),
    ("a b\r", nil, "2", "b"),
    ("a b\r", nil, "..", "a b"),
    ("a\u{A0}b c\u{3000}", nil, "1", "a\u{A0}b"),
    ("a\u{A0}b c\u{3000}", nil, "2", "c"),
    ("a\u{A0}b c\u{3000}", nil, "2,1", "c\u{3000}a\u{A0}b"),
    ("a,b,c", ",", "1", "a"),
    ("a,b,c", ",", "2", "b"),
    ("a,b,c", ",", "3", "c"),
    ("a,b,c", ",", "4", ""),
    ("a,b,c", ",", "-1", "c"),
    ("a,b,c", ",", "-2", "b"),
    ("a,b,c", ",", "1..2", "a,b"),
    ("a,b,c", ",", "2..", "b,c"),
    ("a,b,c", ",", "..2", "a,b"),
    ("a,b,c", ",", "..", "a,b,c"),
    ("a,b,c", ",", "1,3", "a,c"),
    ("a,b,c", ",", "3,1", "ca"),
    ("a,b,c", ",", "2,2", "b,b"),
    ("a,b,c", ",", "1..5", "a,b,c"),
    ("a,b,c", ",", "6", ""),
    ("a,b,c", ",", "3..1", ""),
    ("a,b,c", ",", "-3..-2", "a,b"),
    (",a,,b,", ",", "1", ""),
    (",a,,b,", ",", "2", "a"),
    (",a,,b,", ",", "3", ""),
    (",a,,b,", ",", "4", "b"),
    (",a,,b,", ",", "5", ""),
    (",a,,b,", ",", "-1", ""),
    (",a,,b,", ",", "-2", "b"),
    (",a,,b,", ",", "1..2", ",a"),
    (",a,,b,", ",", "2..", "a,,b"),
    (",a,,b,", ",", "..", ",a,,b"),
    (",a,,b,", ",", "1,3", ","),
    (",a,,b,", ",", "3,1", ","),
    (",a,,b,", ",", "2,2", "a,a"),
    ("a,b,c,", ",", "-1", ""),
    ("a,b,c,", ",", "-2", "c"),
    ("a,b,c,", ",", "..", "a,b,c"),
    ("a,b,c,", ",", "3,1", "c,a"),
    ("a,b,c,", ",", "3..", "c"),
    ("a,b,c,,", ",", "3..", "c,"),
    ("a,b,c,,", ",", "..", "a,b,c,"),
    ("", ",", "1", ""),
    ("", ",", "..", ""),
    ("", ",", "2", ""),
    (",", ",", "1", ""),
    (",", ",", "2", ""),
    (",", ",", "..", ""),
    ("a ,b \r", ",", "1", "a "),
    ("a ,b \r", ",", "2", "b \r"),
    ("a ,b \r", ",", "..", "a ,b \r"),
    ("a, b, c", ", ", "1", "a"),
    ("a, b, c", ", ", "2", "b"),
    ("a, b, c", ", ", "3", "c"),
    ("a, b, c", ", ", "1..2", "a, b"),
    ("a, b, c", ", ", "3,1", "ca"),
    ("a, b, c", ", ", "2..", "b, c"),
    ("a, b, c, ", ", ", "2..", "b, c"),
    ("a, b, c, ", ", ", "-1", ""),
    ("a,, b,, c", ", ", "1", "a,"),
    ("a,, b,, c", ", ", "2", "b,"),
    ("a,, b,, c", ", ", "-1", "c"),
    ("a:::b::c", "::", "1", "a"),
    ("a:::b::c", "::", "2", ":b"),
    ("a:::b::c", "::", "3", "c"),
    ("a:::b::c", "::", "1,2", "a:::b"),
    ("a:::b::c", "::", "..", "a:::b::c"),
    ("xaaay", "aa", "1", "x"),
    ("xaaay", "aa", "2", "ay"),
    ("xaaay", "aa", "..", "xaaay"),
    ("xaaaay", "aa", "1", "x"),
    ("xaaaay", "aa", "2", ""),
    ("xaaaay", "aa", "3", "y"),
    ("xaaaay", "aa", "1..", "xaaaay"),
    ("abc", "", "1", "a"),
    ("abc", "", "2", "b"),
    ("abc", "", "-1", "c"),
    ("abc", "", "2,3", "bc"),
    ("abc", "", "..", "abc"),
    ("abc", "", "4", ""),
    ("a\tb\tc", "\t", "2", "b"),
    ("a\tb\tc", "\t", "2..", "b\tc"),
    ("a\tb\tc", "\t", "-1", "c"),
  ] as [(String, String?, String, String)])
func `accept-nth prints the selected fields as fzf does`(
  text: String, delimiter: String?, fields: String, expected: String
) {
  #expect(accepted(text, delimiter, fields) == expected)
}

@Test func `accept-nth appends to the output buffer`() {
  var tokens: [Range<Int>] = []
  var out = Array("x\n".utf8)
  let selection = FieldSelection(ranges("2"), splitter: splitter(","))
  withItem(Array("a,b,c".utf8)) { selection.acceptedText(of: $0, tokens: &tokens, into: &out) }
  #expect(out == Array("x\nb".utf8))
}

// fzf decodes items as UTF-8 and prints U+FFFD for each invalid byte
// (`printf 'a\xff b\n' | fzf --filter '' --accept-nth 1` prints "a\u{FFFD}");
// pick prints the item's own bytes, as it does for every output (Docs/Design.md, Identity).
@Test(
  arguments: [
    ([0x61, 0xFF, 0x20, 0x62], nil, "1", [0x61, 0xFF]),
    ([0x61, 0x20, 0xFF, 0x62, 0xFE], nil, "2", [0xFF, 0x62, 0xFE]),
    ([0x61, 0x2C, 0xFE, 0x2C], [0x2C], "2", [0xFE]),
    ([0x61, 0xFF, 0x62, 0xFF], [0xFF], "1..", [0x61, 0xFF, 0x62]),
    // An invalid byte ends trailing-white-space trimming; U+00A0's bytes do not.
    ([0x61, 0x20, 0x62, 0xC2, 0xA0, 0x20], nil, "2", [0x62]),
    ([0x61, 0x20, 0x62, 0xA0, 0x20], nil, "2", [0x62, 0xA0]),
  ] as [([UInt8], [UInt8]?, String, [UInt8])])
func `accept-nth keeps bytes that are not UTF-8`(
  text: [UInt8], delimiter: [UInt8]?, fields: String, expected: [UInt8]
) {
  var tokens: [Range<Int>] = []
  var out: [UInt8] = []
  let selection = FieldSelection(ranges(fields), splitter: FieldSplitter(delimiter: delimiter))
  withItem(text) { selection.acceptedText(of: $0, tokens: &tokens, into: &out) }
  #expect(out == expected)
}
