import Testing

@testable import PickCore

// Mouse reports in, commands out: which row a click hits (from the roles the
// layout gives the frame's rows) and what fzf calls it. No terminal, no clock.

private let multiRoles: [PickerLayout.RowRole] = [
  .prompt, .info, .selectAll, .item(7), .item(3), .empty,
]

private func click(
  _ button: MouseEvent.Button, row: Int, shift: Bool = false, isPress: Bool = true,
  isDrag: Bool = false
) -> MouseEvent {
  MouseEvent(button: button, isPress: isPress, isDrag: isDrag, row: row, column: 5, shift: shift)
}

@Test func `a left click on an item row points at that item`() {
  var handler = MouseHandler()
  #expect(
    handler.command(for: click(.left, row: 5), roles: multiRoles, origin: 1, now: 0)
      == .trigger(.leftClick, item: 3))
  #expect(
    handler.command(for: click(.left, row: 4), roles: multiRoles, origin: 1, now: 5000)
      == .trigger(.leftClick, item: 7))
}

@Test func `a second left click on the same row within 500 ms is a double-click`() {
  var handler = MouseHandler()
  _ = handler.command(for: click(.left, row: 4), roles: multiRoles, origin: 1, now: 1000)
  #expect(
    handler.command(for: click(.left, row: 4), roles: multiRoles, origin: 1, now: 1499)
      == .trigger(.doubleClick, item: 7))
  // A third click starts over.
  #expect(
    handler.command(for: click(.left, row: 4), roles: multiRoles, origin: 1, now: 1600)
      == .trigger(.leftClick, item: 7))

  var slow = MouseHandler()
  _ = slow.command(for: click(.left, row: 4), roles: multiRoles, origin: 1, now: 1000)
  #expect(
    slow.command(for: click(.left, row: 4), roles: multiRoles, origin: 1, now: 1500)
      == .trigger(.leftClick, item: 7))

  var moved = MouseHandler()
  _ = moved.command(for: click(.left, row: 4), roles: multiRoles, origin: 1, now: 1000)
  #expect(
    moved.command(for: click(.left, row: 5), roles: multiRoles, origin: 1, now: 1100)
      == .trigger(.leftClick, item: 3))

  // A right click in between breaks the pair.
  var interrupted = MouseHandler()
  _ = interrupted.command(for: click(.left, row: 4), roles: multiRoles, origin: 1, now: 1000)
  _ = interrupted.command(for: click(.right, row: 4), roles: multiRoles, origin: 1, now: 1050)
  #expect(
    interrupted.command(for: click(.left, row: 4), roles: multiRoles, origin: 1, now: 1100)
      == .trigger(.leftClick, item: 7))
}

@Test func `right and shifted clicks name their triggers`() {
  var handler = MouseHandler()
  #expect(
    handler.command(for: click(.right, row: 5), roles: multiRoles, origin: 1, now: 0)
      == .trigger(.rightClick, item: 3))
  #expect(
    handler.command(for: click(.left, row: 5, shift: true), roles: multiRoles, origin: 1, now: 0)
      == .trigger(.shiftLeftClick, item: 3))
  #expect(
    handler.command(for: click(.right, row: 5, shift: true), roles: multiRoles, origin: 1, now: 0)
      == .trigger(.shiftRightClick, item: 3))
  // A right click off the list does nothing.
  #expect(handler.command(for: click(.right, row: 3), roles: multiRoles, origin: 1, now: 0) == nil)
}

@Test func `a click on the select-all row runs select-all-or-none`() {
  var handler = MouseHandler()
  #expect(
    handler.command(for: click(.left, row: 3), roles: multiRoles, origin: 1, now: 0)
      == .selectAllOrNone)
}

@Test func `the wheel scrolls anywhere on pick's rows`() {
  var handler = MouseHandler()
  #expect(
    handler.command(for: click(.wheelUp, row: 1), roles: multiRoles, origin: 1, now: 0)
      == .trigger(.scrollUp, item: nil))
  #expect(
    handler.command(for: click(.wheelDown, row: 6), roles: multiRoles, origin: 1, now: 0)
      == .trigger(.scrollDown, item: nil))
  #expect(
    handler.command(
      for: click(.wheelDown, row: 6, shift: true), roles: multiRoles, origin: 1, now: 0)
      == .trigger(.shiftScrollDown, item: nil))
}

@Test func `releases, drags, the middle button, empty rows and rows off the frame mean nothing`() {
  var handler = MouseHandler()
  for event in [
    click(.left, row: 4, isPress: false), click(.left, row: 4, isDrag: true),
    click(.middle, row: 4),
    click(.left, row: 6), click(.left, row: 2), click(.left, row: 7), click(.left, row: 0),
    click(.wheelUp, row: 7),
  ] {
    #expect(handler.command(for: event, roles: multiRoles, origin: 1, now: 0) == nil, "\(event)")
  }
}

@Test func `in inline mode the frame's origin shifts the rows`() {
  var handler = MouseHandler()
  // The frame starts on terminal row 11: row 14 is its fourth row.
  #expect(
    handler.command(for: click(.left, row: 14), roles: multiRoles, origin: 11, now: 0)
      == .trigger(.leftClick, item: 7))
  #expect(handler.command(for: click(.left, row: 4), roles: multiRoles, origin: 11, now: 0) == nil)
  #expect(
    handler.command(for: click(.wheelUp, row: 10), roles: multiRoles, origin: 11, now: 0) == nil)
}

