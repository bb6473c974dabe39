import Testing

@testable import PickCore

/// Actions pick shares with fzf behave as fzf 0.74's own interactive tests
/// (`test_cycle`, `test_pos`, `test_cancel`,
/// `test_accept_non_empty_with_empty_list`) expect.
@Suite struct FzfActionSemanticsTests {
  private let tenItems = (1...10).map(String.init)

  @Test func `under --cycle only a single step wraps; a page stops at the end`() throws {
    var h = try PickerHarness(tenItems, height: 6) { $0.cycle = true }
    _ = h.press("pgup")
    #expect(h.state.cursor == 0)
    _ = h.press("pgdn", "pgdn", "pgdn", "pgdn", "pgdn")
    #expect(h.state.cursor == 9)
    _ = h.press("down")
    #expect(h.state.cursor == 0)
    _ = h.press("up")
    #expect(h.state.cursor == 9)
  }

  @Test func `pos counts from 1, from the end when negative, and 0 is the first`() throws {
    var h = try PickerHarness(tenItems) {
      $0.bindings = [
        "a": [.position(3)], "b": [.position(-3)], "c": [.position(1)], "d": [.position(-1)],
        "e": [.position(0)],
      ]
    }
    for (key, expected) in [("a", "3"), ("b", "8"), ("c", "1"), ("d", "10"), ("e", "1")] {
      _ = h.press(key)
      #expect(h.current == expected, "\(key)")
    }
  }

  @Test func `cancel puts the cleared query where ctrl-y finds it, then aborts on an empty query`() throws {
    var h = try PickerHarness(tenItems) { $0.bindings = ["2": [.cancel]] }
    _ = h.press("1", "2", "3")
    #expect(h.query == "3")
    _ = h.press("ctrl-y", "ctrl-y")
    #expect(h.query == "311")
    #expect(h.press("2") == .queryChanged)
    #expect(h.query == "")
    #expect(h.press("2") == .abort)
  }

  @Test func `clear-query keeps what was killed`() throws {
    var h = try PickerHarness(tenItems, query: "ab") { $0.bindings = ["ctrl-l": [.clearQuery]] }
    _ = h.press("ctrl-u")
    _ = h.press("x", "ctrl-l", "ctrl-y")
    #expect(h.query == "ab")
  }

  @Test func `accept-non-empty accepts an input that ended with no item, and only then`() throws {
    let bindings: (inout Options) -> Void = { $0.bindings = ["enter": [.acceptNonEmpty]] }
    var empty = try PickerHarness([], query: "foo", configure: bindings)
    #expect(empty.press("enter") == .accept)
    #expect(empty.chosen().isEmpty)
    var loading = try PickerHarness([], query: "foo", isInputOpen: true, configure: bindings)
    #expect(loading.press("enter") == .none)
    var unmatched = try PickerHarness(["a"], query: "foo", configure: bindings)
    #expect(unmatched.press("enter") == .none)
  }
}
