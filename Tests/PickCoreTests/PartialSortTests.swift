import PickTestSupport
import Testing

@testable import PickCore

/// Random distinct keys as the ranker makes them: points in the high half,
/// the (ascending) input position in the low half.
private func rankerKeys(_ count: Int, seed: UInt64, pointValues: UInt64) -> [UInt64] {
  var random = SeededGenerator(seed: seed)
  return (0..<count).map { UInt64.random(in: 0..<pointValues, using: &random) << 32 | UInt64($0) }
}

@Test(arguments: [(1, 1), (5, 1000), (1000, 1000), (1024, 100_000), (3, 2), (7, 256)])
func `sortFront puts the smallest keys first in order and keeps the rest in input order`(
  limit: Int, count: Int
) {
  for pointValues: UInt64 in [3, 1 << 20] {
    let keys = rankerKeys(count, seed: UInt64(limit * 31 + count), pointValues: pointValues)
    var buffer = keys
    buffer.withUnsafeMutableBufferPointer { RadixSort.sortFront($0, count: limit) }
    let front = min(limit, count)
    #expect(Array(buffer[..<front]) == Array(keys.sorted()[..<front]))
    let rest = Array(buffer[front...])
    #expect(
      rest.map { $0 & 0xFFFF_FFFF } == rest.map { $0 & 0xFFFF_FFFF }.sorted(),
      "the rest stays in input order")
    // Sorting the rest later gives the full sort.
    buffer.withUnsafeMutableBufferPointer {
      RadixSort.sort(UnsafeMutableBufferPointer(rebasing: $0[front...]), lowHalfSorted: true)
    }
    #expect(buffer == keys.sorted())
  }
}

@Suite struct PartiallySortedRankingTests {
  private static func store(_ count: Int) throws -> ItemStore {
    var random = SeededGenerator(seed: 9)
    let words = ["ab", "abc", "b", "xa", "ba", "aab", "a/b", "bab"]
    let items = (0..<count).map { _ in
      words.randomElement(using: &random)!
        + String(repeating: "x", count: Int.random(in: 0..<9, using: &random))
    }
    let store = try ItemStore(separator: 0x0A, byteLimit: 1 << 22, itemLimit: 1 << 16)
    try store.append(Array((items.joined(separator: "\n") + "\n").utf8))
    try store.finish()
    return store
  }

  /// Items whose perfect matches for "ab" are longer than some imperfect
  /// ones ("xab…" scores less than "ab…"): a match left unscored that
  /// should not have been would take the imperfect ones' place in front.
  private static func mixedStore(_ count: Int) throws -> ItemStore {
    var random = SeededGenerator(seed: 5)
    let items = (0..<count).map { _ in
      Bool.random(using: &random)
        ? "ab" + String(repeating: "x", count: Int.random(in: 5...8, using: &random))
        : "xab" + String(repeating: "y", count: Int.random(in: 2...4, using: &random))
    }
    let store = try ItemStore(separator: 0x0A, byteLimit: 1 << 22, itemLimit: 1 << 16)
    try store.append(Array((items.joined(separator: "\n") + "\n").utf8))
    try store.finish()
    return store
  }

  private static func order(_ matches: RankedMatches) -> [Int] {
    (0..<matches.count).map { matches.itemIndex(at: $0) }
  }

  @Test(arguments: [false, true])
  func `a ranking sorted only at the front reads exactly like a fully sorted one`(tac: Bool) throws {
    let store = try Self.store(20_000)
    let query = CompiledQuery(QueryParser().parse(Array("ab".utf8)), scheme: .default)
    let full = Ranker(order: Ranker.Order(reversesInput: tac))
    var partial = full
    partial.sortLimit = 50
    let expected = Self.order(full.rank(store, range: 0..<store.count, query: query))

    let front = partial.rank(store, range: 0..<store.count, query: query)
    #expect(!front.isFullySorted)
    // The set, unordered, without sorting anything.
    var unordered: [Int] = []
    front.forEachItemUnordered { unordered.append($0) }
    #expect(unordered.sorted() == expected.sorted())
    #expect(front.itemsInInputOrder() == expected.sorted())
    #expect((0..<50).map { front.itemIndex(at: $0) } == Array(expected[..<50]))
    #expect(!front.isFullySorted, "reading the front sorts nothing more")
    #expect(Self.order(front) == expected)
    #expect(front.isFullySorted)
  }

  @Test(arguments: [false, true])
  func `a listed search's matches come back in item order however far they are sorted`(tac: Bool) throws {
    // Narrowing reads the set of a ranking of listed items (a narrowed
    // search's candidates): the item indices, ascending, not the list's
    // offsets, whether only the front or everything is sorted.
    let store = try Self.store(20_000)
    let query = CompiledQuery(QueryParser().parse(Array("ab".utf8)), scheme: .default)
    let listed = Array(stride(from: 1, to: store.count, by: 3))
    let full = Ranker(order: Ranker.Order(reversesInput: tac))
    var partial = full
    partial.sortLimit = 50
    let expected = Self.order(full.rank(store, items: listed, query: query)).sorted()
    #expect(expected.count > 1000 && expected.allSatisfy { $0 % 3 == 1 })
    let front = partial.rank(store, items: listed, query: query)
    #expect(!front.isFullySorted)
    #expect(front.itemsInInputOrder() == expected)
    _ = Self.order(front)
    #expect(front.isFullySorted)
    #expect(front.itemsInInputOrder() == expected)
    #expect(full.rank(store, items: listed, query: query).itemsInInputOrder() == expected)
  }

