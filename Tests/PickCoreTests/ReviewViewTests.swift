import Testing

@testable import PickCore

/// A picker driven as `InteractiveSession` drives it: after each query change
/// the query is matched again, over `state.reviewItems` in the review view and
/// over every item otherwise.
private struct ReviewHarness {
  let store: ItemStore
  let options: Options
  var state: PickerState
  private let keymap: Keymap
  private let ranker: Ranker

  init(_ items: [String], multi: Int? = .max) throws {
    var options = Options()
    options.multi = multi
    self.options = options
    store = try makeStore(items)
    keymap = Keymap(isMulti: multi != nil)
    ranker = Ranker(order: Ranker.Order(options: options))
    state = PickerState(
      configuration: PickerConfiguration(options: options), query: [],
      matches: ranker.rank(store, range: 0..<store.count, query: CompiledQuery([], options: options)))
    state.itemCount = store.count
    state.isLoading = false
  }

  /// Presses keys by fzf name; a single character that is not bound is typed.
  @discardableResult
  mutating func press(_ names: String...) -> PickerState.Outcome {
    var last = PickerState.Outcome.none
    for name in names {
      let actions =
        keymap.bindings[name] ?? (name.unicodeScalars.count == 1 ? [.insert(Array(name.unicodeScalars))] : [])
      for action in actions {
        last = state.apply(action)
        if last == .queryChanged || !state.isUpToDate { rank() }
      }
    }
    return last
  }

  mutating func rank() {
    let query = state.editor.bytes
    let compiled = CompiledQuery(query, options: options)
    let matches =
      state.reviewItems.map { ranker.rank(store, items: $0, query: compiled) }
      ?? ranker.rank(store, range: 0..<store.count, query: compiled)
    state.update(matches: matches, for: query)
  }

  /// The listed items' texts, in display order.
  var listed: [String] {
    (0..<state.matches.count).map { text(state.matches.itemIndex(at: $0)) }
  }

  var selected: [String] {
    state.selection.ordered(.input, reversed: false).map(text)
  }

  var current: String? { state.currentItem.map(text) }

  var query: String { String(decoding: state.editor.bytes, as: UTF8.self) }

  func text(_ item: Int) -> String { String(decoding: store.item(item), as: UTF8.self) }

  /// The screen, `width` × `height`.
  mutating func frame(width: Int = 40, height: Int = 8) -> Frame {
    let layout = PickerLayout(width: width, height: height)
    return layout.frame(&state, store: store) { _ in [] }
  }
}

@Suite struct ReviewViewTests {
  @Test func `Ctrl-S lists only the selected items, hidden ones included`() throws {
    var h = try ReviewHarness(["apple", "banana", "cherry", "date"])
    h.press("tab", "down", "tab")  // apple, cherry
    h.press("a", "p")  // hides cherry
    #expect(h.listed == ["apple"])
    #expect(h.state.selection.summary(over: h.state.matches).hidden == 1)
    #expect(h.press("ctrl-s") == .queryChanged)
    #expect(h.state.isReviewing)
    #expect(h.listed == ["apple", "cherry"])
    #expect(h.query == "")
    #expect(h.state.selection.summary(over: h.state.matches).hidden == 0)
  }

  @Test func `the review view says so on the info line`() throws {
    var h = try ReviewHarness(["apple", "banana", "cherry"])
    h.press("tab", "tab", "ctrl-s")
    expectScreen(
      h.frame(),
      """
      >
        2/3  review (Ctrl-S to return)
        [x] All                         2 of 2
      >* apple
       * banana



      """)
  }

  @Test func `the query filters within the selected items`() throws {
    var h = try ReviewHarness(["apple", "banana", "cherry", "apricot"])
    h.press("tab", "tab", "tab")  // apple, banana, cherry
    h.press("ctrl-s", "a", "n")
    #expect(h.listed == ["banana"])
    h.press("ctrl-u")
    #expect(h.listed == ["apple", "banana", "cherry"])
  }

  @Test func `an item untoggled in the review view stays listed and can be marked again`() throws {
    var h = try ReviewHarness(["apple", "banana", "cherry"])
    h.press("tab", "tab", "ctrl-s")
    #expect(h.current == "apple")
    h.press("tab")  // untoggle apple; the cursor moves on
    #expect(h.selected == ["banana"])
    #expect(h.listed == ["apple", "banana"])
    // Typing re-matches: apple is still among the review list.
    h.press("p")
    #expect(h.listed == ["apple"])
    h.press("bspace")
    #expect(h.listed == ["apple", "banana"])
    h.press("up", "tab")
    #expect(h.selected == ["apple", "banana"])
  }

  @Test func `Ctrl-S again restores the query and the cursor item`() throws {
    var h = try ReviewHarness(["apple", "banana", "avocado", "cherry", "grape"])
    h.press("tab", "down", "down", "tab")  // apple, cherry
    h.press("a")
    let before = h.listed
    h.press("down", "down")
    let cursorItem = try #require(h.current)
    #expect(cursorItem != before.first)
    h.press("ctrl-s", "c", "h", "tab")  // untoggle cherry in the review view
    #expect(h.selected == ["apple"])
    #expect(h.press("ctrl-s") == .queryChanged)
    #expect(!h.state.isReviewing)
    #expect(h.query == "a")
    #expect(h.listed == before)
    #expect(h.current == cursorItem)
    // Enter accepts the selection as it is now.
    #expect(h.press("enter") == .accept)
    #expect(h.state.chosenItems().map(h.text) == ["apple"])
  }

  @Test func `Enter in the review view prints the selection`() throws {
    var h = try ReviewHarness(["apple", "banana", "cherry"])
    h.press("down", "tab", "tab", "ctrl-s", "tab")  // banana, cherry; untoggle banana
    #expect(h.press("enter") == .accept)
    #expect(h.state.chosenItems().map(h.text) == ["cherry"])
  }

  @Test func `Ctrl-S does nothing in single mode`() throws {
    var h = try ReviewHarness(["apple", "banana"], multi: nil)
    h.press("down", "b")
    let listed = h.listed
    let current = h.current
    h.press("ctrl-s")
    #expect(!h.state.isReviewing)
    #expect(h.state.reviewItems == nil)
    #expect(h.listed == listed)
    #expect(h.current == current)
    #expect(h.query == "b")
    #expect(h.state.apply(.toggleReview) == .none)
    #expect(!h.state.isReviewing)
  }
}
