/// The best few keys of a ranking, in order, without sorting the rest.
///
/// The picker shows one screen of a ranking that may hold a million
/// matches: finding the `limit` smallest keys takes one pass (a max-heap of
/// `limit` keys that most keys fail to enter) and moving them to the front
/// another, against the four or five passes of a full radix sort. The keys
/// behind the front keep their relative order (ascending input position, as
/// `Ranker` produces them), so `RadixSort.sort(_:lowHalfSorted:)` can finish
/// the job later if somebody scrolls that far.
extension RadixSort {
  /// Puts the `limit` smallest of `keys` (which must be distinct) at the
  /// front in ascending order; the others follow in their original order.
  static func sortFront(_ keys: UnsafeMutableBufferPointer<UInt64>, count limit: Int) {
    let n = keys.count
    guard limit > 0, let base = keys.baseAddress else { return }
    guard limit < n else {
      sort(keys, lowHalfSorted: false)
      return
    }
    // The `limit` smallest keys, in a max-heap: heap[0] is the largest of them.
    let heap = UnsafeMutablePointer<UInt64>.allocate(capacity: limit)
    defer { heap.deallocate() }
    for k in 0..<limit {
      heap[k] = base[k]
      siftUp(heap, from: k)
    }
    for k in limit..<n where base[k] < heap[0] {
      heap[0] = base[k]
      siftDown(heap, count: limit)
    }
    let threshold = heap[0]
    // Stable partition, from the back: keys above the threshold move to the
    // end in order (the write position never passes an unread key); the
    // `limit` keys at or below it are the heap's, sorted into the front.
    var write = n
    for k in stride(from: n - 1, through: 0, by: -1) where base[k] > threshold {
      write -= 1
      base[write] = base[k]
    }
    var front = UnsafeMutableBufferPointer(start: heap, count: limit)
    front.sort()
    base.update(from: heap, count: limit)
  }

  @inline(__always)
  private static func siftUp(_ heap: UnsafeMutablePointer<UInt64>, from start: Int) {
    var child = start
    while child > 0 {
      let parent = (child - 1) / 2
      guard heap[parent] < heap[child] else { return }
      (heap[parent], heap[child]) = (heap[child], heap[parent])
      child = parent
    }
  }

  @inline(__always)
  private static func siftDown(_ heap: UnsafeMutablePointer<UInt64>, count: Int) {
    var parent = 0
    while true {
      let left = 2 * parent + 1
      guard left < count else { return }
      var larger = left
      if left + 1 < count && heap[left + 1] > heap[left] { larger = left + 1 }
      guard heap[larger] > heap[parent] else { return }
      (heap[parent], heap[larger]) = (heap[larger], heap[parent])
      parent = larger
    }
  }
}
