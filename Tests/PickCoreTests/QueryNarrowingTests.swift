import Testing

@testable import PickCore

private func narrows(_ new: String, _ old: String) -> Bool {
  let parser = QueryParser()
  return parser.parse(Array(new.utf8)).narrows(parser.parse(Array(old.utf8)))
}

@Test(arguments: [
  ("abc", "ab"), ("abc", "ac"), ("ab c", "ab"), ("abc d", "ab d"), ("'abc", "'ab"), ("'xabc", "'ab"),
  ("^abc", "^ab"), ("abc$", "bc$"), ("!a b", "!a"), ("ab", ""), ("a | b", "a | b"), ("^ab$", "^ab$"),
])
func `a query narrows the one it extends`(new: String, old: String) {
  #expect(narrows(new, old))
}

@Test(arguments: [
  ("abc | d", "abc"), ("!ab", "!a"), ("'ab'", "'ab"), ("ab", "abc"), ("Ab", "ab"), ("^xab", "^ab"),
  ("abx$", "ab$"), ("'ab", "ab"), ("a", "a b"), ("cafe", "cafe"[...].uppercased()),
])
func `a query that may match other items does not narrow`(new: String, old: String) {
  #expect(!narrows(new, old))
}

@Test func `a narrowing query never matches an item the previous one missed`() throws {
  var random = SeededGenerator(seed: 11)
  let alphabet = ["a", "b", "c", "A", " ", "/", "é"]
  let queries = ["a", "ab", "abc", "'ab", "'abc", "^a", "^ab", "b$", "ab$", "!c", "!c a", "a b", "a b c", "ac"]
  let items = (0..<300).map { _ in
    (0..<Int.random(in: 0...6, using: &random)).map { _ in alphabet.randomElement(using: &random)! }.joined()
  }
  let store = try makeStore(items)
  let ranker = Ranker(order: Ranker.Order())
  let parser = QueryParser()
  for new in queries {
    for old in queries where parser.parse(Array(new.utf8)).narrows(parser.parse(Array(old.utf8))) {
      let newMatches = Set(
        ranker.rank(store, range: 0..<store.count, query: CompiledQuery(Array(new.utf8), options: Options()))
          .itemsInInputOrder())
      let oldMatches = Set(
        ranker.rank(store, range: 0..<store.count, query: CompiledQuery(Array(old.utf8), options: Options()))
          .itemsInInputOrder())
      #expect(newMatches.isSubset(of: oldMatches), "\(new) after \(old)")
    }
  }
}

/// Past `RankedMatches.parallelListing` matches the list is made on every
/// core, the bitmap from two halves of the keys and the items from parts of
/// it: it must still be every match once, ascending, for a range, a list and
/// under `--tac`, with the front of the keys sorted and the rest not.
@Test(arguments: [false, true])
func `many matches are listed in input order on every core`(tac: Bool) throws {
  let count = RankedMatches.parallelListing + RankedMatches.parallelListing / 2
  var bytes: [UInt8] = []
  bytes.reserveCapacity(count * 3)
  for k in 0..<count { bytes += k % 7 == 3 ? [0x78, 0x0A] : [0x78, 0x79, 0x0A] }
  let store = try ItemStore(separator: 0x0A, byteLimit: 1 << 23, itemLimit: 1 << 22)
  try store.append(bytes)
  try store.finish()
  var ranker = Ranker(order: Ranker.Order(reversesInput: tac))
  ranker.sortLimit = 100
  let query = CompiledQuery(Array("y".utf8), options: Options())
  let expected = (0..<count).filter { $0 % 7 != 3 }
  #expect(expected.count > RankedMatches.parallelListing)
  // The first difference, not the million-item arrays, when they differ.
  func firstDifference(_ listed: [Int], _ expected: [Int]) -> Int? {
    listed.count == expected.count
      ? listed.indices.first { listed[$0] != expected[$0] } : min(listed.count, expected.count)
  }
  #expect(firstDifference(ranker.rank(store, range: 0..<count, query: query).itemsInInputOrder(), expected) == nil)
  // A list: every item but each eleventh.
  let list = (0..<count).filter { $0 % 11 != 5 }
  let listed = ranker.rank(store, items: list, query: query).itemsInInputOrder()
  #expect(firstDifference(listed, expected.filter { $0 % 11 != 5 }) == nil)
}
