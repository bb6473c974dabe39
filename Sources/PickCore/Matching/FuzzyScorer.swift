/// Fuzzy matching: the query's characters in order, gaps allowed, scored by
/// the best of all the ways they can be placed.
///
/// The algorithm is a Smith-Waterman-style alignment without omissions (as
/// fzf's v2, which is the reference; fzy's is the same idea with real
/// numbers). Row `i` of the matrix `H` holds, for each text position `j`, the
/// best score of placing pattern characters `0...i` with character `i` at or
/// before `j`:
///
///     H[i][j] = max(0, H[i][j-1] + gap,                       // pattern[i] placed earlier
///                      H[i-1][j-1] + match + bonus(i, j))      // pattern[i] placed at j
///
/// `gap` is `gapStart` when the gap opens at `j` and `gapExtension` while it
/// continues. `bonus(i, j)` is the position's word-start bonus (doubled for
/// the first pattern character), raised inside a run of consecutive matches
/// to at least `Scoring.consecutive` and to the bonus of the run's first
/// character, so a run that starts at a word start keeps its value; a
/// stronger word start inside a run starts a new run instead. `C[i][j]` is the
/// length of the run ending there. The best score in the last row wins; the
/// first such position if several tie.
///
/// Cost: O(m·w) time and memory, where w is the window from the first
/// possible position of the first character to the last occurrence of the
/// last one. Above `Scoring.maximumCells` (and for items longer than
/// `Scoring.longItemUnits`) the greedy scan is used instead: the first
/// occurrence, shortened from its end, scored with the same bonuses.
struct FuzzyScorer: ~Copyable {
  /// Reused matrices: one worker's, so scoring allocates nothing per item.
  var scores: [Int32] = []
  var runs: [Int16] = []
  var firsts: [Int] = []
  /// Take the last of equally scored placements instead of the first (see `CompiledQuery.prefersLastOccurrence`).
  var prefersLast = false {
    didSet { sparse.prefersLast = prefersLast }
  }
  /// Scores without positions (most items: only the rows on screen are
  /// highlighted) at the pattern's occurrences alone.
  private var sparse = SparseAlignment()
  /// Find the real start of the best placement even when no positions are asked for.
  var needsStart = false
  /// `--algo=v1`: every pattern takes the greedy scan (`GreedyScorer`), one
  /// character included (its first occurrence, not its best).
  var placesGreedily = false
  private let startScratch = PositionList()

  /// Scores `pattern` in `text`; `nil` when the characters do not all occur in order.
  /// Positions of the matched units are appended to `positions` when it is given.
  mutating func match(
    _ pattern: UnsafeBufferPointer<UInt32>, in text: ScoringText, positions: PositionList? = nil
  ) -> ScoredMatch? {
    let m = pattern.count
    let n = text.count
    guard m > 0 else { return ScoredMatch(score: 0, start: 0, end: 0) }
    guard m <= n else { return nil }
    let t = text.units
    if placesGreedily {
      guard let first = (0..<n).first(where: { t[$0] == pattern[0] }) else { return nil }
      return GreedyScorer.match(pattern, in: text, from: first, backward: prefersLast, positions: positions)
    }
    if m == 1 {
      let b = text.bonuses
      guard let best = bestSingle(pattern[0], in: t, bonus: { b[$0] }) else { return nil }
      positions?.values.append(best.start)
      return best
    }
    guard let (first, last) = window(pattern, in: t) else { return nil }
    let width = last - first + 1
    if n > Scoring.longItemUnits || width * m > Scoring.maximumCells {
      return GreedyScorer.match(pattern, in: text, from: first, backward: prefersLast, positions: positions)
    }
    if positions == nil && !needsStart {
      let b = text.bonuses
      return sparseFill(pattern, t, first: first, width: width) { b[$0] }
    }
    return fill(pattern, text, first: first, last: last, width: width, positions: positions)
  }

