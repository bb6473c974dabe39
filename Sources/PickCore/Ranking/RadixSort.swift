/// Least-significant-digit radix sort of 64-bit keys, 16 bits per pass.
///
/// Ranking sorts up to millions of packed keys at once; a comparison sort
/// costs 2-3 times as much here (measured: 67 ms against 25 ms for 660 000
/// keys). LSD radix sort is stable, so when the keys already arrive in order
/// of their low half (the input position, as the ranker produces them) only
/// the two high digits need a pass. A pass whose digit is the same in every
/// key is skipped.
///
/// Memory matters as much as time here (peak memory is part of pick's
/// budget: a broad query ranks nearly every item): the keys are sorted in
/// two halves that share one scratch buffer of half the size, then merged,
/// so the sort needs half as many extra bytes as the keys take.
enum RadixSort {
  /// Fewer keys are sorted by comparison: each pass of the radix sort
  /// clears and sums 65,536 counts whatever the count of keys, 0.1-0.2 ms
  /// for the thousand matches of a search over the list of /usr, where a
  /// comparison sort of them takes tens of microseconds.
  static let comparisonSortBelow = 4096

  /// Sorts `keys` ascending. With `lowHalfSorted`, the caller promises the
  /// keys are already ascending in their low 32 bits.
  static func sort(_ keys: UnsafeMutableBufferPointer<UInt64>, lowHalfSorted: Bool = false) {
    let n = keys.count
    guard n > 1, let base = keys.baseAddress else { return }
    if n < comparisonSortBelow {
      var keys = keys
      keys.sort()
      return
    }
    let half = n / 2
    let scratch = UnsafeMutablePointer<UInt64>.allocate(capacity: n - half)
    defer { scratch.deallocate() }
    let counts = UnsafeMutablePointer<UInt32>.allocate(capacity: 65536)
    defer { counts.deallocate() }
    sortPart(base, count: half, scratch: scratch, counts: counts, lowHalfSorted: lowHalfSorted)
    sortPart(base + half, count: n - half, scratch: scratch, counts: counts, lowHalfSorted: lowHalfSorted)
    // Merge: the left half moves to the scratch buffer, then both flow back in order.
    // The write position never passes the right half's read position.
    scratch.update(from: base, count: half)
    var left = 0
    var right = half
    var out = 0
    while left < half && right < n {
      if scratch[left] <= base[right] {
        base[out] = scratch[left]
        left += 1
      } else {
        base[out] = base[right]
        right += 1
      }
      out += 1
    }
    if left < half { (base + out).update(from: scratch + left, count: half - left) }
  }

  /// Sorts `count` keys at `keys`, using `scratch` (at least `count` keys) for the passes.
  private static func sortPart(
    _ keys: UnsafeMutablePointer<UInt64>, count n: Int, scratch: UnsafeMutablePointer<UInt64>,
    counts: UnsafeMutablePointer<UInt32>, lowHalfSorted: Bool
  ) {
    guard n > 1 else { return }
    let passes = lowHalfSorted ? [2, 3] : [0, 1, 2, 3]
    var from = keys
    var to = scratch
    for pass in passes {
      let shift = UInt64(pass * 16)
      counts.initialize(repeating: 0, count: 65536)
      for k in 0..<n { counts[Int(from[k] >> shift & 0xFFFF)] &+= 1 }
      // A digit shared by every key leaves the order as it is.
      if counts[Int(from[0] >> shift & 0xFFFF)] == UInt32(truncatingIfNeeded: n) { continue }
      var total: UInt32 = 0
      for digit in 0..<65536 {
        let c = counts[digit]
        counts[digit] = total
        total &+= c
      }
      for k in 0..<n {
        let key = from[k]
        let digit = Int(key >> shift & 0xFFFF)
        to[Int(counts[digit])] = key
        counts[digit] &+= 1
      }
      swap(&from, &to)
    }
    if from != keys { keys.update(from: from, count: n) }
  }
}
