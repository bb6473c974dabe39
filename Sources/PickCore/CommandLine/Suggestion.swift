/// Finds the real option a mistyped one was probably meant to be.
///
/// Distance is the optimal-string-alignment edit distance: insertions,
/// deletions, substitutions and swaps of two neighbouring characters each
/// cost one, so `fitler` is one step from `filter`. A suggestion is made only
/// when the typo is close (at most one step per three characters, and never
/// more than two), because a far-fetched "did you mean" is worse than none.
enum Suggestion {
  /// The nearest of `candidates` to `name`, or `nil` when none is close.
  /// Ties go to the earlier candidate, so table order decides.
  static func nearest(to name: String, in candidates: [String]) -> String? {
    let typed = Array(name.lowercased().unicodeScalars)
    let limit = min(2, max(1, typed.count / 3))
    var best: (candidate: String, distance: Int)? = nil
    for candidate in candidates {
      let scalars = Array(candidate.unicodeScalars)
      // The distance is at least the difference in length: skipping those
      // keeps a huge mistyped argument (found by fuzzing) from costing a
      // quadratic table per candidate.
      guard abs(typed.count - scalars.count) <= limit else { continue }
      let d = distance(typed, scalars)
      if d <= limit, d < (best?.distance ?? .max) { best = (candidate, d) }
    }
    return best?.candidate
  }

  /// Optimal-string-alignment distance between `a` and `b`.
  static func distance<T: Equatable>(_ a: [T], _ b: [T]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    // rows[i][j]: distance between the first i of `a` and the first j of `b`.
    var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { rows[i][0] = i }
    for j in 0...b.count { rows[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var d = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          d = min(d, rows[i - 2][j - 2] + 1)
        }
        rows[i][j] = d
      }
    }
    return rows[a.count][b.count]
  }
}
