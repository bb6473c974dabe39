/// The cheap scan for texts too long for the full alignment (see `FuzzyScorer`):
/// the first occurrence of the pattern, shortened from its end, then scored
/// with the same bonuses as a run of matches in that window (`RegionScorer`).
/// Linear in the text, never quadratic.
enum GreedyScorer {
  static func match<Text: ScoringSource>(
    _ pattern: UnsafeBufferPointer<UInt32>, in text: Text, from first: Int, backward: Bool = false,
    positions: PositionList?
  ) -> ScoredMatch? {
    if backward { return matchBackward(pattern, in: text, from: first, positions: positions) }
    let m = pattern.count
    var p = 0
    var end = -1
    var j = first
    while j < text.count {
      if text.unit(j) == pattern[p] {
        p += 1
        if p == m {
          end = j + 1
          break
        }
      }
      j += 1
    }
    guard end > 0 else { return nil }
    // Walk back from the end to the latest start that still holds the whole pattern.
    p = m - 1
    var start = end - 1
    while start >= first {
      if text.unit(start) == pattern[p] {
        if p == 0 { break }
        p -= 1
      }
      start -= 1
    }
    let score = RegionScorer.score(pattern, in: text, from: start, to: end, positions: positions)
    return ScoredMatch(score: score, start: start, end: end)
  }
}

extension GreedyScorer {
  /// The last occurrence instead: found from the end, then shortened from its start.
  static func matchBackward<Text: ScoringSource>(
    _ pattern: UnsafeBufferPointer<UInt32>, in text: Text, from first: Int, positions: PositionList?
  ) -> ScoredMatch? {
    let m = pattern.count
    var p = m - 1
    var start = -1
    var j = text.count - 1
    while j >= first {
      if text.unit(j) == pattern[p] {
        if p == 0 {
          start = j
          break
        }
        p -= 1
      }
      j -= 1
    }
    guard start >= 0 else { return nil }
    p = 0
    var end = start
    while end < text.count {
      if text.unit(end) == pattern[p] {
        p += 1
        if p == m { break }
      }
      end += 1
    }
    end += 1
    let score = RegionScorer.score(pattern, in: text, from: start, to: end, positions: positions)
    return ScoredMatch(score: score, start: start, end: end)
  }
}

/// Scores a known placement: the pattern's characters taken greedily in
/// `start..<end`, with the same match, gap, word-start and consecutive-run
/// rules as the full alignment. Used for exact, prefix and suffix terms (one
/// possible placement) and by the greedy scan.
enum RegionScorer {
  static func score<Text: ScoringSource>(
    _ pattern: UnsafeBufferPointer<UInt32>, in text: Text, from start: Int, to end: Int,
    positions: PositionList? = nil
  ) -> Int32 {
    let m = pattern.count
    var p = 0
    var score: Int32 = 0
    var inGap = false
    // The bonus of the current run's first character, -1 outside a run.
    var runStart: Int32 = -1
    var j = start
    while j < end && p < m {
      if text.unit(j) == pattern[p] {
        positions?.values.append(j)
        let own = text.bonus(j)
        let step = ScoringRules.runStep(own: own, runStart: runStart)
        if !step.continues { runStart = own }
        score += p == 0 ? ScoringRules.firstCharacter(bonus: step.bonus) : Scoring.match + step.bonus
        inGap = false
        p += 1
      } else {
        score += inGap ? Scoring.gapExtension : Scoring.gapStart
        inGap = true
        runStart = -1
      }
      j += 1
    }
    return score
  }
}
