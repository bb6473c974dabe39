import Testing

@testable import PickCore

/// `--tail=N`: the window of the last N items, and the store's trim
/// (`ItemStore+Tail.swift`, `PickerController.trimmed`).
struct TailTests {
  @Test func `only the last N items are listed, and a selection that leaves the window goes`() throws {
    var p = try PickerHarness(["1", "2", "3"], multi: .max, isInputOpen: true) { $0.tail = 3 }
    p.press("down", "tab")  // select 2
    #expect(p.selected == ["2"])
    try p.store.append(Array("4\n5\n".utf8))
    p.send(.itemsRead)
    p.now += 1_000
    p.send(.tick)
    #expect(p.listed == ["3", "4", "5"])
    #expect(p.selected == [])
  }

  @Test func `a trim keeps the header lines, the last items and the item still arriving`() throws {
    let store = try makeStore(["head", "a", "b", "c", "d", "e"], separator: 0x0A, finished: false)
    try store.append(Array("par".utf8))
    #expect(store.needsTrim(header: 1, keep: 2, atLeast: 1))
    #expect(!store.needsTrim(header: 1, keep: 4, atLeast: 1), "two dropped items' bytes, four kept")
    #expect(!store.needsTrim(header: 1, keep: 2, atLeast: 1 << 20))
    let (kept, dropped) = try store.keepingTail(header: 1, keep: 2)
    #expect(dropped == 3)
    try kept.append(Array("tial\n".utf8))
    #expect((0..<kept.count).map { String(decoding: kept.item($0), as: UTF8.self) } == ["head", "d", "e", "partial"])
  }

  @Test func `after a trim the selection, the cursor and the list follow their items`() throws {
    let items = ["h", "1", "2", "3", "4", "5", "6"]
    var p = try PickerHarness(items, multi: .max, isInputOpen: true) {
      $0.tail = 3
      $0.headerLines = 1
    }
    #expect(p.listed == ["4", "5", "6"])
    p.press("tab")  // select 4; the cursor moves on to 5
    #expect(p.current == "5")
    let (kept, dropped) = try p.store.keepingTail(header: 1, keep: 3)
    p.send(.trimmed(kept, gone: 1..<1 + dropped))
    #expect(p.store.count == 4)
    #expect(p.listed == ["4", "5", "6"])
    #expect(p.selected == ["4"])
    #expect(p.current == "5")
    p.press("enter")
    #expect(p.ending == .accepted([1]))
  }

  @Test func `a trimmed selection keeps the order it was made in`() throws {
    var selection = Selection()
    selection.select(7)
    selection.select(2)
    selection.select(5)
    let kept = selection.droppingItems(1..<4)
    #expect(kept.count == 2)
    #expect(kept.ordered(.selection, reversed: false) == [4, 2])
  }

  @Test func `--filter ranks only the last N items`() throws {
    var options = Options()
    options.tail = 2
    options.filter = Array("a".utf8)
    let store = try makeStore(["apple", "apricot", "avocado", "banana"], separator: 0x0A, finished: true)
    let command = FilterCommand(options: options)
    let ranked = command.rank(store, workers: 1)
    let texts = (0..<ranked.count).map { String(decoding: store.item(ranked.itemIndex(at: $0)), as: UTF8.self) }
    #expect(Set(texts) == ["avocado", "banana"])
  }
}
