import PickTestSupport

/// The distributions the lists and queries draw from, on the shared SplitMix64
/// generator, so that the same `--seed` always yields the same lists and the
/// same queries on every machine and toolchain. Integers are drawn by
/// remainder (`pick-bench` uses multiply-high): changing that would change
/// every list, and results would no longer compare with earlier runs.
extension SeededGenerator {
  /// A number in `0..<bound` (bound > 0). The modulo bias is negligible for
  /// the small bounds used here.
  mutating func below(_ bound: Int) -> Int {
    Int(next() % UInt64(bound))
  }

  /// A number in `range`, both ends included.
  mutating func within(_ range: ClosedRange<Int>) -> Int {
    range.lowerBound + below(range.count)
  }

  /// A uniformly chosen element (the array must not be empty).
  mutating func element<T>(of items: [T]) -> T {
    items[below(items.count)]
  }

  /// An element chosen with a bias toward the front of the array, roughly
  /// like word frequencies: real trees reuse a few names (`config`, `index`,
  /// `utils`) far more often than the rest.
  mutating func frequent<T>(of items: [T]) -> T {
    let u = unit()
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
