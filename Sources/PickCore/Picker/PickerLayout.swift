/// Draws a `PickerState` as a `Frame`: pure (it reads the state and never
/// changes it), so golden tests can compare the plain text of a frame with a
/// literal screen. How many list rows there are is the layout's to say
/// (`listHeight(for:store:)`) and the controller's to apply: the state's
/// cursor and scroll are set before a frame is drawn, never by drawing it.
///
/// Reverse layout (pick's default), top to bottom: the prompt line, the info
/// line (`M/N`, a spinner while loading, `cap reached`, `waiting…`), in multi
/// mode the select-all row (`[ ]`/`[-]`/`[x]`, the title, `S of N`,
/// `+K hidden`), the `--header-lines` items, then the list. The default and
/// reverse-list layouts put the prompt at the bottom (fzf's names).
///
/// Every row starts with two marker columns: `>` on the cursor row and `*` on
/// selected rows, so neither depends on colour. Item text stops two columns
/// short of the right edge.
public struct PickerLayout {
  public var width: Int
  public var height: Int
  /// Which frame of the spinner to draw while input is arriving.
  public var spinnerTick = 0
  /// Set while Enter waits for a first match with input still open.
  public var isWaitingToAccept = false
  /// Why no item came (`Command failed: CMD`): replaces the count while there is no item, as in fzf.
  public var inputFailure: String? = nil
  /// Why fewer items are shown than were given ("input truncated: …"):
  /// always shown, right after the count, so the list never looks complete.
  public var inputTruncation: String? = nil
  /// The text shown for an item when it is not the item itself (`--with-nth`).
  public var shownText: ((Int) -> [UInt8])? = nil
  /// The preview pane (`--preview`), drawn beside or above/below the list
  /// (see PickerLayout+Preview.swift).
  public var preview: PreviewPane? = nil
  /// Whether the configuration's `FrameDecoration` is drawn around the frame
  /// (false for the layout of the content inside it: PickerLayout+Decoration.swift).
  public var isDecorated = true

  public init(width: Int, height: Int) {
    self.width = max(width, 1)
    self.height = max(height, 1)
  }

  private static let spinner: [String] = ["-", "\\", "|", "/"]
  private static let promptStyle = Style(foreground: .palette(4), bold: true)
  private static let infoStyle = Style(foreground: .palette(8))
  private static let matchStyle = Style(foreground: .palette(2), bold: true)
  private static let pointerStyle = Style(foreground: .palette(1), bold: true)
  private static let markerStyle = Style(foreground: .palette(5), bold: true)
  // Plain text: yellow and cyan wash out on light themes.
  private static let headerStyle = Style.plain
  private static let currentStyle = Style(bold: true)

  /// What is on a row of the frame, so that a mouse click can be mapped to
  /// what it hit.
  public enum RowRole: Equatable, Sendable {
    case prompt, info, selectAll, header
    /// A match: the item (its ordinal in the store) drawn on the row.
    case item(Int)
    case empty
  }

  /// The rows above the list (prompt, info, select-all or `--header`, the
  /// `--header-lines` items), with what each holds, and the text cursor's column.
  private func topRows(_ state: PickerState, store: ItemStore) -> (rows: [[Span]], roles: [RowRole], cursorColumn: Int)
  {
    var top: [[Span]] = []
    var topRoles: [RowRole] = []
    let prompt = segments(state.prompt, width: width)
    var promptRow = prompt.map { Span($0.text, columns: $0.columns, style: Self.promptStyle) }
    let (promptColumns, start, room) = queryView(state)
    let characters = state.editor.characters
    let visible = QueryEditor.bytes(of: characters[start...])
    promptRow += segments(visible, width: room).map { Span($0.text, columns: $0.columns, style: .plain) }
    let cursorColumn = min(promptColumns + Self.columns(characters[start..<state.editor.cursor]), width - 1)
    top.append(promptRow)
    top.append(infoRow(state))
    topRoles = [.prompt, .info]
    if state.configuration.isMulti {
      let rows = selectAllRows(state)
      top.append(contentsOf: rows)
      topRoles += Array(repeating: .selectAll, count: rows.count)
    } else if let header = state.configuration.header {
      top.append(headerRow(header))
      topRoles.append(.header)
    }
    for line in 0..<min(state.configuration.headerLines, store.count) {
      top.append(headerRow(Array(store.item(line))))
      topRoles.append(.header)
    }
    return (top, topRoles, cursorColumn)
  }

  /// How many rows the list has in a frame of this size without a preview
  /// pane (at least 1, so that paging always moves): what is left below the
  /// prompt, info, select-all and header rows. The select-all row takes two
  /// rows when its title and count do not fit on one.
  func listRowCount(for state: PickerState, store: ItemStore) -> Int {
    var top = 2
    if state.configuration.isMulti {
      top += selectAllRows(state).count
    } else if state.configuration.header != nil {
      top += 1
    }
    top += min(state.configuration.headerLines, store.count)
    return itemCount(forRows: max(height - top, 1), state)
  }

