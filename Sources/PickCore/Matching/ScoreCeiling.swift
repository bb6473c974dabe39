/// The highest score any placement of a fuzzy pattern can get in an item,
/// from where each pattern character can be at the earliest and at the
/// latest: much less than scoring it, once the block scans have found both.
///
/// The picker leaves unscored a match that cannot enter its sorted front
/// (`FrontThreshold`). The perfect score is the ceiling of every match, so
/// that test prunes only once the front is full of perfect scores; a query
/// no item holds in one piece (`lib/py` over paths) never gets there, and
/// every match is aligned. This ceiling is the item's own: characters `i`
/// and `i + 1` of any placement are at least `earliest(i + 1) -
/// latest(i) - 1` characters apart, and a gap that long costs at least
/// `gapStart` plus `gapExtension` for each further character, whatever the
/// bonuses. Every character earns at most what the perfect score gives it.
///
/// A cell's score never falls below zero (`SparseAlignment.decayed`): a
/// placement whose gaps cost more than it had earned restarts from nothing
/// at some character `k`, and scores at most what characters `k` on earn,
/// less the gaps after `k`. The ceiling is the best of those sums over every
/// `k` (`k = 0` is the placement that never restarts).
enum ScoreCeiling {
  /// The ceiling for a pattern of `length` characters when no character's
  /// own bonus exceeds `bestBonus`; character `i` of a placement is at
  /// `earliest(i)` or after and at `latest(i)` or before.
  @inline(__always)
  static func of(length: Int, bestBonus: Int32, earliest: (Int) -> Int, latest: (Int) -> Int) -> Int32 {
    let rest = Scoring.match &+ max(bestBonus, Scoring.consecutive)
    var best = Int32.min
    var suffix: Int32 = 0
    var i = length &- 1
    while i >= 0 {
      let earned = i == 0 ? ScoringRules.firstCharacter(bonus: bestBonus) : rest
      let gap = i < length &- 1 ? earliest(i &+ 1) &- latest(i) &- 1 : 0
      suffix &+= earned &+ leastPenalty(gap: gap)
      best = max(best, suffix)
      i &-= 1
    }
    return best
  }

  /// What a gap of at least `gap` characters costs at the least (zero or less).
  @inline(__always)
  static func leastPenalty(gap: Int) -> Int32 {
    guard gap > 0 else { return 0 }
    return Scoring.gapStart &+ Int32(truncatingIfNeeded: min(gap, 1 << 20) &- 1) &* Scoring.gapExtension
  }
}
