import Foundation
import Testing

@testable import PickCore

/// `--bind` with fzf's event names: each name fzf 0.74.5's man page lists
/// (recorded in `Fixtures/fzf-0.74.5-events.txt`) is bound, or refused at
/// parse time by a message that names it; none is taken and then ignored.
@Suite struct BindingEventTests {
  /// The event names of the fixture, `every(N)` as the page spells it.
  static let fzfEvents: [String] = {
    let text = FzfOptionCoverageTests.read("Tests/PickCoreTests/Fixtures/fzf-0.74.5-events.txt")
    return text.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") && !$0.isEmpty }
  }()

  private func bind(_ value: String) throws(InvalidValue) -> BindingParser.Table {
    var table: BindingParser.Table = [:]
    try BindingParser.parse(Array(value.utf8), into: &table)
    return table
  }

  @Test func `the fixture lists fzf's events`() {
    #expect(Self.fzfEvents.count == 16)
    #expect(Self.fzfEvents.contains("start") && Self.fzfEvents.contains("every(N)"))
  }

  @Test(arguments: fzfEvents)
  func `every fzf event is bound, or refused by a message naming it`(name: String) throws {
    let spelling = name == "every(N)" ? "every(2)" : name
    let table: BindingParser.Table
    do {
      table = try bind("\(spelling):accept")
    } catch {
      #expect(error.reason.contains(spelling), "\(name): \(error.reason)")
      #expect(error.reason.hasPrefix("unsupported event"), "\(name): \(error.reason)")
      return
    }
    // Bound: the table holds the event, which the keymap then finds.
    let key = try #require(table.keys.first)
    let event = try #require(BindingEvent(tableKey: key), "\(name) was taken as a key")
    #expect(Keymap(isMulti: false, custom: table).actions(for: event) == [.accept])
  }

  @Test func `pick raises every event the page lists but jump and jump-cancel`() {
    let refused = Self.fzfEvents.filter { (try? bind("\($0 == "every(N)" ? "every(1)" : $0):accept")) == nil }
    #expect(refused == ["jump", "jump-cancel"])
  }

  @Test func `event names are case-insensitive and share a binding with keys`() throws {
    let table = try bind("START,ctrl-a,Change:first")
    #expect(table == ["start": [.first], "ctrl-a": [.first], "change": [.first]])
  }

  @Test(arguments: [("every(1)", 1000), ("every(0.5)", 500), ("every( 2.25 )", 2250), ("every(0.001)", 10)])
  func `every(N) takes seconds, at least 0.01`(spelling: String, milliseconds: Int) throws {
    let table = try bind("\(spelling):accept")
    #expect(table.keys.first.flatMap(BindingEvent.init(tableKey:)) == .every(milliseconds: milliseconds))
    #expect(Keymap(isMulti: false, custom: table).everyIntervals == [milliseconds])
  }

  @Test func `--expect takes keys only: an event there is an error that says so`() {
    #expect(throws: InvalidValue("start is an event, not a key")) {
      try BindingParser.keyList(Array("ctrl-a,start".utf8))
    }
  }
}