  /// The frame for `state` without a preview pane, and what is on each of its
  /// rows. (`frame` and `frameWithRoles`, in PickerLayout+Preview.swift, add
  /// the pane.) The list shows the matches from `state.scroll` on.
  func listFrameWithRoles(_ state: PickerState, store: ItemStore, highlight: (Int) -> [Int])
    -> (frame: Frame, roles: [RowRole])
  {
    let (top, topRoles, cursorColumn) = topRows(state, store: store)
    let listHeight = max(height - top.count, 0)
    var list: [[Span]] = []
    var listRoles: [RowRole] = []
    let shownItems = itemCount(forRows: listHeight, state)
    for row in 0..<shownItems {
      let position = state.scroll + row
      guard position < state.matches.count else { break }
      // --gap: blank rows between items.
      if row > 0 { appendGap(state, to: &list, roles: &listRoles) }
      let item = itemRow(state, position: position, store: store, highlight: highlight)
      list.append(withScrollbar(item, row: row, items: shownItems, state))
      listRoles.append(.item(state.matches.itemIndex(at: position)))
    }
    var rows: [[Span]]
    var roles: [RowRole]
    var cursorRow: Int
    let fillCount = max(height - top.count - list.count, 0)
    let fill = Array(repeating: [Span](), count: fillCount)
    let fillRoles = Array(repeating: RowRole.empty, count: fillCount)
    switch state.configuration.layout {
    case .reverse:
      rows = top + list
      roles = topRoles + listRoles
      cursorRow = 0
    case .reverseList:
      // Prompt at the bottom, list from the top down.
      rows = list + fill + top.reversed()
      roles = listRoles + fillRoles + topRoles.reversed()
      cursorRow = height - 1
    case .default:
      // Prompt at the bottom, best match just above the info line.
      rows = fill + list.reversed() + top.reversed()
      roles = fillRoles + listRoles.reversed() + topRoles.reversed()
      cursorRow = height - 1
    }
    if rows.count > height {
      let keepsTop = state.configuration.layout == .reverse
      rows = Array(keepsTop ? rows.prefix(height) : rows.suffix(height))
      roles = Array(keepsTop ? roles.prefix(height) : roles.suffix(height))
    }
    while rows.count < height { rows.append([]) }
    while roles.count < height { roles.append(.empty) }
    cursorRow = min(cursorRow, height - 1)
    let frame = Frame(
      width: width, height: height, rows: rows, cursor: CursorPosition(row: cursorRow, column: cursorColumn))
    return (frame, roles)
  }

  /// How the prompt row is laid out: the prompt's width, the first query
  /// character shown and the columns the query has. The query scrolls so that
  /// the text cursor stays in view (two columns are kept free on the right,
  /// as for every row): the text shown starts at the first character from
  /// which the text up to the cursor fits. That width only shrinks as the
  /// start moves right, so a binary search finds it: a long pasted query must
  /// not cost a quadratic scan at every frame.
  private func queryView(_ state: PickerState) -> (promptColumns: Int, start: Int, room: Int) {
    let promptColumns = segments(state.prompt, width: width).reduce(0) { $0 + $1.columns }
    let characters = state.editor.characters
    let room = max(width - promptColumns - 2, 1)
    var start = 0
    var end = state.editor.cursor
    while start < end {
      let middle = (start + end) / 2
      if Self.columns(characters[middle..<state.editor.cursor]) > room - 1 {
        start = middle + 1
      } else {
        end = middle
      }
    }
    return (promptColumns, start, room)
  }

  /// Where a click at `column` (0-based) of the prompt row puts the text
  /// cursor: before the query character drawn there, at the start of what is
  /// shown for a click on the prompt, at the end for a click past the query.
  public func queryPosition(atColumn column: Int, in state: PickerState) -> Int {
    let view = queryView(state)
    let characters = state.editor.characters
    var left = view.promptColumns
    var index = view.start
    while index < characters.count {
      let right = left + Self.columns(characters[index...index])
      if column < right { return index }
      left = right
      index += 1
    }
    return characters.count
  }

  /// A header line, lined up with the items' text.
  private func headerRow(_ text: [UInt8]) -> [Span] {
    let indent = Span("   ", columns: 3, style: .plain)
    return clip(
      [indent]
        + segments(text, width: max(width - 3 - 2, 0)).map {
          Span($0.text, columns: $0.columns, style: Self.headerStyle)
        })
  }

  private static func columns(_ characters: ArraySlice<Unicode.Scalar>) -> Int {
    var text = ""
    text.unicodeScalars.append(contentsOf: characters)
    return DisplayWidth.columns(of: text)
  }

