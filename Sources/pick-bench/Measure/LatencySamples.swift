/// The times one tool took for one key (or to load), over the runs.
struct LatencySamples: Equatable {
  var milliseconds: [Double] = []
  /// Runs in which the screen never showed the expected state in time.
  var timeouts = 0

  var median: Double? { milliseconds.isEmpty ? nil : pick_bench.median(milliseconds) }
  var worst: Double? { milliseconds.max() }

  mutating func append(_ value: Double?) {
    if let value { milliseconds.append(value) } else { timeouts += 1 }
  }
}
