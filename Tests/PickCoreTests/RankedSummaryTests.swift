import PickTestSupport
import Testing

@testable import PickCore

/// A picker's answer cut down to its front and the set of its other matches
/// (`RankedSummary`), and a narrowed search's ranking made one of the range
/// (`Ranker.rank(_:items:query:spanning:)`): both must read exactly like the
/// full ranking of the range.
@Suite struct RankedSummaryTests {
  /// Items of which "ab" matches most, many of them perfectly (so the
  /// picker's ranking leaves matches unscored), with every score and length.
  private static func store(_ count: Int) throws -> ItemStore {
    var random = SeededGenerator(seed: 21)
    let words = ["ab", "abc", "b", "xa", "ba", "aab", "a/b", "bab", "a_xb", "zz"]
    let items = (0..<count).map { _ in
      words.randomElement(using: &random)!
        + String(repeating: "x", count: Int.random(in: 0..<9, using: &random))
    }
    return try makeStore(items)
  }

  private static func order(_ matches: RankedMatches) -> [Int] {
    (0..<matches.count).map { matches.itemIndex(at: $0) }
  }

  /// Where two long lists of items first differ (a failure names that place, not 20,000 items).
  private static func difference(_ got: [Int], _ expected: [Int]) -> String? {
    if got == expected { return nil }
    let common = min(got.count, expected.count)
    let at = (0..<common).first { got[$0] != expected[$0] } ?? common
    return "\(got.count) items against \(expected.count), first difference at \(at)"
  }

  /// The picker's ranker with a short front, and the full ranking to compare with.
  private static func rankers(tac: Bool, sorts: Bool = true) -> (picker: Ranker, full: Ranker) {
    let full = Ranker(order: Ranker.Order(sortsByScore: sorts, reversesInput: tac))
    var picker = full
    picker.sortLimit = 40
    return (picker, full)
  }

  @Test(arguments: ["ab", "b a", "xa", "zz"], [false, true])
  func `a summary brought back reads exactly like the full ranking`(query: String, tac: Bool) throws {
    let store = try Self.store(20_000)
    let compiled = CompiledQuery(QueryParser().parse(Array(query.utf8)), scheme: .default)
    let (picker, full) = Self.rankers(tac: tac)
    let expected = Self.order(full.rank(store, range: 0..<store.count, query: compiled))
    let ranked = picker.rank(store, range: 0..<store.count, query: compiled)
    let summary = try #require(ranked.summary(frontLimit: 40))
    #expect(summary.count == expected.count)
    #expect(summary.front.count == 40)
    #expect(summary.words < expected.count, "the summary is smaller than the keys")
    #expect(Self.difference(summary.itemsInInputOrder(), expected.sorted()) == nil)
    let back = summary.expanded()
    #expect(back.count == expected.count)
    #expect((0..<40).map { back.itemIndex(at: $0) } == Array(expected[..<40]))
    #expect(!back.isFullySorted, "the front reads without scoring the rest")
    var unordered: [Int] = []
    back.forEachItemUnordered { unordered.append($0) }
    #expect(Self.difference(unordered.sorted(), expected.sorted()) == nil)
    #expect(Self.difference(Self.order(back), expected) == nil)
    // `--track` finds an item's place in it.
    let item = expected[expected.count / 2]
    #expect(summary.expanded().position(ofItem: item) == expected.count / 2)
  }

  @Test(arguments: [false, true])
  func `an unsorted ranking's summary brings back input order`(tac: Bool) throws {
    let store = try Self.store(5000)
    let compiled = CompiledQuery(QueryParser().parse(Array("ab".utf8)), scheme: .default)
    let (picker, full) = Self.rankers(tac: tac, sorts: false)
    let expected = Self.order(full.rank(store, range: 0..<store.count, query: compiled))
    let summary = try #require(picker.rank(store, range: 0..<store.count, query: compiled).summary(frontLimit: 40))
    #expect(Self.difference(Self.order(summary.expanded()), expected) == nil)
  }

  @Test func `a summary is made only where it is smaller and the keys can be scored again`() throws {
    let store = try Self.store(20_000)
    let few = CompiledQuery(QueryParser().parse(Array("zzxxxxxxxx".utf8)), scheme: .default)
    let many = CompiledQuery(QueryParser().parse(Array("ab".utf8)), scheme: .default)
    let (picker, full) = Self.rankers(tac: false)
    #expect(picker.rank(store, range: 0..<store.count, query: few).summary(frontLimit: 40) == nil)
    // `--filter`'s ranker (no front) keeps no way to score keys again.
    #expect(full.rank(store, range: 0..<store.count, query: many).summary(frontLimit: 40) == nil)
    // Nor is a ranking of a list summarised (the engine ranks narrowed searches over the range).
    let listed = picker.rank(store, items: Array(0..<store.count), query: many)
    #expect(listed.summary(frontLimit: 40) == nil)
  }

