import Testing

@testable import PickCore

// Expected fields are fzf 0.74.5's tokens for the same input. A field keeps the
// separator that ends it; fzf shows that through `--with-nth N` (trailing
// delimiter kept) and `--accept-nth N` (dropped), both checked with `fzf --filter`.

private func fields(_ text: String, _ delimiter: String?) -> [String] {
  let bytes = Array(text.utf8)
  var tokens: [Range<Int>] = []
  withItem(bytes) { splitter(delimiter).tokenize($0, into: &tokens) }
  return slices(tokens, of: bytes)
}

@Test(arguments: [
  ("  a  b\tc  ", ["a  ", "b\t", "c  "]),
  ("a\t\tb\t c", ["a\t\t", "b\t ", "c"]),
  ("one", ["one"]),
  ("", []),
  ("   ", []),
  ("\t \t", []),
  // Only space and tab separate: other white space is part of a field.
  ("a\u{A0}b c\r", ["a\u{A0}b ", "c\r"]),
  ("a\u{3000}b", ["a\u{3000}b"]),
])
func `AWK-style fields are a non-blank run plus the blanks after it`(
  text: String, expected: [String]
) {
  #expect(fields(text, nil) == expected)
}

@Test(arguments: [
  ("a,b,c", ",", ["a,", "b,", "c"]),
  (",a,,b,", ",", [",", "a,", ",", "b,", ""]),
  ("a,b,c,", ",", ["a,", "b,", "c,", ""]),
  ("", ",", [""]),
  (",", ",", [",", ""]),
  ("a b", ",", ["a b"]),
  ("a\tb\tc", "\t", ["a\t", "b\t", "c"]),
  ("a, b, c", ", ", ["a, ", "b, ", "c"]),
  ("a,, b,, c", ", ", ["a,, ", "b,, ", "c"]),
  ("a:::b::c", "::", ["a::", ":b::", "c"]),
  ("xaaay", "aa", ["xaa", "ay"]),
  ("xaaaay", "aa", ["xaa", "aa", "y"]),
  ("é|ü", "|", ["é|", "ü"]),
  ("a→b→c", "→", ["a→", "b→", "c"]),
])
func `a literal delimiter ends each field it follows`(
  text: String, delimiter: String, expected: [String]
) {
  #expect(fields(text, delimiter) == expected)
}

@Test(arguments: [
  ("abc", ["a", "b", "c"]),
  ("é😀x", ["é", "😀", "x"]),
  ("", []),
])
func `an empty delimiter makes every character a field`(text: String, expected: [String]) {
  #expect(fields(text, "") == expected)
}

@Test(
  arguments: [
    // AWK style: bytes that are not UTF-8 are never blanks.
    ([0x61, 0xFF, 0x20, 0x62], nil, [0..<3, 3..<4]),
    ([0x20, 0xC0, 0x80, 0x09, 0xFE], nil, [1..<4, 4..<5]),
    // A delimiter may itself be an invalid byte, or sit next to one.
    ([0x61, 0xFF, 0x62, 0xFE], [0xFF], [0..<2, 2..<4]),
    ([0xFE, 0x2C, 0x2C, 0xFF], [0x2C], [0..<2, 2..<3, 3..<4]),
    // Empty delimiter: a truncated or overlong sequence splits byte by byte.
    ([0x61, 0xE2, 0x82, 0x63], [], [0..<1, 1..<2, 2..<3, 3..<4]),
    ([0xC0, 0x80, 0xE2, 0x82, 0xAC], [], [0..<1, 1..<2, 2..<5]),
    ([0xED, 0xA0, 0x80, 0xF4, 0x90, 0x80, 0x80], [], (0..<7).map { $0..<($0 + 1) }),
  ] as [([UInt8], [UInt8]?, [Range<Int>])])
func `fields of invalid UTF-8 are byte ranges`(
  text: [UInt8], delimiter: [UInt8]?, expected: [Range<Int>]
) {
  var tokens: [Range<Int>] = []
  withItem(text) { FieldSplitter(delimiter: delimiter).tokenize($0, into: &tokens) }
  #expect(tokens == expected)
}

@Test func `tokenizing clears the reused array first`() {
  var tokens: [Range<Int>] = [7..<9]
  withItem(Array("a b".utf8)) { splitter(nil).tokenize($0, into: &tokens) }
  #expect(tokens == [0..<2, 2..<3])
}

@Test(
  arguments: [
    (#","#, [0x2C]),
    (#"\t"#, [0x09]),
    (#"\n"#, [0x0A]),
    (#"\0"#, [0x00]),
    (#"\\"#, [0x5C]),
    (#"a\tb"#, [0x61, 0x09, 0x62]),
    (#"\\t"#, [0x5C, 0x74]),
    ("", []),
  ] as [(String, [UInt8])])
func `delimiter escapes give their bytes`(argument: String, expected: [UInt8]) {
  #expect(FieldSplitter.delimiter(unescaping: Array(argument.utf8)) == expected)
}

@Test(arguments: [#"\"#, #"\|"#, #"\."#, #"a\"#, #"\x41"#])
func `unknown delimiter escapes are rejected, not kept`(argument: String) {
  #expect(FieldSplitter.delimiter(unescaping: Array(argument.utf8)) == nil)
}

@Test func `a delimiter argument that is not UTF-8 survives`() {
  #expect(FieldSplitter.delimiter(unescaping: [0xFF, 0x5C, 0x74]) == [0xFF, 0x09])
}