@Test func `a click on the prompt row places the text cursor`() {
  var handler = MouseHandler()
  #expect(
    handler.command(
      for: MouseEvent(button: .left, row: 1, column: 4), roles: multiRoles, origin: 1, now: 0)
      == .placeTextCursor(column: 3))
}

@Test func `a prompt-row column maps to the query character drawn there`() throws {
  let options = Options()
  var state = PickerState(
    configuration: PickerConfiguration(options: options), query: Array("a日b".utf8),
    matches: Ranker(order: Ranker.Order(options: options)).rank(
      try makeStore(["x"]), range: 0..<1, query: CompiledQuery([], options: options)))
  let layout = PickerLayout(width: 20, height: 3)
  // "> a日b": the prompt is columns 0-1, a is 2, 日 is 3-4, b is 5.
  #expect(layout.queryPosition(atColumn: 0, in: state) == 0)
  #expect(layout.queryPosition(atColumn: 2, in: state) == 0)
  #expect(layout.queryPosition(atColumn: 3, in: state) == 1)
  #expect(layout.queryPosition(atColumn: 4, in: state) == 1)
  #expect(layout.queryPosition(atColumn: 5, in: state) == 2)
  #expect(layout.queryPosition(atColumn: 6, in: state) == 3)
  #expect(layout.queryPosition(atColumn: 19, in: state) == 3)
  // A long query scrolled to keep the cursor in view: column 2 is the first character shown.
  state.editor = QueryEditor(Array(String(repeating: "x", count: 40).utf8))
  let first = layout.queryPosition(atColumn: 2, in: state)
  #expect(first > 0)
  #expect(layout.queryPosition(atColumn: 3, in: state) == first + 1)
}

// MARK: The layout's row roles

/// Frames `items` under `options` and checks that each row's role matches what is drawn on it.
private func roles(
  _ items: [String], height: Int, configure: (inout Options) -> Void
) throws -> (roles: [PickerLayout.RowRole], frame: Frame, store: ItemStore) {
  var options = Options()
  configure(&options)
  let store = try makeStore(items)
  let matches = Ranker(order: Ranker.Order(options: options)).rank(
    store, range: min(options.headerLines, store.count)..<store.count,
    query: CompiledQuery([], options: options))
  let state = PickerState(
    configuration: PickerConfiguration(options: options), query: [], matches: matches)
  let (frame, roles) = PickerLayout(width: 30, height: height).frameWithRoles(state, store: store) { _ in [] }
  #expect(roles.count == height)
  for (index, role) in roles.enumerated() {
    let text = frame.rows[index].map(\.text).joined()
    switch role {
    case .item(let item):
      #expect(text.hasSuffix(" " + String(decoding: store.item(item), as: UTF8.self)), "\(text)")
    case .selectAll: #expect(text.contains("[ ]"), "\(text)")
    case .prompt: #expect(text.hasPrefix(">"), "\(text)")
    case .info: #expect(text.contains("/"), "\(text)")
    case .header, .footer, .empty: break
    }
  }
  return (roles, frame, store)
}

@Test func `reverse layout: prompt, info, select-all row, then the items top down`() throws {
  let result = try roles(["one", "two", "three"], height: 6) { $0.multi = .max }
  #expect(result.roles == [.prompt, .info, .selectAll, .item(0), .item(1), .item(2)])
}

@Test func `default layout: items bottom up above the select-all row, prompt last`() throws {
  let result = try roles(["one", "two"], height: 6) {
    $0.multi = .max
    $0.layout = .default
  }
  #expect(result.roles == [.empty, .item(1), .item(0), .selectAll, .info, .prompt])
}

@Test func `reverse-list layout and header lines`() throws {
  let result = try roles(["head", "one", "two"], height: 7) {
    $0.layout = .reverseList
    $0.headerLines = 1
  }
  // The header lines head the list at the top, as fzf draws them.
  #expect(result.roles == [.header, .item(1), .item(2), .empty, .empty, .info, .prompt])
}

@Test func `only the rows that fit get roles, and the list scrolls with the cursor`() throws {
  let result = try roles((1...20).map { "item\($0)" }, height: 4) { _ in }
  #expect(result.roles == [.prompt, .info, .item(0), .item(1)])
}

// MARK: Pointing

@Test func `pointing at an item moves the cursor there and counts as the user's move`() throws {
  let store = try makeStore(["a", "b", "c"])
  let options = Options()
  let matches = Ranker(order: Ranker.Order(options: options)).rank(
    store, range: 0..<3, query: CompiledQuery([], options: options))
  var state = PickerState(
    configuration: PickerConfiguration(options: options), query: [], matches: matches)
  let found = state.point(atItem: 2)
  #expect(found)
  #expect(state.currentItem == 2)
  #expect(state.userMovedCursor)
  let missing = state.point(atItem: 9)
  #expect(!missing)
  #expect(state.currentItem == 2)
}
