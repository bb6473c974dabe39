import Testing

@testable import PickCore

/// `--track`, the track actions and `--id-nth`, through the controller.
struct TrackingTests {
  static let log = ["boot ok", "disk warn", "net error", "disk error", "boot done", "net ok"]

  @Test func `without --track a new query puts the cursor on the best match`() throws {
    var p = try PickerHarness(Self.log)
    p.press("down", "down")
    #expect(p.current == "net error")
    p.type("e")
    #expect(p.current == p.listed.first)
  }

  @Test func `--track keeps the cursor on its item when the query narrows and widens`() throws {
    var p = try PickerHarness(Self.log) { $0.track = true }
    p.press("down", "down")
    #expect(p.current == "net error")
    p.type("error")
    #expect(p.listed.contains("net error"))
    #expect(p.current == "net error")
    p.press("ctrl-u")
    #expect(p.query == "")
    #expect(p.current == "net error")
  }

  @Test func `--track shows +T on the info line, track-current +t`() throws {
    var p = try PickerHarness(Self.log) { $0.track = true }
    #expect(p.frame(width: 40, height: 10).plainText.contains("6/6 +T"))
    var q = try PickerHarness(Self.log) { $0.bindings = ["ctrl-t": [.trackCurrent]] }
    #expect(!q.frame(width: 40, height: 10).plainText.contains("+t"))
    q.press("ctrl-t")
    #expect(q.frame(width: 40, height: 10).plainText.contains("6/6 +t"))
  }

  @Test func `with --track an item that stops matching leaves the cursor where it was`() throws {
    var p = try PickerHarness(Self.log) { $0.track = true }
    p.press("down")
    #expect(p.current == "disk warn")
    p.type("ok")
    #expect(p.state.tracking == .always)
    #expect(p.listed.count == 2)
    #expect(p.state.cursor == 1)
  }

  @Test func `track-current follows one item until the user moves the cursor`() throws {
    var p = try PickerHarness(Self.log) { $0.bindings = ["ctrl-t": [.trackCurrent]] }
    p.press("down", "down", "ctrl-t")
    #expect(p.state.tracking == .item(2))
    p.type("error")
    #expect(p.current == "net error")
    p.press("down")
    #expect(p.current == "disk error")
    #expect(p.state.tracking == .off)
    p.press("ctrl-u")
    #expect(p.state.cursor == 0)
  }

  @Test func `track-current ends when its item stops matching`() throws {
    var p = try PickerHarness(Self.log) { $0.bindings = ["ctrl-t": [.trackCurrent]] }
    p.press("ctrl-t")
    #expect(p.state.tracking == .item(0))
    p.type("disk")
    #expect(p.state.tracking == .off)
  }

  @Test func `toggle-track and toggle-track-current switch tracking on and off`() throws {
    var p = try PickerHarness(Self.log) {
      $0.bindings = ["ctrl-t": [.toggleTrack], "ctrl-y": [.toggleTrackCurrent], "ctrl-x": [.untrackCurrent]]
    }
    p.press("ctrl-t")
    #expect(p.state.tracking == .always)
    p.press("ctrl-y")  // no one-off tracking while every item is tracked
    #expect(p.state.tracking == .always)
    p.press("ctrl-x")  // untrack-current leaves --track alone
    #expect(p.state.tracking == .always)
    p.press("ctrl-t", "down", "ctrl-y")
    #expect(p.state.tracking == .item(1))
    p.press("ctrl-y")
    #expect(p.state.tracking == .off)
  }

  @Test func `--track follows the item in a long ranking that is sorted only at its front`() throws {
    let items = (0..<3000).map { "item \($0) \($0 % 7 == 0 ? "seven" : "other")" }
    var p = try PickerHarness(items, height: 10) { $0.track = true }
    p.press("pgdn", "pgdn", "pgdn")
    let before = try #require(p.current)
    p.type("item")
    #expect(p.current == before)
  }

  @Test func `--id-nth carries the selection and the cursor over a reload by the chosen fields`() throws {
    var p = try PickerHarness(["1 sshd 0:01", "2 bash 0:05", "3 vim 1:00"], multi: .max) {
      $0.idNth = [FieldRange(1)]
      $0.bindings = ["ctrl-r": [.reload(command: "ps", isSync: false)]]
    }
    p.reloadItems = { $0 == "ps" ? ["2 bash 0:07", "3 vim 1:02", "4 top 0:00"] : nil }
    p.press("down", "tab", "down")  // select 2 (bash); cursor on 3 (vim)
    p.press("ctrl-r")
    try p.store.finish()
    p.send(.inputEnded(failure: nil))
    #expect(p.selected == ["2 bash 0:07"])
    #expect(p.current == "3 vim 1:02")
  }

  @Test func `without --id-nth a reload matches whole texts, so changed lines are new items`() throws {
    var p = try PickerHarness(["1 sshd 0:01", "2 bash 0:05", "3 vim 1:00"], multi: .max) {
      $0.bindings = ["ctrl-r": [.reload(command: "ps", isSync: false)]]
    }
    p.reloadItems = { $0 == "ps" ? ["2 bash 0:07", "3 vim 1:02", "4 top 0:00"] : nil }
    p.press("down", "tab")
    p.press("ctrl-r")
    try p.store.finish()
    p.send(.inputEnded(failure: nil))
    #expect(p.selected == [])
  }

  private func parse(_ arguments: [String]) throws(OptionError) -> Options {
    try OptionParser.parse(arguments: arguments.map { Array($0.utf8) })
  }

  @Test func `--track, --id-nth, --sync and --tail parse as fzf spells them`() throws {
    let options = try parse(["--track", "--id-nth", "2,3", "--sync", "--tail=100"])
    #expect(options.track && options.sync)
    #expect(options.idNth == [FieldRange(2), FieldRange(3)])
    #expect(options.tail == 100)
    let undone = try parse(["--track", "--no-track", "--id-nth=1", "--no-id-nth", "--tail=5", "--no-tail"])
    #expect(!undone.track && undone.idNth == nil && undone.tail == nil)
    #expect(throws: OptionError.self) { try parse(["--tail=0"]) }
  }
}
