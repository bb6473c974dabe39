/// A seeded random number generator (Steele, Lea and Flood's SplitMix64): the
/// same seed gives the same numbers on every machine and toolchain, so a
/// property test's failure can be replayed and a generated corpus or list is
/// the same bytes everywhere. The property tests, the fuzz harnesses (which
/// compile this file alone: it must need nothing else), `pick-bench`'s corpora
/// and `pick-rank`'s lists all draw from it.
///
/// Every step is integer arithmetic or an exactly rounded IEEE operation;
/// nothing calls `log`, `pow` or another libm function whose last bit may
/// differ between machines. The tools add the distributions they need in
/// extensions of their own.
public struct SeededGenerator: RandomNumberGenerator {
  @usableFromInline var state: UInt64

  public init(seed: UInt64) { state = seed }

  /// A generator for a sub-task, so that adding draws to one part of a
  /// program does not shift the numbers every other part sees.
  public func derived(_ salt: UInt64) -> SeededGenerator {
    var copy = SeededGenerator(seed: state ^ (salt &* 0x9E37_79B9_7F4A_7C15))
    _ = copy.next()
    return copy
  }

  /// The next 64 random bits.
  @inlinable public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A uniform `Double` in `[0, 1)` with 53 random bits.
  @inlinable public mutating func unit() -> Double {
    Double(next() >> 11) * 0x1p-53
  }

  /// True with probability `probability`.
  @inlinable public mutating func chance(_ probability: Double) -> Bool {
    unit() < probability
  }
}
