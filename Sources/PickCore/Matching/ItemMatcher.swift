/// Matches a compiled query against items, one at a time: one per worker
/// thread, since it owns the scratch space that makes matching allocation-free.
///
/// Semantics (fzf's): every group must match; a group matches when one of its
/// terms does — a positive term by occurring, an inverse term by not
/// occurring. The item's score is the sum over groups of the score of the
/// term that satisfied it (inverse terms score 0). A trailing CR is not part
/// of the text (so `$` works on CRLF input).
public final class ItemMatcher {
  public let compiled: CompiledQuery
  private let text: PreparedText
  var fuzzy = FuzzyScorer()
  let positionsScratch = PositionList()
  /// The `--with-nth` text of the current item.
  private var shownScratch: [UInt8] = []
  private var tokens: [Range<Int>] = []
  /// The `--nth` chunks of the current item, as byte ranges.
  private var byteChunks: [Range<Int>] = []

  /// Tests turn the byte pre-filter off to check that it never rejects a real match.
  var usesByteFilter = true
  /// Tests turn the long-item path off to check it against the prepared text.
  var usesLongItemPath = true
  /// Tests turn this off to check the sparse alignment (`SparseAlignment`)
  /// against the full matrix that positions are traced back in.
  var usesSparseAlignment: Bool {
    get { fuzzy.isSparse }
    set { fuzzy.isSparse = newValue }
  }
  /// A byte set that every matching item holds at least one byte of: the
  /// block skip of the rarest character of a term that must occur (a group
  /// of one positive term): an ASCII character, or kana, CJK or Hangul,
  /// found by their own bytes. The ranker skips runs of items without
  /// any, sixteen bytes at a time, before calling `match` on each.
  /// `nil` when no such term exists, or fields change the searched text.
  let candidateSieve: ByteFilter.Sieve?

  /// Which positive terms (by index, the first 64) the byte filter found possible for this item.
  var termMayOccur: UInt64 = 0
  /// The index of the term being matched.
  private var currentTerm = 0

  /// ASCII items may be scored straight from their bytes, with no decoding,
  /// folding or per-position arrays, when the query allows it (see
  /// `singleCharacter` and `byteScoredTerms`) and no positions are asked for.
  /// The ranker allows it when it needs no more of the item than its trimmed
  /// length.
  public var allowsASCIIScan = false
  /// The query is one plain ASCII character (the first key typed, the
  /// broadest search): one pass over the bytes scores the item.
  private let singleCharacter: (unit: UInt8, caseSensitive: Bool)?
  /// Every group is one positive fuzzy term of ASCII characters (a word or
  /// a few typed against paths or commands): `ASCIIFuzzyScorer` scores them.
  private let byteScoredTerms: Bool
  private var asciiFuzzy: ASCIIFuzzyScorer
  /// Each term's `ASCIIFuzzyScorer` occurrence table, 128 entries a term.
  private let occurrenceTables: UnsafeMutablePointer<UInt64>
  /// The trimmed length the byte scan measured (for the `length` tiebreak).
  private var scannedTrimmedLength: Int? = nil
  let lookup: BonusLookup

  /// The query's terms as plain values (no reference counting per item).
  let terms: TermTable

  public convenience init(_ compiled: CompiledQuery) {
    self.init(compiled, eagerFolding: nil)
  }