  @Test(arguments: ["ab", "b a", "a/b"], [false, true])
  func `a listed search ranked over the range reads like the range's ranking`(query: String, tac: Bool) throws {
    // A narrowed search ranks the earlier answer's matches; made a ranking
    // of the whole range, it must be that range's ranking, with no list.
    let store = try Self.store(20_000)
    let compiled = CompiledQuery(QueryParser().parse(Array(query.utf8)), scheme: .default)
    let broader = CompiledQuery(QueryParser().parse(Array("a".utf8)), scheme: .default)
    let (picker, full) = Self.rankers(tac: tac)
    let range = 100..<store.count
    let candidates = full.rank(store, range: range, query: broader).itemsInInputOrder()
    let expected = Self.order(full.rank(store, range: range, query: compiled))
    for ranker in [picker, full] {
      let spanned = ranker.rank(store, items: candidates, query: compiled, spanning: range)
      #expect(spanned.items == nil)
      #expect(spanned.base == range.lowerBound && spanned.span == range.count)
      #expect(Self.difference(spanned.itemsInInputOrder(), expected.sorted()) == nil)
      #expect(Self.difference(Self.order(spanned), expected) == nil)
    }
    let more = picker.rank(store, items: candidates, query: compiled, spanning: range)
    #expect(Self.difference(Self.order(try #require(more.summary(frontLimit: 40)).expanded()), expected) == nil)
  }

  @Test func `the planner cuts old answers down past its budget and answers Backspace from them`() throws {
    let store = try Self.store(20_000)
    let (picker, full) = Self.rankers(tac: false)
    let range = 0..<store.count
    let request = { (query: String) in Self.request(query, over: range) }
    func expected(_ query: String) -> [Int] { Self.order(full.rank(store, range: range, query: compiled(query))) }
    let (broad, narrower, narrowest) = ("a", "ab", "abxxxxxxx")
    // Room for "ab" whole beside two summaries, not for two broad answers whole.
    let summaryWords = 40 + (store.count + 63) / 64
    let budget = expected(narrower).count + 2 * summaryWords + expected(narrowest).count
    #expect(expected(broad).count + expected(narrower).count > budget)
    var planner = SearchPlanner(
      reversesInput: false, matchBudget: budget, matchShare: 1, matchFloor: 0, summaryFront: 40)
    for query in [broad, narrower, narrowest] {
      planner.remember(
        request(query), parsed: compiled(query).query,
        matches: picker.rank(store, range: range, query: compiled(query)),
        inputBytes: store.items(range).count, items: range.count)
    }
    for query in [broad, narrower, narrowest] {
      guard case .cached(let matches) = planner.plan(for: request(query), parsed: compiled(query).query) else {
        Issue.record("\(query) was not kept")
        continue
      }
      #expect(Self.difference(Self.order(matches), expected(query)) == nil, "\(query)")
    }
    // A query narrower than a summarised answer searches that answer's matches.
    guard case .narrowed(let items) = planner.plan(for: request("abc"), parsed: compiled("abc").query) else {
      Issue.record("abc was not narrowed")
      return
    }
    #expect(Self.difference(items, expected(narrower).sorted()) == nil)
  }

  /// An answer that alone passes the budget cannot be brought within it by
  /// dropping the others: their summaries stay while they fit in the floor.
  @Test(arguments: [0, 1])
  func `an answer over the budget on its own leaves the others the floor's worth`(short: Int) throws {
    let store = try Self.store(20_000)
    let (picker, full) = Self.rankers(tac: false)
    let range = 0..<store.count
    let request = { (query: String) in Self.request(query, over: range) }
    func expected(_ query: String) -> [Int] { Self.order(full.rank(store, range: range, query: compiled(query))) }
    let summaryWords = 40 + (store.count + 63) / 64
    // Neither answer fits whole; the floor holds one summary, or one word too few.
    let budget = expected("ab").count - 1
    #expect(expected("a").count > budget && budget > summaryWords)
    var planner = SearchPlanner(
      reversesInput: false, matchBudget: budget, matchShare: 1, matchFloor: summaryWords - short, summaryFront: 40)
    for query in ["a", "ab"] {
      planner.remember(
        request(query), parsed: compiled(query).query,
        matches: picker.rank(store, range: range, query: compiled(query)),
        inputBytes: store.items(range).count, items: range.count)
    }
    switch planner.plan(for: request("a"), parsed: compiled("a").query) {
    case .cached(let matches):
      #expect(short == 0)
      #expect(Self.difference(Self.order(matches), expected("a")) == nil)
    case .fromScratch: #expect(short == 1)
    default: Issue.record("a was neither kept nor searched again")
    }
    guard case .cached = planner.plan(for: request("ab"), parsed: compiled("ab").query) else {
      Issue.record("the newest answer was not kept")
      return
    }
  }

  /// A search of `query` over `range`, as the picker asks it.
  static func request(_ query: String, over range: Range<Int>) -> SearchRequest {
    SearchRequest(query: Array(query.utf8), range: range, items: nil, excluded: nil)
  }
}

/// `query` compiled with the default options.
private func compiled(_ query: String) -> CompiledQuery { CompiledQuery(Array(query.utf8), options: Options()) }
