import Synchronization

/// The items that matched a query, in the order they are shown and printed.
///
/// Most often a sorted array of 64-bit keys: score and the first tiebreak in
/// the high half, the input position in the low half, so one integer sort
/// orders everything and the item is recovered from the key. With two or
/// three tiebreak criteria the points need all 64 bits and the position is
/// kept beside them. An empty query needs no array at all.
///
/// The picker shows a screenful of a ranking, so packed keys may come sorted
/// only at the front (`Ranker.sortLimit`): the best keys in order, the rest
/// still in input order. The rest is sorted the first time a position past
/// the front is asked for (scrolling far, keeping the cursor on an item,
/// merging); until then, code that needs only the set of matches reads it
/// unordered. Sorting the rest only moves keys behind the front, under a
/// lock, so readers of the front never wait and never race with it.
public final class RankedMatches: @unchecked Sendable {
  enum Storage {
    /// Every item of the range, in input order (or reversed).
    case all(Range<Int>, reversed: Bool)
    /// Packed keys (`points | order`), sorted.
    case narrow(UnsafeMutableBufferPointer<UInt64>)
    /// Points and order side by side, sorted.
    case wide(UnsafeMutableBufferPointer<WideKey>)
  }

  struct WideKey: Comparable {
    var points: UInt64
    var order: UInt32
    static func < (a: WideKey, b: WideKey) -> Bool {
      a.points != b.points ? a.points < b.points : a.order < b.order
    }
  }

  let storage: Storage
  /// The first item of the matched range (orders count from it).
  let base: Int
  /// Number of items in the matched range (to undo `--tac`'s reversal).
  let span: Int
  let reversed: Bool
  /// When only some items were ranked: the list that orders index (ascending item indices).
  let items: [Int]?

  /// Packed keys before this position are in their final order.
  private let sortedFront: Atomic<Int>
  /// Held while the keys behind the front are sorted or read unordered.
  private let sortLock = Mutex<Void>(())
  /// What gives `.narrow` keys their real points (the picker's rankings):
  /// the rest's unscored matches before it is sorted, and a remembered
  /// answer's matches behind its front (`summary`).
  let rescoring: Rescoring?
  /// Set when keys behind the front hold lower bounds instead of points
  /// (matches the ranker left unscored, `FrontThreshold`, or a summary's
  /// matches): `rescoring` scores them before the rest is sorted.
  private let restIsUnscored: Bool

  /// `sortedFront`: how many of `.narrow`'s keys are already sorted (the
  /// rest must be in ascending input order, as `Ranker` leaves them).
  /// `restIsUnscored`: the rest's keys need `rescoring` before they sort.
  init(
    storage: Storage, base: Int, span: Int, reversed: Bool, items: [Int]? = nil,
    sortedFront: Int? = nil, rescoring: Rescoring? = nil, restIsUnscored: Bool = false
  ) {
    precondition(!restIsUnscored || rescoring != nil, "unscored keys need a rescoring")
    self.storage = storage
    self.base = base
    self.span = span
    self.reversed = reversed
    self.items = items
    self.rescoring = rescoring
    self.restIsUnscored = restIsUnscored
    var front = Int.max
    if case .narrow(let keys) = storage, let sortedFront, sortedFront < keys.count {
      front = sortedFront
    }
    self.sortedFront = Atomic(front)
  }

  /// Whether the ranker left some matches unscored (they are scored when the rest is sorted).
  var leftMatchesUnscored: Bool { restIsUnscored }

  /// Whether every key is in its final order.
  var isFullySorted: Bool { sortedFront.load(ordering: .acquiring) == Int.max }

  /// Makes sure the key at `position` is in its final place.
  @inline(__always)
  private func ensureSorted(_ position: Int) {
    if position >= sortedFront.load(ordering: .acquiring) { sortRest() }
  }

  /// Sorts the keys behind the front (once).
  func sortRest() {
    guard !isFullySorted, case .narrow(let keys) = storage else { return }
    sortLock.withLock { _ in
      let front = sortedFront.load(ordering: .relaxed)
      guard front != Int.max else { return }
      let rest = UnsafeMutableBufferPointer(rebasing: keys[front...])
      if restIsUnscored { rescoring?.rescore(rest, base: base, span: span, items: items) }
      RadixSort.sort(rest, lowHalfSorted: true)
      sortedFront.store(Int.max, ordering: .releasing)
    }
  }