  @Test func `a selection summary counts a partly sorted ranking's matches`() throws {
    let store = try Self.store(5000)
    let query = CompiledQuery(QueryParser().parse(Array("ab".utf8)), scheme: .default)
    var ranker = Ranker(order: Ranker.Order())
    ranker.sortLimit = 10
    let matches = ranker.rank(store, range: 0..<store.count, query: query)
    var selection = Selection()
    let chosen = Self.order(
      Ranker(order: Ranker.Order()).rank(store, range: 0..<store.count, query: query)
    ).suffix(7)
    for item in chosen { _ = selection.select(item) }
    _ = selection.select(store.count - 1)  // may or may not match; counted as hidden if not
    let summary = selection.summary(over: matches)
    #expect(summary.selectedMatching >= 7)
    #expect(summary.matching == matches.count)
    #expect(summary.selectedMatching + summary.hidden == selection.count)
  }

  @Test func `merging two rankings sorted only at the front gives the full ranking`() throws {
    // While input streams in, the picker's answer (sorted at the front) is
    // merged with the new items' answer: the merge must read both in order.
    let store = try Self.store(20_000)
    let query = CompiledQuery(QueryParser().parse(Array("ab".utf8)), scheme: .default)
    let full = Ranker(order: Ranker.Order())
    var partial = full
    partial.sortLimit = 50
    let expected = Self.order(full.rank(store, range: 0..<store.count, query: query))
    let earlier = partial.rank(store, range: 0..<12_000, query: query)
    let later = partial.rank(store, range: 12_000..<store.count, query: query)
    #expect(!earlier.isFullySorted && !later.isFullySorted)
    let merged = try #require(earlier.merged(with: later))
    #expect(Self.order(merged) == expected)
  }

  @Test(arguments: ["ab", "ab x", "b a", "xa"], [false, true])
  func `a ranking that left matches unscored reads exactly like a full ranking`(query: String, tac: Bool) throws {
    let store = try Self.store(20_000)
    let compiled = CompiledQuery(QueryParser().parse(Array(query.utf8)), scheme: .default)
    let full = Ranker(order: Ranker.Order(reversesInput: tac))
    var partial = full
    partial.sortLimit = 50
    let expected = Self.order(full.rank(store, range: 0..<store.count, query: compiled))
    let ranked = partial.rank(store, range: 0..<store.count, query: compiled)
    if query == "ab" { #expect(ranked.leftMatchesUnscored, "many items start with the query") }
    #expect(ranked.count == expected.count)
    #expect((0..<50).map { ranked.itemIndex(at: $0) } == Array(expected[..<50]))
    var unordered: [Int] = []
    ranked.forEachItemUnordered { unordered.append($0) }
    #expect(unordered.sorted() == expected.sorted())
    #expect(Self.order(ranked) == expected)
    // `--track` finds an item's place in a ranking that left matches unscored.
    let again = partial.rank(store, range: 0..<store.count, query: compiled)
    let item = expected[expected.count * 2 / 3]
    #expect(again.position(ofItem: item) == expected.count * 2 / 3)
    // Narrowing ranks a list of items, which may leave matches unscored too.
    let listed = partial.rank(store, items: Array(stride(from: 0, to: store.count, by: 2)), query: compiled)
    let fullListed = full.rank(store, items: Array(stride(from: 0, to: store.count, by: 2)), query: compiled)
    #expect(Self.order(listed) == Self.order(fullListed))
  }

  @Test func `a match is left unscored only when even the perfect score would leave it behind the front`() throws {
    let store = try Self.mixedStore(20_000)
    let query = CompiledQuery(QueryParser().parse(Array("ab".utf8)), scheme: .default)
    let full = Ranker(order: Ranker.Order())
    for limit in [10, 300, 5000] {
      var partial = full
      partial.sortLimit = limit
      let expected = Self.order(full.rank(store, range: 0..<store.count, query: query))
      let ranked = partial.rank(store, range: 0..<store.count, query: query)
      #expect((0..<limit).map { ranked.itemIndex(at: $0) } == Array(expected[..<limit]))
      #expect(Self.order(ranked) == expected)
    }
  }

  @Test func `merging rankings that left matches unscored gives the full ranking`() throws {
    let store = try Self.store(20_000)
    let query = CompiledQuery(QueryParser().parse(Array("ab".utf8)), scheme: .default)
    var partial = Ranker(order: Ranker.Order())
    partial.sortLimit = 20
    let expected = Self.order(Ranker(order: Ranker.Order()).rank(store, range: 0..<store.count, query: query))
    let earlier = partial.rank(store, range: 0..<9_000, query: query)
    let later = partial.rank(store, range: 9_000..<store.count, query: query)
    #expect(earlier.leftMatchesUnscored && later.leftMatchesUnscored)
    #expect(Self.order(try #require(earlier.merged(with: later))) == expected)
  }

  @Test func `two threads may read the front while a third position sorts the rest`() throws {
    let store = try Self.store(60_000)
    let query = CompiledQuery(QueryParser().parse(Array("a".utf8)), scheme: .default)
    var ranker = Ranker(order: Ranker.Order())
    ranker.sortLimit = 100
    let expected = Self.order(
      Ranker(order: Ranker.Order()).rank(store, range: 0..<store.count, query: query))
    let matches = ranker.rank(store, range: 0..<store.count, query: query)
    let results = UnsafeMutableBufferPointer<Int>.allocate(capacity: 2)
    defer { results.deallocate() }
    let box = UnsafeSendable(results)
    Parallel.run(tasks: 2, workers: 2) { task, _ in
      if task == 0 {
        box.value[0] = matches.itemIndex(at: matches.count - 1)
      } else {
        var same = 1
        for _ in 0..<200
        where (0..<100).map({ matches.itemIndex(at: $0) }) != Array(expected[..<100]) { same = 0 }
        box.value[1] = same
      }
    }
    #expect(results[0] == expected.last)
    #expect(results[1] == 1)
  }
}
