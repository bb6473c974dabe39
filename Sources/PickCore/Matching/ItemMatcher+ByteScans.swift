/// The byte scans: ASCII items scored straight from their bytes, with no
/// decoding, folding or per-position arrays (`MatchStrategy`'s
/// `singleASCIICharacter`, in `SingleCharacterScan`, and `asciiFuzzyTerms`). They measure the item's
/// trimmed length on the way, which is all the ranker then needs.
extension ItemMatcher {
  /// What a byte scan gave.
  enum ScanOutcome {
    /// The item is not for this scan (not ASCII, too long, too wide a
    /// window): the prepared text takes it.
    case notScanned
    case noMatch
    case matched(ItemMatch, trimmedLength: Int)
    /// The item matches but was not scored: it cannot reach the ranker's
    /// sorted front (`prunesLongerThan`).
    case unscored(trimmedLength: Int)

    /// The outcome of a scan of a compact text with combining marks
    /// dropped (`CompactText.droppedMarks`) in the item's characters, as
    /// the general path gives it: positions after a mark move past it, and
    /// the trimmed length counts the marks (each follows a letter, so none
    /// is at a trimmed end).
    func restoringMarks(_ drops: UnsafeBufferPointer<Int32>) -> ScanOutcome {
      // A position `p` of the compact text is `p` plus the marks dropped at or before it.
      func unit(_ p: Int) -> Int { p + drops.prefix { Int($0) <= p }.count }
      switch self {
      case .notScanned, .noMatch: return self
      case .unscored(let length): return .unscored(trimmedLength: length + drops.count)
      case .matched(var found, let length):
        if found.minBegin >= 0 { found.minBegin = unit(found.minBegin) }
        // An end is one past the last character matched.
        if found.minEnd > 0 { found.minEnd = unit(found.minEnd - 1) + 1 }
        if found.maxEnd > 0 { found.maxEnd = unit(found.maxEnd - 1) + 1 }
        return .matched(found, trimmedLength: length + drops.count)
      }
    }

    /// What the scan settled, as the matcher's outcome; `nil` when not scanned.
    var outcome: ItemMatcher.Outcome? {
      switch self {
      case .notScanned: return nil
      case .noMatch: return .noMatch
      case .matched(let found, let trimmedLength): return .matched(found, trimmedLength: trimmedLength)
      case .unscored(let trimmedLength): return .unscored(trimmedLength: trimmedLength)
      }
    }
  }

  /// Scores an ASCII item for a query of plain fuzzy terms from its bytes
  /// (`ASCIIFuzzyScorer`); `filtered`: the byte filter has let it through.
  func scanFuzzyTerms(_ bytes: UnsafeBufferPointer<UInt8>, filtered: Bool) -> ScanOutcome {
    guard Self.scansBytes(of: bytes) else { return .notScanned }
    return scoreFuzzyTerms(in: bytes, filtered: filtered)
  }

  /// Whether the byte scans take `bytes`: an ASCII item no longer than
  /// `Scoring.longItemUnits` (`cpick_rank_unscored_ascii` tests the same).
  @inline(__always)
  static func scansBytes(of bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    bytes.count <= Scoring.longItemUnits && PreparedText.isASCII(bytes)
  }

  /// `bytes` as one byte per character (`CompactText.transcode`) and where
  /// it dropped combining marks (`CompactText.droppedMarks`), or `nil` when
  /// the byte scans cannot score it so: no compact text, or longer than
  /// `longItemUnits`. Valid until the next call.
  func compactText(of bytes: UnsafeBufferPointer<UInt8>)
    -> (text: UnsafeBufferPointer<UInt8>, drops: UnsafeBufferPointer<Int32>)?
  {
    guard let compactRef, bytes.count <= Scoring.longItemUnits else { return nil }
    return compactRef._withUnsafeGuaranteedRef { compact in
      compact.transcode(bytes).map { ($0, compact.droppedMarks) }
    }
  }

  /// Scores an item that the byte scans did not take (one not ASCII) for a
  /// byte-scan strategy from its `CompactText` (one byte per character);
  /// `.notScanned` when the compact text cannot stand for it. (An ASCII item
  /// that comes here, its window too wide for the alignment, is copied and
  /// found too wide again: not worth a pass to tell it apart.)
  func scanTranscoded(_ bytes: UnsafeBufferPointer<UInt8>, filtered: Bool) -> ScanOutcome {
    guard let (text, drops) = compactText(of: bytes) else { return .notScanned }
    let scanned: ScanOutcome
    if let singleScan {
      guard let found = singleScan.scan(text, compact: true) else { return .notScanned }
      guard let match = found.match else { return .noMatch }
      scanned = .matched(match, trimmedLength: found.trimmedLength)
    } else {
      scanned = scoreFuzzyTerms(in: text, droppedMarks: drops.count, filtered: filtered)
    }
    return drops.isEmpty ? scanned : scanned.restoringMarks(drops)
  }

