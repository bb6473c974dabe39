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
