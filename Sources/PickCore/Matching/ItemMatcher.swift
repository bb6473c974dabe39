import CPick

/// Matches a compiled query against items, one at a time: one per worker
/// thread, since it owns the scratch space that makes matching allocation-free.
///
/// Semantics (fzf's): every group must match; a group matches when one of its
/// terms does — a positive term by occurring, an inverse term by not
/// occurring. The item's score is the sum over groups of the score of the
/// term that satisfied it (inverse terms score 0). A trailing CR is not part
/// of the text (so `$` works on CRLF input).
///
/// How an item is matched is chosen once, in `init` (`MatchStrategy`); the
/// paths live in the extensions: `+ByteScans`, `+Prepared`, `+LongItems`,
/// with the AND/OR combination of terms in `+Groups`.
public final class ItemMatcher {
  public let compiled: CompiledQuery
  /// What the caller reads of a match (`matchForRanking`).
  let detail: MatchDetail
  let strategy: MatchStrategy
  /// Whether the byte filter rejects items before they are decoded. Only
  /// tests turn it off, to check that it never rejects a real match.
  let filtersBytes: Bool
  let text: PreparedText
  var fuzzy = FuzzyScorer()
  var asciiFuzzy: ASCIIFuzzyScorer
  let positionsScratch = PositionList()
  /// The `--with-nth` text of the current item.
  private var shownScratch: [UInt8] = []
  var tokens: [Range<Int>] = []
  /// The `--nth` chunks of the current item, as byte ranges.
  var byteChunks: [Range<Int>] = []

  /// A byte set that every matching item holds at least one byte of: the
  /// block skip of the rarest character of a term that must occur (a group
  /// of one positive term): an ASCII character, or kana, CJK or Hangul,
  /// found by their own bytes. The ranker skips runs of items without
  /// any, sixteen bytes at a time, before calling `match` on each.
  /// `nil` when no such term exists, or fields change the searched text.
  var candidateSieve: ByteFilter.Sieve?

  /// Which positive terms (by index, the first 64) the byte filter found possible for this item.
  var termMayOccur: UInt64 = 0
  let lookup: BonusLookup
  /// The scan that scores a one-character query (`singleASCIICharacter`).
  let singleScan: SingleCharacterScan?
  /// Non-ASCII items as one byte per character, for the byte-scan
  /// strategies (`singleASCIICharacter`, `asciiFuzzyTerms`) to score.
  let compact: CompactText?
  /// `compact` for the calls made for each item, which reach it without
  /// counting references (`_withUnsafeGuaranteedRef`): binding `compact`
  /// retained and released it once an item, 5 % of `cafe` over a million
  /// Unicode names. The matcher holds `compact` as long as it lives.
  let compactRef: Unmanaged<CompactText>?
  /// Whether a compact text is scored before the byte filter.
  var compactOrder = CompactOrder()
  /// The byte filter for all terms in one pass, when the query suits it.
  private let allTerms: AllTermsScan?
  /// Items `allTerms` has looked at, and how many of them were not ASCII;
  /// -1 once the matcher stopped using it for such text.
  private var allTermsScanned = 0
  private var allTermsUndecided = 0
  /// The items of a run that may hold every term, decided for the run at
  /// once (`nil` when the query does not suit it: one character, or not
  /// positive ASCII terms).
  let termsBitScan: TermsBitScan?

  /// The query's terms as plain values (no reference counting per item).
  let terms: TermTable

  /// Set by the ranker only: an item whose trimmed length is above this is
  /// matched but not scored (`RankingMatch.isBound`), since even the
  /// perfect score would leave it behind the matches the ranker keeps in
  /// front (`FrontThreshold`). `Int.max`: every match is scored.
  var prunesLongerThan = Int.max
  /// The highest score the query can give any item under
  /// `asciiFuzzyTerms`; 0 for the other strategies, which never prune.
  let perfectScore: Int32
  /// A matcher for `compiled` whose caller reads `detail` of each match.
  public convenience init(_ compiled: CompiledQuery, detail: MatchDetail = .scoreOnly) {
    self.init(compiled, detail: detail, strategy: nil)
  }

