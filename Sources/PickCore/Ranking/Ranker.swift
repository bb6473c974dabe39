import CPick

/// Matches a range of items against a query on all cores and ranks the matches.
///
/// Items are cut into tasks of `taskSize` consecutive items; each task writes
/// the keys of its matches into its own slice of one preallocated buffer (a
/// task can match at most its own items), so workers never share memory or
/// allocate. The slices are then packed together and sorted once.
public struct Ranker: Sendable {
  /// How matches are ordered.
  public struct Order: Sendable, Equatable {
    /// `false` (`--no-sort`): input order.
    public var sortsByScore: Bool
    /// `--tac`: input order reversed, also between tied matches.
    public var reversesInput: Bool
    /// `--tiebreak` criteria (the scheme's default if not given).
    public var tiebreak: [Options.Tiebreak]

    public init(
      sortsByScore: Bool = true, reversesInput: Bool = false,
      tiebreak: [Options.Tiebreak] = [.length]
    ) {
      self.sortsByScore = sortsByScore
      self.reversesInput = reversesInput
      self.tiebreak = tiebreak
    }

    public init(options: Options) {
      self.init(
        sortsByScore: options.sort, reversesInput: options.tac, tiebreak: options.effectiveTiebreak)
    }
  }

  public var order: Order
  public var workers: Int
  /// Checked before each task: when it says true, the remaining tasks are
  /// skipped (a search for a query that has since changed is abandoned) and
  /// the result is incomplete — the caller must throw it away.
  public var isCancelled: (@Sendable () -> Bool)? = nil
  /// Items per task (`SearchTunables.taskSize`).
  public var taskSize = SearchTunables.taskSize

  /// When set, only this many of the best matches are sorted at once (the
  /// picker shows a screenful); the rest is sorted if ever needed
  /// (`RankedMatches`). `nil`: sort everything (`--filter` prints it all).
  public var sortLimit: Int? = nil

  public init(order: Order, workers: Int = SearchTunables.workers) {
    self.order = order
    self.workers = workers
  }

  /// Matches items `range` of `store` against `query`, skipping the items
  /// `excluding` says to (the repeats that `--unique` drops).
  public func rank(
    _ store: ItemStore, range: Range<Int>, query: CompiledQuery, excluding: ((Int) -> Bool)? = nil
  ) -> RankedMatches {
    if let excluding {
      return rank(store, items: range.filter { !excluding($0) }, query: query)
    }
    return rank(store, range: range, items: nil, query: query)
  }

  /// Matches the listed items (ascending item indices) against `query`: the
  /// review view ranks only the selected items, `--unique` only the first of each text.
  /// With `spanning`, a range that holds every listed item (a narrowed
  /// search's), packed keys are made a ranking of that range instead of the
  /// list (`RankedMatches.respan`): the answer then needs no list.
  public func rank(_ store: ItemStore, items: [Int], query: CompiledQuery, spanning: Range<Int>? = nil)
    -> RankedMatches
  {
    rank(store, range: 0..<items.count, items: items, query: query, spanning: spanning)
  }

