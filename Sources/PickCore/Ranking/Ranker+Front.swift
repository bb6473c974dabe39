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

  /// What gives the keys behind the front their real points before they
  /// are sorted (`RankedMatches.sortRest`): every key there is scored again,
  /// on all workers, each with a matcher of its own that prunes nothing.
  func rescoring(
    _ store: ItemStore, query: CompiledQuery, range: Range<Int>, items: [Int]?, points: RankPoints
  ) -> @Sendable (UnsafeMutableBufferPointer<UInt64>) -> Void {
    let (reversed, span, lower) = (order.reversesInput, range.count, range.lowerBound)
    let (workers, taskSize) = (workers, taskSize)
    return { keys in
      let tasks = (keys.count + taskSize - 1) / taskSize
      let matchers = (0..<max(1, min(workers, tasks))).map { _ in ItemMatcher(query, detail: .trimmedLength) }
      let box = UnsafeSendable((keys, matchers))
      Parallel.run(tasks: tasks, workers: matchers.count) { task, worker in
        let (keys, matchers) = box.value
        for position in task * taskSize..<min((task + 1) * taskSize, keys.count) {
          let order = Int(keys[position] & 0xFFFF_FFFF)
          let offset = reversed ? span - 1 - order : order
          let index = items.map { $0[offset] } ?? lower + offset
          // Every key here matched when it was made; the same matcher finds it again.
          guard let found = matchers[worker].matchForRanking(store.item(index)) else { continue }
          let p = points.points(
            for: found.match, trimmedLength: found.trimmedLength, units: found.units, classes: found.classes)
          keys[position] = (p & 0xFFFF_FFFF_0000_0000) | UInt64(order)
        }
      }
      if items == nil { store.releaseMapped(range) }
    }
  }
}
