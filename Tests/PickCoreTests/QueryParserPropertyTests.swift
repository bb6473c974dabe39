import Testing

@testable import PickCore

// Seeded property tests of QueryParser: generated queries written in the
// grammar parse to the query they were written from, and arbitrary bytes
// parse without trapping into well-formed queries that print and parse back
// to themselves. Tests/Fuzz has the libFuzzer harness for the same
// properties.

private func below(_ bound: Int, _ rng: inout SeededGenerator) -> Int {
  Int(rng.next() % UInt64(bound))
}

/// Bytes a query is made of, operators and spaces often.
private let queryPieces: [[UInt8]] =
  ["a", "b", "Z", "é", "É", "ß", "!", "'", "^", "$", "|", " ", " ", "  ", "\\", "\\ ", "\t", "日"]
  .map {
    Array($0.utf8)
  } + [[0xFF], [0xC3], [0x80]]

private func parser(_ rng: inout SeededGenerator) -> QueryParser {
  let caseModes: [Options.CaseMode] = [.smart, .insensitive, .sensitive]
  return QueryParser(
    isExtended: below(8, &rng) != 0, isExact: below(4, &rng) == 0,
    caseMode: caseModes[below(3, &rng)], normalize: below(4, &rng) != 0)
}

@Test func `any query parses into non-empty lower-cased terms that print and parse back`() {
  var rng = SeededGenerator(seed: 0x5155_4552)
  var failures: [String] = []
  var roundTrips = 0
  for _ in 0..<100_000 {
    let parser = parser(&rng)
    var text: [UInt8] = []
    for _ in 0..<below(10, &rng) { text += queryPieces[below(queryPieces.count, &rng)] }
    let query = parser.parse(text)
    var problems: [String] = []
    for term in query.groups.joined() {
      if term.units.isEmpty { problems.append("an empty term") }
      if !term.isCaseSensitive && term.units != term.units.map(CaseFolding.lower) {
        problems.append("an insensitive term is not lower-cased")
      }
    }
    if query.groups.contains(where: \.isEmpty) { problems.append("an empty group") }
    if !parser.isExtended && parser.caseMode == .sensitive && !text.isEmpty
      && QueryPrinter.bytes(of: query.groups.first?.first?.units ?? []) != text
    {
      problems.append("+x lost bytes")
    }
    if let printed = QueryPrinter(parser: parser).text(of: query) {
      roundTrips += 1
      let again = parser.parse(printed)
      if again != query {
        problems.append("printed as \(String(decoding: printed, as: UTF8.self)) it differs")
      }
    }
    if !problems.isEmpty {
      failures.append("\(String(decoding: text, as: UTF8.self).debugDescription): \(problems)")
      if failures.count >= 5 { break }
    }
  }
  #expect(failures.isEmpty, "\(failures)")
  #expect(roundTrips > 50_000, "only \(roundTrips) queries could be printed back")
}

@Test func `a query written in the grammar parses to the terms it was written from`() {
  var rng = SeededGenerator(seed: 0x5155_4553)
  let letters = Array("abcxyz019-_.".utf8)
  let kinds: [Term.Kind] = [.fuzzy, .exact, .exactBoundary, .prefix, .suffix, .equal]
  var failures: [String] = []
  for _ in 0..<100_000 {
    let isExact = below(4, &rng) == 0
    let parser = QueryParser(isExact: isExact)
    var groups: [[Term]] = []
    for _ in 0..<below(3, &rng) {
      var group: [Term] = []
      for _ in 0...below(2, &rng) {
        var units: [UInt32] = []
        for _ in 0...below(4, &rng) {
          // Spaces inside a term, escaped when written, now and then.
          units.append(below(8, &rng) == 0 ? 0x20 : UInt32(letters[below(letters.count, &rng)]))
        }
        if units.last == 0x20 && units.count > 1 { units[units.count - 1] = 0x61 }
        group.append(
          Term(kind: kinds[below(kinds.count, &rng)], isInverse: below(4, &rng) == 0, units: units))
      }
      groups.append(group)
    }
    let query = Query(groups: groups)
    guard let written = QueryPrinter(parser: parser).text(of: query) else {
      failures.append("could not write \(query)")
      break
    }
    if parser.parse(written) != query {
      failures.append("\(String(decoding: written, as: UTF8.self)) (exact: \(isExact))")
      if failures.count >= 5 { break }
    }
  }
  #expect(failures.isEmpty, "\(failures)")
}