  /// A matcher that takes `strategy` (by default the one `MatchStrategy.choose`
  /// picks). Tests force one path this way to compare it with the others,
  /// turn the byte filter off, or prepare items eagerly for `eagerFolding`
  /// instead of the first term's folding.
  init(
    _ compiled: CompiledQuery, detail: MatchDetail = .scoreOnly, strategy: MatchStrategy?, filtersBytes: Bool = true,
    eagerFolding: Folding? = nil
  ) {
    self.compiled = compiled
    self.detail = detail
    self.filtersBytes = filtersBytes
    let strategy = strategy ?? MatchStrategy.choose(for: compiled, detail: detail)
    self.strategy = strategy
    terms = TermTable(compiled)
    lookup = BonusLookup(compiled.table)
    let first = compiled.query.groups.lazy.flatMap({ $0 }).first(where: { !$0.isInverse })
    text = PreparedText(lookup: lookup, eagerFolding: eagerFolding ?? first?.folding ?? .caseFolded)
    asciiFuzzy = ASCIIFuzzyScorer(lookup: lookup)
    asciiFuzzy.prefersLast = compiled.prefersLastOccurrence
    let bestBonus = lookup.bestBonus
    perfectScore =
      strategy == .asciiFuzzyTerms
      ? terms.entries.reduce(0) { $0 &+ ScoringRules.perfectScore(length: $1.units.count, bestBonus: bestBonus) }
      : 0
    let plainFields = compiled.shownFields == nil && compiled.searchedFields == nil && !compiled.needsMatchStart
    candidateSieve = plainFields ? compiled.rarestRequiredCharacter : nil
    allTerms = AllTermsScan(terms, twoByteFolding: lookup.twoByteFolding)
    // Fields may put a term's characters in another order than the item's.
    termsBitScan = filtersBytes && plainFields ? TermsBitScan(terms) : nil
    switch strategy {
    case .singleASCIICharacter, .asciiFuzzyTerms:
      compact = CompactText(foldings: compiled.query.groups.flatMap { $0 }.map(\.folding), lookup: lookup)
    case .prepared, .nthChunks:
      compact = nil
    }
    compactRef = compact.map { Unmanaged.passUnretained($0) }
    if case .singleASCIICharacter(let unit, let caseSensitive) = strategy {
      singleScan = SingleCharacterScan(
        unit: unit, caseSensitive: caseSensitive, lookup: lookup, prefersLast: compiled.prefersLastOccurrence)
    } else {
      singleScan = nil
    }
    fuzzy.prefersLast = compiled.prefersLastOccurrence
    fuzzy.needsStart = compiled.needsMatchStart
    fuzzy.placesGreedily = compiled.placesGreedily
  }

  /// The text that is matched for an item: without a trailing CR.
  @inline(__always)
  static func matchedBytes(_ item: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
    if let last = item.last, last == 0x0D {
      return UnsafeBufferPointer(rebasing: item.dropLast())
    }
    return item
  }

  /// Matches `item`; `nil` when it does not match. With `positions`, the
  /// matched byte offsets (into `item`) are appended to it, for highlighting.
  public func match(_ item: UnsafeBufferPointer<UInt8>, positions: PositionList? = nil) -> ItemMatch? {
    guard case .matched(let found, _) = outcome(item, positions: positions) else { return nil }
    return found
  }

