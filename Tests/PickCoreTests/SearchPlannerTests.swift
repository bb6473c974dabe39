import Testing

@testable import PickCore

/// What a plan says, in values a test can compare: matches as item indices
/// in ranked order.
private enum PlanShape: Equatable {
  case cached([Int])
  case narrowed([Int])
  case extended([Int], newItems: Range<Int>)
  case fromScratch

  init(_ plan: SearchPlanner.Plan) {
    switch plan {
    case .cached(let matches): self = .cached(order(matches))
    case .narrowed(let items): self = .narrowed(items)
    case .extended(let earlier, let newItems): self = .extended(order(earlier), newItems: newItems)
    case .fromScratch: self = .fromScratch
    }
  }
}

private func order(_ matches: RankedMatches) -> [Int] {
  (0..<matches.count).map { matches.itemIndex(at: $0) }
}

/// Searches from scratch and plans over one store, the way the engine does.
private struct Bench {
  let store: ItemStore
  var planner: SearchPlanner

  init(
    _ items: [String], reversesInput: Bool = false, matchBudget: Int = 1 << 20, entryLimit: Int = 32,
    matchShare: Int = 1, matchFloor: Int = 1 << 20, room: MappedBudget? = nil
  ) throws {
    store = try makeStore(items)
    planner = SearchPlanner(
      reversesInput: reversesInput, matchBudget: matchBudget, entryLimit: entryLimit,
      matchShare: matchShare, matchFloor: matchFloor, room: room)
  }

  func request(
    _ query: String, _ range: Range<Int>, items: [Int]? = nil, excluded: DuplicateSnapshot? = nil
  ) -> SearchRequest {
    SearchRequest(query: Array(query.utf8), range: range, items: items, excluded: excluded)
  }

  func compiled(_ request: SearchRequest) -> CompiledQuery {
    CompiledQuery(request.query, options: Options())
  }

  func plan(_ request: SearchRequest) -> PlanShape {
    PlanShape(planner.plan(for: request, parsed: compiled(request).query))
  }

  /// Searches `request` from scratch and remembers the answer; returns its order.
  @discardableResult
  mutating func answer(_ request: SearchRequest) -> [Int] {
    let compiled = compiled(request)
    let ranker = Ranker(order: Ranker.Order())
    let matches =
      request.items.map { ranker.rank(store, items: $0, query: compiled) }
      ?? ranker.rank(store, range: request.range, query: compiled)
    planner.remember(
      request, parsed: compiled.query, matches: matches, inputBytes: store.items(request.range).count,
      items: request.range.count)
    return order(matches)
  }
}

/// "al" matches items 0, 2 and 4 (and item 6, a repeat of item 0).
private let words = ["alpha", "beta", "alphabet", "gamma", "alps", "delta", "alpha", "zeta"]

@Suite struct SearchPlannerTests {
  @Test func `with nothing remembered every request is searched from scratch`() throws {
    let bench = try Bench(words)
    #expect(bench.plan(bench.request("al", 0..<8)) == .fromScratch)
  }

  @Test func `the same query over the same items is the remembered answer`() throws {
    var bench = try Bench(words)
    let earlier = bench.answer(bench.request("al", 0..<8))
    bench.answer(bench.request("be", 0..<8))
    #expect(bench.plan(bench.request("al", 0..<8)) == .cached(earlier))
  }

  @Test func `a query of the same terms in other text is the remembered answer`() throws {
    var bench = try Bench(words)
    let earlier = bench.answer(bench.request("al a", 0..<8))
    bench.answer(bench.request("be", 0..<8))
    // Backspace from "al ap" to "al a " (typed before as "al a"), spaces doubled.
    #expect(bench.plan(bench.request("al a ", 0..<8)) == .cached(earlier))
    #expect(bench.plan(bench.request(" al  a", 0..<8)) == .cached(earlier))
    #expect(bench.plan(bench.request("al a ", 0..<10)) == .extended(earlier, newItems: 8..<10))
    // Other terms, however close in text, are not the same query.
    #expect(bench.plan(bench.request("al 'a", 0..<8)) != .cached(earlier))
    #expect(bench.plan(bench.request("a al", 0..<8)) != .cached(earlier))
  }

  @Test func `an answer to a query of the same terms replaces the remembered one`() throws {
    var bench = try Bench(words, matchBudget: 4)
    let first = bench.answer(bench.request("alpha", 0..<8))  // 3 matches
    bench.answer(bench.request("zeta", 0..<8))  // 1 more: 4 in all
    // Its matches again, under "zeta ": counted once, so "alpha" stays.
    let again = bench.answer(bench.request("zeta ", 0..<8))
    #expect(bench.plan(bench.request("alpha", 0..<8)) == .cached(first))
    #expect(bench.plan(bench.request("zeta", 0..<8)) == .cached(again))
  }

