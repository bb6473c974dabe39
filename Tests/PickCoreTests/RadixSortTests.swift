import Testing

@testable import PickCore

private func radixSorted(_ keys: [UInt64], lowHalfSorted: Bool) -> [UInt64] {
  var keys = keys
  keys.withUnsafeMutableBufferPointer { RadixSort.sort($0, lowHalfSorted: lowHalfSorted) }
  return keys
}

/// How the high halves of generated keys vary.
enum HighHalves: String, CaseIterable, Sendable {
  /// Any 32 bits.
  case random
  /// A handful of values, so most keys tie on the high half.
  case fewDistinct
  /// One value: every pass over the high half is skipped.
  case allEqual
  /// Only the top 16 bits vary (the third digit is shared).
  case topDigitOnly
  /// Only bits 32-47 vary (the top digit is shared).
  case thirdDigitOnly
}

private func highHalf(_ kind: HighHalves, _ rng: inout SeededGenerator) -> UInt64 {
  switch kind {
  case .random: return UInt64(UInt32.random(in: 0 ... .max, using: &rng))
  case .fewDistinct: return UInt64([0, 7, 0xFFFF, 0x1_0000, 0xFFFF_FFFF].randomElement(using: &rng)!)
  case .allEqual: return 0xABCD_1234
  case .topDigitOnly: return UInt64(UInt16.random(in: 0...3, using: &rng)) << 16 | 0x5555
  case .thirdDigitOnly: return 0x7777_0000 | UInt64(UInt16.random(in: 0 ... .max, using: &rng))
  }
}

/// Both sides of where a comparison sort takes over (`comparisonSortBelow`), and sizes well past it.
private let sizes = [
  0, 1, 2, 257, RadixSort.comparisonSortBelow - 1, RadixSort.comparisonSortBelow,
  RadixSort.comparisonSortBelow + 1, 10_000, 100_000,
]

@Test(arguments: sizes, HighHalves.allCases)
func `keys ascending in their low half sort as the standard library sorts them`(size: Int, high: HighHalves) {
  var rng = SeededGenerator(seed: UInt64(size) &* 31 &+ UInt64(high.rawValue.count))
  // Ascending low halves with repeats (as input positions never repeat, but the promise allows it).
  var low: UInt64 = 0
  let keys = (0..<size).map { _ -> UInt64 in
    low += UInt64.random(in: 0...2, using: &rng)
    return highHalf(high, &rng) << 32 | low
  }
  #expect(radixSorted(keys, lowHalfSorted: true) == keys.sorted())
}

@Test(arguments: sizes, HighHalves.allCases)
func `fully random keys sort as the standard library sorts them`(size: Int, high: HighHalves) {
  var rng = SeededGenerator(seed: UInt64(size) &* 131 &+ UInt64(high.rawValue.count))
  let keys = (0..<size).map { _ in highHalf(high, &rng) << 32 | UInt64(UInt32.random(in: 0 ... .max, using: &rng)) }
  #expect(radixSorted(keys, lowHalfSorted: false) == keys.sorted())
}

@Test(arguments: sizes)
func `many duplicate keys sort as the standard library sorts them`(size: Int) {
  var rng = SeededGenerator(seed: UInt64(size) &+ 99)
  let pool = (0..<5).map { _ in UInt64.random(in: 0 ... .max, using: &rng) }
  let keys = (0..<size).map { _ in pool.randomElement(using: &rng)! }
  #expect(radixSorted(keys, lowHalfSorted: false) == keys.sorted())
}

@Test(arguments: [255, 256, 10_000])
func `keys whose digits differ in only one pass sort correctly`(size: Int) {
  var rng = SeededGenerator(seed: UInt64(size) &+ 7)
  for digit in 0..<4 {
    let keys = (0..<size).map { _ in
      0x1111_2222_3333_4444 & ~(UInt64(0xFFFF) << (16 * UInt64(digit)))
        | UInt64(UInt16.random(in: 0 ... .max, using: &rng)) << (16 * UInt64(digit))
    }
    #expect(radixSorted(keys, lowHalfSorted: false) == keys.sorted(), "digit \(digit)")
  }
}

@Test func `extreme keys sort correctly`() {
  var keys: [UInt64] = []
  for k in 0..<300 { keys.append(k % 3 == 0 ? .max : k % 3 == 1 ? 0 : UInt64(k) << 48) }
  #expect(radixSorted(keys, lowHalfSorted: false) == keys.sorted())
}
