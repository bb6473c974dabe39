// Runs one query through every execution path of `ItemMatcher` and the byte
// filter and compares each with `ReferenceMatcher`. Shared by the sweeps
// (MatcherOracleTests.swift) and the fuzz harness (Tests/Fuzz/MatcherFuzz.swift).
import CPick

@testable import PickCore

/// One compiled query with a matcher per execution path, and its reference.
final class MatcherOracle {
  let compiled: CompiledQuery
  let reference: ReferenceMatcher
  /// Each path, by name: the ranker's dispatch (the strategy
  /// `MatchStrategy.choose` picks), with and without the byte filter, the
  /// general path (the prepared text),
  /// without the byte filter, and items prepared eagerly for each folding.
  /// The full matrix is the general path asked for positions (`check`).
  private let paths: [(name: String, matcher: ItemMatcher)]
  /// `CompiledQuery.needsMatchStart`: starts are real, not the first occurrence.
  private let needsStart: Bool
  /// The ranker's dispatch told to leave every match unscored (as the
  /// picker's ranker does for items that cannot reach its sorted front).
  private let pruning: ItemMatcher

  init(_ query: [UInt8], options: Options, needsMatchStart: Bool = false) {
    let tiebreak = options.effectiveTiebreak
    let prefersLast = CompiledQuery.prefersLastOccurrence(tiebreak)
    compiled = CompiledQuery(
      QueryParser(options: options).parse(query), scheme: options.scheme, prefersLastOccurrence: prefersLast,
      needsMatchStart: needsMatchStart)
    reference = ReferenceMatcher(compiled.query, scheme: options.scheme, prefersLast: prefersLast)
    needsStart = needsMatchStart
    var paths: [(String, ItemMatcher)] = []
    let general = MatchStrategy.general(for: compiled)
    paths.append(("ranker's dispatch", ItemMatcher(compiled, detail: .trimmedLength)))
    // Without the filter, a non-ASCII item goes straight to its compact text,
    // as once the filter rejects few items (`CompactOrder`).
    paths.append(
      (
        "ranker's dispatch, no byte filter",
        ItemMatcher(compiled, detail: .trimmedLength, strategy: nil, filtersBytes: false)
      ))
    paths.append(("general", ItemMatcher(compiled, detail: .trimmedLength, strategy: general)))
    paths.append(
      ("no byte filter", ItemMatcher(compiled, detail: .trimmedLength, strategy: general, filtersBytes: false)))
    for folding in Folding.all {
      let eager = ItemMatcher(compiled, detail: .trimmedLength, strategy: general, eagerFolding: folding)
      paths.append(("eager folding \(folding.index)", eager))
    }
    self.paths = paths
    pruning = ItemMatcher(compiled, detail: .trimmedLength)
    pruning.prunesLongerThan = -1
  }

  /// What `check` found for one item.
  struct Verdict {
    /// Disagreements the matcher must not have: the paths differ from each
    /// other, match where the reference does not (or the reverse), score above
    /// the best placement, or a kind other than fuzzy scores or ends otherwise.
    var problems: [String] = []
    /// A fuzzy score below the best placement's (fzf's recurrence; see
    /// `MatcherOracleTests`): the ends of the best placement then do not
    /// apply. Also set when the score is the best but the ends are those of
    /// another best placement than the tie rule's, which the recurrence
    /// scored below its best.
    var belowBest = false
    /// The highlighted positions are not a placement that earns the score
    /// (or, with real starts, `minBegin` is not where a best placement starts).
    var positionsOff = false
  }

  /// Compares every path with the reference for `item`.
  func check(_ item: [UInt8]) -> Verdict {
    let decoded = reference.decode(item)
    let expected = reference.match(decoded: decoded)
    var verdict = Verdict()
    let general = item.withUnsafeBufferPointer { paths[2].matcher.match($0) }
    for (name, matcher) in paths {
      let ranked = item.withUnsafeBufferPointer { matcher.matchForRanking($0) }
      let found = ranked?.match
      if found != general { verdict.problems.append("\(name): \(describe(found)), general path \(describe(general))") }
      if let ranked, ranked.trimmedLength != trimmedLength(decoded) {
        verdict.problems.append("\(name): trimmed length \(ranked.trimmedLength), reference \(trimmedLength(decoded))")
      }
    }
    // With positions, a fuzzy term is aligned on the full matrix (its walk
    // back needs every cell) instead of the sparse alignment; its start is
    // then the walk's, not the first occurrence.
    let full = item.withUnsafeBufferPointer { paths[2].matcher.match($0, positions: PositionList()) }
    if full?.scoreAndEnds != general?.scoreAndEnds {
      verdict.problems.append("full matrix: \(describe(full)), general path \(describe(general))")
    }
    switch compare(general, expected) {
    case .agrees: break
    case .belowBest: verdict.belowBest = true
    case .startOff: verdict.positionsOff = true
    case .disagrees: verdict.problems.append("matcher \(describe(general)), reference \(describe(expected))")
    }
    if !positionsEarnScore(item, decoded, expected) { verdict.positionsOff = true }
    verdict.problems += checkByteFilter(item, decoded, expected != nil)
    verdict.problems += checkPruning(item, decoded, general)
    verdict.problems += checkTermsBitScan(item, general)
    return verdict
  }

