/// The first key typed over a large input: one character, nearly every item
/// matching, every item scored. Its keys come from one C loop per run of
/// items (`SingleCharacterScan.rankKeys`) instead of a call, a match value
/// and a key closure per item, which took as long as the scan itself.
extension Ranker {
  /// Whether this search's keys may come from that loop: narrow keys ordered
  /// by score then length (`RankPoints` for `--tiebreak=length`), and no
  /// threshold to keep (a one-character query leaves nothing unscored).
  func ranksSingleCharacter(
    _ matchers: [ItemMatcher], detail: MatchDetail, criteria: [Options.Tiebreak], byScore: Bool,
    thresholds: [FrontThreshold]?
  ) -> Bool {
    byScore && thresholds == nil && detail == .trimmedLength && criteria == [.length]
      && matchers.allSatisfy { $0.singleScan != nil }
  }

  /// Writes from `keys` on the keys of the items of `range` (indices into
  /// `store`) that `scan` matches, and returns how many; `nil` when their
  /// offsets are not one narrow run. `order(i)` is item i's place in the
  /// input order (`descending` under `--tac`); `other(i)` gives the key of
  /// an item the loop leaves (one not ASCII), `nil` when it does not match.
  static func singleCharacterKeys(
    _ scan: SingleCharacterScan, _ store: ItemStore, _ range: Range<Int>, descending: Bool, order: (Int) -> Int,
    into keys: UnsafeMutablePointer<UInt64>, other: (Int) -> UInt64?
  ) -> Int? {
    guard let run = store.narrowRun(range) else { return nil }
    var index = range.lowerBound
    var n = 0
    while index < range.upperBound {
      let rest = ItemStore.NarrowRun(
        arena: run.arena, starts: run.starts + (index - range.lowerBound), count: range.upperBound - index)
      guard
        let (taken, written) = scan.rankKeys(
          rest, separator: store.separator, firstOrder: order(index), descending: descending, into: keys + n)
      else { return nil }  // the first call already: the character decides
      n += written
      index += taken
      guard index < range.upperBound else { break }
      if let key = other(index) {
        keys[n] = key
        n += 1
      }
      index += 1
    }
    return n
  }
}
