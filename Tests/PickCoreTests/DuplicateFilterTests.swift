import Testing

@testable import PickCore

/// A store holding the raw `items`, each followed by `separator`.
private func byteStore(_ items: [[UInt8]], separator: UInt8 = 0x0A) throws -> ItemStore {
  let store = try ItemStore(separator: separator, byteLimit: 1 << 26, itemLimit: 1 << 20)
  try store.append(items.flatMap { $0 + [separator] } as [UInt8])
  try store.finish()
  return store
}

/// The indices of the items that repeat an earlier one, the slow way.
private func referenceDuplicates(_ items: [[UInt8]]) -> [Int] {
  var seen = Set<[UInt8]>()
  return items.indices.filter { !seen.insert(items[$0]).inserted }
}

private func duplicates(_ filter: DuplicateFilter) -> [Int] {
  (0..<filter.checkedCount).filter { filter.isDuplicate($0) }
}

/// Random items over a small alphabet, so that many repeat.
private func randomItems(_ rng: inout SeededGenerator, count: Int, alphabet: [UInt8], maxLength: Int) -> [[UInt8]] {
  (0..<count).map { _ in
    (0..<Int.random(in: 0...maxLength, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }
  }
}

@Suite struct DuplicateFilterTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var items: [[UInt8]]
    var duplicates: [Int]
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(name: "no items", items: [], duplicates: []),
    Case(name: "one item", items: [[0x61]], duplicates: []),
    Case(name: "all distinct", items: [[0x61], [0x62], [0x63]], duplicates: []),
    Case(name: "repeat right after", items: [[0x61], [0x61], [0x62]], duplicates: [1]),
    Case(name: "repeat at the end", items: [[0x61], [0x62], [0x63], [0x61]], duplicates: [3]),
    Case(name: "repeat of the last", items: [[0x61], [0x62], [0x62]], duplicates: [2]),
    Case(name: "many repeats keep the first", items: [[0x61], [0x61], [0x61], [0x61]], duplicates: [1, 2, 3]),
    Case(name: "interleaved repeats", items: [[0x61], [0x62], [0x61], [0x62], [0x63], [0x62]], duplicates: [2, 3, 5]),
    Case(name: "empty items repeat", items: [[], [0x61], [], []], duplicates: [2, 3]),
    Case(name: "one empty item", items: [[0x61], []], duplicates: []),
    Case(
      name: "differ in the last byte", items: [Array("abcdefghijklmnopq".utf8), Array("abcdefghijklmnopr".utf8)],
      duplicates: []),
    Case(
      name: "differ in the first byte", items: [Array("xbcdefghijklmnopq".utf8), Array("abcdefghijklmnopq".utf8)],
      duplicates: []),
    Case(
      name: "differ in a middle byte", items: [Array("abcdefgXijklmnopq".utf8), Array("abcdefghijklmnopq".utf8)],
      duplicates: []),
    Case(
      name: "a prefix is not a repeat", items: [Array("abc".utf8), Array("ab".utf8), Array("abcd".utf8)], duplicates: []
    ),
    Case(name: "trailing CR makes a different item", items: [[0x61, 0x0D], [0x61], [0x61, 0x0D]], duplicates: [2]),
    Case(
      name: "invalid UTF-8 compared as bytes", items: [[0xFF, 0xFE], [0xC3], [0xFF, 0xFE], [0xC3, 0xA9]],
      duplicates: [2]),
    Case(
      name: "NUL inside items", items: [[0x61, 0x00, 0x62], [0x61, 0x00, 0x63], [0x61, 0x00, 0x62], [0x00]],
      duplicates: [2]),
    Case(
      name: "long items",
      items: [
        [UInt8](repeating: 0x78, count: 1000), [UInt8](repeating: 0x78, count: 999),
        [UInt8](repeating: 0x78, count: 1000),
      ],
      duplicates: [2]),
  ]

  @Test(arguments: cases)
  func `marks exactly the items that repeat an earlier one`(_ test: Case) throws {
    let store = try byteStore(test.items)
    let filter = DuplicateFilter()
    filter.update(from: store)
    #expect(duplicates(filter) == test.duplicates)
    #expect(filter.checkedCount == test.items.count)
    #expect(filter.duplicateCount == test.duplicates.count)
  }

  @Test func `items separated by NUL are compared without their separator`() throws {
    let store = try byteStore([[0x61, 0x0A], [0x61], [0x61, 0x0A], [0x0A]], separator: 0)
    let filter = DuplicateFilter()
    filter.update(from: store)
    #expect(duplicates(filter) == [2])
  }

  @Test func `items not examined yet are not duplicates`() throws {
    let store = try makeStore(["a", "a"])
    let filter = DuplicateFilter()
    #expect(!filter.isDuplicate(1))
    #expect(!filter.isDuplicate(-1))
    filter.update(from: store)
    #expect(filter.isDuplicate(1))
    #expect(!filter.isDuplicate(2))
  }

  @Test func `updating with nothing new changes nothing`() throws {
    let store = try makeStore(["a", "b", "a"])
    let filter = DuplicateFilter()
    filter.update(from: store)
    filter.update(from: store)
    #expect(duplicates(filter) == [2])
    #expect(filter.duplicateCount == 1)
    #expect(filter.checkedCount == 3)
  }

  @Test func `updating after each chunk of streamed input equals one update`() throws {
    var rng = SeededGenerator(seed: 0xD0B1_0001)
    for trial in 0..<200 {
      let items = randomItems(
        &rng, count: Int.random(in: 0...300, using: &rng), alphabet: [0x61, 0x62, 0x0D], maxLength: 4)
      let input: [UInt8] = items.flatMap { $0 + [0x0A] }
      let store = try ItemStore(separator: 0x0A, byteLimit: 1 << 20, itemLimit: 1 << 12)
      let filter = DuplicateFilter()
      var offset = 0
      while offset < input.count {
        let n = min(Int.random(in: 0...40, using: &rng), input.count - offset)
        try store.append(Array(input[offset..<offset + n]))
        offset += n
        filter.update(from: store)
        #expect(filter.checkedCount == store.count, "trial \(trial)")
      }
      try store.finish()
      filter.update(from: store)
      #expect(duplicates(filter) == referenceDuplicates(items), "trial \(trial)")
    }
  }

  @Test func `agrees with a set of byte arrays on random inputs`() throws {
    var rng = SeededGenerator(seed: 0xD0B1_0002)
    for trial in 0..<2000 {
      let alphabet: [UInt8] = Bool.random(using: &rng) ? [0x61, 0x62] : [0x00, 0x0D, 0x61, 0xFF, 0xC3]
      let count = Int.random(in: 0...60, using: &rng)
      let items = randomItems(&rng, count: count, alphabet: alphabet, maxLength: Int.random(in: 0...20, using: &rng))
      let store = try byteStore(items)
      let filter = DuplicateFilter()
      filter.update(from: store)
      let expected = referenceDuplicates(items)
      #expect(duplicates(filter) == expected, "trial \(trial)")
      #expect(filter.duplicateCount == expected.count, "trial \(trial)")
    }
  }

  @Test func `items with the same hash are told apart by their bytes`() throws {
    var rng = SeededGenerator(seed: 0xD0B1_0003)
    // Every item hashes alike, so every lookup walks one long cluster and compares bytes.
    let items = randomItems(&rng, count: 1500, alphabet: [0x61, 0x62, 0x63], maxLength: 6)
    let store = try byteStore(items)
    let filter = DuplicateFilter(hash: { _ in 0xDEAD_BEEF })
    filter.update(from: store)
    #expect(duplicates(filter) == referenceDuplicates(items))
    // A few hash values only: clusters of colliding and non-colliding entries interleave.
    let few = DuplicateFilter(hash: { UInt32($0.count % 3) << 30 })
    few.update(from: store)
    #expect(duplicates(few) == referenceDuplicates(items))
  }

  @Test func `colliding items stay correct across growth`() throws {
    // Rehashing must keep every colliding entry findable.
    let items = (0..<5000).map { Array("item \($0 % 2500)".utf8) }
    let store = try byteStore(items)
    let filter = DuplicateFilter(hash: { UInt32($0.last! & 0x0F) })
    filter.update(from: store)
    #expect(duplicates(filter) == Array(2500..<5000))
  }

  @Test func `grows across several rehashes and still finds early items`() throws {
    // 100 000 distinct items take the table from 1024 slots through seven doublings;
    // repeating them afterwards checks every one is still found.
    let distinct = 100_000
    let lines = (0..<distinct).map { Array("line \($0)".utf8) }
    let items = lines + lines.reversed()
    let store = try byteStore(items)
    let filter = DuplicateFilter()
    let before = filter.tableCapacity
    filter.update(from: store)
    #expect(filter.tableCapacity >= before << 7)
    #expect(filter.duplicateCount == distinct)
    #expect((0..<distinct).allSatisfy { !filter.isDuplicate($0) })
    #expect((distinct..<2 * distinct).allSatisfy { filter.isDuplicate($0) })
  }

  @Test func `the hash depends on every byte and on the length`() {
    // Not a requirement for correctness, but a hash that ignored bytes would make
    // the table slow; check the ways the tail is read (1-3, 4-8, 9-16, >16 bytes).
    for length in 0...40 {
      let base = [UInt8](repeating: 0x61, count: length)
      let hash = base.withUnsafeBufferPointer { DuplicateFilter.hash($0) }
      let longer = (base + [0x61]).withUnsafeBufferPointer { DuplicateFilter.hash($0) }
      #expect(hash != longer, "length \(length)")
      for position in 0..<length {
        var changed = base
        changed[position] ^= 0x01
        #expect(
          changed.withUnsafeBufferPointer { DuplicateFilter.hash($0) } != hash, "length \(length), byte \(position)")
      }
    }
  }
}
