// Fuzzes the ranker's ways of reaching one ranking (Sources/PickCore/Ranking):
// sorting only the front and leaving matches unscored (the picker's
// `sortLimit`), a summary of the answer brought back (`RankedSummary`, what
// the search planner keeps past its budget), and a ranking of a list of
// candidates made a ranking of the range (`RankedMatches.respan`, every
// narrowed search), each against the full ranking of the same items.
//
// Input layout: one flag byte (bit 0: `--tac`; bit 1: `--no-sort`; bits
// 2-3: tiebreak; bit 4: case-sensitive; bits 5-7 choose which other items
// join the candidates), one byte for the front (1-16 matches), one for
// where the range starts, one length byte and up to `maximumQuery` bytes of
// query, then the items, one a line.
//
// Invariants: every way gives the full ranking's items in the same order,
// and the set of matches in input order.
@testable import PickCore

private let maximumQuery = 8

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRanking(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let flags = input.byte()
  let front = 1 + Int(input.byte() % 16)
  let start = Int(input.byte())
  var options = Options()
  options.tac = flags & 1 != 0
  options.sort = flags & 2 == 0
  options.tiebreak = [[.length], [.index], [.end], [.begin, .length]][Int(flags >> 2 & 3)]
  options.caseMode = flags & 16 != 0 ? .sensitive : .insensitive
  let query = input.take(Int(input.byte()) % (maximumQuery + 1))
  let bytes = input.rest()
  guard let store = try? ItemStore(separator: 0x0A, byteLimit: 1 << 16, itemLimit: 1 << 12) else { return 0 }
  guard (try? store.append(bytes)) != nil, (try? store.finish()) != nil else { return 0 }
  let range = min(start, store.count)..<store.count
  let compiled = CompiledQuery(query, options: options)
  let full = Ranker(order: Ranker.Order(options: options), workers: 2)
  var picker = full
  picker.sortLimit = front
  picker.taskSize = 4  // several tasks, so two workers share them
  let expected = order(full.rank(store, range: range, query: compiled))
  let context = "query \(query) flags \(flags) front \(front) range \(range) items \(bytes)"

  let partial = picker.rank(store, range: range, query: compiled)
  require(order(partial) == expected, "the front and the rest: \(context)")
  if let summary = picker.rank(store, range: range, query: compiled).summary(frontLimit: front) {
    require(summary.itemsInInputOrder() == expected.sorted(), "a summary's matches: \(context)")
    require(order(summary.expanded()) == expected, "a summary brought back: \(context)")
  }
  // Candidates as a narrowed search has them: every match, and some others.
  let matched = Set(expected)
  let candidates = range.filter { matched.contains($0) || ($0 * 7 + Int(flags >> 5)) % 3 == 0 }
  for ranker in [picker, full] {
    let spanned = ranker.rank(store, items: candidates, query: compiled, spanning: range)
    require(order(spanned) == expected, "a list ranked over the range: \(context)")
    require(spanned.itemsInInputOrder() == expected.sorted(), "a list's matches: \(context)")
  }
  return 0
}

private func order(_ matches: RankedMatches) -> [Int] {
  (0..<matches.count).map { matches.itemIndex(at: $0) }
}
