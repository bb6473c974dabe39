import Testing

@testable import PickCore

// MARK: Helpers

/// Matches shown in exactly this order (items by index), without ranking.
private func shown(_ items: [Int]) -> RankedMatches {
  let keys = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: items.count)
  for (position, item) in items.enumerated() {
    keys[position] = UInt64(position) << 32 | UInt64(item)
  }
  return RankedMatches(storage: .narrow(keys), base: 0, span: Int(UInt32.max), reversed: false)
}

/// Every item of `0 ..< count` in input order, as an empty query shows them.
private func everything(_ count: Int, reversed: Bool = false) -> RankedMatches {
  RankedMatches(storage: .all(0..<count, reversed: reversed), base: 0, span: count, reversed: reversed)
}

/// The matches of `query` over `store`, ranked as pick ranks them.
private func rank(_ store: ItemStore, _ query: String, tac: Bool = false) -> RankedMatches {
  let compiled = CompiledQuery(QueryParser().parse(Array(query.utf8)), scheme: .default)
  return Ranker(order: .init(reversesInput: tac), workers: 1).rank(store, range: 0..<store.count, query: compiled)
}

private func displayed(_ matches: RankedMatches) -> [Int] {
  (0..<matches.count).map(matches.itemIndex(at:))
}

private let fruit = ["apple", "banana", "cherry", "apricot", "blueberry", "avocado", "date", "grape"]

// MARK: select-all-or-none

@Test func `select-all-or-none twice from none returns to none`() {
  var selection = Selection()
  let matches = shown([5, 2, 7])
  selection.selectAllOrNone(matches)
  #expect(selection.summary(over: matches).state == .all)
  selection.selectAllOrNone(matches)
  #expect(selection.summary(over: matches).state == .none)
  #expect(selection.count == 0)
}

@Test func `select-all-or-none twice from all returns to all`() {
  var selection = Selection()
  let matches = shown([5, 2, 7])
  for item in [5, 2, 7] { selection.toggle(item) }
  selection.selectAllOrNone(matches)
  #expect(selection.count == 0)
  selection.selectAllOrNone(matches)
  #expect(selection.summary(over: matches).state == .all)
  #expect(selection.ordered(.input, reversed: false) == [2, 5, 7])
}

@Test func `select-all-or-none from some selects all the matches`() {
  var selection = Selection()
  let matches = shown([5, 2, 7])
  selection.toggle(2)
  #expect(selection.summary(over: matches).state == .some)
  selection.selectAllOrNone(matches)
  #expect(selection.summary(over: matches).state == .all)
  #expect(selection.count == 3)
}

@Test func `select-all-or-none leaves hidden selections alone`() throws {
  let store = try makeStore(fruit)
  var selection = Selection()
  // Select the berries, then hide them behind a query that only shows "a…" fruit.
  selection.toggle(2)  // cherry
  selection.toggle(4)  // blueberry
  let aFruit = rank(store, "^a")
  #expect(Set(displayed(aFruit)) == [0, 3, 5])
  #expect(
    selection.summary(over: aFruit)
      == SelectionSummary(state: .none, selectedMatching: 0, matching: 3, hidden: 2, isCapReached: false))

  selection.selectAllOrNone(aFruit)
  #expect(
    selection.summary(over: aFruit)
      == SelectionSummary(state: .all, selectedMatching: 3, matching: 3, hidden: 2, isCapReached: false))

  // Back to the empty query: the hidden ones and the new ones are all selected.
  let all = rank(store, "")
  #expect(selection.ordered(.input, reversed: false) == [0, 2, 3, 4, 5])
  #expect(selection.summary(over: all).state == .some)

  // And deselecting under the query keeps the hidden ones too.
  selection.selectAllOrNone(aFruit)
  #expect(selection.ordered(.input, reversed: false) == [2, 4])
}

@Test func `select-all-or-none with no match changes nothing`() throws {
  let store = try makeStore(fruit)
  var selection = Selection(cap: 3)
  selection.toggle(1)
  let nothing = rank(store, "zzz")
  #expect(nothing.count == 0)
  selection.selectAllOrNone(nothing)
  selection.selectAll(nothing)
  selection.deselectAll(nothing)
  selection.toggleAll(nothing)
  #expect(selection.ordered(.input, reversed: false) == [1])
  #expect(
    selection.summary(over: nothing)
      == SelectionSummary(state: .none, selectedMatching: 0, matching: 0, hidden: 1, isCapReached: false))
}

// MARK: The cap

