import PickTestSupport

/// The distributions the corpora draw from. `pick-rank` draws its integers
/// by remainder instead (its `SeededGenerator+Lists.swift`); each tool keeps
/// its own so that what it generated before is still the same bytes.
extension SeededGenerator {
  /// A uniform integer in `0..<count` (Lemire's multiply-high; the bias is
  /// below 2^-40 for our counts, and it is the same on every machine).
  mutating func below(_ count: Int) -> Int {
    precondition(count > 0)
    return Int(next().multipliedFullWidth(by: UInt64(count)).high)
  }

  /// An element chosen uniformly.
  mutating func element<T>(of array: [T]) -> T {
    array[below(array.count)]
  }

  /// An index skewed towards the front, like word frequencies: the square of
  /// a uniform number, so index `i` is about as likely as `1/sqrt(i)` and the
  /// first tenth of a vocabulary makes up a third of the picks.
  mutating func skewedIndex(_ count: Int) -> Int {
    let u = unit()
    return min(Int(Double(count) * (u * u)), count - 1)
  }

  /// An element chosen by `skewedIndex(_:)`: order vocabularies common first.
  mutating func skewedElement<T>(of array: [T]) -> T {
    array[skewedIndex(array.count)]
  }

  /// A count with the given mean and a long tail (geometric distribution),
  /// capped at `limit` so one unlucky draw cannot run away.
  mutating func count(mean: Double, limit: Int = 400) -> Int {
    let stop = 1 / (1 + mean)
    var count = 0
    while count < limit && unit() >= stop { count += 1 }
    return count
  }
}
