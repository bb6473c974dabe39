import Synchronization
import Testing

@testable import PickCore

/// The switch to 64-bit offsets, made to happen early: a store that widens
/// past `wideningOffset` bytes behaves as one past 4 GiB does.
@Suite struct ItemStoreWideningTests {
  private static let wideningOffset = 300

  private static func store() throws -> ItemStore {
    try ItemStore(separator: 0x0A, byteLimit: 1 << 16, itemLimit: 1 << 10, wideningOffset: wideningOffset)
  }

  /// `count` items of 0 to 20 letters.
  private static func items(_ count: Int, seed: UInt64) -> [[UInt8]] {
    var random = SeededGenerator(seed: seed)
    return (0..<count).map { _ in
      (0..<Int.random(in: 0...20, using: &random)).map { _ in UInt8.random(in: 0x61...0x7A, using: &random) }
    }
  }

  @Test func `items before, across and after the widening read back exactly`() throws {
    let store = try Self.store()
    let items = Self.items(200, seed: 11)
    // The last item has no separator: `finish` adds its start past the widening too.
    let input = Array(items.map { $0 + [0x0A] }.joined().dropLast())
    #expect(input.count > 4 * Self.wideningOffset)
    var random = SeededGenerator(seed: 12)
    var offset = 0
    while offset < input.count {
      let n = min(Int.random(in: 1...40, using: &random), input.count - offset)
      try store.append(Array(input[offset..<offset + n]))
      offset += n
    }
    try store.finish()
    #expect(store.count == items.count)
    for (index, item) in items.enumerated() {
      #expect(Array(store.item(index)) == item, "item \(index)")
    }
    // A range that spans the widening is still the contiguous bytes.
    #expect(Array(store.items(0..<items.count)) == input + [0x0A])
  }

  @Test func `a reader below its count reads the same items while the store widens`() throws {
    let store = try Self.store()
    let items = Self.items(400, seed: 13)
    // Below the widening offset: the reader's items.
    var given = 0
    var bytes = 0
    while bytes + items[given].count + 1 <= Self.wideningOffset {
      try store.append(items[given] + [0x0A])
      bytes += items[given].count + 1
      given += 1
    }
    let count = given  // handed over by starting the thread
    let expected = Array(items[..<count])
    let stop = Atomic<Bool>(false)
    let mismatches = Atomic<Int>(0)
    let rounds = Atomic<Int>(0)
    let reader = try WorkerThread {
      repeat {
        for index in 0..<count where !store.item(index).elementsEqual(expected[index]) {
          mismatches.add(1, ordering: .relaxed)
        }
        rounds.add(1, ordering: .relaxed)
      } while !stop.load(ordering: .relaxed)
    }
    for item in items[count...] { try store.append(item + [0x0A]) }
    // Let the reader go on a little after the widening.
    while rounds.load(ordering: .relaxed) < 50 {}
    stop.store(true, ordering: .relaxed)
    reader.join()
    let mismatchCount = mismatches.load(ordering: .relaxed)
    #expect(mismatchCount == 0)
    for (index, item) in items.enumerated() { #expect(Array(store.item(index)) == item) }
  }
}
