extension FuzzyScorer {
  /// `match` for a text longer than `Scoring.longItemUnits`, which `match`
  /// always scores with the greedy scan: the same steps (the best single
  /// character, or the greedy scan from the first character's first
  /// occurrence) over any `ScoringSource`, so an ASCII item's bytes can be
  /// scored without preparing arrays for it.
  func matchLongText<Text: ScoringSource>(
    _ pattern: UnsafeBufferPointer<UInt32>, in text: Text, positions: PositionList?
  ) -> ScoredMatch? {
    let m = pattern.count
    let n = text.count
    guard m > 0 else { return ScoredMatch(score: 0, start: 0, end: 0) }
    guard m <= n else { return nil }
    if m == 1 && !placesGreedily {
      guard let best = bestSingleCharacter(pattern[0], in: text) else { return nil }
      positions?.values.append(best.start)
      return best
    }
    var first = 0
    while first < n && text.unit(first) != pattern[0] { first += 1 }
    guard first < n else { return nil }
    return GreedyScorer.match(pattern, in: text, from: first, backward: prefersLast, positions: positions)
  }

  /// The occurrence of `unit` with the best bonus (the last of equals when
  /// `prefersLast`), as `match` finds it for a one-character pattern.
  private func bestSingleCharacter<Text: ScoringSource>(_ unit: UInt32, in text: Text) -> ScoredMatch? {
    BestSingleOccurrence.find(
      count: text.count, prefersLast: prefersLast, occurs: { text.unit($0) == unit }, bonus: { text.bonus($0) })
  }
}
