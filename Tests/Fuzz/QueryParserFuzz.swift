// Fuzzes QueryParser (Sources/PickCore/Query).
//
// Input layout: one flag byte (bit 0: not extended, `+x`; bit 1: `--exact`;
// bits 2-3: case mode; bit 4: `--literal`), then the query's bytes.
//
// Invariants: parsing never traps; no group and no term is empty; an
// insensitive term is already lower-cased; printing the query back in the
// grammar and parsing that gives the same query, whenever the printed form
// can say it (a term's text that starts with an operator or ends in `$` or
// `\` cannot always be written); without extended mode the one term is the
// query's bytes exactly.
@testable import PickCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzQueryParser(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let flags = input.byte()
  let caseModes: [Options.CaseMode] = [.smart, .insensitive, .sensitive, .smart]
  let parser = QueryParser(
    isExtended: flags & 1 == 0, isExact: flags & 2 != 0,
    caseMode: caseModes[Int(flags >> 2 & 3)], normalize: flags & 16 == 0)
  let text = input.rest()
  let query = parser.parse(text)
  let shown = escaped(text)

  for group in query.groups {
    require(!group.isEmpty, "an empty group from \(shown)")
    for term in group {
      require(!term.units.isEmpty, "an empty term from \(shown)")
      if !term.isCaseSensitive {
        require(term.units == term.units.map(CaseFolding.lower), "unlowered term from \(shown)")
      }
    }
  }
  if !parser.isExtended {
    require(query.groups.count == (text.isEmpty ? 0 : 1), "+x gave several terms: \(shown)")
    if parser.caseMode == .sensitive, let term = query.groups.first?.first {
      require(QueryPrinter.bytes(of: term.units) == text, "+x lost bytes of \(shown)")
    }
  }
  if let printed = QueryPrinter(parser: parser).text(of: query) {
    let again = parser.parse(printed)
    require(again == query, "\(shown) printed as \(escaped(printed)) parses differently")
  }
  return 0
}
