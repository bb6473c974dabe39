import CPick

/// Matches left unscored a run at a time (`cpick_rank_unscored_ascii`).
extension ItemMatcher {
  /// Writes the keys of the matches among the items of `run`
  /// that are left unscored (longer than `prunesLongerThan`), each with
  /// the perfect score, as `matchForRanking` and the ranker's key would,
  /// and stops before the first item that must be matched the general
  /// way. Returns the items taken and the keys written; `(0, 0)` unless the
  /// strategy is `asciiFuzzyTerms` and something may be left unscored.
  func unscoredKeys(
    _ run: ItemStore.NarrowRun, firstOrder: Int, descending: Bool, into keys: UnsafeMutablePointer<UInt64>
  ) -> (taken: Int, written: Int) {
    guard strategy == .asciiFuzzyTerms, prunesLongerThan != .max, run.count > 0,
      SingleCharacterScan.classesAreRawBytes
    else { return (0, 0) }
    var items = run.forKeys(firstOrder: firstOrder, descending: descending, into: keys)
    var written = 0
    var rules = cpick_unscored_rules(
      classes: UnsafeRawPointer(lookup.asciiClasses).assumingMemoryBound(to: UInt8.self),
      terms: terms.unscored.baseAddress, term_count: terms.count, longest: Scoring.longItemUnits,
      prunes_longer_than: prunesLongerThan,
      perfect_field: RankPoints.scoreField(perfectScore), ascii_input: run.isASCII ? 1 : 0)
    let taken = cpick_rank_unscored_ascii(&items, &rules, &written)
    return (taken, written)
  }
}

extension ItemStore.NarrowRun {
  /// The run as the C loops read it, their keys going to `keys`; item k's
  /// place in the input order is `firstOrder` plus k (minus k when
  /// `descending`). The score of an occurrence of one character is
  /// `matchScore + bonus * multiplier`.
  func forKeys(
    firstOrder: Int, descending: Bool, into keys: UnsafeMutablePointer<UInt64>, matchScore: Int32 = 0,
    multiplier: Int32 = 0
  ) -> cpick_item_run {
    cpick_item_run(
      arena: arena, starts: starts, indices: indices, count: count, match_score: matchScore, multiplier: multiplier,
      first_order: UInt64(firstOrder), descending: descending ? 1 : 0, keys: keys)
  }
}