  /// The scan of whole runs for several terms (`TermsBitScan`), over a run
  /// of this one item, passes an ASCII item exactly when the one-pass filter
  /// does not reject it (which `checkAllTermsScan` holds to the reference),
  /// and a non-ASCII one, flagged, when the filter does not reject it and
  /// always when it matches; an ASCII item it passes is matched without the
  /// byte filter as with it.
  private func checkTermsBitScan(_ item: [UInt8], _ general: ItemMatch?) -> [String] {
    let matcher = paths[0].matcher
    guard let allTerms = AllTermsScan(matcher.terms, twoByteFolding: matcher.lookup.twoByteFolding),
      let scan = matcher.termsBitScan,
      let separator: UInt8 = !item.contains(0x0A) ? 0x0A : !item.contains(0) ? 0 : nil
    else { return [] }
    let passed = item.withUnsafeBufferPointer { Array(scan.pass($0, items: 1, separator: separator)) }
    let verdict = item.withUnsafeBufferPointer { allTerms.scan($0) }
    guard item.allSatisfy({ $0 < 0x80 }) else {
      // Flagged, never passing what the one-pass filter rejects (which
      // reads a character that may fold to ASCII as any term character;
      // the scan reads a Latin-1 one as what it folds to), nor rejecting a match.
      if passed.contains(where: { $0 != CPICK_TERMS_NOT_ASCII }) || passed.count > 1 {
        return ["the bit scan gave \(passed) for a non-ASCII item"]
      }
      if verdict == .fails && !passed.isEmpty { return ["the bit scan passed what the one-pass filter rejects"] }
      if general != nil && passed.isEmpty { return ["the bit scan rejected a match: \(describe(general))"] }
      return []
    }
    let passes = verdict == .passes
    if passed != (passes ? [0] : []) { return ["the bit scan gave \(passed), the one-pass filter \(passes)"] }
    guard passes else { return [] }
    let found = item.withUnsafeBufferPointer { matcher.matchForRanking($0, holdsTerms: true) }?.match
    return found == general
      ? [] : ["matched as holding the terms: \(describe(found)), general path \(describe(general))"]
  }

  /// A match left unscored is still a match, with the item's trimmed length;
  /// no score, the reference's included, is above the perfect score.
  private func checkPruning(_ item: [UInt8], _ decoded: ReferenceItem, _ general: ItemMatch?) -> [String] {
    var problems: [String] = []
    let perfect = pruning.perfectScore
    if perfect > 0, let general, general.score > perfect {
      problems.append("score \(general.score) above the perfect score \(perfect)")
    }
    let ranked = item.withUnsafeBufferPointer { pruning.matchForRanking($0) }
    if (ranked != nil) != (general != nil) {
      problems.append("pruning: \(describe(ranked?.match)), general path \(describe(general))")
    }
    if let ranked, ranked.isBound {
      if ranked.match.score != perfect { problems.append("unscored match scored \(ranked.match.score)") }
      if ranked.trimmedLength != trimmedLength(decoded) {
        problems.append("unscored: trimmed length \(ranked.trimmedLength), reference \(trimmedLength(decoded))")
      }
    }
    return problems
  }

  private enum Comparison { case agrees, belowBest, startOff, disagrees }