  /// Calls `body` with the offset in the searched span of every match, in
  /// no particular order: for code that needs the set, not the ranking.
  /// Inlined, so that a caller's loop over millions of matches makes no
  /// call per match (`Selection`'s count of the selected matches).
  @inline(__always)
  func forEachOffsetUnordered(_ body: (Int) -> Void) {
    let (reversed, span) = (reversed, span)
    let packed = withKeysUnordered { keys in
      for key in keys { body(Self.offset(ofKey: key, reversed: reversed, span: span)) }
    }
    guard !packed else { return }
    for position in 0..<count { body(itemOffset(at: position)) }
  }

  /// The offset in the searched span of a narrow key's match: a key names
  /// its match's place in the input order (counted from the end under
  /// `--tac`), sorted or not.
  @inline(__always)
  static func offset(ofKey key: UInt64, reversed: Bool, span: Int) -> Int {
    let order = Int(key & 0xFFFF_FFFF)
    return reversed ? span - 1 - order : order
  }

  /// How many keys are in their final order from the first.
  var sortedFrontCount: Int { min(sortedFront.load(ordering: .acquiring), count) }

  /// Calls `body` with the packed keys, sorted or not, while no sort of
  /// the rest moves them; false, without calling it, for another storage
  /// (`offsetBitmap`, `forEachOffsetUnordered`). Inlined, so that a
  /// caller's loop over the keys calls no closure per key.
  @inline(__always)
  func withKeysUnordered(_ body: (UnsafeBufferPointer<UInt64>) -> Void) -> Bool {
    guard case .narrow(let keys) = storage else { return false }
    sortLock.withLock { _ in body(UnsafeBufferPointer(keys)) }
    return true
  }

  /// Calls `body` with every matching item, in no particular order.
  public func forEachItemUnordered(_ body: (Int) -> Void) {
    forEachOffsetUnordered { offset in body(items.map { $0[offset] } ?? base + offset) }
  }

  deinit {
    switch storage {
    case .all: break
    case .narrow(let keys): keys.deallocate()
    case .wide(let keys): keys.deallocate()
    }
  }

  /// Number of matches.
  public var count: Int {
    switch storage {
    case .all(let range, _): return range.count
    case .narrow(let keys): return keys.count
    case .wide(let keys): return keys.count
    }
  }

  /// Where the item shown at `position` is in the searched span (0 ..< span).
  @inline(__always)
  func itemOffset(at position: Int) -> Int {
    switch storage {
    case .all(let range, let reversed):
      return (reversed ? range.upperBound - 1 - position : range.lowerBound + position) - base
    case .narrow(let keys):
      ensureSorted(position)
      return Self.offset(ofKey: keys[position], reversed: reversed, span: span)
    case .wide(let keys):
      let order = Int(keys[position].order)
      return reversed ? span - 1 - order : order
    }
  }

  /// The item shown at `position` (0 is the best match).
  @inline(__always)
  public func itemIndex(at position: Int) -> Int {
    let offset = itemOffset(at: position)
    return items.map { $0[offset] } ?? base + offset
  }
}

extension RankedMatches {
  /// Where `item` is shown (0 is the best match), or nil when it is not
  /// among the matches: for `--track`, which looks for one item in a new
  /// ranking. Packed keys are read as they are, sorted or not: a key's
  /// place is the number of keys below it (each key holds its item's order,
  /// so no two are equal), which costs two passes instead of a full sort.
  public func position(ofItem item: Int) -> Int? {
    let value: Int
    if let items {
      var low = 0
      var high = items.count
      while low < high {
        let middle = (low + high) / 2
        if items[middle] < item { low = middle + 1 } else { high = middle }
      }
      guard low < items.count, items[low] == item else { return nil }
      value = low
    } else {
      value = item
    }
    switch storage {
    case .all(let range, let reversed):
      guard range.contains(value) else { return nil }
      return reversed ? range.upperBound - 1 - value : value - range.lowerBound
    case .narrow(let keys):
      guard let order = order(ofValue: value) else { return nil }
      // Unscored keys are not the items' points: they must be scored first.
      if restIsUnscored { sortRest() }
      return sortLock.withLock { _ -> Int? in
        guard let key = keys.first(where: { Int($0 & 0xFFFF_FFFF) == order }) else { return nil }
        return keys.reduce(0) { $0 + ($1 < key ? 1 : 0) }
      }
    case .wide(let keys):
      guard let order = order(ofValue: value) else { return nil }
      return keys.firstIndex { Int($0.order) == order }
    }
  }

  /// The order a key holds for the item at `value` (its index, or its place in `items`).
  private func order(ofValue value: Int) -> Int? {
    let offset = value - base
    guard offset >= 0, offset < span else { return nil }
    return reversed ? span - 1 - offset : offset
  }
}