  @Test func `an answer given before items were excluded is neither reused nor narrowed`() throws {
    var bench = try Bench(words)
    bench.answer(bench.request("al", 0..<8))
    var excluded = bench.request("al", 0..<8)
    excluded.exclusions = 1
    #expect(bench.plan(excluded) == .fromScratch)
    var narrower = bench.request("alp", 0..<8)
    narrower.exclusions = 1
    #expect(bench.plan(narrower) == .fromScratch)
  }

  @Test func `the same query over more items searches only the items read since`() throws {
    var bench = try Bench(words)
    let earlier = bench.answer(bench.request("al", 0..<3))
    #expect(bench.plan(bench.request("al", 0..<8)) == .extended(earlier, newItems: 3..<8))
  }

  @Test func `under --tac an answer is never extended, only narrowed`() throws {
    var bench = try Bench(words, reversesInput: true)
    bench.answer(bench.request("al", 0..<3))
    // Items 0 and 2 matched, and all items read since.
    #expect(bench.plan(bench.request("al", 0..<8)) == .narrowed([0, 2, 3, 4, 5, 6, 7]))
  }

  @Test func `a narrower query searches the matches it narrows plus the items read since`() throws {
    var bench = try Bench(words)
    bench.answer(bench.request("a", 0..<2))  // both match: no use for narrowing
    bench.answer(bench.request("al", 0..<5))  // 0, 2, 4: three of five
    #expect(bench.plan(bench.request("alp", 0..<8)) == .narrowed([0, 2, 4, 5, 6, 7]))
  }

  @Test func `an answer that matched three quarters of its items is not narrowed`() throws {
    var bench = try Bench(["ax", "ay", "az", "b"])
    bench.answer(bench.request("a", 0..<4))
    #expect(bench.plan(bench.request("ax", 0..<4)) == .fromScratch)
  }

  @Test func `an answer that matched under three quarters of its items is narrowed`() throws {
    var bench = try Bench(["ax", "ay", "b", "c"])
    bench.answer(bench.request("a", 0..<4))
    #expect(bench.plan(bench.request("ax", 0..<4)) == .narrowed([0, 1]))
  }

  @Test func `a query that does not narrow the remembered one is searched from scratch`() throws {
    var bench = try Bench(words)
    bench.answer(bench.request("alp", 0..<8))
    #expect(bench.plan(bench.request("al", 0..<8)) == .fromScratch)
  }

  @Test func `items left out are never extended, and the narrowed list leaves them out`() throws {
    var bench = try Bench(words)
    let duplicates = DuplicateFilter()
    duplicates.update(from: bench.store)
    let excluded = duplicates.snapshot()
    #expect(excluded.contains(6))
    bench.answer(bench.request("al", 0..<3))
    #expect(bench.plan(bench.request("al", 0..<8, excluded: excluded)) == .narrowed([0, 2, 3, 4, 5, 7]))
  }

  @Test func `the review view is always searched from scratch and never remembered`() throws {
    var bench = try Bench(words)
    let review = bench.request("al", 0..<8, items: [0, 1, 2])
    bench.answer(review)
    #expect(bench.plan(review) == .fromScratch)
    #expect(bench.plan(bench.request("al", 0..<8)) == .fromScratch)
  }

  @Test func `the oldest answers are dropped once the matches kept pass the budget`() throws {
    var bench = try Bench(words, matchBudget: 4)
    bench.answer(bench.request("al", 0..<8))  // 4 matches
    let newest = bench.answer(bench.request("e", 0..<8))  // 4 more: 8 in all
    #expect(bench.plan(bench.request("al", 0..<8)) == .fromScratch)
    #expect(bench.plan(bench.request("e", 0..<8)) == .cached(newest))
  }

  @Test func `an answer given again from the cache is not counted twice against the budget`() throws {
    var bench = try Bench(words, matchBudget: 4)
    let first = bench.answer(bench.request("alpha", 0..<8))  // 3 matches
    bench.answer(bench.request("zeta", 0..<8))  // 1 more: 4 in all
    // Backspace back to "zeta": the engine remembers the cached answer again.
    let again = bench.request("zeta", 0..<8)
    let parsed = bench.compiled(again).query
    guard case .cached(let matches) = bench.planner.plan(for: again, parsed: parsed) else {
      Issue.record("\"zeta\" is not cached")
      return
    }
    bench.planner.remember(
      again, parsed: parsed, matches: matches, inputBytes: bench.store.items(0..<8).count, items: 8)
    #expect(bench.plan(bench.request("alpha", 0..<8)) == .cached(first))
    #expect(bench.plan(again) == .cached(order(matches)))
  }

  @Test func `the newest answer is kept even when it alone passes the budget`() throws {
    var bench = try Bench(words, matchBudget: 1)
    let newest = bench.answer(bench.request("al", 0..<8))
    #expect(bench.plan(bench.request("al", 0..<8)) == .cached(newest))
  }

