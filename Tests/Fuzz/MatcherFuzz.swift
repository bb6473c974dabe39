// Fuzzes the matcher (Sources/PickCore/Matching): every execution path of
// ItemMatcher, the byte filter and the ranker's candidate sieve, against the
// brute-force reference (Tests/PickCoreTests/ReferenceMatcher.swift and
// MatcherOracle.swift, which run.sh compiles into this harness).
//
// Input layout: one flag byte (bits 0-1: case mode; bit 2: `--literal`;
// bits 3-4: scheme; bits 5-6: tiebreak, which decides first or last of equal
// placements and whether starts are real; bit 7: `--exact`), one length
// byte and up to `maximumQuery` bytes of query, then up to `maximumItem`
// bytes of item. The bounds keep the reference's enumeration of every
// placement fast (at most C(16, 8) placements a term).
//
// Invariants: the paths agree exactly; their score, begin and ends equal
// the reference's (or the score is below the best placement's, a known
// disagreement); the trimmed length is the
// reference's; the byte filter passes every item where a term's characters
// occur in order; the candidate sieve never skips a matching item.
@testable import PickCore

private let maximumQuery = 8
private let maximumItem = 16

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMatcher(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let flags = input.byte()
  var options = Options()
  options.caseMode = [.smart, .insensitive, .sensitive, .smart][Int(flags & 3)]
  options.normalize = flags & 4 == 0
  options.scheme = [.default, .path, .history, .default][Int(flags >> 3 & 3)]
  let tiebreaks: [[Options.Tiebreak]] = [[.length], [.end], [.begin, .length], [.pathname, .length]]
  let tiebreak = tiebreaks[Int(flags >> 5 & 3)]
  options.tiebreak = tiebreak
  options.exact = flags & 128 != 0
  let query = input.take(Int(input.byte()) % (maximumQuery + 1))
  let item = input.take(maximumItem)
  let oracle = MatcherOracle(query, options: options, needsMatchStart: tiebreak.contains(.pathname))
  // The two known disagreements (a score below the best placement, positions
  // that do not earn the score: Docs/Matching.md, "The oracle") are allowed.
  let verdict = oracle.check(item)
  require(verdict.problems.isEmpty, "query \(query) item \(item) flags \(flags): \(verdict.problems)")
  return 0
}
