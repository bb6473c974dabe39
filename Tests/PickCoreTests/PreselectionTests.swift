import Testing

@testable import PickCore

private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

/// A store holding `items` (raw bytes), each followed by `separator`.
private func rawStore(_ items: [[UInt8]], separator: UInt8 = 0x0A) throws -> ItemStore {
  let store = try ItemStore(separator: separator, byteLimit: 1 << 20, itemLimit: 1 << 16)
  try store.append(items.flatMap { $0 + [separator] })
  try store.finish()
  return store
}

/// The texts of the selected items, in input order.
private func selected(_ selection: Selection, in store: ItemStore) -> [[UInt8]] {
  selection.ordered(.input, reversed: false).map { Array(store.item($0)) }
}

@Suite struct PreselectionTests {
  @Test func `an item is preselected only when its bytes are exactly a text`() throws {
    let store = try makeStore(["apple", "Apple", "apple ", "applesauce", "apple"])
    var selection = Selection()
    let first = Preselection(texts: [bytes("apple")])
      .apply(to: &selection, store: store, range: 0..<store.count)
    #expect(first == 0)
    // Both copies of the exact bytes; no case folding, no prefix, no trailing space.
    #expect(selection.ordered(.input, reversed: false) == [0, 4])
  }

  @Test func `items that are not valid UTF-8 are compared byte for byte`() throws {
    let invalid: [UInt8] = [0x63, 0x61, 0x66, 0xE9]  // "caf" + a lone Latin-1 é
    let replaced = bytes("caf\u{FFFD}")  // what decoding would turn it into
    let store = try rawStore([bytes("café"), invalid, replaced, [0xFF, 0xFE]])
    var selection = Selection()
    Preselection(texts: [invalid, [0xFF, 0xFE]]).apply(to: &selection, store: store, range: 0..<store.count)
    #expect(selected(selection, in: store) == [invalid, [0xFF, 0xFE]])
  }

  @Test func `a text that matches no item is never counted`() throws {
    let store = try makeStore(["one", "two", "three"])
    var selection = Selection()
    let first = Preselection(texts: [bytes("zero"), bytes("two"), bytes("four"), bytes("")])
      .apply(to: &selection, store: store, range: 0..<store.count)
    #expect(first == 1)
    #expect(selection.count == 1)
    #expect(selected(selection, in: store) == [bytes("two")])
  }

  @Test func `texts that match nothing at all select nothing and name no first item`() throws {
    let store = try makeStore(["one", "two"])
    var selection = Selection()
    let first = Preselection(texts: [bytes("zero")]).apply(to: &selection, store: store, range: 0..<store.count)
    #expect(first == nil)
    #expect(selection.count == 0)
  }

  @Test func `an empty preselection is empty and selects nothing`() throws {
    let store = try makeStore(["one"])
    var selection = Selection()
    let preselection = Preselection()
    #expect(preselection.isEmpty)
    #expect(preselection.apply(to: &selection, store: store, range: 0..<1) == nil)
    #expect(selection.count == 0)
  }

  @Test func `selectsAll selects every item of the range`() throws {
    let store = try makeStore(["a", "b", "c", "d"])
    var selection = Selection()
    let preselection = Preselection(selectsAll: true)
    #expect(!preselection.isEmpty)
    let first = preselection.apply(to: &selection, store: store, range: 1..<4)
    #expect(first == 1)
    #expect(selection.ordered(.input, reversed: false) == [1, 2, 3])
  }

  @Test func `the cap stops preselection in input order and is then reached`() throws {
    let store = try makeStore(["a", "b", "c", "d", "e"])
    var selection = Selection(cap: 2)
    Preselection(texts: [bytes("e"), bytes("b"), bytes("d")])
      .apply(to: &selection, store: store, range: 0..<store.count)
    // In input order: b, then d; e (first among the texts) is past the cap.
    #expect(selected(selection, in: store) == [bytes("b"), bytes("d")])
    #expect(selection.isCapReached)

    var all = Selection(cap: 2)
    Preselection(selectsAll: true).apply(to: &all, store: store, range: 0..<store.count)
    #expect(all.ordered(.input, reversed: false) == [0, 1])
    #expect(all.isCapReached)
  }

  @Test func `applying to a later range preselects the items that arrived since`() throws {
    let store = try ItemStore(separator: 0x0A, byteLimit: 1 << 20, itemLimit: 1 << 16)
    let preselection = Preselection(texts: [bytes("late"), bytes("early")])
    var selection = Selection()
    try store.append(bytes("early\nother\n"))
    #expect(preselection.apply(to: &selection, store: store, range: 0..<store.count) == 0)
    let seen = store.count
    try store.append(bytes("more\nlate\nearly\n"))
    try store.finish()
    // Only the new range is examined; what was selected before stays.
    #expect(preselection.apply(to: &selection, store: store, range: seen..<store.count) == 3)
    #expect(selection.ordered(.input, reversed: false) == [0, 3, 4])
  }

  @Test func `a later range past the cap adds nothing`() throws {
    let store = try ItemStore(separator: 0x0A, byteLimit: 1 << 20, itemLimit: 1 << 16)
    let preselection = Preselection(texts: [bytes("x")])
    var selection = Selection(cap: 1)
    try store.append(bytes("x\n"))
    preselection.apply(to: &selection, store: store, range: 0..<1)
    try store.append(bytes("x\n"))
    try store.finish()
    preselection.apply(to: &selection, store: store, range: 1..<2)
    #expect(selection.ordered(.input, reversed: false) == [0])
    #expect(selection.isCapReached)
  }

  @Test func `excluded items (--unique repeats) are never preselected`() throws {
    let store = try makeStore(["a", "b", "a"])
    var selection = Selection()
    Preselection(texts: [bytes("a")])
      .apply(to: &selection, store: store, range: 0..<3, excluding: { $0 == 2 })
    #expect(selection.ordered(.input, reversed: false) == [0])
  }

  @Test func `items split by NUL may hold newlines and still match exactly`() throws {
    let store = try rawStore([bytes("two\nlines"), bytes("two"), bytes("lines")], separator: 0)
    var selection = Selection()
    Preselection(texts: [bytes("two\nlines")]).apply(to: &selection, store: store, range: 0..<store.count)
    #expect(selected(selection, in: store) == [bytes("two\nlines")])
  }
}
