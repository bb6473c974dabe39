import Testing

@testable import PickCore

/// Renders a parsed query compactly: groups joined by " & ", terms of a group by " | ",
/// each term as `[!]kind:text` with `/s` when case-sensitive and `/l` when accents are literal.
private func describe(_ query: Query) -> String {
  query.groups.map { group in
    group.map { term in
      let kind: String
      switch term.kind {
      case .fuzzy: kind = "fuzzy"
      case .exact: kind = "exact"
      case .exactBoundary: kind = "boundary"
      case .prefix: kind = "prefix"
      case .suffix: kind = "suffix"
      case .equal: kind = "equal"
      }
      var text = ""
      for unit in term.units {
        if let scalar = Unicode.Scalar(unit) { text.unicodeScalars.append(scalar) } else { text += "<\(unit)>" }
      }
      return (term.isInverse ? "!" : "") + kind + ":" + text + (term.isCaseSensitive ? "/s" : "")
        + (term.normalizesItems ? "" : "/l")
    }.joined(separator: " | ")
  }.joined(separator: " & ")
}

private func parse(_ text: String, _ parser: QueryParser = QueryParser()) -> String {
  describe(parser.parse(Array(text.utf8)))
}

// Each row was checked against fzf 0.74.5's behaviour (`fzf --filter`).
@Test(arguments: [
  ("abc", "fuzzy:abc"),
  ("  abc  ", "fuzzy:abc"),
  ("a b", "fuzzy:a & fuzzy:b"),
  ("a   b", "fuzzy:a & fuzzy:b"),
  ("'abc", "exact:abc"),
  ("^abc", "prefix:abc"),
  ("abc$", "suffix:abc"),
  ("^abc$", "equal:abc"),
  ("!abc", "!exact:abc"),
  ("!^abc", "!prefix:abc"),
  ("!abc$", "!suffix:abc"),
  ("!'abc", "!fuzzy:abc"),
  ("'abc'", "boundary:abc"),
  ("!'abc'", "!boundary:abc"),
  ("'abc'$", "boundary:abc"),
  ("^'abc'", "prefix:'abc'"),
  ("''", "exact:'"),
  ("'''", "boundary:'"),
  ("a | b", "fuzzy:a | fuzzy:b"),
  ("a b | c", "fuzzy:a & fuzzy:b | fuzzy:c"),
  ("a | b c", "fuzzy:a | fuzzy:b & fuzzy:c"),
  ("| a", "fuzzy:| & fuzzy:a"),
  ("a |", "fuzzy:a"),
  ("a | | b", "fuzzy:a | fuzzy:| & fuzzy:b"),
  ("a||b", "fuzzy:a||b"),
  ("!", ""),
  ("^", ""),
  ("'", ""),
  ("!^", ""),
  ("^$", ""),
  ("$", "fuzzy:$"),
  ("!$", "!exact:$"),
  ("a\\ b", "fuzzy:a b"),
  ("a\\ ", "fuzzy:a "),
  ("a\\", "fuzzy:a\\"),
  ("Abc def", "fuzzy:Abc/s & fuzzy:def"),
  ("café", "fuzzy:café/l"),
  ("CAFÉ", "fuzzy:CAFÉ/s/l"),
  ("cafe", "fuzzy:cafe"),
  ("a\tb", "fuzzy:a\tb"),
])
func `extended syntax parses as fzf's`(query: String, expected: String) {
  #expect(parse(query) == expected)
}

@Test func `exact mode makes plain terms exact and quoted terms fuzzy`() {
  let parser = QueryParser(isExact: true)
  #expect(parse("abc 'def ^g", parser) == "exact:abc & fuzzy:def & prefix:g")
}

@Test func `case options override smart case`() {
  #expect(parse("Abc", QueryParser(caseMode: .insensitive)) == "fuzzy:abc")
  #expect(parse("abc", QueryParser(caseMode: .sensitive)) == "fuzzy:abc/s")
}

@Test func `literal turns accent folding off`() {
  #expect(parse("cafe", QueryParser(normalize: false)) == "fuzzy:cafe/l")
}

@Test func `without extended mode the whole query is one term`() {
  #expect(parse(" a 'b ", QueryParser(isExtended: false)) == "fuzzy: a 'b ")
  #expect(parse("a b", QueryParser(isExtended: false, isExact: true)) == "exact:a b")
}

@Test func `invalid bytes in a query become units that match only themselves`() {
  let query = QueryParser().parse([0x61, 0xFF])
  #expect(query.groups.first?.first?.units == [0x61, UTF8Decoding.invalidByteBase + 0xFF])
}

@Test func `only inverse terms keep input order`() {
  #expect(QueryParser().parse(Array("!a !b".utf8)).isInverseOnly)
  #expect(!QueryParser().parse(Array("!a b".utf8)).isInverseOnly)
}