  /// What `matchLazily` found.
  enum LazyOutcome {
    case noMatch
    case matched(ScoredMatch)
    /// Too long an item or too wide a window for the alignment: score the
    /// prepared text with `match` (its greedy scan).
    case needsPreparedText
  }

  /// Whether `matchLazily` may be used: no positions, no real start wanted,
  /// and the best placement (not `--algo=v1`'s first one).
  var scoresLazily: Bool { !needsStart && !placesGreedily }

  /// `match` without positions for a text whose bonuses are not computed:
  /// `bonus(j)` gives position `j`'s, and is asked only where a pattern
  /// character occurs. Scores, starts and ends are `match`'s.
  @inline(__always)
  mutating func matchLazily(
    _ pattern: UnsafeBufferPointer<UInt32>, in t: UnsafeBufferPointer<UInt32>, bonus: (Int) -> Int32
  ) -> LazyOutcome {
    let m = pattern.count
    let n = t.count
    guard m > 0 else { return .matched(ScoredMatch(score: 0, start: 0, end: 0)) }
    guard m <= n else { return .noMatch }
    if m == 1 { return bestSingle(pattern[0], in: t, bonus: bonus).map(LazyOutcome.matched) ?? .noMatch }
    guard let (first, last) = window(pattern, in: t) else { return .noMatch }
    let width = last - first + 1
    if n > Scoring.longItemUnits || width * m > Scoring.maximumCells { return .needsPreparedText }
    return .matched(sparseFill(pattern, t, first: first, width: width, bonus: bonus))
  }

  /// The best score and end, from the cells where a pattern character occurs
  /// (`SparseAlignment`); `bonus(j)` is position `j`'s bonus.
  @inline(__always)
  private mutating func sparseFill(
    _ pattern: UnsafeBufferPointer<UInt32>, _ t: UnsafeBufferPointer<UInt32>, first: Int, width: Int,
    bonus: (Int) -> Int32
  ) -> ScoredMatch {
    let m = pattern.count
    sparse.prepare(m: m, width: width)
    // Which units may be pattern characters, by their low six bits: most
    // units of a line are none, and one test passes them over.
    var sketch: UInt64 = 0
    for unit in pattern { sketch |= 1 << UInt64(unit & 63) }
    return firsts.withUnsafeBufferPointer { f in
      for col in 0..<width {
        let unit = t[first + col]
        if sketch & (1 << UInt64(unit & 63)) == 0 { continue }
        for i in 0..<m where pattern[i] == unit && first + col >= f[i] {
          sparse.add(column: col, row: i, width: width)
        }
      }
      let best = sparse.align(
        m: m, width: width, startColumns: { f[$0] - first }, bonus: { bonus(first + $0) })
      return ScoredMatch(score: best.score, start: first, end: first + best.endColumn + 1)
    }
  }

  /// Where the first occurrence of the first character and the last
  /// occurrence of the last are, with the first occurrence of each character
  /// in order in `firsts`: this both rejects non-matches in O(n) and bounds
  /// the window of the alignment. `nil` when the characters do not all occur
  /// in order.
  @inline(__always)
  private mutating func window(_ pattern: UnsafeBufferPointer<UInt32>, in t: UnsafeBufferPointer<UInt32>)
    -> (first: Int, last: Int)?
  {
    let m = pattern.count
    let n = t.count
    if firsts.count < m { firsts = [Int](repeating: 0, count: m) }
    var p = 0
    var j = 0
    while j < n && p < m {
      if t[j] == pattern[p] {
        firsts[p] = j
        p += 1
      }
      j += 1
    }
    guard p == m else { return nil }
    let lastChar = pattern[m - 1]
    var last = n - 1
    while t[last] != lastChar { last -= 1 }
    return (firsts[0], last)
  }

  /// One character: the occurrence with the best bonus (`bonus(j)`), in one pass.
  @inline(__always)
  private func bestSingle(_ unit: UInt32, in t: UnsafeBufferPointer<UInt32>, bonus: (Int) -> Int32)
    -> ScoredMatch?
  {
    BestSingleOccurrence.find(count: t.count, prefersLast: prefersLast, occurs: { t[$0] == unit }, bonus: bonus)
  }

