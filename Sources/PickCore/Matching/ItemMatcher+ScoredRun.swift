import CPick

/// Matches that must be scored, a run at a time, for the ranker's run loops
/// (`Ranker+RunKeys`).
///
/// Once the C loop for matches left unscored stops at an item that must be
/// scored, the general path would take that item through five layers
/// (`matchForRanking`, two `outcome`s, `scanFuzzyTerms`,
/// `scoreFuzzyTerms`), each building and taking apart a value, and then
/// the ranker's key closure. Where the front never reaches the perfect
/// score (`lib/py` over paths: no path holds it in one piece at a word
/// start) every match is scored that way. This loop does the same steps
/// for ASCII fuzzy terms in one place: the ASCII test, the trimmed
/// length, `ASCIIFuzzyScorer.match` (several terms are first each looked
/// for by the block scans, `allTermsOccur`) and the key, noted in the
/// worker's threshold as the key closure notes it. Words typed into a
/// history (`git push origin`) are scored here too. (`AllTermsScan`, the
/// general path's one pass for all terms, reads a byte at a time: here,
/// between the C loop's runs, most items are rejected faster by the block
/// scans.)
extension ItemMatcher {
  /// Whether `scoredKeys` takes this query: ASCII fuzzy terms (`asciiFuzzyTerms`).
  var scoresRuns: Bool { strategy == .asciiFuzzyTerms }

  /// Writes the keys of the matches among the items of `run`, scoring
  /// each (one that is not ASCII from its compact text, as the general
  /// path does), and stops before the first item it does not take: one that
  /// may now be left unscored (longer than `prunesLongerThan`: the C
  /// loop's), or one that is too long, too wide for the alignment, or not
  /// ASCII with a compact text that needs the general path (the general
  /// path's). Returns the items taken and the keys written;
  /// `(0, 0)` unless `scoresRuns`. Without a `threshold` (no front: every
  /// match sorted) nothing is left unscored. `found`: the caller has found
  /// every term in the run's items (the ranker's skip after `passesOver`,
  /// or the bit scan): they are aligned over their masks where no score is
  /// needed, which costs less than the block scans where the terms are
  /// there (`ASCIIFuzzyScorer.match`).
  func scoredKeys(
    _ run: ItemStore.NarrowRun, firstOrder: Int, descending: Bool, into keys: UnsafeMutablePointer<UInt64>,
    threshold: FrontThreshold?, found: Bool = false
  ) -> (taken: Int, written: Int) {
    guard scoresRuns else { return (0, 0) }
    // The query's rarest character (`candidateSieve`), in either case: an
    // item without it is passed over by one block scan, not the walk
    // through every character before it. Not when the caller has found
    // the terms: it would find the character again.
    let rare = found ? nil : candidateSieve.flatMap { $0.mode == .asciiOrFoldLeads ? ($0.bytes.0, $0.bytes.1) : nil }
    var items = run.forKeys(firstOrder: firstOrder, descending: descending, into: keys)
    var written = 0
    var k = 0
    while k < run.count {
      var length = 0
      guard let item = cpick_item_run_item(&items, k, &length) else { break }
      guard let bytes = scannedText(UnsafeBufferPointer(start: item, count: length), runIsASCII: run.isASCII),
        let start = bytes.baseAddress
      else { break }
      let trimmed = trimmedLength(ofASCII: bytes)
      if trimmed > prunesLongerThan { break }
      if let (a, b) = rare, cpick_fuzzy_find(start, 0, bytes.count, a, b) == bytes.count {
        k += 1
        continue
      }
      // Several terms: each looked for first, so that none is scored in an
      // item another term is missing from.
      if terms.count > 1 && !found && !allTermsOccur(in: bytes) {
        k += 1
        continue
      }
      // Several terms were each found just above.
      let needs = threshold?.scoreNeeded(length: trimmed) ?? .min
      // A ceiling is a lower bound of the key, as for a match left unscored.
      let (score, isBound): (Int32, Bool)
      switch scoreTerms(in: bytes, filtered: terms.count > 1 || found, needs: needs) {
      case .noMatch:
        k += 1
        continue
      case .tooLarge: return (k, written)
      case .cannotReach(let ceiling): (score, isBound) = (ceiling, true)
      case .matched(let found): (score, isBound) = (found.score, false)
      }
      let key = cpick_item_run_key(&items, k, RankPoints.scoreField(score), UInt64(trimmed))
      keys[written] = key
      written += 1
      if let threshold { prunesLongerThan = threshold.note(key, isBound: isBound) }
      k += 1
    }
    return (k, written)
  }

  /// What the loop scores of `item`: the item itself when it is ASCII, its
  /// compact text when it is not, as the general path scores it
  /// (`scanTranscoded`); `nil` for an item the general path must take: too
  /// long, no compact text, or one that dropped a combining mark (whose
  /// lengths the general path gives back). `runIsASCII`: the store holds
  /// no byte above 0x7F, so only the length is tested (the ASCII test read
  /// every byte of every candidate: 8 % of `lib/py` over 10M paths).
  @inline(__always)
  private func scannedText(_ item: UnsafeBufferPointer<UInt8>, runIsASCII: Bool) -> UnsafeBufferPointer<UInt8>? {
    if runIsASCII ? item.count <= Scoring.longItemUnits : Self.scansBytes(of: item) { return item }
    guard let (text, drops) = compactText(of: item), drops.isEmpty else { return nil }
    return text
  }
}
