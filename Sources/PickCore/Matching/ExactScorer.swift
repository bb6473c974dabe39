/// The non-fuzzy term kinds: substring, substring at word boundaries, prefix,
/// suffix and whole item. Each has one or few placements, scored with the same
/// rules as fuzzy matches so the kinds can be combined in one ranking (fzf's
/// scoring, so mixed queries rank as users expect).
enum ExactScorer {
  /// `'abc`: the occurrence whose first character has the best bonus.
  /// With `atBoundaries` (`'abc'`), only occurrences that start and end at word boundaries count.
  static func substring<Text: ScoringSource>(
    _ pattern: UnsafeBufferPointer<UInt32>, in text: Text, atBoundaries: Bool, table: BonusTable,
    backward: Bool = false, positions: PositionList?
  ) -> ScoredMatch? {
    let m = pattern.count
    let n = text.count
    guard m > 0 else { return ScoredMatch(score: 0, start: 0, end: 0) }
    guard m <= n else { return nil }
    let first = pattern[0]
    var bestAt = -1
    var bestBonus: Int32 = -1
    // Backward, the scan runs from the end so that the first best found is the last one.
    var s = backward ? n - m : 0
    let step = backward ? -1 : 1
    while s >= 0 && s + m <= n {
      if text.unit(s) == first && matches(pattern, text, at: s) {
        let bonus = text.bonus(s)
        let acceptable =
          !atBoundaries
          || (bonus >= Scoring.boundary
            && (s == 0 || text.charClass(s - 1).rawValue <= CharClass.delimiter.rawValue)
            && (s + m == n || text.charClass(s + m).rawValue <= CharClass.delimiter.rawValue))
        if acceptable && bonus > bestBonus {
          bestBonus = bonus
          bestAt = s
          if bonus >= max(table.boundaryWhite, table.boundaryDelimiter) { break }
        }
      }
      s += step
    }
    guard bestAt >= 0 else { return nil }
    let end = bestAt + m
    if let positions { positions.values.append(contentsOf: bestAt..<end) }
    guard atBoundaries else {
      return ScoredMatch(score: RegionScorer.score(pattern, in: text, from: bestAt, to: end), start: bestAt, end: end)
    }
    // A boundary at `_` is weaker than one at a space or `/`: `'foo'` prefers
    // `foo bar` to `foo_bar`. The base makes it comparable with other kinds.
    var score = bestBonus
    var deduct = bestBonus - Scoring.boundary + 1
    if bestAt > 0 && text.unit(bestAt - 1) == 0x5F {
      score -= deduct + 1
      deduct = 1
    }
    if end < n && text.unit(end) == 0x5F { score -= deduct }
    score += Scoring.match * Int32(m) + table.boundaryWhite * Int32(m + 1)
    return ScoredMatch(score: score, start: bestAt, end: end)
  }

  /// `^abc`: at the start, after leading white space unless the pattern itself starts with it.
  static func prefix<Text: ScoringSource>(
    _ pattern: UnsafeBufferPointer<UInt32>, in text: Text, positions: PositionList?
  ) -> ScoredMatch? {
    let m = pattern.count
    guard m > 0 else { return ScoredMatch(score: 0, start: 0, end: 0) }
    let start = isWhite(pattern[0]) ? 0 : leadingWhite(text)
    guard text.count - start >= m, matches(pattern, text, at: start) else { return nil }
    if let positions { positions.values.append(contentsOf: start..<start + m) }
    return ScoredMatch(
      score: RegionScorer.score(pattern, in: text, from: start, to: start + m), start: start, end: start + m)
  }

  /// `abc$`: at the end, before trailing white space unless the pattern itself ends with it.
  static func suffix<Text: ScoringSource>(
    _ pattern: UnsafeBufferPointer<UInt32>, in text: Text, positions: PositionList?
  ) -> ScoredMatch? {
    let m = pattern.count
    var end = text.count
    if m == 0 || !isWhite(pattern[m - 1]) { end -= trailingWhite(text) }
    guard m > 0 else { return ScoredMatch(score: 0, start: end, end: end) }
    let start = end - m
    guard start >= 0, matches(pattern, text, at: start) else { return nil }
    if let positions { positions.values.append(contentsOf: start..<end) }
    return ScoredMatch(score: RegionScorer.score(pattern, in: text, from: start, to: end), start: start, end: end)
  }

  /// `^abc$`: the whole text, ignoring white space around it unless the pattern has it.
  static func equal<Text: ScoringSource>(
    _ pattern: UnsafeBufferPointer<UInt32>, in text: Text, table: BonusTable,
    positions: PositionList?
  ) -> ScoredMatch? {
    let m = pattern.count
    guard m > 0 else { return nil }
    let start = isWhite(pattern[0]) ? 0 : leadingWhite(text)
    let trailing = isWhite(pattern[m - 1]) ? 0 : trailingWhite(text)
    guard text.count - start - trailing == m, matches(pattern, text, at: start) else { return nil }
    if let positions { positions.values.append(contentsOf: start..<start + m) }
    // Every character matched, the first at the start: the best score any placement can get.
    let score =
      ScoringRules.firstCharacter(bonus: table.boundaryWhite) + (Scoring.match + table.boundaryWhite) * Int32(m - 1)
    return ScoredMatch(score: score, start: start, end: start + m)
  }

  @inline(__always)
  private static func matches<Text: ScoringSource>(_ pattern: UnsafeBufferPointer<UInt32>, _ text: Text, at s: Int)
    -> Bool
  {
    for k in 0..<pattern.count where text.unit(s + k) != pattern[k] { return false }
    return true
  }

  @inline(__always)
  private static func isWhite(_ unit: UInt32) -> Bool {
    unit == 0x20 || (unit >= 0x09 && unit <= 0x0D) || unit == 0x85 || unit == 0xA0
      || (unit > 0xFF && unit < 0x110000 && (Unicode.Scalar(unit)?.properties.isWhitespace ?? false))
  }

  private static func leadingWhite<Text: ScoringSource>(_ text: Text) -> Int {
    var k = 0
    while k < text.count && text.charClass(k) == .white { k += 1 }
    return k
  }

  private static func trailingWhite<Text: ScoringSource>(_ text: Text) -> Int {
    var k = 0
    while k < text.count && text.charClass(text.count - 1 - k) == .white { k += 1 }
    return k
  }
}