@Test func `select-all stops at the cap in display order`() {
  var selection = Selection(cap: 2)
  let matches = shown([6, 1, 4, 3])
  selection.selectAllOrNone(matches)
  #expect(selection.ordered(.input, reversed: false) == [1, 6])
  #expect(selection.isCapReached)
  #expect(
    selection.summary(over: matches)
      == SelectionSummary(state: .some, selectedMatching: 2, matching: 4, hidden: 0, isCapReached: true))
}

@Test func `hidden selections count towards the cap`() {
  var selection = Selection(cap: 3)
  selection.toggle(9)
  selection.selectAll(shown([6, 1, 4, 3]))
  #expect(selection.ordered(.input, reversed: false) == [1, 6, 9])
}

@Test func `at the cap select-all-or-none deselects the matching items`() {
  var selection = Selection(cap: 3)
  selection.toggle(9)  // hidden below
  let matches = shown([6, 1, 4, 3])
  selection.selectAllOrNone(matches)
  #expect(selection.isCapReached)
  selection.selectAllOrNone(matches)
  #expect(selection.ordered(.input, reversed: false) == [9])
  #expect(!selection.isCapReached)
}

@Test func `toggle at the cap refuses to select but still deselects`() {
  var selection = Selection(cap: 2)
  // What each call answered, in order (mutating calls cannot sit inside `#expect`).
  var answers: [Bool] = []
  answers.append(selection.toggle(0))
  answers.append(selection.toggle(1))
  answers.append(selection.toggle(2))  // refused
  #expect(!selection.contains(2))
  #expect(selection.count == 2)
  answers.append(selection.select(2))  // refused
  answers.append(selection.select(1))  // already selected: nothing to refuse
  answers.append(selection.toggle(0))  // deselecting is always allowed
  #expect(!selection.contains(0))
  answers.append(selection.toggle(2))
  #expect(answers == [true, true, false, false, true, true, true])
  #expect(selection.ordered(.input, reversed: false) == [1, 2])
}

@Test func `preselection stops at the cap`() {
  var selection = Selection(cap: 2)
  selection.preselect([3, 1, 2])
  #expect(selection.ordered(.input, reversed: false) == [1, 3])
}

// MARK: fzf's actions

@Test func `toggle-all inverts each match and leaves hidden ones alone`() {
  var selection = Selection()
  for item in [1, 3, 8] { selection.toggle(item) }
  selection.toggleAll(shown([0, 1, 2, 3]))
  #expect(selection.ordered(.input, reversed: false) == [0, 2, 8])
}

@Test func `toggle-all frees room before selecting, as fzf`() {
  var selection = Selection(cap: 2)
  selection.toggle(3)
  selection.toggle(9)
  // At the cap: 3 is deselected first, which leaves room for one: 0, in display order.
  selection.toggleAll(shown([3, 0, 1]))
  #expect(selection.ordered(.input, reversed: false) == [0, 9])
}

@Test func `deselect-all keeps hidden ones and clear drops everything`() {
  var selection = Selection()
  for item in [1, 3, 8] { selection.toggle(item) }
  selection.deselectAll(shown([3, 1]))
  #expect(selection.ordered(.input, reversed: false) == [8])
  selection.clear()
  #expect(selection.count == 0)
  #expect(!selection.contains(8))
  #expect(selection.ordered(.selection, reversed: false) == [])
}

// MARK: Summary

@Test func `summary counts S of N and the hidden ones`() {
  var selection = Selection(cap: 10)
  for item in [0, 2, 4, 6, 8] { selection.toggle(item) }
  let matches = shown([1, 2, 3, 4])
  #expect(
    selection.summary(over: matches)
      == SelectionSummary(state: .some, selectedMatching: 2, matching: 4, hidden: 3, isCapReached: false))
  #expect(
    Selection().summary(over: matches)
      == SelectionSummary(state: .none, selectedMatching: 0, matching: 4, hidden: 0, isCapReached: false))
}

@Test func `selection survives new items and re-ranking`() throws {
  var selection = Selection()
  let before = try makeStore(Array(fruit.prefix(4)))
  selection.selectAll(rank(before, "an"))  // banana
  let after = try makeStore(fruit + ["mango", "orange"])
  let ranked = rank(after, "an")
  #expect(Set(displayed(ranked)) == [1, 8, 9])
  #expect(
    selection.summary(over: ranked)
      == SelectionSummary(state: .some, selectedMatching: 1, matching: 3, hidden: 0, isCapReached: false))
}

// MARK: Output order

@Test func `output in input order, reversed under --tac`() {
  var selection = Selection()
  for item in [70, 3, 64, 0, 129] { selection.toggle(item) }
  #expect(selection.ordered(.input, reversed: false) == [0, 3, 64, 70, 129])
  #expect(selection.ordered(.input, reversed: true) == [129, 70, 64, 3, 0])
}

