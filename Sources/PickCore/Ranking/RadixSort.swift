/// Least-significant-digit radix sort of 64-bit keys, 16 bits per pass.
///
/// Ranking sorts up to millions of packed keys at once; a comparison sort
/// costs 2-3 times as much here (measured: 67 ms against 25 ms for 660 000
/// keys). Passes whose digit is the same in every key (the high bits of the
/// input position, often the tiebreak) are skipped after one counting sweep.
enum RadixSort {
  static func sort(_ keys: UnsafeMutableBufferPointer<UInt64>) {
    let n = keys.count
    guard n > 1 else { return }
    if n < 256 {
      var keys = keys
      keys.sort()
      return
    }
    guard let source = keys.baseAddress else { return }
    let scratch = UnsafeMutablePointer<UInt64>.allocate(capacity: n)
    defer { scratch.deallocate() }
    // One sweep counts all four digits.
    let counts = UnsafeMutablePointer<Int>.allocate(capacity: 4 * 65536)
    defer { counts.deallocate() }
    counts.initialize(repeating: 0, count: 4 * 65536)
    for k in 0 ..< n {
      let key = source[k]
      counts[Int(key & 0xFFFF)] += 1
      counts[65536 + Int(key >> 16 & 0xFFFF)] += 1
      counts[131072 + Int(key >> 32 & 0xFFFF)] += 1
      counts[196608 + Int(key >> 48)] += 1
    }
    var from = source
    var to = scratch
    for pass in 0 ..< 4 {
      let count = counts + pass * 65536
      let shift = UInt64(pass * 16)
      // A digit shared by every key leaves the order as it is.
      if count[Int(from[0] >> shift & 0xFFFF)] == n { continue }
      var total = 0
      for digit in 0 ..< 65536 {
        let c = count[digit]
        count[digit] = total
        total += c
      }
      for k in 0 ..< n {
        let key = from[k]
        let digit = Int(key >> shift & 0xFFFF)
        to[count[digit]] = key
        count[digit] += 1
      }
      swap(&from, &to)
    }
    if from != source { source.update(from: from, count: n) }
  }
}
