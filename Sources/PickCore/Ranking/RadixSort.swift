/// Least-significant-digit radix sort of 64-bit keys, 16 bits per pass.
///
/// Ranking sorts up to millions of packed keys at once; a comparison sort
/// costs 2-3 times as much here (measured: 67 ms against 25 ms for 660 000
/// keys). LSD radix sort is stable, so when the keys already arrive in order
/// of their low half (the input position, as the ranker produces them) only
/// the two high digits need a pass. A pass whose digit is the same in every
/// key is skipped.
enum RadixSort {
  /// Sorts `keys` ascending. With `lowHalfSorted`, the caller promises the
  /// keys are already ascending in their low 32 bits.
  static func sort(_ keys: UnsafeMutableBufferPointer<UInt64>, lowHalfSorted: Bool = false) {
    let n = keys.count
    guard n > 1, let source = keys.baseAddress else { return }
    if n < 256 {
      var keys = keys
      keys.sort()
      return
    }
    let passes = lowHalfSorted ? [2, 3] : [0, 1, 2, 3]
    let scratch = UnsafeMutablePointer<UInt64>.allocate(capacity: n)
    defer { scratch.deallocate() }
    let counts = UnsafeMutablePointer<UInt32>.allocate(capacity: 65536)
    defer { counts.deallocate() }
    var from = source
    var to = scratch
    for pass in passes {
      let shift = UInt64(pass * 16)
      counts.initialize(repeating: 0, count: 65536)
      for k in 0 ..< n { counts[Int(from[k] >> shift & 0xFFFF)] &+= 1 }
      // A digit shared by every key leaves the order as it is.
      if counts[Int(from[0] >> shift & 0xFFFF)] == UInt32(truncatingIfNeeded: n) { continue }
      var total: UInt32 = 0
      for digit in 0 ..< 65536 {
        let c = counts[digit]
        counts[digit] = total
        total &+= c
      }
      for k in 0 ..< n {
        let key = from[k]
        let digit = Int(key >> shift & 0xFFFF)
        to[Int(counts[digit])] = key
        counts[digit] &+= 1
      }
      swap(&from, &to)
    }
    if from != source { source.update(from: from, count: n) }
  }
}