@Test func `output in selection order puts preselected items first in input order`() {
  var selection = Selection()
  selection.toggle(5)
  selection.toggle(1)
  selection.preselect([9, 4])
  selection.toggle(7)
  selection.toggle(1)  // deselected …
  selection.toggle(1)  // … and selected again: now last
  selection.preselect([2])
  #expect(selection.ordered(.selection, reversed: false) == [2, 4, 9, 5, 7, 1])
  #expect(selection.ordered(.selection, reversed: true) == [9, 4, 2, 5, 7, 1])
}

@Test func `preselecting an item the user selected moves it to the front`() {
  var selection = Selection()
  selection.toggle(5)
  selection.toggle(3)
  selection.preselect([3])
  #expect(selection.ordered(.selection, reversed: false) == [3, 5])
  #expect(selection.count == 2)
}

@Test func `selection order survives running out of stamps`() {
  var selection = Selection()
  selection.nextStamp = UInt32.max - 3
  selection.preselect([50])
  for item in [9, 2, 7, 4, 8, 1, 6] { selection.toggle(item) }
  selection.toggle(7)
  for item in [3, 7] { selection.toggle(item) }
  #expect(selection.ordered(.selection, reversed: false) == [50, 9, 2, 4, 8, 1, 6, 3, 7])
}

// MARK: Properties

/// The documented behaviour, written as plainly as possible.
private struct ReferenceSelection {
  var cap: Int?
  var preselected: Set<Int> = []
  var picked: [Int] = []  // user selections, in the order made

  var all: Set<Int> { preselected.union(picked) }
  var count: Int { preselected.count + picked.count }
  var isCapReached: Bool { cap.map { count >= $0 } ?? false }

  mutating func select(_ item: Int) {
    if all.contains(item) || isCapReached { return }
    picked.append(item)
  }
  mutating func deselect(_ item: Int) {
    preselected.remove(item)
    picked.removeAll { $0 == item }
  }
  mutating func preselect(_ items: [Int]) {
    for item in items where all.contains(item) || !isCapReached {
      picked.removeAll { $0 == item }
      preselected.insert(item)
    }
  }
  mutating func selectAllOrNone(_ shown: [Int]) {
    if shown.isEmpty { return }
    if isCapReached || shown.allSatisfy(all.contains) {
      for item in shown { deselect(item) }
    } else {
      for item in shown { select(item) }
    }
  }
  mutating func toggleAll(_ shown: [Int]) {
    let before = all
    for item in shown where before.contains(item) { deselect(item) }
    for item in shown where !before.contains(item) { select(item) }
  }
  func ordered(_ order: OutputOrder, reversed: Bool) -> [Int] {
    switch order {
    case .input: return reversed ? all.sorted(by: >) : all.sorted()
    case .selection: return (reversed ? preselected.sorted(by: >) : preselected.sorted()) + picked
    }
  }
}

