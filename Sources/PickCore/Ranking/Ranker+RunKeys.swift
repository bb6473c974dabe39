/// Keys for whole runs of items from one loop, where the general path
/// spends as long on a call, a match value and a key closure per item as
/// on the match itself: the first key typed over millions of items (one
/// character, nearly every item matching, every item scored), the keys
/// after it, whose matches are nearly all left unscored (`FrontThreshold`),
/// and the matches of ASCII fuzzy terms that must be scored.
extension Ranker {
  /// Which loop, if any, writes a search's keys.
  enum RunKeys {
    /// A one-character query (`SingleCharacterScan.rankKeys`).
    case singleCharacter
    /// Matches left unscored while the worker's threshold allows
    /// (`ItemMatcher.unscoredKeys`); the other items the general way.
    case unscored([FrontThreshold])
    /// ASCII fuzzy terms with no front to leave matches behind
    /// (`--filter` sorts them all): every match scored
    /// (`ItemMatcher.scoredKeys`).
    case scored

    /// Twice the items each of the ranker's skips must pass over, on
    /// average, for skipping to go on before this loop takes the items
    /// (1, half an item, for the others). The one-character loop tests an
    /// item in a few nanoseconds, where a candidate the skip finds goes
    /// through the matcher's layers: skipping pays only where the
    /// character is in fewer than a fifth of the items.
    var doubledSkipsPerScan: Int {
      guard case .singleCharacter = self else { return 1 }
      return 8
    }

    /// The worker's threshold, for the loops that note one.
    func threshold(of worker: Int) -> FrontThreshold? {
      guard case .unscored(let thresholds) = self else { return nil }
      return thresholds[worker]
    }

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
    if matchers.allSatisfy({ $0.singleScan != nil }) { return .singleCharacter }
    return matchers.allSatisfy { $0.scoresRuns } ? .scored : nil
  }

  /// Writes from `keys` on the keys of the matches among the items at
  /// `positions` (of `items`, or items `lower + position` without a list)
  /// and returns how many; `nil` when their offsets are not all in the
  /// narrow table or the loop cannot take them. A position's place in the
  /// input order is itself, or `span - 1 -` it under `--tac`; `other(p)`
  /// gives the key of the item at position p when the loop leaves it, `nil`
  /// when it does not match.
  static func runKeys(
    _ kind: RunKeys, _ matcher: ItemMatcher, worker: Int, _ store: ItemStore, items: [Int]?, lower: Int,
    positions: Range<Int>, span: Int, descending: Bool, into keys: UnsafeMutablePointer<UInt64>,
    other: (Int) -> UInt64?
  ) -> Int? {
    guard let items else {
      guard let run = store.narrowRun(lower + positions.lowerBound..<lower + positions.upperBound) else { return nil }
      return runKeys(kind, matcher, worker: worker, run, store.separator, positions, span, descending, keys, other)
    }
    return items.withUnsafeBufferPointer { list in
      guard let run = store.narrowRun(list: UnsafeBufferPointer(rebasing: list[positions])) else { return nil }
      return runKeys(kind, matcher, worker: worker, run, store.separator, positions, span, descending, keys, other)
    }
  }

  /// The matches of `run` left unscored while they may be
  /// (`ItemMatcher.unscoredKeys`), then those scored while they must be
  /// (`ItemMatcher.scoredKeys`): the items taken and the keys written.
  private static func unscoredThenScored(
    _ matcher: ItemMatcher, _ threshold: FrontThreshold, _ run: ItemStore.NarrowRun, firstOrder: Int,
    descending: Bool, into keys: UnsafeMutablePointer<UInt64>
  ) -> (taken: Int, written: Int) {
    let left = matcher.unscoredKeys(run, firstOrder: firstOrder, descending: descending, into: keys)
    threshold.noteUnscored(left.written)
    guard left.taken < run.count else { return left }
    let scored = matcher.scoredKeys(
      run.dropFirst(left.taken), firstOrder: descending ? firstOrder - left.taken : firstOrder + left.taken,
      descending: descending, into: keys + left.written, threshold: threshold)
    return (left.taken + scored.taken, left.written + scored.written)
  }

  /// The loop over `run`, whose k-th item is at position `positions.lowerBound + k`.
  private static func runKeys(
    _ kind: RunKeys, _ matcher: ItemMatcher, worker: Int, _ run: ItemStore.NarrowRun, _ separator: UInt8,
    _ positions: Range<Int>, _ span: Int, _ descending: Bool, _ keys: UnsafeMutablePointer<UInt64>,
    _ other: (Int) -> UInt64?
  ) -> Int? {
    // The worker's threshold, taken out once: per item it would cost two
    // atomic reference counts on memory both workers share.
    let threshold = kind.threshold(of: worker)
    var position = positions.lowerBound
    var n = 0
    while position < positions.upperBound {
      let rest = run.dropFirst(position - positions.lowerBound)
      let (first, into) = (descending ? span - 1 - position : position, keys + n)
      let taken: Int
      let written: Int
      switch kind {
      case .singleCharacter:
        guard let scan = matcher.singleScan,
          let done = scan.rankKeys(
            rest, separator: separator, firstOrder: first, descending: descending, into: into,
            compact: matcher.compact)
        else { return nil }  // the first call already: the character decides
        (taken, written) = done
      case .unscored:
        guard let threshold else { return nil }
        (taken, written) = unscoredThenScored(
          matcher, threshold, rest, firstOrder: first, descending: descending, into: into)
      case .scored:
        (taken, written) = matcher.scoredKeys(
          rest, firstOrder: first, descending: descending, into: into, threshold: nil)
      }
      n += written
      position += taken
      guard position < positions.upperBound else { break }
      // What the loops took up to an item one of them may take again.
      if case .unscored = kind, taken > 0 { continue }
      if let key = other(position) {
        keys[n] = key
        n += 1
      }
      position += 1
    }
    return n
  }
}
