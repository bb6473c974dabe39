/// Keys for whole runs of items from one C loop, where the general path
/// spends as long on a call, a match value and a key closure per item as
/// on the match itself: the first key typed over millions of items (one
/// character, nearly every item matching, every item scored), and the keys
/// after it, whose matches are nearly all left unscored (`FrontThreshold`).
extension Ranker {
  /// Which C loop, if any, writes a search's keys.
  enum RunKeys {
    /// A one-character query (`SingleCharacterScan.rankKeys`).
    case singleCharacter
    /// Matches left unscored while the worker's threshold allows
    /// (`ItemMatcher.unscoredKeys`); the other items the general way.
    case unscored([FrontThreshold])

    /// Whether `matcher` leaves matches unscored by now (its threshold is set).
    func leavesUnscored(_ matcher: ItemMatcher) -> Bool {
      guard case .unscored = self else { return false }
      return matcher.prunesLongerThan != .max
    }
  }

  /// The loop for this search: narrow keys ordered by score then length
  /// (`RankPoints` for `--tiebreak=length`); `nil`: the general path only.
  func runKeys(
    _ matchers: [ItemMatcher], detail: MatchDetail, criteria: [Options.Tiebreak], byScore: Bool,
    thresholds: [FrontThreshold]?
  ) -> RunKeys? {
    guard byScore, detail == .trimmedLength, criteria == [.length] else { return nil }
    if let thresholds { return .unscored(thresholds) }
    return matchers.allSatisfy { $0.singleScan != nil } ? .singleCharacter : nil
  }

  /// Writes from `keys` on the keys of the matches among items `range`
  /// (indices into `store`) and returns how many; `nil` when their offsets
  /// are not one narrow run or the loop cannot take them. `order(i)` is
  /// item i's place in the input order (`descending` under `--tac`);
  /// `other(i)` gives the key of an item the loop leaves, `nil` when it
  /// does not match.
  static func runKeys(
    _ kind: RunKeys, _ matcher: ItemMatcher, worker: Int, _ store: ItemStore, _ range: Range<Int>,
    descending: Bool, order: (Int) -> Int, into keys: UnsafeMutablePointer<UInt64>, other: (Int) -> UInt64?
  ) -> Int? {
    guard let run = store.narrowRun(range) else { return nil }
    var index = range.lowerBound
    var n = 0
    while index < range.upperBound {
      let rest = ItemStore.NarrowRun(
        arena: run.arena, starts: run.starts + (index - range.lowerBound), count: range.upperBound - index)
      let (first, into) = (order(index), keys + n)
      let taken: Int
      let written: Int
      switch kind {
      case .singleCharacter:
        guard let scan = matcher.singleScan,
          let done = scan.rankKeys(
            rest, separator: store.separator, firstOrder: first, descending: descending, into: into)
        else { return nil }  // the first call already: the character decides
        (taken, written) = done
      case .unscored(let thresholds):
        (taken, written) = matcher.unscoredKeys(rest, firstOrder: first, descending: descending, into: into)
        thresholds[worker].noteUnscored(written)
      }
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
