/// The byte scans: ASCII items scored straight from their bytes, with no
/// decoding, folding or per-position arrays (`MatchStrategy`'s
/// `singleASCIICharacter` and `asciiFuzzyTerms`). They measure the item's
/// trimmed length on the way, which is all the ranker then needs.
extension ItemMatcher {
  /// What a byte scan gave.
  enum ScanOutcome {
    /// The item is not for this scan (not ASCII, too long, too wide a
    /// window): the prepared text takes it.
    case notScanned
    case noMatch
    case matched(ItemMatch, trimmedLength: Int)
  }

  /// One pass over an ASCII item for a one-character query: the occurrence
  /// with the best bonus (as `FuzzyScorer` would choose it) and the item's
  /// trimmed length.
  func scanSingleCharacter(_ bytes: UnsafeBufferPointer<UInt8>, _ unit: UInt8, caseSensitive: Bool)
    -> ScanOutcome
  {
    let classes = lookup.asciiClasses
    let matrix = lookup.matrix
    var previous = Int(compiled.table.initialClass.rawValue)
    var best = BestSingleOccurrence(prefersLast: compiled.prefersLastOccurrence)
    var firstNonWhite = -1
    var lastNonWhite = -1
    for k in 0..<bytes.count {
      let byte = bytes[k]
      if byte >= 0x80 { return .notScanned }
      let current = Int(classes[Int(byte)].rawValue)
      if current != Int(CharClass.white.rawValue) {
        if firstNonWhite < 0 { firstNonWhite = k }
        lastNonWhite = k
      }
      if ASCIIFuzzyScorer.fold(byte, caseSensitive) == unit { best.consider(matrix[previous, current], at: k) }
      previous = current
    }
    guard let found = best.match else { return .noMatch }
    let trimmedLength = firstNonWhite < 0 ? 0 : lastNonWhite - firstNonWhite + 1
    return .matched(
      ItemMatch(score: found.score, minBegin: found.start, minEnd: found.end, maxEnd: found.end),
      trimmedLength: trimmedLength)
  }

  /// Scores an ASCII item for a query of plain fuzzy terms from its bytes
  /// (`ASCIIFuzzyScorer`), once the byte filter has let it through.
  func scanFuzzyTerms(_ bytes: UnsafeBufferPointer<UInt8>) -> ScanOutcome {
    guard bytes.count <= Scoring.longItemUnits, PreparedText.isASCII(bytes) else { return .notScanned }
    var total: Int32 = 0
    var minBegin = Int.max
    var minEnd = Int.max
    var maxEnd = -1
    for k in 0..<terms.count {
      let term = terms.entries[k]
      switch asciiFuzzy.match(
        term.units, in: bytes, occurrences: occurrenceTables + 128 * k, caseSensitive: term.folding.isCaseSensitive)
      {
      case .noMatch: return .noMatch
      case .tooLarge: return .notScanned
      case .matched(let found):
        total &+= found.score
        minBegin = min(minBegin, found.start)
        minEnd = min(minEnd, found.end)
        maxEnd = max(maxEnd, found.end)
      }
    }
    return .matched(
      ItemMatch(score: total, minBegin: minBegin, minEnd: minEnd, maxEnd: maxEnd),
      trimmedLength: trimmedLength(ofASCII: bytes))
  }

  /// An ASCII item's length without white space at either end.
  func trimmedLength(ofASCII bytes: UnsafeBufferPointer<UInt8>) -> Int {
    let classes = lookup.asciiClasses
    var start = 0
    var end = bytes.count
    while start < end && classes[Int(bytes[start])] == .white { start += 1 }
    while end > start && classes[Int(bytes[end - 1])] == .white { end -= 1 }
    return end - start
  }
}