  @Test func `the budget is a share of the input's bytes, at least the floor and at most the store's item limit`() {
    let planner = SearchPlanner(reversesInput: false)
    // 60 MB of input: one byte in eight for 8-byte keys.
    #expect(planner.matchBudget(inputBytes: 60_000_000) == 60_000_000 / 64)
    #expect(planner.matchBudget(inputBytes: 1000) == SearchTunables.recentMatchFloor)
    // No fixed cap: 640 MB (10M paths) keeps 10M matches.
    #expect(planner.matchBudget(inputBytes: 640_000_000) == 10_000_000)
    #expect(SearchPlanner(reversesInput: false, matchBudget: 5000).matchBudget(inputBytes: 640_000_000) == 5000)
  }

  @Test func `the remembered matches are bounded by a share of the input's bytes`() throws {
    // The 8 words take 48 bytes with their newlines. "alpha" matches 3 of
    // them and "zeta" 1: 4 matches, 32 bytes of keys. One byte in one of
    // the input allows 6 matches; one byte in four, 1.
    for (share, keepsBoth) in [(1, true), (4, false)] {
      var bench = try Bench(words, matchShare: share, matchFloor: 0)
      let inputBytes = bench.store.items(0..<8).count
      #expect(inputBytes == 48)
      #expect(bench.planner.matchBudget(inputBytes: inputBytes) == inputBytes / (8 * share))
      let first = bench.answer(bench.request("alpha", 0..<8))
      let newest = bench.answer(bench.request("zeta", 0..<8))
      #expect(bench.plan(bench.request("alpha", 0..<8)) == (keepsBoth ? .cached(first) : .fromScratch))
      #expect(bench.plan(bench.request("zeta", 0..<8)) == .cached(newest))
    }
  }

  @Test func `over a mapped file the budget is also what the room leaves after each item and the reserve`() {
    // 1M items of 30 bytes: 1.3 times the input less 18 bytes an item and
    // 16 MiB leaves 2.2 MB, 274,756 keys: fewer than the share's 1.875M.
    let planner = SearchPlanner(reversesInput: false, matchShare: 2, room: .remembered)
    let left = 39_000_000 - 18_000_000 - (16 << 20)
    #expect(planner.matchBudget(inputBytes: 30_000_000, items: 1_000_000) == left / 8)
    // Long items: the share bounds the keys first.
    #expect(planner.matchBudget(inputBytes: 60_000_000, items: 1_000_000) == 60_000_000 / 16)
    // No room left at all: the floor.
    #expect(planner.matchBudget(inputBytes: 10_000_000, items: 1_000_000) == SearchTunables.recentMatchFloor)
  }

  @Test func `the room drops remembered answers the share alone would keep`() throws {
    // 48 bytes, 8 items: the share (one byte in one) allows 6 matches; a
    // footprint of 1.5 less 4 bytes an item and 32 leaves 8 bytes, 1 match.
    let room = MappedBudget(footprint: 1.5, bytesPerItem: 4, reserve: 32)
    for (room, keepsBoth) in [(nil, true), (room, false)] {
      var bench = try Bench(words, matchFloor: 0, room: room)
      let first = bench.answer(bench.request("alpha", 0..<8))
      let newest = bench.answer(bench.request("zeta", 0..<8))
      #expect(bench.plan(bench.request("alpha", 0..<8)) == (keepsBoth ? .cached(first) : .fromScratch))
      #expect(bench.plan(bench.request("zeta", 0..<8)) == .cached(newest))
    }
  }

  @Test func `the empty query's answer holds no keys and pushes out nothing`() throws {
    // A budget of 4 matches: "alpha" (3) and "zeta" (1) fill it; the empty
    // query's 8 items in input order are no keys at all.
    var bench = try Bench(words, matchBudget: 4)
    let first = bench.answer(bench.request("alpha", 0..<8))
    let second = bench.answer(bench.request("zeta", 0..<8))
    bench.answer(bench.request("", 0..<8))
    #expect(bench.plan(bench.request("alpha", 0..<8)) == .cached(first))
    #expect(bench.plan(bench.request("zeta", 0..<8)) == .cached(second))
    // Matches do push out the oldest ("alpha" is then narrowed from "al").
    bench.answer(bench.request("al", 0..<8))
    #expect(bench.plan(bench.request("alpha", 0..<8)) != .cached(first))
  }

  @Test func `no more answers are kept than the entry limit`() throws {
    var bench = try Bench(words, entryLimit: 2)
    bench.answer(bench.request("alpha", 0..<8))
    let second = bench.answer(bench.request("beta", 0..<8))
    let third = bench.answer(bench.request("zeta", 0..<8))
    #expect(bench.plan(bench.request("alpha", 0..<8)) == .fromScratch)
    #expect(bench.plan(bench.request("beta", 0..<8)) == .cached(second))
    #expect(bench.plan(bench.request("zeta", 0..<8)) == .cached(third))
  }
}
