import Testing

@testable import PickCore

private func chunkRanges(_ text: String, _ delimiter: String?, _ list: String) -> [Range<Int>] {
  var tokens: [Range<Int>] = []
  var chunks: [Range<Int>] = []
  let selection = FieldSelection(ranges(list), splitter: splitter(delimiter))
  withItem(Array(text.utf8)) { selection.chunks(of: $0, tokens: &tokens, into: &chunks) }
  return chunks
}

private func chunks(_ text: String, _ delimiter: String?, _ list: String) -> [String] {
  slices(chunkRanges(text, delimiter, list), of: Array(text.utf8))
}

// Checked against fzf 0.74.5 with `fzf --filter QUERY [-d D] --nth FIELDS`:
// `ab cd` matches `bc` with `--nth 1..2` but not `--nth 1,2`; `a,b,c` with
// `-d, --nth 1` matches `a$` but not `a,$`, with `--nth 1,2` matches `a,$`
// and `b$` but not `a$`; `  a b` with `--nth ..` or `1..` matches `\ a`, with
// `--nth 2,..` it does not; `a,b,` with `-d, --nth ..` matches `b,$`.
@Test(arguments: [
  ("ab cd", nil, "1,2", ["ab ", "cd"]),
  ("ab cd", nil, "1..2", ["ab cd"]),
  // AWK chunks keep their trailing blanks.
  ("abc def", nil, "1", ["abc "]),
  ("a  b c", nil, "1", ["a  "]),
  ("  a b", nil, "2,..", ["b", "a b"]),
  ("  a b", nil, "..,2", ["a b", "b"]),
  // Only the last chunk loses a trailing delimiter, and only one.
  ("a,b,c", ",", "1", ["a"]),
  ("a,b,c", ",", "1,2", ["a,", "b"]),
  ("a,b,c", ",", "2,1", ["b,", "a"]),
  ("a,b,c", ",", "1..2", ["a,b"]),
  ("a,b,c,,", ",", "3..", ["c,"]),
  ("a,b,", ",", "2,..", ["b,", "a,b"]),
  ("a, b, c", ", ", "1", ["a"]),
  ("a, b, c", ", ", "1,2", ["a, ", "b"]),
  ("a:::b::c", "::", "2", [":b"]),
  // Out-of-range and reversed expressions are empty chunks, still counted.
  ("a,b,c", ",", "5", [""]),
  ("a,b,c", ",", "3..1,2", ["", "b"]),
  ("a,b,c", ",", "-5..-3", ["a"]),
  ("a,b,c", ",", "..-4", [""]),
])
func `nth makes one chunk per field expression`(
  text: String, delimiter: String?, fields: String, expected: [String]
) {
  #expect(chunks(text, delimiter, fields) == expected)
}

@Test(arguments: [
  ("  a b", nil, ".."), ("  a b", nil, "1.."), ("  a b", nil, "..-1"), ("  a b", nil, "1..-1"),
  ("a,b,", ",", ".."),
])
func `a lone all-fields expression searches the whole text`(
  text: String, delimiter: String?, fields: String
) {
  #expect(chunkRanges(text, delimiter, fields) == [0..<text.utf8.count])
  #expect(FieldSelection(ranges(fields), splitter: splitter(delimiter)).searchesWholeText)
}

@Test(arguments: [
  ("  a  b", "2", [5..<6]),
  // An empty chunk sits where fzf puts it: at its first field, else at 0.
  ("  a  b", "5", [2..<2]),
  ("  a  b", "2..1", [5..<5]),
  ("  a  b", "3..1", [0..<0]),
])
func `chunks are byte ranges into the text`(text: String, fields: String, expected: [Range<Int>]) {
  #expect(chunkRanges(text, nil, fields) == expected)
}

// `printf 'a,b,c\n' | fzf --filter Q -d, --with-nth 3,1 --nth N`: N=1 matches
// `ca`, N=2 matches nothing (the shown text `ca,` has an empty second field).
@Test func `nth indexes the with-nth text`() {
  var tokens: [Range<Int>] = []
  var shown: [UInt8] = []
  let comma = splitter(",")
  withItem(Array("a,b,c".utf8)) {
    FieldSelection(ranges("3,1"), splitter: comma).shownText(of: $0, tokens: &tokens, into: &shown)
  }
  var chunks: [Range<Int>] = []
  withItem(shown) {
    FieldSelection(ranges("1,2"), splitter: comma).chunks(of: $0, tokens: &tokens, into: &chunks)
  }
  #expect(slices(chunks, of: shown) == ["ca,", ""])
  withItem(shown) {
    FieldSelection(ranges("1"), splitter: comma).chunks(of: $0, tokens: &tokens, into: &chunks)
  }
  #expect(slices(chunks, of: shown) == ["ca"])
}
