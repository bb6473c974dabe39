import Testing

@testable import PickCore

// --history: walking the queries of earlier runs with prev-history and
// next-history (Ctrl-P, Ctrl-N), and what the file holds after a run.

private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

@Suite struct QueryHistoryTests {
  @Test func `walking back and forth keeps what was typed over each entry`() {
    var history = QueryHistory(lines: [bytes("one"), bytes("two")])
    #expect(text(history.previous(replacing: bytes("typed"))) == "two")
    #expect(text(history.previous(replacing: bytes("two!"))) == "one")
    #expect(text(history.previous(replacing: bytes("one"))) == "one", "the oldest stays")
    #expect(text(history.next(replacing: bytes("one"))) == "two!", "the edit is kept")
    #expect(text(history.next(replacing: bytes("two!"))) == "typed", "back to the query being typed")
    #expect(text(history.next(replacing: bytes("typed"))) == "typed")
  }

  @Test func `an accepted query is added last, the oldest dropped past the size`() {
    let lines = [bytes("a"), bytes("b")]
    #expect(QueryHistory.appending(bytes("c"), to: lines, limit: 1000).map(text) == ["a", "b", "c"])
    #expect(QueryHistory.appending(bytes("c"), to: lines, limit: 2).map(text) == ["b", "c"])
    #expect(QueryHistory.appending([], to: lines, limit: 1000).map(text) == ["a", "b"])
    #expect(QueryHistory.appending(bytes("x\ny"), to: lines, limit: 1000).map(text) == ["a", "b"])
    #expect(text(QueryHistory.contents(of: [bytes("a"), bytes("b")])) == "a\nb\n")
    #expect(QueryHistory.lines(of: bytes("a\n\nb\n")).map(text) == ["a", "b"])
  }

  @Test func `with --history Ctrl-P and Ctrl-N walk the queries; without it they move the cursor`() throws {
    var p = try PickerHarness(["apple", "banana", "cherry"]) { _ in
    } setup: {
      $0.history = [bytes("ch"), bytes("an")]
    }
    p.press("ctrl-p")
    #expect(p.query == "an")
    #expect(p.listed == ["banana"])
    p.press("ctrl-p")
    #expect(p.query == "ch")
    p.press("ctrl-n", "ctrl-n")
    #expect(p.query == "")
    #expect(p.listed.count == 3)

    var plain = try PickerHarness(["apple", "banana", "cherry"])
    plain.press("ctrl-n")
    #expect(plain.query == "")
    #expect(plain.current == "banana")
    plain.press("ctrl-p")
    #expect(plain.current == "apple")
  }

  @Test func `prev-history and next-history are bindable and do nothing without a history`() throws {
    var table = BindingParser.Table()
    try BindingParser.parse(Array("alt-h:prev-history".utf8), into: &table)
    var p = try PickerHarness(["apple"]) {
      $0.bindings = table
    } setup: {
      $0.history = [bytes("ap")]
    }
    p.press("alt-h")
    #expect(p.query == "ap")
    var none = try PickerHarness(["apple"]) { $0.bindings = table }
    none.press("alt-h")
    #expect(none.query == "")
  }
}