  /// Matches `item` for the ranker: the match with what `detail` asks of
  /// the item. `nil` when it does not match. `holdsTerms`: the item is
  /// ASCII and `termsBitScan` found every term in it, which the byte
  /// filter need not check again.
  func matchForRanking(_ item: UnsafeBufferPointer<UInt8>, holdsTerms: Bool = false) -> RankingMatch? {
    let found: ItemMatch
    let scanned: Int?
    switch outcome(item, positions: nil, holdsTerms: holdsTerms) {
    case .noMatch: return nil
    case .unscored(let trimmedLength):
      let best = ItemMatch(score: perfectScore, minBegin: -1, minEnd: -1, maxEnd: -1)
      return RankingMatch(match: best, trimmedLength: trimmedLength, isBound: true)
    case .matched(let match, let trimmedLength): (found, scanned) = (match, trimmedLength)
    }
    switch detail {
    case .scoreOnly:
      return RankingMatch(match: found, trimmedLength: scanned ?? 0)
    case .trimmedLength:
      return RankingMatch(match: found, trimmedLength: scanned ?? text.trimmedLength())
    case .characters:
      return RankingMatch(
        match: found, trimmedLength: scanned ?? text.trimmedLength(), units: text.units.buffer,
        classes: text.classesBuffer)
    }
  }

  /// What matching an item gave.
  enum Outcome {
    case noMatch
    /// The match, and the item's trimmed length when a byte scan measured
    /// it (`nil`: the prepared text holds the item, ask it).
    case matched(ItemMatch, trimmedLength: Int?)
    /// A match left unscored (`prunesLongerThan`), and the item's trimmed length.
    case unscored(trimmedLength: Int)
  }

  /// Matches `item` by the matcher's strategy.
  private func outcome(_ item: UnsafeBufferPointer<UInt8>, positions: PositionList?, holdsTerms: Bool = false)
    -> Outcome
  {
    let bytes = Self.matchedBytes(item)
    if positions == nil, let singleScan, let scanned = singleScan.scan(bytes) {
      guard let found = scanned.match else { return .noMatch }
      return .matched(found, trimmedLength: scanned.trimmedLength)
    }
    guard let shown = compiled.shownFields else {
      return outcome(text: bytes, positions: positions, holdsTerms: holdsTerms)
    }
    shownScratch.removeAll(keepingCapacity: true)
    shown.shownText(of: bytes, tokens: &tokens, into: &shownScratch)
    return shownScratch.withUnsafeBufferPointer { outcome(text: $0, positions: positions) }
  }

  /// Matches the searched text of an item (after `--with-nth`). Positions are offsets into it.
  private func outcome(text bytes: UnsafeBufferPointer<UInt8>, positions: PositionList?, holdsTerms: Bool = false)
    -> Outcome
  {
    // An ASCII item can be scored from its bytes: for one term the scorer's
    // own block scans reject what the byte filter would (`cpick_fuzzy.h`);
    // several terms are filtered first, in one pass for all (`AllTermsScan`),
    // where the scorer would scan once per term.
    // A non-ASCII item is scored from its compact text, after the filter
    // while the filter rejects many items, before it once it rejects few
    // (`CompactOrder`).
    let scansBytes = strategy == .asciiFuzzyTerms && positions == nil
    if scansBytes && terms.count == 1, let scanned = scanFuzzyTerms(bytes, filtered: false).outcome { return scanned }
    let transcodes = positions == nil && compact != nil
    if transcodes && compactOrder.skipsFilter, let scanned = scanTranscoded(bytes, filtered: false).outcome {
      return scanned
    }
    if holdsTerms {
      termMayOccur = terms.count >= 64 ? ~0 : (1 << UInt64(terms.count)) - 1
    } else if filtersBytes && !passesByteFilter(bytes) {
      if transcodes { compactOrder.note(passed: false) }
      return .noMatch
    }
    if scansBytes && terms.count > 1, let scanned = scanFuzzyTerms(bytes, filtered: true).outcome { return scanned }
    if transcodes && !compactOrder.skipsFilter, let scanned = scanTranscoded(bytes, filtered: true).outcome {
      compactOrder.note(passed: true)
      return scanned
    }
    if takesLongItemPath(bytes) {
      guard let found = matchLongASCII(bytes, positions: positions) else { return .noMatch }
      return .matched(found, trimmedLength: trimmedLength(ofASCII: bytes))
    }
    guard let found = matchPrepared(bytes, positions: positions) else { return .noMatch }
    return .matched(found, trimmedLength: nil)
  }