  /// Scores every term in `bytes`, an ASCII item or a compact text from
  /// which `droppedMarks` combining marks were dropped (the lengths given
  /// back leave them out; the item's length counts them).
  private func scoreFuzzyTerms(in bytes: UnsafeBufferPointer<UInt8>, droppedMarks: Int = 0, filtered: Bool)
    -> ScanOutcome
  {
    // Measured once: before scoring when the ranker may leave the item unscored, else after.
    var measured: Int?
    if prunesLongerThan != .max {
      let length = trimmedLength(ofASCII: bytes)
      if length + droppedMarks > prunesLongerThan {
        return allTermsOccur(in: bytes) ? .unscored(trimmedLength: length) : .noMatch
      }
      measured = length
    }
    switch scoreTerms(in: bytes, filtered: filtered) {
    case .noMatch: return .noMatch
    // No ceiling was asked for.
    case .tooLarge, .cannotReach: return .notScanned
    case .matched(let found): return .matched(found, trimmedLength: measured ?? trimmedLength(ofASCII: bytes))
    }
  }

  /// What scoring every term in an ASCII item (or a compact text) gave.
  enum TermsScore {
    case noMatch
    /// The terms' scores summed, their spans joined.
    case matched(ItemMatch)
    /// A term's window is too large for the alignment: the general path takes the item.
    case tooLarge
    /// The one term occurs, with no placement that scores what was asked
    /// (`scoreTerms`' `needs`): the ceiling of its score.
    case cannotReach(ceiling: Int32)
  }

  /// Scores every term in `bytes` (`ASCIIFuzzyScorer`): the one loop over
  /// the terms for the general path (`scoreFuzzyTerms`) and the scored
  /// runs (`scoredKeys`). `needs`: the least score wanted, for a query of
  /// one term (`ASCIIFuzzyScorer.match`); terms' ceilings are not summed.
  func scoreTerms(in bytes: UnsafeBufferPointer<UInt8>, filtered: Bool, needs: Int32 = .min) -> TermsScore {
    let needs = terms.count == 1 ? needs : .min
    var total: Int32 = 0
    var minBegin = Int.max
    var minEnd = Int.max
    var maxEnd = -1
    for k in 0..<terms.count {
      let term = terms.entries[k]
      switch asciiFuzzy.match(
        term.units, in: bytes, caseSensitive: term.folding.isCaseSensitive, found: filtered, needs: needs)
      {
      case .noMatch: return .noMatch
      case .tooLarge: return .tooLarge
      case .cannotReach(let ceiling): return .cannotReach(ceiling: ceiling)
      case .matched(let found):
        total &+= found.score
        minBegin = min(minBegin, found.start)
        minEnd = min(minEnd, found.end)
        maxEnd = max(maxEnd, found.end)
      }
    }
    return .matched(ItemMatch(score: total, minBegin: minBegin, minEnd: minEnd, maxEnd: maxEnd))
  }

  /// Whether a candidate that the ranker's skip found, an item of an
  /// ASCII input, can be passed over: the query is of plain ASCII fuzzy
  /// terms and one of them does not occur in the item (one term by the
  /// scorer's block scans, several by their one pass for all,
  /// `AllTermsScan`, which beats a scan per term on a history's words).
  /// The skip stops at the query's rarest letter, which on a shell history
  /// a third of the lines hold for `push` and a fiftieth match: the others
  /// are rejected here, without the trip through the matcher's layers that
  /// `matchForRanking` takes.
  @inline(__always)
  func passesOver(candidate bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard strategy == .asciiFuzzyTerms, bytes.count <= Scoring.longItemUnits else { return false }
    if terms.count == 1 { return !allTermsOccur(in: bytes) }
    return passesAllTermsScan(bytes) == false
  }

  /// Whether every term occurs in `bytes` (an ASCII item or a compact
  /// text) as a plain fuzzy term would, scoring none.
  func allTermsOccur(in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    for k in 0..<terms.count {
      let term = terms.entries[k]
      if !ASCIIFuzzyScorer.occurs(term.units, in: bytes, caseSensitive: term.folding.isCaseSensitive) {
        return false
      }
    }
    return true
  }

  /// An ASCII item's (or a compact text's) length without white space at either end.
  func trimmedLength(ofASCII bytes: UnsafeBufferPointer<UInt8>) -> Int {
    let classes = lookup.asciiClasses
    var start = 0
    var end = bytes.count
    while start < end && classes[Int(bytes[start])] == .white { start += 1 }
    while end > start && classes[Int(bytes[end - 1])] == .white { end -= 1 }
    return end - start
  }
}
