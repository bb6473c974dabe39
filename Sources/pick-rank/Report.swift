import Foundation

/// Prints the comparison: a table of measures per strategy, per list kind
/// and overall, then (on request) cases that pick lost, for a human to study.
struct Report {
  let lists: [GeneratedList]
  let results: [CaseResult]

  func table() -> String {
    var lines: [String] = []
    let header =
      pad("strategy", 26) + pad("cases", 7, right: true)
      + "   top-1 pick   fzf   top-3 pick   fzf     MRR pick   fzf   pick>fzf pick<fzf"
    lines.append(header)
    lines.append(String(repeating: "-", count: header.count))
    for kind in ListKind.allCases {
      let ofKind = results.filter { $0.rankCase.strategy.listKind == kind }
      guard !ofKind.isEmpty else { continue }
      for strategy in QueryStrategy.strategies(for: kind) {
        let tally = Self.tally(ofKind.filter { $0.rankCase.strategy == strategy })
        if tally.cases > 0 { lines.append(row(strategy.label, tally)) }
      }
      lines.append(row("\(kind.rawValue) (all)", Self.tally(ofKind)))
      lines.append("")
    }
    lines.append(row("overall", Self.tally(results)))
    let missing = Self.tally(results)
    if missing.pick.missing + missing.fzf.missing > 0 {
      lines.append("targets not printed at all: pick \(missing.pick.missing), fzf \(missing.fzf.missing)")
    }
    return lines.joined(separator: "\n")
  }

  /// Up to `count` cases where fzf placed the target higher than pick, taken
  /// from each strategy in turn so that no single pattern fills the list.
  func losses(_ count: Int) -> String {
    var queues = QueryStrategy.allCases.map { strategy in
      results.filter { $0.rankCase.strategy == strategy && $0.isLoss }[...]
    }
    var chosen: [CaseResult] = []
    while chosen.count < count, queues.contains(where: { !$0.isEmpty }) {
      for i in queues.indices where chosen.count < count {
        if let next = queues[i].popFirst() { chosen.append(next) }
      }
    }
    guard !chosen.isEmpty else { return "no case where fzf ranked the target higher" }
    return chosen.map { result in
      let c = result.rankCase
      var text = "[\(c.strategy.label)] query '\(c.query)' on \(lists[c.list].name)\n"
      text += "  target:  \(c.target)\n"
      text += "  pick (rank \(Self.describe(result.pick.rank))):\n" + Self.top(result.pick)
      text += "  fzf (rank \(Self.describe(result.fzf.rank))):\n" + Self.top(result.fzf)
      return text
    }.joined(separator: "\n")
  }

  private func row(_ label: String, _ tally: Tally) -> String {
    pad(label, 26) + pad("\(tally.cases)", 7, right: true)
      + "   " + pad(Self.number(tally.top1(tally.pick)), 10, right: true)
      + pad(Self.number(tally.top1(tally.fzf)), 6, right: true)
      + pad(Self.number(tally.top3(tally.pick)), 13, right: true)
      + pad(Self.number(tally.top3(tally.fzf)), 6, right: true)
      + pad(Self.number(tally.meanReciprocalRank(tally.pick)), 13, right: true)
      + pad(Self.number(tally.meanReciprocalRank(tally.fzf)), 6, right: true)
      + pad("\(tally.wins)", 11, right: true) + pad("\(tally.losses)", 10, right: true)
  }

  private static func tally(_ results: [CaseResult]) -> Tally {
    var tally = Tally()
    for result in results { tally.add(result) }
    return tally
  }

  private static func top(_ outcome: FilterOutcome) -> String {
    outcome.top.enumerated().map { "    \($0.offset + 1). \($0.element)\n" }.joined()
  }

  private static func describe(_ rank: Int?) -> String {
    rank.map(String.init) ?? "not printed"
  }

  private static func number(_ value: Double) -> String {
    String(format: "%.3f", value)
  }

  private func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
    let fill = String(repeating: " ", count: max(0, width - text.count))
    return right ? fill + text : text + fill
  }
}