  /// Rejects on raw bytes: a group fails when none of its positive terms can
  /// occur (a group with an inverse term can always be satisfied by
  /// absence). Each positive term's answer is kept (`termMayOccur`): a term
  /// that passed needs no second check after decoding. A query of ASCII
  /// terms is checked in one pass first (`AllTermsScan`).
  private func passesByteFilter(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    termMayOccur = 0
    if let passes = passesAllTermsScan(bytes) {
      if passes { termMayOccur = terms.count >= 64 ? ~0 : (1 << UInt64(terms.count)) - 1 }
      return passes
    }
    var k = 0
    while k < terms.count {
      var possible = false
      repeat {
        let term = terms.entries[k]
        if term.isInverse {
          possible = true
        } else if ByteFilter.mayMatchExactly(
          bytes, table: term.filter, units: term.units, sieves: term.sieves,
          folding: lookup.twoByteFolding, caseSensitive: term.folding.isCaseSensitive,
          normalize: term.folding.normalizes)
        {
          possible = true
          if k < 64 { termMayOccur |= 1 << UInt64(k) }
        }
        k += 1
      } while k < terms.count && !terms.entries[k].startsGroup
      if !possible { return false }
    }
    return true
  }

  /// Whether no text made of some of `bytes`, in order, can match: some
  /// term's characters do not occur in order in bytes that are all ASCII
  /// (found sixteen bytes at a time, `allTermsOccur`). An item kept
  /// with its escape sequences (`VisibleText`) that this rejects needs no
  /// stripping: its visible text is such a text. `false` when the query
  /// does not suit `AllTermsScan` (a term that is inverse, not ASCII or one
  /// of alternatives), or the bytes are not ASCII (`é` may be an `e`).
  func rejectsAnySubsequence(of bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard filtersBytes, allTerms != nil, PreparedText.isASCII(bytes) else { return false }
    return !allTermsOccur(in: bytes)
  }

  /// `AllTermsScan`'s verdict, or `nil` when it has none (the query does not
  /// suit it, or the matcher stopped using it).
  func passesAllTermsScan(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
    guard let allTerms, allTermsScanned >= 0 else { return nil }
    allTermsScanned += 1
    switch allTerms.scan(bytes) {
    case .passes: return true
    case .fails: return false
    case .undecided:
      // Not ASCII. Where such items are common, the per-term skips suit them better.
      allTermsUndecided += 1
      if allTermsScanned >= 256 && allTermsUndecided * 4 > allTermsScanned { allTermsScanned = -1 }
      return allTerms.scanDecoding(bytes)
    }
  }

  /// Whether the byte filter has already settled that term `index` may
  /// occur (`false`: it did not check, or found it cannot).
  @inline(__always)
  func byteFilterChecked(_ term: TermTable.Entry, index: Int) -> Bool {
    filtersBytes && !term.isInverse && index < 64
  }
}

/// What matching an item gave the ranker: the match and what its tiebreaks
/// read of the item (`MatchDetail`).
struct RankingMatch {
  var match: ItemMatch
  /// The item's length in characters without white space at either end
  /// (0 when the matcher's detail is `.scoreOnly`).
  var trimmedLength: Int
  /// The item's decoded units and their classes when the matcher's detail is
  /// `.characters` (empty otherwise): views into the matcher's scratch
  /// space, valid until its next match.
  var units = UnsafeBufferPointer<UInt32>(start: nil, count: 0)
  var classes = UnsafeBufferPointer<CharClass>(start: nil, count: 0)
  /// Whether `match` is not the item's score but the best any item can
  /// get (`ItemMatcher.perfectScore`): the item was left unscored.
  var isBound = false
}
