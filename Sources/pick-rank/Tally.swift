/// Both filters' outcomes for one case.
struct CaseResult: Sendable {
  let rankCase: RankCase
  let pick: FilterOutcome
  let fzf: FilterOutcome

  /// A missing target counts as ranked below everything.
  var isLoss: Bool { (pick.rank ?? .max) > (fzf.rank ?? .max) }
  var isWin: Bool { (pick.rank ?? .max) < (fzf.rank ?? .max) }
}

/// The measures of one filter over a set of cases.
struct FilterTally {
  private(set) var top1 = 0
  private(set) var top3 = 0
  private(set) var missing = 0
  private(set) var reciprocalSum = 0.0

  mutating func add(_ outcome: FilterOutcome) {
    guard let rank = outcome.rank else {
      missing += 1
      return
    }
    if rank == 1 { top1 += 1 }
    if rank <= 3 { top3 += 1 }
    reciprocalSum += 1 / Double(rank)
  }
}

/// The measures of both filters over a set of cases (one strategy, one list
/// kind, or all), and how often each placed the target higher.
struct Tally {
  private(set) var cases = 0
  private(set) var pick = FilterTally()
  private(set) var fzf = FilterTally()
  private(set) var wins = 0
  private(set) var losses = 0

  mutating func add(_ result: CaseResult) {
    cases += 1
    pick.add(result.pick)
    fzf.add(result.fzf)
    if result.isWin { wins += 1 }
    if result.isLoss { losses += 1 }
  }

  /// Top-1 rate: how often the target came first.
  func top1(_ filter: FilterTally) -> Double { rate(filter.top1) }
  /// Top-3 rate: how often the target was on the first three lines.
  func top3(_ filter: FilterTally) -> Double { rate(filter.top3) }
  /// Mean reciprocal rank: the mean of 1/rank, a missing target counting 0.
  func meanReciprocalRank(_ filter: FilterTally) -> Double {
    cases == 0 ? 0 : filter.reciprocalSum / Double(cases)
  }

  private func rate(_ count: Int) -> Double {
    cases == 0 ? 0 : Double(count) / Double(cases)
  }
}
