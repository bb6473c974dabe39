/// Leaving unscored the matches that cannot reach the picker's sorted front
/// (`FrontThreshold`), and scoring them if the rest is ever sorted.
extension Ranker {
  /// One threshold per matcher when this search may leave matches unscored:
  /// the picker's ranking (`sortLimit`) of narrow keys ordered by score then
  /// length, for a query whose perfect score is known (`asciiFuzzyTerms`),
  /// over items that `rescoring` can read as they are: not a store that
  /// keeps escape sequences (only `--filter` makes one, and it sorts all).
  func frontThresholds(
    _ store: ItemStore, _ matchers: [ItemMatcher], detail: MatchDetail, criteria: [Options.Tiebreak], byScore: Bool
  ) -> [FrontThreshold]? {
    guard byScore, let limit = sortLimit, !store.holdsEscapes, detail == .trimmedLength, criteria == [.length],
      let perfect = matchers.first?.perfectScore, perfect > 0
    else { return nil }
    return matchers.map { _ in FrontThreshold(limit: limit, perfectScore: perfect) }
  }

  /// What gives keys that hold only their match's order (or a lower bound
  /// of its points) their real points: for the picker's narrow keys.
  func rescoring(_ store: ItemStore, query: CompiledQuery, points: RankPoints, detail: MatchDetail, byScore: Bool)
    -> Rescoring?
  {
    guard sortLimit != nil, !store.holdsEscapes else { return nil }
    return Rescoring(
      store: store, query: query, points: points, detail: detail, byScore: byScore,
      reversesInput: order.reversesInput, workers: workers, taskSize: taskSize)
  }
}

/// Gives keys that hold only their match's order (or a lower bound of its
/// points, `FrontThreshold`) their real points: the rest of a picker's
/// ranking when it is sorted (`RankedMatches.sortRest`), and the matches
/// behind the front of a remembered answer cut down to its front
/// (`RankedSummary`). Every key is scored again, on all workers, each with
/// a matcher of its own that prunes nothing.
struct Rescoring: Sendable {
  let store: ItemStore
  let query: CompiledQuery
  let points: RankPoints
  /// What the ranker's matchers read of a match (the keys need the same).
  let detail: MatchDetail
  /// `false`: the keys are the orders alone (input order), nothing to score.
  let byScore: Bool
  let reversesInput: Bool
  let workers: Int
  let taskSize: Int

  /// Scores `keys` of a ranking of the `span` items from `base` (offsets
  /// in `items` when given), each holding its match's order in the low half.
  func rescore(_ keys: UnsafeMutableBufferPointer<UInt64>, base: Int, span: Int, items: [Int]?) {
    guard byScore, !keys.isEmpty else { return }
    let (reversed, query, detail, points, store) = (reversesInput, query, detail, points, store)
    let tasks = (keys.count + taskSize - 1) / taskSize
    let matchers = (0..<max(1, min(workers, tasks))).map { _ in ItemMatcher(query, detail: detail) }
    let box = UnsafeSendable((keys, matchers))
    let taskSize = taskSize
    Parallel.run(tasks: tasks, workers: matchers.count) { task, worker in
      let (keys, matchers) = box.value
      for position in task * taskSize..<min((task + 1) * taskSize, keys.count) {
        let offset = RankedMatches.offset(ofKey: keys[position], reversed: reversed, span: span)
        let index = items.map { $0[offset] } ?? base + offset
        // Every key here matched when it was made; the same matcher finds it again.
        guard let found = matchers[worker].matchForRanking(store.item(index)) else { continue }
        let p = points.points(
          for: found.match, trimmedLength: found.trimmedLength, units: found.units, classes: found.classes)
        keys[position] = (p & 0xFFFF_FFFF_0000_0000) | (keys[position] & 0xFFFF_FFFF)
      }
    }
    if items == nil { store.releaseMapped(base..<base + span) }
  }
}
