import Testing

@testable import PickCore

/// The item indices of `ranked`, best first.
private func order(_ ranked: RankedMatches) -> [Int] {
  (0..<ranked.count).map(ranked.itemIndex(at:))
}

private func ranked(
  _ store: ItemStore, _ range: Range<Int>, _ query: CompiledQuery, _ order: Ranker.Order, workers: Int, taskSize: Int
) -> [Int] {
  var ranker = Ranker(order: order, workers: workers)
  ranker.taskSize = taskSize
  return PickCoreTests.order(ranker.rank(store, range: range, query: query))
}

private func randomItems(_ rng: inout SeededGenerator, count: Int) -> [String] {
  let alphabet: [String] = ["a", "b", "c", "B", "/", " ", "-", "é", "x", "\t"]
  return (0..<count).map { _ in
    String((0..<Int.random(in: 0...10, using: &rng)).map { _ in Character(alphabet.randomElement(using: &rng)!) })
  }
}

private let queries = ["a", "ab", "b c", "!a", "!a !b", "^a", "c$", "'ab", "a | x", "é", "B", "/a", "abc", "a !c", ""]

private let criteria: [[Options.Tiebreak]] = [
  [], [.length], [.begin], [.end], [.pathname], [.chunk], [.index],
  [.length, .begin], [.pathname, .length], [.end, .chunk], [.begin, .end, .length], [.chunk, .pathname, .index],
]

@Test(arguments: [1, 4])
func `small tasks on several workers rank as one task does`(workers: Int) throws {
  var rng = SeededGenerator(seed: 0x4A4E_0000 + UInt64(workers))
  for trial in 0..<400 {
    let items = randomItems(&rng, count: Int.random(in: 0...120, using: &rng))
    let store = try makeStore(items)
    // A range that does not start at 0, as `--header-lines` makes it.
    let lower = Int.random(in: 0...min(items.count, 5), using: &rng)
    let range = lower..<items.count
    let query = CompiledQuery(
      QueryParser().parse(Array(queries.randomElement(using: &rng)!.utf8)),
      scheme: Options.Scheme.allCases.randomElement(using: &rng)!)
    let order = Ranker.Order(
      sortsByScore: Int.random(in: 0..<4, using: &rng) != 0, reversesInput: Bool.random(using: &rng),
      tiebreak: criteria.randomElement(using: &rng)!)
    let taskSize = [1, 2, 7, 13].randomElement(using: &rng)!
    let reference = ranked(store, range, query, order, workers: 1, taskSize: 1 << 20)
    let parallel = ranked(store, range, query, order, workers: workers, taskSize: taskSize)
    #expect(parallel == reference, "trial \(trial): taskSize \(taskSize), \(order) over \(items)")
  }
}

@Test func `every matching item in the range is ranked once`() throws {
  var rng = SeededGenerator(seed: 0x4A4E_0100)
  for trial in 0..<200 {
    let items = randomItems(&rng, count: Int.random(in: 0...100, using: &rng))
    let store = try makeStore(items)
    let text = queries.randomElement(using: &rng)!
    let query = CompiledQuery(QueryParser().parse(Array(text.utf8)), scheme: .default)
    let order = Ranker.Order(tiebreak: criteria.randomElement(using: &rng)!)
    let lower = Int.random(in: 0...items.count, using: &rng)
    let result = ranked(store, lower..<items.count, query, order, workers: 4, taskSize: 7)
    let expected = (lower..<items.count).filter { matchScore(text, items[$0]) != nil }
    #expect(result.sorted() == expected, "trial \(trial): \(text) over \(items)")
  }
}

@Test func `a large input on several workers ranks as on one`() throws {
  var rng = SeededGenerator(seed: 0x4A4E_0200)
  let items = randomItems(&rng, count: 50_000)
  let store = try makeStore(items)
  for text in ["ab", "b c", "!a"] {
    let query = CompiledQuery(QueryParser().parse(Array(text.utf8)), scheme: .default)
    for tiebreak in [[Options.Tiebreak.length], [.begin, .length]] {
      let order = Ranker.Order(tiebreak: tiebreak)
      let one = ranked(store, 0..<items.count, query, order, workers: 1, taskSize: 1 << 20)
      let many = ranked(store, 0..<items.count, query, order, workers: 4, taskSize: 777)
      #expect(many == one, "\(text) \(tiebreak)")
    }
  }
}