@Test func `random actions agree with the plain reference`() throws {
  var rng = SeededGenerator(seed: 0x5E1E_C700)
  let alphabet = ["a", "b", "c", "ab", "x"]
  let queries = ["", "a", "b", "ab", "!a", "c", "zz", "^b"]
  for trial in 0..<300 {
    let items = (0..<Int.random(in: 0...150, using: &rng)).map { _ in
      (0..<Int.random(in: 1...4, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }.joined()
    }
    let store = try makeStore(items)
    let tac = Bool.random(using: &rng)
    let cap: Int? = Bool.random(using: &rng) ? Int.random(in: 1...40, using: &rng) : nil
    var selection = Selection(cap: cap)
    var reference = ReferenceSelection(cap: cap)
    if trial % 7 == 0 { selection.nextStamp = UInt32.max - 20 }
    for step in 0..<40 {
      let matches = rank(store, queries.randomElement(using: &rng)!, tac: tac)
      let shown = displayed(matches)
      let item = Int.random(in: 0..<max(items.count, 1), using: &rng)
      switch Int.random(in: 0..<10, using: &rng) {
      case 0, 1:
        let selected = reference.all.contains(item)
        let accepted = selection.toggle(item)
        if selected { reference.deselect(item) } else { reference.select(item) }
        #expect(accepted == (selected || reference.all.contains(item)))
      case 2:
        selection.selectAllOrNone(matches)
        reference.selectAllOrNone(shown)
      case 3:
        selection.selectAll(matches)
        for item in shown { reference.select(item) }
      case 4:
        selection.deselectAll(matches)
        for item in shown { reference.deselect(item) }
      case 5:
        selection.toggleAll(matches)
        reference.toggleAll(shown)
      case 6:
        let picks = (0..<3).map { _ in Int.random(in: 0..<max(items.count, 1), using: &rng) }
        selection.preselect(picks)
        reference.preselect(picks)
      case 7 where step % 13 == 0:
        selection.clear()
        reference = ReferenceSelection(cap: cap)
      default:
        // select-all-or-none twice from none returns to none; from all, to all.
        let before = selection.summary(over: matches).state
        let hidden = selection.ordered(.input, reversed: false).filter { !shown.contains($0) }
        var twice = selection
        twice.selectAllOrNone(matches)
        twice.selectAllOrNone(matches)
        if before != .some && !shown.isEmpty { #expect(twice.summary(over: matches).state == before) }
        #expect(twice.ordered(.input, reversed: false).filter { !shown.contains($0) } == hidden)
      }
      let summary = selection.summary(over: matches)
      let selectedShown = shown.filter(reference.all.contains).count
      #expect(selection.count == reference.count, "trial \(trial) step \(step)")
      #expect(summary.selectedMatching == selectedShown)
      #expect(summary.matching == shown.count)
      #expect(summary.hidden == reference.count - selectedShown)
      #expect(summary.isCapReached == reference.isCapReached)
      #expect(summary.state == (selectedShown == 0 ? .none : selectedShown == shown.count ? .all : .some))
      if let cap { #expect(selection.count <= cap) }
      for order in [OutputOrder.input, .selection] {
        for reversed in [false, true] {
          #expect(
            selection.ordered(order, reversed: reversed) == reference.ordered(order, reversed: reversed),
            "trial \(trial) step \(step)")
        }
      }
      guard selection.count == reference.count else { return }
    }
  }
}

// MARK: Scale

@Test func `a million items: select-all, summary and output stay fast`() {
  let n = 1_000_000
  let clock = ContinuousClock()
  let elapsed = clock.measure {
    var selection = Selection()
    let matches = everything(n, reversed: true)
    selection.selectAllOrNone(matches)
    #expect(selection.count == n)
    #expect(selection.summary(over: matches).state == .all)
    selection.toggle(12345)
    #expect(selection.summary(over: matches).selectedMatching == n - 1)
    #expect(selection.ordered(.input, reversed: false).count == n - 1)
    #expect(selection.ordered(.selection, reversed: false).first == n - 1)
    selection.selectAllOrNone(matches)
    #expect(selection.count == n)
    selection.selectAllOrNone(matches)
    #expect(selection.count == 0)
  }
  // About a second alone on the debug build; the bound only catches work that
  // grows faster than the items (quadratic over a million would take hours),
  // and leaves room for a whole parallel test run on two busy cores.
  #expect(elapsed < .seconds(60), "took \(elapsed)")
}

// MARK: The summary of a run of items

@Test func `the summary of a run of items counts its selected bits as a pass over them would`() {
  var rng = SeededGenerator(seed: 0x5E1E_C7ED)
  for _ in 0..<200 {
    var selection = Selection()
    let size = Int.random(in: 0...400, using: &rng)
    for item in 0..<size where Int.random(in: 0..<4, using: &rng) == 0 { selection.select(item) }
    let lower = Int.random(in: 0...size + 70, using: &rng)
    let upper = Int.random(in: lower...size + 140, using: &rng)
    let run = RankedMatches(
      storage: .all(lower..<upper, reversed: Bool.random(using: &rng)), base: lower, span: upper - lower,
      reversed: false)
    let expected = (lower..<upper).filter { selection.contains($0) }.count
    #expect(selection.selectedCount(in: lower..<upper) == expected)
    let summary = selection.summary(over: run)
    #expect(summary.selectedMatching == expected)
    #expect(summary.hidden == selection.count - expected)
  }
}

@Test func `the summary of an empty query's matches does not visit them one by one`() {
  // Asked every frame: with a remembered select-all streaming in, a pass over
  // millions of matches per frame made the first full frame take seconds.
  // Fifty million matches (an empty query's run needs no memory for them) and
  // three selected: counting the selection's bits takes microseconds, a pass
  // over the matches many seconds.
  var selection = Selection()
  selection.preselect([3, 64, 1000])
  let matches = everything(50_000_000)
  let clock = ContinuousClock()
  var summary: SelectionSummary? = nil
  let elapsed = clock.measure { summary = selection.summary(over: matches) }
  #expect(summary?.selectedMatching == 3)
  #expect(summary?.state == .some)
  #expect(elapsed < .seconds(1), "took \(elapsed)")
}
