/// The scoring rules, written once: every scorer (the dense matrix, the
/// sparse alignment, the region and greedy scans, the byte scans) calls
/// these, so a change to how a match is scored is made here and nowhere else.
///
/// They are small and always inlined: they sit in the innermost loops, where
/// a call would cost more than the rule.

/// The bonus matrix (`BonusTable`'s, as plain memory): the bonus for
/// matching a character of one class right after a character of another.
struct BonusMatrix {
  let base: UnsafeMutablePointer<Int32>

  /// Where the bonus for `previous` then `current` is kept (by raw class).
  @inline(__always)
  static func index(previous: Int, current: Int) -> Int { previous &* CharClass.count &+ current }

  /// The bonus for a character of class `current` (raw value) after one of class `previous`.
  @inline(__always)
  subscript(previous: Int, current: Int) -> Int32 { base[Self.index(previous: previous, current: current)] }

  @inline(__always)
  subscript(previous: CharClass, current: CharClass) -> Int32 {
    self[Int(previous.rawValue), Int(current.rawValue)]
  }
}

enum ScoringRules {
  /// The score of the pattern's first character placed where the bonus is
  /// `bonus`: what the user typed first counts `firstCharMultiplier` times.
  @inline(__always)
  static func firstCharacter(bonus: Int32) -> Int32 { Scoring.match &+ bonus &* Scoring.firstCharMultiplier }

  /// The bonus a matched character earns, given its own bonus `own` and the
  /// bonus of the first character of the run it follows (`runStart`, or -1
  /// when the character before it was not matched): inside a run each
  /// character earns at least `Scoring.consecutive` (the gap that did not
  /// happen) and the run's first bonus (a run that starts a word keeps its
  /// value), unless it is itself a stronger word start, which begins a new
  /// run. `continues` says whether the run goes on.
  /// The highest score a fuzzy pattern of `length` characters can get when
  /// no character's own bonus exceeds `bestBonus`: every character scores
  /// `Scoring.match`; the first earns at most `bestBonus`, counted
  /// `firstCharMultiplier` times; each other one at most `bestBonus` or, in
  /// a run, `Scoring.consecutive` (`runStep` gives the largest of its own
  /// bonus, the run's first and that); gaps only subtract. The ranker leaves
  /// unscored an item that this score could not bring to the front.
  static func perfectScore(length: Int, bestBonus: Int32) -> Int32 {
    guard length > 0 else { return 0 }
    let rest = Int32(length - 1) &* (Scoring.match &+ max(bestBonus, Scoring.consecutive))
    return firstCharacter(bonus: bestBonus) &+ rest
  }

  @inline(__always)
  static func runStep(own: Int32, runStart: Int32) -> (bonus: Int32, continues: Bool) {
    if runStart >= 0 && !(own >= Scoring.boundary && own > runStart) {
      return (max(own, Scoring.consecutive, runStart), true)
    }
    return (own, false)
  }
}

/// The one-character pattern: the occurrence with the best bonus wins (the
/// last of equals when `prefersLast`), scored as a first character. The
/// scans feed it each occurrence in order.
struct BestSingleOccurrence {
  let prefersLast: Bool
  private(set) var bonus: Int32 = -1
  private(set) var position = -1

  @inline(__always)
  init(prefersLast: Bool) { self.prefersLast = prefersLast }

  /// Notes an occurrence at `position` whose bonus is `bonus`.
  @inline(__always)
  mutating func consider(_ bonus: Int32, at position: Int) {
    if bonus > self.bonus || (prefersLast && bonus == self.bonus) {
      self.bonus = bonus
      self.position = position
    }
  }

  /// The best occurrence, scored; `nil` when there was none.
  @inline(__always)
  var match: ScoredMatch? {
    guard position >= 0 else { return nil }
    return ScoredMatch(score: ScoringRules.firstCharacter(bonus: bonus), start: position, end: position + 1)
  }
}

extension BestSingleOccurrence {
  /// The best of the positions below `count` where `occurs` holds, with
  /// `bonus(j)` asked only at those.
  @inline(__always)
  static func find(count: Int, prefersLast: Bool, occurs: (Int) -> Bool, bonus: (Int) -> Int32) -> ScoredMatch? {
    var best = BestSingleOccurrence(prefersLast: prefersLast)
    for j in 0..<count where occurs(j) { best.consider(bonus(j), at: j) }
    return best.match
  }
}
