import Testing

@testable import PickCore

@Test func `enter chooses the item under the cursor`() throws {
  var h = try PickerHarness(["apple", "banana", "cherry"])
  #expect(h.press("down", "enter") == .accept)
  #expect(h.chosen() == ["banana"])
}

@Test func `typing filters and the cursor goes to the best match`() throws {
  var h = try PickerHarness(["apple", "banana", "cherry"])
  _ = h.press("down", "down", "a", "n")
  #expect(h.state.matches.count == 1)
  #expect(h.chosen() == ["banana"])
}

@Test func `escape, ctrl-c, ctrl-g, ctrl-q abort`() throws {
  for key in ["esc", "ctrl-c", "ctrl-g", "ctrl-q"] {
    var h = try PickerHarness(["a"])
    #expect(h.press(key) == .abort, "\(key)")
  }
}

@Test func `ctrl-d deletes, and aborts on an empty query`() throws {
  var h = try PickerHarness(["ab"], query: "ab")
  _ = h.press("home", "ctrl-d")
  #expect(h.state.editor.bytes == Array("b".utf8))
  var empty = try PickerHarness(["ab"])
  #expect(empty.press("ctrl-d") == .abort)
}

@Test func `tab toggles and moves down in multi mode, and does nothing in single mode`() throws {
  var h = try PickerHarness(["a", "b", "c"], multi: .max)
  _ = h.press("tab", "tab")
  #expect(h.chosen() == ["a", "b"])
  #expect(h.state.cursor == 2)
  var single = try PickerHarness(["a", "b"])
  _ = single.press("tab")
  #expect(single.state.cursor == 0)
  #expect(single.chosen() == ["a"])
}

@Test func `ctrl-a selects the matching items, and again deselects them; hidden selections stay`() throws {
  var h = try PickerHarness(["apple", "avocado", "banana"], multi: .max)
  _ = h.press("down", "down", "tab")  // banana
  _ = h.press("a", "v")
  _ = h.press("ctrl-a")
  #expect(h.state.selection.summary(over: h.state.matches).state == .all)
  #expect(h.chosen() == ["avocado", "banana"])
  _ = h.press("ctrl-a")
  #expect(h.chosen() == ["banana"])
}

@Test func `ctrl-a moves to the start of the query in single mode`() throws {
  var h = try PickerHarness(["abc"], query: "ab")
  _ = h.press("ctrl-a")
  #expect(h.state.editor.cursor == 0)
}

@Test func `the cap stops select-all and tab`() throws {
  var h = try PickerHarness(["a", "b", "c"], multi: 2)
  _ = h.press("ctrl-a")
  #expect(h.chosen() == ["a", "b"])
  #expect(h.state.selection.isCapReached)
}

@Test func `up and down are visual: reverse layout puts the best match on top`() throws {
  var h = try PickerHarness(["a", "b", "c"])
  _ = h.press("down")
  #expect(h.state.cursor == 1)
  var d = try PickerHarness(["a", "b", "c"]) { $0.layout = .default }
  _ = d.press("up")
  #expect(d.state.cursor == 1)
}

@Test func `cycle wraps around`() throws {
  var h = try PickerHarness(["a", "b", "c"]) { $0.cycle = true }
  _ = h.press("up")
  #expect(h.state.cursor == 2)
  _ = h.press("down")
  #expect(h.state.cursor == 0)
}

@Test func `re-ranking without a query change keeps the cursor on its item`() throws {
  var h = try PickerHarness(["x1", "x2", "x3"], query: "x")
  _ = h.press("down")
  let item = h.state.currentItem
  let searches = h.searches
  h.send(.itemsRead)  // the same query matched again, as when items stream in
  #expect(h.searches == searches + 1)
  #expect(h.state.currentItem == item)
}

@Test func `output order is input order, or selection order`() throws {
  var h = try PickerHarness(["a", "b", "c"], multi: .max)
  _ = h.press("down", "down", "tab", "up", "up", "tab")
  #expect(h.chosen() == ["a", "c"])
  var s = try PickerHarness(["a", "b", "c"], multi: .max) { $0.outputOrder = .selection }
  _ = s.press("down", "down", "tab", "up", "up", "tab")
  #expect(s.chosen() == ["c", "a"])
}

@Test func `with no match and nothing selected nothing is chosen`() throws {
  var h = try PickerHarness(["a"])
  _ = h.press("z")
  #expect(h.chosen().isEmpty)
}
