/// The runs of one tool on one query, and what the report shows of them.
struct ToolSamples {
  var results: [MeasuredCommand.Result] = []

  var medianMilliseconds: Double { median(results.map { $0.seconds * 1000 }) }
  var medianMiB: Double { median(results.map { Double($0.peakKiB) / 1024 }) }
  /// Output lines of the first run (every run gives the same output).
  var matches: Int { results[0].lines }

  /// Why the runs cannot be trusted: a crash or an exit status other than
  /// 0 (matches) and 1 (no match), or output that changed between runs.
  var failure: String? {
    for result in results {
      switch result.termination {
      case .exited(0), .exited(1): continue
      case .exited(let status): return "exit status \(status): \(result.text)"
      case .signaled(let signal): return "killed by signal \(signal): \(result.text)"
      }
    }
    if Set(results.map(\.lines)).count > 1 { return "match count changed between runs" }
    return nil
  }
}