  private func infoRow(_ state: PickerState) -> [Span] {
    var text = "  "
    if state.isLoading { text = Self.spinner[spinnerTick % Self.spinner.count] + " " }
    if let inputFailure, state.itemCount == 0 {
      text += "[\(inputFailure)]"
    } else {
      text += "\(state.matches.count)/\(state.itemCount)"
    }
    if let inputTruncation { text += "  [\(inputTruncation)]" }
    if state.configuration.isMulti && state.selection.isCapReached { text += "  cap reached" }
    if state.editor.wasCut { text += "  query cut at \(QueryEditor.maximumLength) characters" }
    if state.isReviewing { text += "  review (Ctrl-S to return)" }
    if isWaitingToAccept { text += "  waiting…" }
    let info = fitted(text, style: Self.infoStyle)
    return info + separator(after: info.reduce(0) { $0 + $1.columns }, state)
  }

  /// The select-all row: box, title and count on one row, or the count on its
  /// own row when the title and count do not fit together.
  private func selectAllRows(_ state: PickerState) -> [[Span]] {
    let summary = state.selection.summary(over: state.matches)
    let box: String
    switch summary.state {
    case .none: box = "[ ]"
    case .some: box = "[-]"
    case .all: box = "[x]"
    }
    var count = "\(summary.selectedMatching) of \(summary.matching)"
    if summary.hidden > 0 { count += "  +\(summary.hidden) hidden" }
    let titleBytes = state.configuration.header ?? Array("All".utf8)
    let boxColumns = 2 + 3 + 1
    let countColumns = count.unicodeScalars.count
    let title = segments(titleBytes, width: Int.max)
    let titleColumns = title.reduce(0) { $0 + $1.columns }
    let marker = [
      Span("  ", columns: 2, style: .plain), Span(box, columns: 3, style: Self.markerStyle),
      Span(" ", columns: 1, style: .plain),
    ]
    if boxColumns + titleColumns + 2 + countColumns <= width {
      let gap = width - boxColumns - titleColumns - countColumns
      return [
        marker + title.map { Span($0.text, columns: $0.columns, style: Self.headerStyle) }
          + [Span(String(repeating: " ", count: gap), columns: gap, style: .plain)]
          + fitted(count, style: Self.infoStyle)
      ]
    }
    let titleRow =
      marker
      + segments(titleBytes, width: max(width - boxColumns - 2, 0)).map {
        Span($0.text, columns: $0.columns, style: Self.headerStyle)
      }
    return [clip(titleRow), fitted("      " + count, style: Self.infoStyle)]
  }

  private func itemRow(_ state: PickerState, position: Int, store: ItemStore, highlight: (Int) -> [Int]) -> [Span] {
    let item = state.matches.itemIndex(at: position)
    let isCurrent = position == state.cursor
    let isSelected = state.selection.contains(item)
    var row: [Span] = [
      Span(isCurrent ? ">" : " ", columns: 1, style: Self.pointerStyle),
      Span(isSelected ? "*" : " ", columns: 1, style: Self.markerStyle),
      Span(" ", columns: 1, style: .plain),
    ]
    // Two blank columns on the right: the `…` of a cut item is East Asian
    // "ambiguous", and nothing ambiguous goes in the last two columns (Docs/Design.md, Drawing).
    let textWidth = max(width - 3 - 2 - scrollbarColumns(state), 0)
    let matched = textWidth > 0 ? highlight(item) : []
    let segments: [DisplaySegment]
    if let shownText {
      segments = shownText(item).withUnsafeBufferPointer {
        DisplayLine.segments(of: $0, matches: matched, width: textWidth, tabstop: state.configuration.tabstop)
      }
    } else {
      segments = DisplayLine.segments(
        of: store.item(item), matches: matched, width: textWidth, tabstop: state.configuration.tabstop)
    }
    for segment in segments {
      var style = segment.isMatch ? Self.matchStyle : (isCurrent ? Self.currentStyle : .plain)
      if isCurrent { style.bold = true }
      row.append(Span(segment.text, columns: segment.columns, style: style))
    }
    return clip(row)
  }

  private func segments(_ bytes: [UInt8], width: Int) -> [DisplaySegment] {
    bytes.withUnsafeBufferPointer { DisplayLine.segments(of: $0, matches: [], width: width, tabstop: 8) }
  }

  private func fitted(_ text: String, style: Style) -> [Span] {
    segments(Array(text.utf8), width: width).map { Span($0.text, columns: $0.columns, style: style) }
  }

  /// Drops spans past the width (the markers can exceed a 1- or 2-column terminal).
  private func clip(_ row: [Span]) -> [Span] {
    var used = 0
    var out: [Span] = []
    for span in row {
      guard used + span.columns <= width else { break }
      out.append(span)
      used += span.columns
    }
    return out
  }
}

extension QueryEditor {
  /// UTF-8 of some characters.
  static func bytes(of characters: some Sequence<Unicode.Scalar>) -> [UInt8] {
    var out: [UInt8] = []
    for scalar in characters { out.append(contentsOf: UTF8.encode(scalar)!) }
    return out
  }
}