  private func compare(_ found: ItemMatch?, _ expected: (score: Int32, terms: [ReferenceTermMatch])?) -> Comparison {
    guard let found, let expected else { return found == nil && expected == nil ? .agrees : .disagrees }
    if found.score < expected.score && hasFuzzyTerm { return .belowBest }
    guard found.score == expected.score else { return .disagrees }
    guard let minEnd = expected.terms.map(\.end).min(), let maxEnd = expected.terms.map(\.end).max() else {
      return found.minBegin == -1 && found.minEnd == -1 && found.maxEnd == -1 ? .agrees : .disagrees
    }
    guard found.minEnd == minEnd && found.maxEnd == maxEnd else {
      return hasFuzzyTerm && endsOfTiedPlacements(found, expected.terms) ? .belowBest : .disagrees
    }
    guard needsStart else { return found.minBegin == expected.terms.map(\.start).min() ? .agrees : .disagrees }
    // The real start comes from the walk back that highlights: see `positionsOff`.
    return possibleBegins(expected.terms).contains(found.minBegin) ? .agrees : .startOff
  }

  private var hasFuzzyTerm: Bool { compiled.query.groups.contains { $0.contains { $0.kind == .fuzzy } } }

  /// Whether `found`'s ends are those of some choice of best placements
  /// other than the tie rule's: the recurrence can score one of two equal
  /// placements below its best (a gap that meets an occurrence of the same
  /// character at equal score goes on as a match, and the next gap starts
  /// afresh), and then takes the other whatever the tie rule says.
  private func endsOfTiedPlacements(_ found: ItemMatch, _ terms: [ReferenceTermMatch]) -> Bool {
    var ends: Set<[Int]> = [[Int.max, -1]]
    for term in terms {
      let tied = term.tiedEnds.isEmpty ? [term.end] : term.tiedEnds
      ends = Set(ends.flatMap { pair in tied.map { [min(pair[0], $0), max(pair[1], $0)] } })
    }
    return ends.contains([found.minEnd, found.maxEnd])
  }

  /// The `minBegin` values that some choice of best placements gives.
  private func possibleBegins(_ terms: [ReferenceTermMatch]) -> Set<Int> {
    var begins: Set<Int> = [Int.max]
    for term in terms {
      let firsts = Set(term.placements.compactMap(\.first))
      begins = Set(begins.flatMap { begin in firsts.map { min(begin, $0) } })
    }
    return begins
  }

  /// With positions asked for, each settled term's positions are a
  /// placement of it whose score (by the reference's rules) is the term's,
  /// so the scores add up to the item's; `minBegin` is where the first starts.
  private func positionsEarnScore(
    _ item: [UInt8], _ decoded: ReferenceItem, _ expected: (score: Int32, terms: [ReferenceTermMatch])?
  ) -> Bool {
    let positions = PositionList()
    let matcher = paths[0].matcher
    let found = item.withUnsafeBufferPointer { matcher.match($0, positions: positions) }
    guard let found, let expected else { return found == nil && expected == nil }
    var rest = positions.values[...]
    var begin = Int.max
    var total: Int32 = 0
    for (term, settled) in zip(settlingTerms(decoded), expected.terms) {
      let count = term.units.count
      let taken = rest.prefix(count).map { offset in decoded.byteOffsets.firstIndex(of: offset) ?? -1 }
      rest = rest.dropFirst(count)
      guard term.kind == .fuzzy else {
        guard settled.placements.contains(taken) else { return false }
        total &+= settled.score
        begin = min(begin, taken.first ?? Int.max)
        continue
      }
      let text = ReferenceText(decoded, caseSensitive: term.folding.isCaseSensitive, normalize: term.folding.normalizes)
      let folded = taken.compactMap { text.origins.firstIndex(of: $0) }
      guard folded.count == count, zip(folded, folded.dropFirst()).allSatisfy({ $0 < $1 }),
        folded.enumerated().allSatisfy({ text.units[$1] == term.units[$0] })
      else { return false }
      total &+= reference.score(folded, text, decoded)
      begin = min(begin, taken.first ?? Int.max)
    }
    guard rest.isEmpty, total == found.score else { return false }
    return expected.terms.isEmpty || found.minBegin == begin
  }

  /// The positive term that settles each group the reference settles with one, in order.
  private func settlingTerms(_ item: ReferenceItem) -> [Term] {
    compiled.query.groups.compactMap { group in
      group.first { !$0.isInverse && reference.match($0, in: item) != nil }
    }
  }