  init(_ compiled: CompiledQuery, eagerFolding: Folding?) {
    self.compiled = compiled
    terms = TermTable(compiled)
    lookup = BonusLookup(compiled.table)
    let first = compiled.query.groups.lazy.flatMap({ $0 }).first(where: { !$0.isInverse })
    text = PreparedText(lookup: lookup, eagerFolding: eagerFolding ?? first?.folding ?? .caseFolded)
    asciiFuzzy = ASCIIFuzzyScorer(lookup: lookup)
    asciiFuzzy.prefersLast = compiled.prefersLastOccurrence
    let plainFields = compiled.shownFields == nil && compiled.searchedFields == nil && !compiled.needsMatchStart
    byteScoredTerms =
      plainFields && !compiled.query.groups.isEmpty
      && compiled.query.groups.allSatisfy { group in
        group.count == 1 && group[0].kind == .fuzzy && !group[0].isInverse
          && group[0].units.count <= ASCIIFuzzyScorer.maximumPattern && group[0].units.allSatisfy { $0 < 0x80 }
      }
    candidateSieve = plainFields ? compiled.rarestRequiredCharacter : nil
    occurrenceTables = .allocate(capacity: byteScoredTerms ? 128 * terms.count : 1)
    if byteScoredTerms {
      for k in 0..<terms.count {
        ASCIIFuzzyScorer.fillOccurrenceTable(
          occurrenceTables + 128 * k, pattern: terms.entries[k].units,
          caseSensitive: terms.entries[k].folding.isCaseSensitive)
      }
    }
    if compiled.query.groups.count == 1, compiled.query.groups[0].count == 1, plainFields {
      let term = compiled.query.groups[0][0]
      if term.kind == .fuzzy, !term.isInverse, term.units.count == 1, term.units[0] < 0x80 {
        singleCharacter = (UInt8(term.units[0]), term.isCaseSensitive)
      } else {
        singleCharacter = nil
      }
    } else {
      singleCharacter = nil
    }
    fuzzy.prefersLast = compiled.prefersLastOccurrence
    fuzzy.needsStart = compiled.needsMatchStart
  }

  deinit {
    occurrenceTables.deallocate()
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
  public func match(_ item: UnsafeBufferPointer<UInt8>, positions: PositionList? = nil)
    -> ItemMatch?
  {
    let bytes = Self.matchedBytes(item)
    scannedTrimmedLength = nil
    if allowsASCIIScan, positions == nil, let single = singleCharacter,
      let result = scanSingleCharacter(bytes, single.unit, caseSensitive: single.caseSensitive)
    {
      return result.match
    }
    guard let shown = compiled.shownFields else { return match(text: bytes, positions: positions) }
    shownScratch.removeAll(keepingCapacity: true)
    shown.shownText(of: bytes, tokens: &tokens, into: &shownScratch)
    return shownScratch.withUnsafeBufferPointer { match(text: $0, positions: positions) }
  }

  /// Matches the searched text of an item (after `--with-nth`). Positions are offsets into it.
  private func match(text bytes: UnsafeBufferPointer<UInt8>, positions: PositionList?) -> ItemMatch? {
    // Reject on raw bytes first: a group fails when none of its positive terms can occur
    // (a group with an inverse term can always be satisfied by absence).
    // Each positive term's answer is kept (`termMayOccur`): a term that passed
    // needs no second check after decoding.
    termMayOccur = 0
    if usesByteFilter {
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
        if !possible { return nil }
      }
    }
    // Every term may occur: an ASCII item can now be scored from its bytes.
    if allowsASCIIScan && byteScoredTerms && positions == nil,
      let result = scanFuzzyTerms(bytes)
    {
      return result.match
    }
    if takesLongItemPath(bytes, positions: positions) { return matchLongASCII(bytes, positions: positions) }
    text.load(bytes)
    if let searched = compiled.searchedFields {
      searched.chunks(of: bytes, tokens: &tokens, into: &byteChunks)
    }
    var total: Int32 = 0
    var minBegin = Int.max
    var minEnd = Int.max
    var maxEnd = -1
    var k = 0
    while k < terms.count {
      var satisfied = false
      var settled = false
      repeat {
        let term = terms.entries[k]
        currentTerm = k
        k += 1
        if settled { continue }
        let mark = positionsScratch.values.count
        if let found = matchTerm(term, positions: positions == nil ? nil : positionsScratch) {
          if term.isInverse {
            positionsScratch.values.removeSubrange(mark...)
            continue
          }
          satisfied = true
          settled = true
          total &+= found.score
          if found.start < found.end {
            let start = text.originalPosition(found.start, normalize: term.folding.normalizes)
            let end = text.originalPosition(found.end - 1, normalize: term.folding.normalizes) + 1
            minBegin = min(minBegin, start)
            minEnd = min(minEnd, end)
            maxEnd = max(maxEnd, end)
          }
        } else if term.isInverse {
          satisfied = true
        }
      } while k < terms.count && !terms.entries[k].startsGroup
      if !satisfied {
        positionsScratch.values.removeAll(keepingCapacity: true)
        return nil
      }
    }
    if let positions {
      for position in positionsScratch.values {
        positions.values.append(text.byteOffset(ofUnit: position))
      }
      positionsScratch.values.removeAll(keepingCapacity: true)
    }
    if maxEnd < 0 { return ItemMatch(score: total, minBegin: -1, minEnd: -1, maxEnd: -1) }
    return ItemMatch(score: total, minBegin: minBegin, minEnd: minEnd, maxEnd: maxEnd)
  }

