import PickTestSupport
import Testing

@testable import PickCore

/// The picker's cache of what an SGR sequence does to a style
/// (`TransitionCache`): it may forget, never answer wrong, and holds the
/// few transitions of a coloured input at once.
@Suite struct TransitionCacheTests {
  private static func key(_ parameters: String) -> UInt64? {
    Array(parameters.utf8).withUnsafeBufferPointer { TransitionCache.key($0) }
  }

  @Test func `an answer is the last style remembered for that sequence and style, or none`() throws {
    var cache = TransitionCache()
    var model: [Pair: UInt32] = [:]
    var generator = SeededGenerator(seed: 0x7C)
    let keys = try (0..<40).map { _ in
      try #require(Self.key(String(UInt.random(in: 0..<100_000, using: &generator))))
    }
    for _ in 0..<20_000 {
      let pair = Pair(
        key: keys[Int.random(in: 0..<keys.count, using: &generator)], from: UInt32.random(in: 0..<12, using: &generator)
      )
      if Bool.random(using: &generator) {
        let to = UInt32.random(in: 0..<1_000, using: &generator)
        cache.remember(pair.key, from: pair.from, to: to)
        model[pair] = to
      } else if let answer = cache.after(pair.key, from: pair.from) {
        #expect(answer == model[pair], "\(pair)")
      }
    }
  }

  /// `grep --color=always -n` output: four colours from plain, and the reset after each.
  @Test func `the transitions of grep's colours are all held at once`() throws {
    var cache = TransitionCache()
    var transitions: [(UInt64, UInt32, UInt32)] = []
    for (number, parameters) in ["35", "36", "32", "01;31"].enumerated() {
      let style = UInt32(number + 1)
      transitions += [(try #require(Self.key(parameters)), 0, style), (try #require(Self.key("")), style, 0)]
    }
    for (key, from, to) in transitions { cache.remember(key, from: from, to: to) }
    for (key, from, to) in transitions { #expect(cache.after(key, from: from) == to) }
  }

  private struct Pair: Hashable, CustomStringConvertible {
    var key: UInt64
    var from: UInt32
    var description: String { "key \(key) from \(from)" }
  }
}
