/// A small seeded generator (SplitMix64) with the few distributions the
/// corpora need.
///
/// Why not `SystemRandomNumberGenerator` or Foundation: the corpora must be the
/// same bytes on every machine and toolchain, so every step here is integer
/// arithmetic or IEEE multiplication (exactly rounded everywhere); nothing calls
/// `log`, `pow` or another libm function whose last bit may differ between
/// machines.
struct SeededRandom: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  /// The next 64 random bits (Steele, Lea and Flood's SplitMix64).
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A uniform integer in `0..<count` (Lemire's multiply-high; the bias is
  /// below 2^-40 for our counts, and it is the same on every machine).
  mutating func below(_ count: Int) -> Int {
    precondition(count > 0)
    return Int(next().multipliedFullWidth(by: UInt64(count)).high)
  }

  /// A uniform `Double` in `[0, 1)` with 53 random bits.
  mutating func unit() -> Double {
    Double(next() >> 11) * 0x1p-53
  }

  /// True with probability `probability`.
  mutating func chance(_ probability: Double) -> Bool {
    unit() < probability
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