  /// The item's length in characters without surrounding white space, for the
  /// `length` tiebreak. Valid right after a successful `match`.
  public var lastTrimmedLength: Int { scannedTrimmedLength ?? text.trimmedLength() }

  /// One pass over an ASCII item for a one-character query: the occurrence
  /// with the best bonus (as `FuzzyScorer` would choose it) and the item's
  /// trimmed length. `nil` when the item is not ASCII (the general path takes it).
  private func scanSingleCharacter(
    _ bytes: UnsafeBufferPointer<UInt8>, _ unit: UInt8, caseSensitive: Bool
  ) -> (match: ItemMatch?, Void)? {
    let classes = lookup.asciiClasses
    let matrix = lookup.matrix
    var previous = Int(compiled.table.initialClass.rawValue)
    var best = BestSingleOccurrence(prefersLast: compiled.prefersLastOccurrence)
    var firstNonWhite = -1
    var lastNonWhite = -1
    for k in 0..<bytes.count {
      let byte = bytes[k]
      if byte >= 0x80 { return nil }
      let current = Int(classes[Int(byte)].rawValue)
      if current != Int(CharClass.white.rawValue) {
        if firstNonWhite < 0 { firstNonWhite = k }
        lastNonWhite = k
      }
      let folded = ASCIIFuzzyScorer.fold(byte, caseSensitive)
      if folded == unit { best.consider(matrix[previous, current], at: k) }
      previous = current
    }
    scannedTrimmedLength = firstNonWhite < 0 ? 0 : lastNonWhite - firstNonWhite + 1
    guard let found = best.match else { return (nil, ()) }
    return (ItemMatch(score: found.score, minBegin: found.start, minEnd: found.end, maxEnd: found.end), ())
  }

  /// Scores an ASCII item for a query of plain fuzzy terms from its bytes
  /// (`ASCIIFuzzyScorer`), once the byte filter has let it through. `nil` when the general path must take the item:
  /// it is not ASCII, it is very long, or a term's window is too large.
  private func scanFuzzyTerms(_ bytes: UnsafeBufferPointer<UInt8>) -> (match: ItemMatch?, Void)? {
    guard bytes.count <= Scoring.longItemUnits, PreparedText.isASCII(bytes) else { return nil }
    var total: Int32 = 0
    var minBegin = Int.max
    var minEnd = Int.max
    var maxEnd = -1
    for k in 0..<terms.count {
      let term = terms.entries[k]
      switch asciiFuzzy.match(
        term.units, in: bytes, occurrences: occurrenceTables + 128 * k, caseSensitive: term.folding.isCaseSensitive)
      {
      case .noMatch: return (nil, ())
      case .tooLarge: return nil
      case .matched(let found):
        total &+= found.score
        minBegin = min(minBegin, found.start)
        minEnd = min(minEnd, found.end)
        maxEnd = max(maxEnd, found.end)
      }
    }
    setTrimmedLength(ofASCII: bytes)
    return (ItemMatch(score: total, minBegin: minBegin, minEnd: minEnd, maxEnd: maxEnd), ())
  }