  /// The one implementation: with `items`, offsets in `range` index that list.
  private func rank(
    _ store: ItemStore, range: Range<Int>, items: [Int]?, query: CompiledQuery, spanning: Range<Int>? = nil
  ) -> RankedMatches {
    let reversed = order.reversesInput
    if query.query.isEmpty {
      return RankedMatches(
        storage: .all(range, reversed: reversed), base: range.lowerBound, span: range.count,
        reversed: reversed,
        items: items)
    }
    let byScore = order.sortsByScore && query.ranksByScore
    let points = RankPoints(criteria: order.tiebreak)
    let isWide = byScore && points.criteria.count > 1
    let span = range.count
    let listed = store.isMapped ? items : nil
    let taskSize = listed.map { Self.listTaskSize(self.taskSize, list: $0, positions: range) } ?? self.taskSize
    let tasks = (span + taskSize - 1) / taskSize
    // What the keys read of a match decides how the matchers may match.
    let detail: MatchDetail = !byScore ? .scoreOnly : isWide || points.needsUnits ? .characters : .trimmedLength
    let matchers = (0..<max(1, min(workers, tasks))).map { _ in ItemMatcher(query, detail: detail) }
    // Items kept with their escape sequences are stripped as they are
    // matched, each worker into its own buffer (`VisibleText`).
    let visibles = store.holdsEscapes ? matchers.map { _ in VisibleText(separator: store.separator) } : nil
    // Skip to the query character fewest items hold, counted on a sample.
    // Where even that one is in many items the skip stops every few items,
    // and several terms are found faster for all items at once
    // (`TermsBitScan`, `SearchTunables.bitScanShare`).
    var scansBits = true
    if matchers[0].candidateSieve != nil, let census = ByteCensus(store, range: range, items: items) {
      let sieve = query.rarestRequiredCharacter(census: census)
      for matcher in matchers { matcher.candidateSieve = sieve }
      if let sieve, sieve.mode == .asciiOrFoldLeads {
        scansBits = census.items(holding: sieve.bytes.0) >= ByteCensus.sampleSize / SearchTunables.bitScanShare
      }
      // The sample mapped a window of a mapped file around each item it read.
      if items == nil { store.releaseMapped(range) }
    }
    var found = [Int](repeating: 0, count: tasks)
    let lower = range.lowerBound
    let bitScans = scansBits

    func run<Key>(
      _ keys: UnsafeMutablePointer<Key>, runKeys: RunKeys? = nil,
      key: @escaping @Sendable (RankingMatch, Int, Int) -> Key
    ) {
      let keysBox = UnsafeSendable(keys)
      // Each worker uses only its own matcher (scratch buffers), so sharing the list is safe.
      let matchersBox = UnsafeSendable(matchers)
      let visiblesBox = UnsafeSendable(visibles)
      // Each worker notes only its own threshold.
      let runKeysBox = UnsafeSendable(runKeys)
      found.withUnsafeMutableBufferPointer { foundBuffer in
        let foundBox = UnsafeSendable(foundBuffer.baseAddress!)
        let isCancelled = self.isCancelled
        let trailing =
          store.isMapped
          ? TrailingRelease(store, range: range, items: items, taskSize: taskSize, workers: matchers.count) : nil
        Parallel.run(tasks: tasks, workers: matchers.count) { task, worker in
          if let isCancelled, isCancelled() {
            foundBox.value[task] = 0
            // Its batch's pages go as if it had run, so none stay mapped.
            trailing?.finished(task)
            return
          }
          let matcher = matchersBox.value[worker]
          let visible = visiblesBox.value?[worker]
          let start = task * taskSize
          let end = min(start + taskSize, span)
          var n = 0
          var offset = start
          let contiguous = items == nil ? store.items(lower + start..<lower + end) : nil
          // Once matches are left unscored, the C loop tests each item
          // faster than the skip finds it and the general path takes it.
          let leavesUnscored = runKeysBox.value.map { $0.leavesUnscored(matcher) } ?? false
          // Twice the items each scan must skip, on average, to go on.
          let doubledSkipsPerScan = runKeysBox.value?.doubledSkipsPerScan ?? 1
          // An ASCII item found to hold every term (the bit scan's, or
          // the skip's candidate after `passesOver`) is scored as the run
          // loop scores it (`ItemMatcher.scoredKeys`, told the terms are
          // there), not through the matcher's layers: the keys written,
          // `nil` when the loop does not take it.
          let scoresFound = visible == nil && matcher.scoresRuns && runKeysBox.value != nil
          let narrowKeys = scoresFound ? keysBox.value as? UnsafeMutablePointer<UInt64> : nil
          let threshold = runKeysBox.value?.threshold(of: worker)
          func scoreFound(_ position: Int, at written: Int) -> Int? {
            guard let keys = narrowKeys.map({ $0 + start + written }),
              let run = store.narrowRun(lower + position..<lower + position + 1)
            else { return nil }
            let (taken, count) = matcher.scoredKeys(
              run, firstOrder: reversed ? span - 1 - position : position, descending: reversed, into: keys,
              threshold: threshold, found: true)
            return taken == 1 ? count : nil
          }
          // The items that may hold every term, found for the whole task
          // at once (`TermsBitScan`).
          if !leavesUnscored, visible == nil, bitScans, let bytes = contiguous,
            let written = Self.bitScanKeys(
              matcher, store, bytes, positions: start..<end, lower: lower, into: keysBox.value + start + n,
              scoreFound: { position, k in scoreFound(position, at: n + k) },
              key: { match, position in key(match, reversed ? span - 1 - position : position, worker) })
          {
            n += written
            offset = end
          }
          if !leavesUnscored, offset < end, let bytes = contiguous, let sieve = matcher.candidateSieve {
            offset = Self.skipKeys(
              matcher, visible, store, bytes, sieve: sieve, positions: offset..<end, lower: lower,
              doubledSkipsPerScan: doubledSkipsPerScan, written: &n,
              into: keysBox.value + start, scoreFound: scoreFound(_:at:),
              key: { match, position in key(match, reversed ? span - 1 - position : position, worker) })
          }
          // Runs of items from one C loop (`Ranker+RunKeys`).
          if offset < end, let runKeys = runKeysBox.value, visible == nil,
            let keys = (keysBox.value + start + n) as? UnsafeMutablePointer<UInt64>,
            let written = Self.runKeys(
              runKeys, matcher, worker: worker, store, items: items, lower: lower, positions: offset..<end,
              span: span, descending: reversed, into: keys,
              other: { position in
                let index = items.map { $0[position] } ?? lower + position
                let order = reversed ? span - 1 - position : position
                return matcher.matchForRanking(store.item(index)).flatMap { key($0, order, worker) as? UInt64 }
              })
          {
            n += written
            offset = end
          }
          if offset < end {
            for offset in offset..<end {
              let index = items.map { $0[offset] } ?? lower + offset
              guard let match = matcher.matchForRanking(visible, store.item(index)) else { continue }
              let order = reversed ? span - 1 - offset : offset
              keysBox.value[start + n] = key(match, order, worker)
              n += 1
            }
          }
          foundBox.value[task] = n
          // A mapped file's pages are read again only for the matches.
          trailing?.finished(task)
        }
        trailing?.finish(tasks: tasks)
      }
      // Pack the task slices together, in task order.
      var packed = 0
      for task in 0..<tasks {
        let start = task * taskSize
        if packed != start && found[task] > 0 {
          (keys + packed).update(from: keys + start, count: found[task])
        }
        packed += found[task]
      }
      // The slices' pages past the packed keys were written but are never
      // read again: give them back before sorting allocates its scratch, so
      // a query matching half the items does not keep all of them resident.
      cpick_discard(keys + packed, (span - packed) * MemoryLayout<Key>.stride)
    }

    if isWide {
      let keys = UnsafeMutablePointer<RankedMatches.WideKey>.allocate(capacity: max(span, 1))
      run(keys) { found, order, _ in
        let p = points.points(
          for: found.match, trimmedLength: found.trimmedLength, units: found.units, classes: found.classes)
        return RankedMatches.WideKey(points: p, order: UInt32(order))
      }
      var buffer = UnsafeMutableBufferPointer(start: keys, count: found.reduce(0, +))
      buffer.sort()
      return RankedMatches(
        storage: .wide(buffer), base: lower, span: span, reversed: reversed, items: items)
    }
    let keys = UnsafeMutablePointer<UInt64>.allocate(capacity: max(span, 1))
    let thresholds = frontThresholds(store, matchers, detail: detail, criteria: points.criteria, byScore: byScore)
    if byScore {
      let box = UnsafeSendable((matchers, thresholds))
      let loop = runKeys(matchers, detail: detail, criteria: points.criteria, byScore: byScore, thresholds: thresholds)
      run(keys, runKeys: loop) { found, order, worker in
        let p = points.points(
          for: found.match, trimmedLength: found.trimmedLength, units: found.units, classes: found.classes)
        let key = (p & 0xFFFF_FFFF_0000_0000) | UInt64(order)
        if let thresholds = box.value.1 {
          box.value.0[worker].prunesLongerThan = thresholds[worker].note(key, isBound: found.isBound)
        }
        return key
      }
    } else {
      run(keys) { _, order, _ in UInt64(order) }
    }
    let unscored = thresholds?.reduce(0) { $0 + $1.unscored } ?? 0
    var buffer = UnsafeMutableBufferPointer(start: keys, count: found.reduce(0, +))
    // An abandoned search is not worth sorting.
    if isCancelled?() == true { buffer = UnsafeMutableBufferPointer(start: keys, count: 0) }
    // Tasks were packed in input order; under `--tac` that is descending order.
    if reversed { buffer.reverse() }
    var sortedFront: Int? = nil
    if byScore {
      // Unscored matches hold lower bounds: only the front is in order.
      if let limit = sortLimit, limit * 8 < buffer.count || unscored > 0 {
        RadixSort.sortFront(buffer, count: limit)
        sortedFront = limit
      } else {
        RadixSort.sort(buffer, lowHalfSorted: true)
      }
    }
    // A list ranked over `spanning` needs the list no more.
    var (ranked, list) = (range, items)
    if let items, let spanning {
      RankedMatches.respan(buffer, of: items, over: spanning, reversed: reversed)
      (ranked, list) = (spanning, nil)
    }
    return RankedMatches(
      storage: .narrow(buffer), base: ranked.lowerBound, span: ranked.count, reversed: reversed, items: list,
      sortedFront: sortedFront,
      rescoring: rescoring(store, query: query, points: points, detail: detail, byScore: byScore),
      restIsUnscored: unscored > 0)
  }
}

