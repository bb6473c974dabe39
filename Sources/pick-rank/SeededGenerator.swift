/// A small deterministic pseudo-random generator (SplitMix64), so that the same
/// `--seed` always yields the same lists and the same queries on every machine
/// and toolchain. Foundation's and the standard library's default generators
/// are not reproducible across runs, which would make results incomparable.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  /// A generator for a sub-task, so that adding draws to one part of the
  /// program does not shift the numbers every other part sees.
  func derived(_ salt: UInt64) -> SeededGenerator {
    var copy = SeededGenerator(seed: state ^ (salt &* 0x9E37_79B9_7F4A_7C15))
    _ = copy.next()
    return copy
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0..<bound` (bound > 0). The modulo bias is negligible for
  /// the small bounds used here.
  mutating func below(_ bound: Int) -> Int {
    Int(next() % UInt64(bound))
  }

  /// A number in `range`, both ends included.
  mutating func within(_ range: ClosedRange<Int>) -> Int {
    range.lowerBound + below(range.count)
  }

  /// True with probability `p`.
  mutating func chance(_ p: Double) -> Bool {
    Double(next() >> 11) / Double(1 << 53) < p
  }

  /// A uniformly chosen element (the array must not be empty).
  mutating func element<T>(of items: [T]) -> T {
    items[below(items.count)]
  }

  /// An element chosen with a bias toward the front of the array, roughly
  /// like word frequencies: real trees reuse a few names (`config`, `index`,
  /// `utils`) far more often than the rest.
  mutating func frequent<T>(of items: [T]) -> T {
    let u = Double(next() >> 11) / Double(1 << 53)
    return items[min(items.count - 1, Int(Double(items.count) * u * u))]
  }

  /// `count` distinct elements in random order (or all of them, if fewer).
  mutating func sample<T>(_ count: Int, of items: [T]) -> [T] {
    var pool = items
    var chosen: [T] = []
    while chosen.count < count, !pool.isEmpty {
      chosen.append(pool.remove(at: below(pool.count)))
    }
    return chosen
  }

  /// Lower-case hexadecimal digits, as in commit hashes and pod names.
  mutating func hex(_ length: Int) -> String {
    let digits = Array("0123456789abcdef")
    return String((0..<length).map { _ in digits[below(16)] })
  }

  /// Lower-case letters and digits, as in Kubernetes pod name suffixes.
  mutating func alphanumeric(_ length: Int) -> String {
    let chars = Array("bcdfghjklmnpqrstvwxz2456789")
    return String((0..<length).map { _ in chars[below(chars.count)] })
  }
}