  /// Notes an ASCII item's length without white space at either end (`lastTrimmedLength`).
  func setTrimmedLength(ofASCII bytes: UnsafeBufferPointer<UInt8>) {
    let classes = lookup.asciiClasses
    var start = 0
    var end = bytes.count
    while start < end && classes[Int(bytes[start])] == .white { start += 1 }
    while end > start && classes[Int(bytes[end - 1])] == .white { end -= 1 }
    scannedTrimmedLength = end - start
  }

  /// The last matched item's decoded units (for the tiebreaks that look at characters).
  var lastUnits: UnsafeBufferPointer<UInt32> { text.units.buffer }
  var lastClasses: UnsafeBufferPointer<CharClass> { text.classesBuffer }

  /// Matches one term; positions (if asked for) are appended as units of the decoded item.
  private func matchTerm(_ term: TermTable.Entry, positions: PositionList?) -> ScoredMatch? {
    // Before classifying every character of a non-ASCII item, make sure the term
    // can occur at all (the byte filter already did, for the terms it checked).
    let checked = usesByteFilter && !term.isInverse && currentTerm < 64
    if checked && termMayOccur & (1 << UInt64(currentTerm)) == 0 { return nil }
    if !checked && !text.mayContain(term.units, term.folding) { return nil }
    // A fuzzy term scored without positions needs a non-ASCII item's bonuses
    // only where its characters occur.
    if term.kind == .fuzzy && positions == nil && compiled.searchedFields == nil && !text.isASCII
      && fuzzy.scoresLazily,
      let units = text.lazyUnits(term.folding)
    {
      let text = self.text
      let normalize = term.folding.normalizes
      switch fuzzy.matchLazily(term.units, in: units, bonus: { text.bonus(atFolded: $0, normalize: normalize) }) {
      case .noMatch: return nil
      case .matched(let found): return found
      case .needsPreparedText: break
      }
    }
    let scoring = text.text(term.folding)
    let mark = positions?.values.count ?? 0
    var found: ScoredMatch? = nil
    if compiled.searchedFields == nil {
      found = score(term, in: scoring, positions: positions)
    } else {
      // `--nth`: the first field that holds the term decides, as in fzf.
      for chunk in byteChunks {
        let lower = text.unitIndex(forByte: chunk.lowerBound, normalize: term.folding.normalizes)
        let upper = text.unitIndex(forByte: chunk.upperBound, normalize: term.folding.normalizes)
        guard var inChunk = score(term, in: scoring.slice(lower..<upper), positions: positions)
        else { continue }
        inChunk.start += lower
        inChunk.end += lower
        if let positions {
          for k in mark..<positions.values.count { positions.values[k] += lower }
        }
        found = inChunk
        break
      }
    }
    if let positions, term.folding.normalizes, positions.values.count > mark {
      for k in mark..<positions.values.count {
        positions.values[k] = text.originalPosition(positions.values[k], normalize: true)
      }
    }
    return found
  }

  private func score(_ term: TermTable.Entry, in scoring: ScoringText, positions: PositionList?)
    -> ScoredMatch?
  {
    let pattern = term.units
    do {
      switch term.kind {
      case .fuzzy:
        return fuzzy.match(pattern, in: scoring, positions: positions)
      case .exact:
        return ExactScorer.substring(
          pattern, in: scoring, atBoundaries: false, table: compiled.table,
          backward: compiled.prefersLastOccurrence, positions: positions)
      case .exactBoundary:
        return ExactScorer.substring(
          pattern, in: scoring, atBoundaries: true, table: compiled.table,
          backward: compiled.prefersLastOccurrence, positions: positions)
      case .prefix:
        return ExactScorer.prefix(pattern, in: scoring, positions: positions)
      case .suffix:
        return ExactScorer.suffix(pattern, in: scoring, positions: positions)
      case .equal:
        return ExactScorer.equal(pattern, in: scoring, table: compiled.table, positions: positions)
      }
    }
  }
}