extension Ranker {
  /// Writes from `keys` on the keys of the matches among the items at
  /// `positions` (items `lower + position`, whose bytes with separators
  /// are `bytes`) and returns how many, the items that may hold every term
  /// found for all of them at once (`TermsBitScan`); `nil` when the
  /// matcher has no such scan. `scoreFound(position, k)` writes the keys of
  /// an ASCII item, which holds every term, from the k-th key on, and
  /// returns how many (`nil`: it does not); `key(match, position)` makes a
  /// match's key.
  static func bitScanKeys<Key>(
    _ matcher: ItemMatcher, _ store: ItemStore, _ bytes: UnsafeBufferPointer<UInt8>, positions: Range<Int>,
    lower: Int, into keys: UnsafeMutablePointer<Key>, scoreFound: (Int, Int) -> Int?,
    key: (RankingMatch, Int) -> Key
  ) -> Int? {
    // The last item's separator is not read (it may be virtual).
    guard let scan = matcher.termsBitScan, !bytes.isEmpty else { return nil }
    let passed = scan.pass(
      UnsafeBufferPointer(rebasing: bytes.dropLast()), items: positions.count, separator: store.separator)
    var n = 0
    for ordinal in passed {
      let position = positions.lowerBound + Int(ordinal & ~CPICK_TERMS_NOT_ASCII)
      let ascii = ordinal & CPICK_TERMS_NOT_ASCII == 0
      if ascii, let written = scoreFound(position, n) {
        n += written
        continue
      }
      guard let match = matcher.matchForRanking(store.item(lower + position), holdsTerms: ascii) else { continue }
      keys[n] = key(match, position)
      n += 1
    }
    return n
  }

