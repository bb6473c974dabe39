import Testing

@testable import PickCore

/// Issue 19, choosing many things well: ranges (`toggle-range`, Alt-R and
/// Shift-click), `toggle-all`, `clear-multi` (Alt-X), and a select-all over
/// more than `PickerTunables.largeSelection` items, which asks nothing and
/// says what it did.
@Suite struct ChoosingManyTests {
  static let items = (1...8).map { "item\($0)" }

  @Test func `Alt-R selects every row from the item last toggled to the cursor`() throws {
    var p = try PickerHarness(Self.items, multi: .max)
    p.press("down", "tab")  // item2 selected, the cursor on item3
    p.press("down", "down", "down")  // the cursor on item6
    p.press("alt-r")
    #expect(p.selected == ["item2", "item3", "item4", "item5", "item6"])
    // The range's end starts the next one: on to item8.
    p.press("down", "down", "alt-r")
    #expect(p.selected == ["item2", "item3", "item4", "item5", "item6", "item7", "item8"])
  }

  @Test func `a range from an unselected item clears the rows, in either direction`() throws {
    var p = try PickerHarness(Self.items, multi: .max)
    p.press("ctrl-a")
    p.press("pgdn", "tab")  // item8 unselected, the cursor stays on it
    p.press("up", "up", "up", "up", "alt-r")
    #expect(p.selected == ["item1", "item2", "item3"])
  }

  @Test func `without an anchor among the matches a range toggles the current item`() throws {
    var p = try PickerHarness(Self.items, multi: .max)
    p.press("down", "alt-r")
    #expect(p.selected == ["item2"])
    p.press("down", "tab")  // item3 toggled: the anchor
    p.type("item1")  // item3 no longer matches
    p.press("alt-r")
    #expect(p.selected == ["item1", "item2", "item3"])
  }

  @Test func `a range stops at the cap, selecting from the anchor towards the cursor`() throws {
    var p = try PickerHarness(Self.items, multi: 3)
    p.press("pgdn", "tab")  // item8
    p.press("up", "up", "up", "up", "up", "alt-r")  // the cursor on item3
    #expect(p.selected == ["item6", "item7", "item8"])
  }

  @Test func `Shift-click selects the range from the item last toggled to the clicked one`() throws {
    var p = try PickerHarness(Self.items, multi: .max)
    _ = p.frame(width: 30, height: 12)
    p.press("tab")  // item1
    // SGR mouse report: button 4 is the left button with Shift; row 8 (1-based) shows item5.
    p.press(bytes: Array("\u{1B}[<4;8;8M".utf8))
    #expect(p.current == "item5")
    #expect(p.selected == ["item1", "item2", "item3", "item4", "item5"])
  }

  @Test func `toggle-all inverts the selection among the matches and leaves hidden ones`() throws {
    let options = try OptionParser.parse(arguments: [Array("-m".utf8), Array("--bind=ctrl-t:toggle-all".utf8)])
    var p = try PickerHarness(["a1", "a2", "a3", "b1"], multi: .max) { $0 = options }
    p.press("pgdn", "tab")  // b1
    p.type("a")
    p.press("tab")  // a1
    p.press("ctrl-t")
    #expect(p.selected == ["a2", "a3", "b1"])
  }

  @Test func `Alt-X clears every selection, hidden ones too`() throws {
    var p = try PickerHarness(["a1", "a2", "b1"], multi: .max)
    p.press("ctrl-a")
    p.type("a")
    p.press("alt-x")
    #expect(p.selected.isEmpty)
    #expect(p.state.selection.count == 0)
  }

  @Test func `a select-all over more than 10,000 items says how many on the info line`() throws {
    var p = try PickerHarness((1...20_001).map(String.init), multi: .max)
    p.press("ctrl-a")
    var info = p.frame(width: 60, height: 6).plainText.split(separator: "\n")[1]
    #expect(info.hasPrefix("  20001/20001  selected 20001"))
    // Until the next key.
    p.press("down")
    info = p.frame(width: 60, height: 6).plainText.split(separator: "\n")[1]
    #expect(!info.contains("selected"))
    p.press("ctrl-a")
    info = p.frame(width: 60, height: 6).plainText.split(separator: "\n")[1]
    #expect(info.hasPrefix("  20001/20001  deselected 20001"))
    // 10,000 or fewer: the select-all row says it.
    p.type("'200")
    p.press("ctrl-a")
    #expect(p.state.selection.count <= PickerTunables.largeSelection)
    #expect(p.state.selectionNote == nil)
  }
}
