import PickTestSupport

/// One test case: a query and the line it was made for.
struct RankCase: Sendable {
  let strategy: QueryStrategy
  /// Index into the run's lists.
  let list: Int
  let target: String
  let query: String
}

/// Draws cases: random target lines, a query from each strategy, and the
/// intention rule (see `QueryReading`) to keep only the unambiguous ones.
struct CaseSampler {
  let lists: [GeneratedList]
  var rng: SeededGenerator

  /// `count` cases split evenly among the strategies; each strategy takes its
  /// targets from every list of its kind in turn. A strategy that cannot find
  /// enough unambiguous cases in its attempt budget gets fewer (the report
  /// shows the counts).
  mutating func cases(count: Int) -> [RankCase] {
    let strategies = QueryStrategy.allCases.filter { strategy in
      lists.contains { $0.kind == strategy.listKind }
    }
    var result: [RankCase] = []
    for (s, strategy) in strategies.enumerated() {
      let quota = count / strategies.count + (s < count % strategies.count ? 1 : 0)
      let candidates = lists.indices.filter { lists[$0].kind == strategy.listKind }
      var seen: Set<String> = []
      var kept = 0
      var attempts = 0
      while kept < quota, attempts < quota * 500 {
        let listIndex = candidates[attempts % candidates.count]
        attempts += 1
        let list = lists[listIndex]
        // Mostly first-party files, as people mostly open their own code;
        // now and then a vendored one, as when reading a dependency.
        let target = rng.chance(0.85) ? rng.element(of: list.firstParty) : rng.below(list.lines.count)
        guard let proposal = strategy.proposal(for: list.anatomy[target], using: &rng),
          isIntended(target, by: proposal.reading, in: list, strategy: strategy),
          seen.insert("\(listIndex)\u{0}\(proposal.query)").inserted
        else { continue }
        result.append(RankCase(strategy: strategy, list: listIndex, target: list.lines[target], query: proposal.query))
        kept += 1
      }
      if kept < quota { log("\(strategy.label): only \(kept) unambiguous cases in \(attempts) attempts") }
    }
    return result
  }

  /// Whether `target` is the line meant by a query with this reading: the
  /// only line that fits it, or for `latest-of-several` the newest (first)
  /// of two to five lines that fit.
  private func isIntended(_ target: Int, by reading: QueryReading, in list: GeneratedList, strategy: QueryStrategy)
    -> Bool
  {
    guard reading.isFitted(by: list.anatomy[target]) else { return false }
    let allowed = strategy.acceptsSeveralFits ? 5 : 1
    let prefilter = reading.prefilter
    var fits = 1
    for (i, line) in list.anatomy.enumerated()
    where i != target && prefilter.admits(line) && reading.isFitted(by: line) {
      // A newer fitting line would be the one meant instead.
      if i < target { return false }
      fits += 1
      if fits > allowed { return false }
    }
    return strategy.acceptsSeveralFits ? fits >= 2 : fits == 1
  }
}