  /// Items per task over `list[positions]` (ascending indices of a mapped
  /// file's items): each task lets go of the file's pages it read when it
  /// ends, so a task of `size` list items spread over the whole file (a
  /// narrowed search) held a quarter of the file's pages or more, twice
  /// over with two workers: on a typing session over 1M history lines the
  /// picker's peak memory rose by half the input during such searches. As
  /// many list items as a task of `size` consecutive items holds, in the
  /// list's proportion of the items it spans, so that a task spans about as
  /// many bytes either way; never fewer than `SearchTunables.listTaskFloor`.
  static func listTaskSize(_ size: Int, list: [Int], positions: Range<Int>) -> Int {
    guard positions.count > 1 else { return size }
    let spanned = list[positions.upperBound - 1] - list[positions.lowerBound] + 1
    let proportional = size * positions.count / max(spanned, 1)
    return min(size, max(proportional, SearchTunables.listTaskFloor))
  }
}

extension ItemMatcher {
  /// Matches `item` for the ranker; with `visible`, `item` holds escape
  /// sequences, and is stripped first unless its raw bytes already rule a
  /// match out (`rejectsAnySubsequence`), which spares most items that
  /// pass the block skip their stripping.
  @inline(__always)
  func matchForRanking(_ visible: VisibleText?, _ item: UnsafeBufferPointer<UInt8>) -> RankingMatch? {
    guard let visible else { return matchForRanking(item) }
    if rejectsAnySubsequence(of: item) { return nil }
    return matchForRanking(visible.of(item))
  }
}

/// Carries a pointer into a `@Sendable` context. The code that uses it
/// guarantees that threads touch disjoint parts of the memory.
struct UnsafeSendable<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