  private mutating func fill(
    _ pattern: UnsafeBufferPointer<UInt32>, _ text: ScoringText, first: Int, last: Int, width: Int,
    positions: PositionList?
  ) -> ScoredMatch {
    let m = pattern.count
    let cells = width * m
    if scores.count < cells {
      scores = [Int32](repeating: 0, count: cells)
      runs = [Int16](repeating: 0, count: cells)
    }
    let t = text.units
    let b = text.bonuses
    var bestScore: Int32 = 0
    var bestAt = first
    scores.withUnsafeMutableBufferPointer { h in
      runs.withUnsafeMutableBufferPointer { c in
        // Row 0: the first pattern character, its bonus doubled.
        let p0 = pattern[0]
        var inGap = false
        var previous: Int32 = 0
        for col in 0..<width {
          let j = first + col
          if t[j] == p0 {
            previous = ScoringRules.firstCharacter(bonus: b[j])
            c[col] = 1
            inGap = false
          } else {
            previous = max(previous + (inGap ? Scoring.gapExtension : Scoring.gapStart), 0)
            c[col] = 0
            inGap = true
          }
          h[col] = previous
        }
        for i in 1..<m {
          let pi = pattern[i]
          let row = i * width
          let above = row - width
          let startCol = firsts[i] - first
          var inGap = false
          var left: Int32 = 0
          // Cells before this character's first occurrence cannot hold it.
          for col in 0..<startCol {
            h[row + col] = 0
            c[row + col] = 0
          }
          for col in startCol..<width {
            let j = first + col
            let gapScore = left + (inGap ? Scoring.gapExtension : Scoring.gapStart)
            var matchScore: Int32 = 0
            var run: Int16 = 0
            if t[j] == pi && col > 0 {
              matchScore = h[above + col - 1] + Scoring.match
              let own = b[j]
              let previousRun = c[above + col - 1]
              let step = ScoringRules.runStep(own: own, runStart: previousRun > 0 ? b[j - Int(previousRun)] : -1)
              run = step.continues ? previousRun + 1 : 1
              if matchScore + step.bonus < gapScore {
                matchScore += own
                run = 0
              } else {
                matchScore += step.bonus
              }
            }
            c[row + col] = run
            inGap = matchScore < gapScore
            let score = max(matchScore, gapScore, 0)
            if i == m - 1 && (score > bestScore || (prefersLast && score == bestScore && score > 0)) {
              bestScore = score
              bestAt = j
            }
            h[row + col] = score
            left = score
          }
        }
      }
    }
    var start = first
    if let list = positions ?? (needsStart ? startScratch : nil) {
      start = backtrace(m: m, width: width, first: first, end: bestAt, into: list)
      startScratch.values.removeAll(keepingCapacity: true)
    }
    return ScoredMatch(score: bestScore, start: start, end: bestAt + 1)
  }

  /// Walks the matrices back from the best cell to the positions that produced it.
  /// Returns the first matched position.
  private func backtrace(m: Int, width: Int, first: Int, end: Int, into positions: PositionList) -> Int {
    var found: [Int] = []
    found.reserveCapacity(m)
    var i = m - 1
    var col = end - first
    var preferMatch = true
    while true {
      let row = i * width
      let score = scores[row + col]
      let diagonal: Int32 = (i > 0 && col > 0 && first + col >= firsts[i]) ? scores[row - width + col - 1] : 0
      let left: Int32 = first + col > firsts[i] ? scores[row + col - 1] : 0
      if score > diagonal && (score > left || score == left && preferMatch) {
        found.append(first + col)
        if i == 0 { break }
        i -= 1
      }
      preferMatch = runs[row + col] > 1 || (row + width + col + 1 < m * width && runs[row + width + col + 1] > 0)
      if col == 0 { break }
      col -= 1
    }
    positions.values.append(contentsOf: found.reversed())
    return found.last ?? first
  }
}