  /// The byte filter passes every item where a positive term's characters
  /// occur in order, and the ranker's block skip (the candidate
  /// sieve) never skips an item that matches.
  private func checkByteFilter(_ item: [UInt8], _ decoded: ReferenceItem, _ matches: Bool) -> [String] {
    var problems: [String] = []
    let trimmed = item.last == 0x0D ? Array(item.dropLast()) : item
    let matcher = paths[0].matcher
    for k in 0..<matcher.terms.count where !matcher.terms.entries[k].isInverse {
      let term = matcher.terms.entries[k]
      let text = ReferenceText(decoded, caseSensitive: term.folding.isCaseSensitive, normalize: term.folding.normalizes)
      let occurs = Self.occursInOrder(Array(term.units), text.units)
      let verdict = trimmed.withUnsafeBufferPointer {
        ByteFilter.mayMatchExactly(
          $0, table: term.filter, units: term.units, sieves: term.sieves, folding: matcher.lookup.twoByteFolding,
          caseSensitive: term.folding.isCaseSensitive, normalize: term.folding.normalizes)
      }
      // A pass where the characters do not occur costs only time (the
      // scorer rejects the item); it happens for a term that starts with a
      // combining mark, which folding drops from an item after a Latin letter.
      if occurs && !verdict { problems.append("byte filter rejects term \(k), whose characters occur in order") }
    }
    problems += checkAllTermsScan(trimmed, decoded)
    if matches, let sieve = matcher.candidateSieve {
      let next = item.withUnsafeBufferPointer { bytes in
        bytes.baseAddress.map { ByteFilter.nextCandidate($0, count: bytes.count, sieve) } ?? 0
      }
      if next >= item.count { problems.append("the candidate sieve skips a matching item") }
    }
    return problems
  }

  /// The one-pass filter of several terms (`AllTermsScan`) passes exactly
  /// the items where every term's characters occur in order.
  private func checkAllTermsScan(_ item: [UInt8], _ decoded: ReferenceItem) -> [String] {
    let matcher = paths[0].matcher
    guard let scan = AllTermsScan(matcher.terms, twoByteFolding: matcher.lookup.twoByteFolding) else { return [] }
    let all = (0..<matcher.terms.count).allSatisfy { k in
      let term = matcher.terms.entries[k]
      let text = ReferenceText(decoded, caseSensitive: term.folding.isCaseSensitive, normalize: term.folding.normalizes)
      return Self.occursInOrder(Array(term.units), text.units)
    }
    let passes: Bool?
    switch item.withUnsafeBufferPointer({ scan.scan($0) }) {
    case .passes: passes = true
    case .fails: passes = false
    case .undecided:
      if item.allSatisfy({ $0 < 0x80 }) { return ["the all-terms scan leaves an ASCII item undecided"] }
      passes = item.withUnsafeBufferPointer { scan.scanDecoding($0) }
    }
    guard let passes, passes != all else { return [] }
    return [
      passes
        ? "the all-terms scan passes an item where some term's characters do not occur"
        : "the all-terms scan rejects an item where every term's characters occur"
    ]
  }

  static func occursInOrder(_ pattern: [UInt32], _ units: [UInt32]) -> Bool {
    var i = 0
    for unit in units where i < pattern.count && unit == pattern[i] { i += 1 }
    return i == pattern.count
  }

  /// The item's length in units without white space at either end (the `length` tiebreak).
  private func trimmedLength(_ item: ReferenceItem) -> Int {
    let inner = item.classes.drop { $0 == .white }
    return inner.count - inner.reversed().prefix { $0 == .white }.count
  }

  private func describe(_ found: ItemMatch?) -> String {
    found.map { "score \($0.score) begin \($0.minBegin) ends \($0.minEnd)...\($0.maxEnd)" } ?? "no match"
  }

  private func describe(_ expected: (score: Int32, terms: [ReferenceTermMatch])?) -> String {
    guard let expected else { return "no match" }
    return "score \(expected.score) terms \(expected.terms.map { "\($0.start)..<\($0.end) \($0.placements)" })"
  }
}

extension MatchStrategy {
  /// The general path for `compiled`: the prepared text for every item
  /// (field by field under `--nth`), no byte scan, no long-item path.
  static func general(for compiled: CompiledQuery) -> MatchStrategy {
    compiled.searchedFields == nil ? .prepared(longItemsFromBytes: false) : .nthChunks
  }
}

extension ItemMatch {
  /// What the full matrix and the sparse alignment must agree on: the start
  /// differs when positions are asked for (the walk back finds the real one).
  var scoreAndEnds: [Int] { [Int(score), minEnd, maxEnd] }
}
