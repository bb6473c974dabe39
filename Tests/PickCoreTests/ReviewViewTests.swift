import Testing

@testable import PickCore

@Suite struct ReviewViewTests {
  @Test func `Ctrl-S lists only the selected items, hidden ones included`() throws {
    var h = try PickerHarness(["apple", "banana", "cherry", "date"], multi: .max)
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
    var h = try PickerHarness(["apple", "banana", "cherry"], multi: .max)
    h.press("tab", "tab", "ctrl-s")
    expectScreen(
      h.frame(width: 40, height: 8),
      """
      >
        2/3  review (Ctrl-S to return)
        [x] All                         2 of 2
      >* apple
       * banana



      """)
  }

  @Test func `the query filters within the selected items`() throws {
    var h = try PickerHarness(["apple", "banana", "cherry", "apricot"], multi: .max)
    h.press("tab", "tab", "tab")  // apple, banana, cherry
    h.press("ctrl-s", "a", "n")
    #expect(h.listed == ["banana"])
    h.press("ctrl-u")
    #expect(h.listed == ["apple", "banana", "cherry"])
  }

  @Test func `an item untoggled in the review view stays listed and can be marked again`() throws {
    var h = try PickerHarness(["apple", "banana", "cherry"], multi: .max)
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
    var h = try PickerHarness(["apple", "banana", "avocado", "cherry", "grape"], multi: .max)
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
    var h = try PickerHarness(["apple", "banana", "cherry"], multi: .max)
    h.press("down", "tab", "tab", "ctrl-s", "tab")  // banana, cherry; untoggle banana
    #expect(h.press("enter") == .accept)
    #expect(h.state.chosenItems().map(h.text) == ["cherry"])
  }

  @Test func `Ctrl-S does nothing in single mode`() throws {
    var h = try PickerHarness(["apple", "banana"], multi: nil)
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
