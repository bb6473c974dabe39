/// `--listen`: what a request does to the picker. A POST's actions run as a
/// key's would, behind whatever is queued (keys typed before it, actions
/// waiting for a search). A GET waits in the same queue, and then for the
/// matches of the query on screen, so that `change-query(x)` followed by a
/// GET reads the matches of `x` (the server gives up after 2 s).
extension PickerController {
  /// Handles a request the server read and checked.
  mutating func remote(_ request: RemoteRequest, now: Int) -> [PickerEffect] {
    switch request {
    case .actions(let actions):
      queue.append(.actions(actions, Trigger()))
    case .status(let ticket, let limit, let offset):
      queue.append(.remoteStatus(ticket: ticket, limit: limit, offset: offset))
    }
    return resume(now: now)
  }

  /// Answers a GET now, or (the matches are stale) starts their search and
  /// waits for it at the front of the queue.
  mutating func remoteStatus(ticket: Int, limit: Int, offset: Int, now: Int) -> [PickerEffect] {
    guard state.isUpToDate else {
      blocker = .matches
      queue.insert(.remoteStatus(ticket: ticket, limit: limit, offset: offset), at: 0)
      return isSearchingCurrent ? [] : [requestSearch(now: now)]
    }
    return [.answerRemote(ticket: ticket, HTTPResponse.json(status(limit: limit, offset: offset)))]
  }

  /// The state as JSON: fzf's fields (`reading`, `progress`, `query`,
  /// `position`, `sort`, `totalCount`, `matchCount`, `current`, `matches`,
  /// `selected`), then pick's: `selectAll` (`none`, `some` or `all`, the
  /// select-all row's box), `selectedCount` and `hiddenCount` (selections
  /// the query hides). `matches` and `selected` hold at most `limit` items
  /// from `offset` (fzf applies the window to both). An item is its `index`
  /// (in input order, header lines not counted, as `{n}`), its `text`, and,
  /// when the query matched characters in it, their `positions` (character
  /// indices).
  func status(limit: Int, offset: Int) -> [UInt8] {
    var json = JSONWriter()
    json.beginObject()
    json.key("reading")
    json.bool(isInputOpen)
    json.key("progress")
    json.number(state.isUpToDate && inFlight == nil ? 100 : 0)
    json.key("query")
    json.string(state.editor.bytes)
    json.key("position")
    json.number(state.cursor)
    json.key("sort")
    json.bool(options.sort)
    json.key("totalCount")
    json.number(state.itemCount)
    json.key("matchCount")
    json.number(state.matches.count)
    json.key("current")
    if let item = state.currentItem { statusItem(item, into: &json) } else { json.null() }
    json.key("matches")
    json.beginArray()
    for position in Self.window(state.matches.count, limit: limit, offset: offset) {
      statusItem(state.matches.itemIndex(at: position), into: &json)
    }
    json.endArray()
    let selected = state.selection.ordered(.selection, reversed: false)
    json.key("selected")
    json.beginArray()
    for position in Self.window(selected.count, limit: limit, offset: offset) {
      statusItem(selected[position], into: &json)
    }
    json.endArray()
    let summary = state.selection.summary(over: state.matches)
    json.key("selectAll")
    json.string(Array("\(summary.state)".utf8))
    json.key("selectedCount")
    json.number(state.selection.count)
    json.key("hiddenCount")
    json.number(summary.hidden)
    json.endObject()
    return json.bytes
  }

  /// The positions `limit` from `offset` cover in a list of `count`.
  static func window(_ count: Int, limit: Int, offset: Int) -> Range<Int> {
    let start = min(max(offset, 0), count)
    return start..<start + min(max(limit, 0), count - start)
  }

  /// `{"index":N,"text":"...","positions":[...]}`.
  private func statusItem(_ item: Int, into json: inout JSONWriter) {
    let text = store.item(item)
    json.beginObject()
    json.key("index")
    json.number(item - min(options.headerLines, store.count))
    json.key("text")
    json.string(text)
    let positions: [Int]
    if LongItemHighlights.isLong(text) {
      positions = longItemHighlights.positions(of: item) ?? []
    } else {
      let list = PositionList()
      _ = highlighter.match(text, positions: list)
      positions = list.values
    }
    if !positions.isEmpty {
      json.key("positions")
      json.beginArray()
      for index in Set(JSONWriter.scalarIndices(of: positions, in: text)).sorted() { json.number(index) }
      json.endArray()
    }
    json.endObject()
  }
}