@Test func `skipping items without a needed byte ranks as matching every item`() throws {
  var rng = SeededGenerator(seed: 0x4A4E_0300)
  // Characters that fold to the queries' letters from other bytes (accents,
  // fullwidth, the Kelvin sign), CR before the separator, and filler.
  let alphabet = ["e", "é", "e\u{301}", "ｅ", "k", "\u{212A}", "Ｋ", "ç", "c", "z", "q", "/", " ", "xxxxxxx", "写", "\r"]
  let queries = ["e", "k", "zq", "c e", "'ke", "^k", "e$", "k | z", "!e k", "ek !z", "写e", "E", "ｋ", "é"]
  for trial in 0..<300 {
    let items = (0..<Int.random(in: 0...60, using: &rng)).map { _ in
      (0..<Int.random(in: 0...8, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }.joined()
    }
    let store = try makeStore(items)
    let text = queries.randomElement(using: &rng)!
    let query = CompiledQuery(QueryParser().parse(Array(text.utf8)), scheme: .default)
    var ranker = Ranker(order: Ranker.Order(), workers: 2)
    ranker.taskSize = [1, 5, 64].randomElement(using: &rng)!
    let lower = Int.random(in: 0...items.count, using: &rng)
    let skipping = order(ranker.rank(store, range: lower..<items.count, query: query))
    let listed = order(ranker.rank(store, items: Array(lower..<items.count), query: query))
    #expect(skipping == listed, "trial \(trial): \(text) over \(items)")
  }
}

@Test func `candidates of an ASCII input passed over without matching rank as matching every item`() throws {
  var rng = SeededGenerator(seed: 0x4A4E_0500)
  // An ASCII input: the skip's candidates hold the query's rarest letter,
  // and most lack the rest of it in order (`ItemMatcher.passesOver`). Upper
  // case for smart case, CR before the separator, items past the byte
  // scans' length.
  let alphabet = ["k", "e", "y", "K", "E", "x", "/", " ", "ab", "\r", String(repeating: "w", count: 300)]
  let queries = ["key", "ke", "Key", "k", "yek", "e\r", "kk", "ky e"]
  for trial in 0..<200 {
    let items = (0..<Int.random(in: 0...80, using: &rng)).map { _ in
      (0..<Int.random(in: 0...8, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }.joined()
    }
    let store = try makeStore(items)
    #expect(store.isASCII)
    let text = queries.randomElement(using: &rng)!
    let query = CompiledQuery(QueryParser().parse(Array(text.utf8)), scheme: .default)
    var ranker = Ranker(order: Ranker.Order(), workers: 2)
    ranker.taskSize = [1, 5, 64].randomElement(using: &rng)!
    let skipping = order(ranker.rank(store, range: 0..<items.count, query: query))
    let expected = (0..<items.count).filter { matchScore(text, items[$0]) != nil }
    #expect(skipping.sorted() == expected, "trial \(trial): \(text) over \(items)")
    #expect(skipping == order(ranker.rank(store, items: Array(0..<items.count), query: query)), "trial \(trial)")
  }
}

@Test func `tasks that stop skipping part way rank as matching every item`() throws {
  var rng = SeededGenerator(seed: 0x4A4E_0400)
  // `a` is in most items (skipping stops after `SearchTunables.skipTrial` scans),
  // `z` in few (skipping goes on); `é` keeps some scans stopping at its lead byte.
  let alphabet = ["a", "a", "b", "é", "/", "xxxx", "z"]
  let items = (0..<6000).map { _ in
    (0..<Int.random(in: 0...6, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }.joined()
  }
  let store = try makeStore(items)
  for text in ["a", "ab", "z", "zb", "e"] {
    let query = CompiledQuery(QueryParser().parse(Array(text.utf8)), scheme: .default)
    for reversed in [false, true] {
      var ranker = Ranker(order: Ranker.Order(reversesInput: reversed), workers: 2)
      ranker.taskSize = 4096
      let skipping = order(ranker.rank(store, range: 3..<items.count, query: query))
      let listed = order(ranker.rank(store, items: Array(3..<items.count), query: query))
      #expect(skipping == listed, "\(text) reversed \(reversed)")
    }
  }
}
