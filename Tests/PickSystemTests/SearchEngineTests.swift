import Glibc
import PickTestSupport
import Testing

@testable import PickCore
@testable import PickSystem

/// A store of `items`, newline-separated.
private func store(_ items: [String]) throws -> ItemStore {
  let store = try ItemStore(separator: 0x0A, byteLimit: 1 << 24, itemLimit: 1 << 16)
  try store.append(Array(items.joined(separator: "\n").utf8) + [0x0A])
  try store.finish()
  return store
}

private func order(_ matches: RankedMatches) -> [Int] {
  (0..<matches.count).map { matches.itemIndex(at: $0) }
}

@Suite struct SearchEngineTests {
  @Test func `typing and deleting gives exactly the direct search's order, through narrowing and the cache`() throws {
    var random = SeededGenerator(seed: 5)
    let words = ["lib", "src", "py", "test", "main", "util", "conf", "a", "b"]
    let items = (0..<3000).map { _ in (0..<3).map { _ in words.randomElement(using: &random)! }.joined(separator: "/") }
    let store = try store(items)
    let options = Options()
    let engine = try SearchEngine(options: options, store: store)
    defer { engine.stop() }
    let ranker = Ranker(order: Ranker.Order(options: options))
    // Type "lib/py", delete it again, then a multi-term query.
    var queries: [String] = []
    let typed = "lib/py"
    for k in 0...typed.count { queries.append(String(typed.prefix(k))) }
    for k in (0..<typed.count).reversed() { queries.append(String(typed.prefix(k))) }
    queries += ["lib", "lib py", "lib py !test", "'main", "'main/", "^src", "^src/a"]
    for query in queries {
      engine.submit(SearchEngine.Request(query: Array(query.utf8), range: 0..<store.count))
      let result = try #require(engine.wait(), "\(query)")
      let direct = ranker.rank(store, range: 0..<store.count, query: CompiledQuery(Array(query.utf8), options: options))
      #expect(order(result.matches) == order(direct), "\(query)")
    }
  }

  @Test func `a newer request abandons the older one and only the newest result is delivered`() throws {
    let items = (0..<20000).map { "item \($0) with some words" }
    let store = try store(items)
    let engine = try SearchEngine(options: Options(), store: store)
    defer { engine.stop() }
    engine.submit(SearchEngine.Request(query: Array("wrd".utf8), range: 0..<store.count))
    let newest = engine.submit(SearchEngine.Request(query: Array("item 1999".utf8), range: 0..<store.count))
    let result = try #require(engine.wait())
    #expect(result.generation == newest)
    #expect(result.request.query == Array("item 1999".utf8))
  }

  /// The empty query (or one of white space) is answered on the caller's
  /// thread, every item in input order, and abandons the search running:
  /// its result is never delivered. A query with a term, a review list or
  /// items left out still goes to the thread.
  @Test func `the empty query is answered at once and abandons the search running`() throws {
    let items = (0..<20000).map { "item \($0) with some words" }
    let store = try store(items)
    let engine = try SearchEngine(options: Options(), store: store)
    defer { engine.stop() }
    engine.submit(SearchEngine.Request(query: Array("wrd".utf8), range: 0..<store.count))
    for query in ["", "  "] {
      let request = SearchEngine.Request(query: Array(query.utf8), range: 5..<store.count)
      let answer = try #require(engine.answerAtOnce(request))
      #expect(order(answer.matches) == Array(5..<store.count))
    }
    #expect(engine.wait() == nil)
    let range = 0..<store.count
    #expect(engine.answerAtOnce(SearchEngine.Request(query: Array("w".utf8), range: range)) == nil)
    #expect(engine.answerAtOnce(SearchEngine.Request(query: [], range: range, items: [1, 2])) == nil)
    let excluded = DuplicateSnapshot(adding: [3], to: nil, count: store.count)
    #expect(engine.answerAtOnce(SearchEngine.Request(query: [], range: range, excluded: excluded)) == nil)
  }

  @Test func `items read after a search are searched when the query narrows`() throws {
    let all = ["alpha", "beta", "alphabet", "gamma", "alps"]
    let store = try ItemStore(separator: 0x0A, byteLimit: 1 << 20, itemLimit: 1 << 10)
    try store.append(Array("alpha\nbeta\nalphabet\n".utf8))
    let engine = try SearchEngine(options: Options(), store: store)
    defer { engine.stop() }
    engine.submit(SearchEngine.Request(query: Array("al".utf8), range: 0..<store.count))
    _ = engine.wait()
    try store.append(Array("gamma\nalps\n".utf8))
    try store.finish()
    engine.submit(SearchEngine.Request(query: Array("alp".utf8), range: 0..<store.count))
    let result = try #require(engine.wait())
    let printed = Set(order(result.matches).map { all[$0] })
    #expect(printed == ["alpha", "alphabet", "alps"])
  }
}
@Suite struct StreamingMergeTests {
  @Test(arguments: ["", "a", "lib", "a b", "!x"])
  func `searching new items and merging gives the order of one search over everything`(query: String) throws {
    var random = SeededGenerator(seed: 9)
    let words = ["lib", "a", "b", "x", "main"]
    let lines = (0..<4000).map { _ in (0..<3).map { _ in words.randomElement(using: &random)! }.joined(separator: " ") }
    let store = try ItemStore(separator: 0x0A, byteLimit: 1 << 24, itemLimit: 1 << 16)
    let engine = try SearchEngine(options: Options(), store: store)
    defer { engine.stop() }
    // Items arrive in four batches; the same query is searched after each.
    for batch in 0..<4 {
      let part = lines[batch * 1000..<(batch + 1) * 1000]
      try store.append(Array(part.joined(separator: "\n").utf8) + [0x0A])
      engine.submit(SearchEngine.Request(query: Array(query.utf8), range: 0..<store.count))
      let result = try #require(engine.wait())
      let direct = Ranker(order: Ranker.Order()).rank(
        store, range: 0..<store.count, query: CompiledQuery(Array(query.utf8), options: Options()))
      #expect(order(result.matches) == order(direct), "batch \(batch)")
    }
  }
}
