/// One worker's view of the picker's sorted front: the `limit` smallest
/// keys it has scored so far, so that it can leave unscored the items that
/// could not enter the front even with the perfect score.
///
/// The picker shows the best `Ranker.sortLimit` matches in order and only
/// counts the rest, yet scoring is most of a search. Once a worker holds
/// `limit` keys whose score is the query's perfect score, a match longer
/// than the longest of them has a larger key whatever it scores (keys order
/// by score, then by length), so at least `limit` matches rank before it
/// and it is not in the front. Such a match gets the key it would have with
/// the perfect score (a lower bound of its real key, so the front is still
/// exactly the best `limit`), and `RankedMatches` scores it properly if the
/// rest is ever sorted. The test on a worker's own keys is enough: its
/// `limit` keys are among all the keys.
///
/// How much this saves depends on the input: many items with the perfect
/// score (the query at the start of a word, typed in full) let most of the
/// others go unscored; when no item reaches the perfect score, nothing is
/// left unscored. Only narrow keys ordered by score then length (the
/// default `--tiebreak`) take part.
final class FrontThreshold {
  private let limit: Int
  /// The key fields of the perfect score (`0xFFFF - score`, in the top 16 bits).
  private let perfectField: UInt64
  /// The smallest keys seen, as a binary max-heap: the largest at 0.
  private var heap: UnsafeMutablePointer<UInt64>
  private var count = 0
  /// Matches this worker left unscored.
  private(set) var unscored = 0

  init(limit: Int, perfectScore: Int32) {
    self.limit = max(limit, 1)
    perfectField = RankPoints.scoreField(perfectScore)
    heap = .allocate(capacity: self.limit)
  }

  deinit { heap.deallocate() }

  /// Notes the key of a match: a scored one may join the smallest keys; an
  /// unscored one is counted. Returns the length above which matches may
  /// be left unscored from now on (`ItemMatcher.prunesLongerThan`).
  func note(_ key: UInt64, isBound: Bool) -> Int {
    if isBound {
      unscored += 1
    } else if count < limit {
      siftUp(key)
    } else if key < heap[0] {
      siftDown(key)
    }
    guard count == limit, heap[0] >> 48 == perfectField else { return .max }
    return worstLength ?? .max
  }

  /// The length of the largest key kept; `nil` when it was clamped to
  /// 0xFFFF, which is not the item's real length.
  private var worstLength: Int? {
    let length = Int(heap[0] >> 32 & 0xFFFF)
    return length < 0xFFFF ? length : nil
  }

  /// The least score a match of trimmed length `length` needs to enter
  /// this worker's front as it stands: its key must be smaller than the
  /// largest kept (ties in score go to the shorter; an equal length is
  /// given the benefit of the doubt). `Int32.min` until `limit` keys are
  /// kept. A match whose score cannot reach it (`ScoreCeiling`) is left
  /// unscored, its key that of its ceiling: a lower bound, as above.
  func scoreNeeded(length: Int) -> Int32 {
    guard count == limit else { return .min }
    let score = RankPoints.score(ofKey: heap[0])
    guard let worstLength, length > worstLength else { return score }
    return score &+ 1
  }

  /// Counts `count` matches left unscored at once (`Ranker+RunKeys`).
  func noteUnscored(_ count: Int) { unscored += count }

  private func siftUp(_ key: UInt64) {
    var child = count
    count += 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard heap[parent] < key else { break }
      heap[child] = heap[parent]
      child = parent
    }
    heap[child] = key
  }

  /// Replaces the largest key with `key` (a smaller one).
  private func siftDown(_ key: UInt64) {
    var parent = 0
    while true {
      var child = 2 * parent + 1
      guard child < count else { break }
      if child + 1 < count && heap[child + 1] > heap[child] { child += 1 }
      guard heap[child] > key else { break }
      heap[parent] = heap[child]
      parent = child
    }
    heap[parent] = key
  }
}
