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
/// short of the right edge. Every style comes from the configuration's
/// `Theme` (`--color`; Docs/Picker.md, Colours), resolved before drawing.
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
  /// `--info-command`'s last output line, shown in place of the info text.
  public var infoCommandLine: [PreviewText.Run]? = nil
  /// The text shown for an item when it is not the item itself (`--with-nth`).
  public var shownText: ((Int) -> [UInt8])? = nil
  /// The item's own colours in `shownText` (`--ansi` with `--with-nth`).
  public var shownRuns: ((Int) -> [StyleRun])? = nil
  /// The preview pane (`--preview`), drawn beside or above/below the list
  /// (see PickerLayout+Preview.swift).
  public var preview: PreviewPane? = nil
  /// Whether the configuration's `FrameDecoration` is drawn around the frame
  /// (false for the layout of the content inside it: PickerLayout+Decoration.swift).
  public var isDecorated = true
  /// Whether the matches were ranked by a query with terms, so that their
  /// rows are drawn with match positions: `--keep-right` keeps the end of
  /// an item in view only without them, as in fzf (header rows always).
  public var hasQueryTerms = false
  /// `--ambidouble`: how wide East Asian ambiguous characters are, for the
  /// text the layout measures (the prompt, the query, the info line); the
  /// controller sets it from the configuration.
  public var ambiguous = AmbiguousWidth.narrow
  /// Whether the layout's right edge is the screen's, so that a section's
  /// box stops two columns short of it (Docs/Design.md, Drawing); not inside
  /// `--border`'s box or beside a pane on the right.
  var reachesScreenEdge = true
  /// Whether this layout draws the content of one section (PickerLayout+Sections.swift):
  /// no sections of its own and no footer.
  var isSection = false
  /// Columns added to the header and footer rows' indent, so that their
  /// text lines up with the items' across section borders (may be negative).
  var indentShift = 0

  public init(width: Int, height: Int) {
    self.width = max(width, 1)
    self.height = max(height, 1)
  }

  static let spinner: [String] = ["-", "\\", "|", "/"]

  /// What is on a row of the frame, so that a mouse click can be mapped to
  /// what it hit.
  public enum RowRole: Equatable, Sendable {
    case prompt, info, selectAll, header
    /// A match: the item (its ordinal in the store) drawn on the row.
    case item(Int)
    /// A row of `--footer` text.
    case footer
    case empty
  }

  /// The prompt, info and select-all rows, with what each holds, and the
  /// text cursor's column. (The `--header` and `--header-lines` rows are
  /// PickerLayout+Header.swift's.)
  func topRows(_ state: PickerState, store: ItemStore) -> (rows: [[Span]], roles: [RowRole], cursorColumn: Int) {
    var top: [[Span]] = []
    var topRoles: [RowRole] = []
    let theme = state.configuration.theme
    let prompt = segments(state.prompt, width: width)
    var promptRow = prompt.map { Span($0.text, columns: $0.columns, style: theme.prompt) }
    let (promptColumns, start, room) = queryView(state)
    let characters = state.editor.characters
    let visible = QueryEditor.bytes(of: characters[start...])
    // While typing does not search (`--disabled`), the query takes the `disabled` look, as in fzf.
    let queryStyle = state.isSearchEnabled ? theme.query : theme.style(.disabled, on: .inputBg)
    promptRow += segments(visible, width: room).map { Span($0.text, columns: $0.columns, style: queryStyle) }
    if characters.isEmpty {
      // `--ghost`: a hint in the empty query's place; the text cursor stays before it.
      let ghost = segments(state.configuration.ghost, width: room)
      promptRow += ghost.map { Span($0.text, columns: $0.columns, style: theme.style(.ghost, on: .inputBg)) }
    }
    let cursorColumn = min(promptColumns + columns(characters[start..<state.editor.cursor]), width - 1)
    if state.configuration.info.isInline { promptRow = withInlineInfo(promptRow, state) }
    top.append(promptRow)
    topRoles = [.prompt]
    if hasInfoRow(state) {
      top.append(infoRow(state))
      topRoles.append(.info)
    }
    if state.configuration.isMulti {
      let rows = selectAllRows(state)
      top.append(contentsOf: rows)
      topRoles += Array(repeating: .selectAll, count: rows.count)
    }
    return (top, topRoles, cursorColumn)
  }

  /// How many rows the list has in a frame of this size without a preview
  /// pane (at least 1, so that paging always moves): what is left below the
  /// prompt, info, select-all and header rows. The select-all row takes two
  /// rows when its title and count do not fit on one.
  func listRowCount(for state: PickerState, store: ItemStore) -> Int {
    itemCount(forRows: listRows(for: state, store: store), state)
  }

  /// The rows themselves (at least 1): what the list scrolls by while
  /// items can take several (`PickerLayout+RowMeasure.swift`).
  public func listRows(for state: PickerState, store: ItemStore) -> Int {
    if drawsSections(state) { return sectionedListRows(state, store: store) }
    let configuration = state.configuration
    let top =
      Self.inputAndHeaderRows(
        configuration, headerLines: min(configuration.headerLines, store.count),
        selectAllRows: configuration.isMulti ? selectAllRows(state).count : 0) + footerRows(state).count
    return max(height - top, 1)
  }

  /// The frame for `state` without a preview pane, and what is on each of its
  /// rows. (`frame` and `frameWithRoles`, in PickerLayout+Preview.swift, add
  /// the pane.) The list shows the matches from `state.scroll` on.
  func listFrameWithRoles(_ state: PickerState, store: ItemStore, highlight: (Int) -> [Int])
    -> (frame: Frame, roles: [RowRole])
  {
    if drawsSections(state) { return sectionedFrameWithRoles(state, store: store, highlight: highlight) }
    let (chrome, chromeRoles, cursorColumn) = topRows(state, store: store)
    let header = headerTextRows(state)
    let headerLines = headerLineRows(state, store: store)
    let footer = footerRows(state)
    let listHeight = max(height - chrome.count - header.count - headerLines.count - footer.count, 0)
    let (list, listRoles) = itemRows(state, store: store, rows: listHeight, highlight: highlight)
    var rows: [[Span]]
    var roles: [RowRole]
    var cursorRow: Int
    let fillCount = max(height - chrome.count - header.count - headerLines.count - footer.count - list.count, 0)
    let fill = Array(repeating: [Span](), count: fillCount)
    let fillRoles = Array(repeating: RowRole.empty, count: fillCount)
    let headerRoles = Array(repeating: RowRole.header, count: header.count)
    let headerLineRoles = Array(repeating: RowRole.header, count: headerLines.count)
    // `--footer`: at the far end from the prompt, read top-down.
    // Its line (first below the list, last above it) holds nothing to click.
    let footerLine = footer.isEmpty ? 0 : footer.count - footerTextRows(state).count
    let footerText = Array(repeating: RowRole.footer, count: footer.count - footerLine)
    let lineRole = Array(repeating: RowRole.empty, count: footerLine)
    let footerRoles = lineRole + footerText
    let footerAbove = Self.above(footer)
    let footerAboveRoles = footerText + lineRole
    // As fzf: the `--header` text reads top-down in every layout; the
    // `--header-lines` items sit between it and the list, except in
    // reverse-list, where they head the list at the top, in input order.
    // `--header-first`: the `--header` rows go beyond the prompt, at the edge.
    let first = state.configuration.headerFirst
    let (inner, innerRoles) = first ? ([], []) : (header, headerRoles)
    let (outer, outerRoles) = first ? (header, headerRoles) : ([], [])
    switch state.configuration.layout {
    case .reverse:
      rows = outer + chrome + inner + headerLines + list
      roles = outerRoles + chromeRoles + innerRoles + headerLineRoles + listRoles
      if !footer.isEmpty {
        rows += fill + footer
        roles += fillRoles + footerRoles
      }
      cursorRow = outer.count
    case .reverseList:
      // Prompt at the bottom, list from the top down.
      rows = footerAbove + headerLines + list + fill + inner + chrome.reversed() + outer
      roles =
        footerAboveRoles + headerLineRoles + listRoles + fillRoles + innerRoles + chromeRoles.reversed() + outerRoles
      cursorRow = height - 1 - outer.count
    case .default:
      // Prompt at the bottom, best match just above the header and info line.
      rows = footerAbove + fill + list.reversed() + headerLines.reversed() + inner + chrome.reversed() + outer
      roles =
        footerAboveRoles + fillRoles + listRoles.reversed() + headerLineRoles.reversed() + innerRoles
        + chromeRoles.reversed() + outerRoles
      cursorRow = height - 1 - outer.count
    }
    if rows.count > height {
      let keepsTop = state.configuration.layout == .reverse
      rows = Array(keepsTop ? rows.prefix(height) : rows.suffix(height))
      roles = Array(keepsTop ? roles.prefix(height) : roles.suffix(height))
    }
    while rows.count < height { rows.append([]) }
    while roles.count < height { roles.append(.empty) }
    cursorRow = min(cursorRow, height - 1)
    let theme = state.configuration.theme
    if theme.hasBackgrounds { rows = zip(rows, roles).map { painted($0, background: theme.background(of: $1)) } }
    let cursor = currentRowCursor(state, roles: roles) ?? CursorPosition(row: cursorRow, column: cursorColumn)
    return (Frame(width: width, height: height, rows: rows, cursor: cursor), roles)
  }

  /// The list's rows for `rows` rows of screen, top-down from the match at
  /// `state.scroll`: the items, the `--gap` rows between them, the scrollbar.
  func itemRows(_ state: PickerState, store: ItemStore, rows: Int, highlight: (Int) -> [Int])
    -> (rows: [[Span]], roles: [RowRole])
  {
    if state.lineBreaking.spansRows {
      // Items over several rows (`--wrap`, multi-line items): PickerLayout+ItemRows.swift.
      return spanningList(state, rows: rows, store: store, highlight: highlight)
    }
    var list: [[Span]] = []
    var listRoles: [RowRole] = []
    let shownItems = itemCount(forRows: rows, state)
    let gap = gapRows(state)
    for row in 0..<shownItems {
      let position = state.scroll + row
      guard position < state.matches.count else { break }
      // --gap: the rows between items.
      if row > 0 {
        list += gap
        listRoles += Array(repeating: .empty, count: gap.count)
      }
      let item = itemRow(state, position: position, store: store, highlight: highlight)
      list.append(withScrollbar(item, row: row, items: shownItems, state))
      listRoles.append(.item(state.matches.itemIndex(at: position)))
    }
    return (list, listRoles)
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
      if columns(characters[middle..<state.editor.cursor]) > room - 1 {
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
    if drawsSections(state) {
      let (layout, left) = inputLayout(state)
      return layout.queryPosition(atColumn: column - left, in: state)
    }
    let view = queryView(state)
    let characters = state.editor.characters
    var left = view.promptColumns
    var index = view.start
    while index < characters.count {
      let right = left + columns(characters[index...index])
      if column < right { return index }
      left = right
      index += 1
    }
    return characters.count
  }

  /// A header line, lined up with the items' text; `runs`: its own colours
  /// (a `--header-lines` item under `--ansi`). `fit`: the configuration's,
  /// `--keep-right` included (a header line has no match positions).
  func headerRow(
    _ text: [UInt8], style: Style, runs: [StyleRun] = [], indent columns: Int,
    ellipsis: DisplaySegment = DisplayLine.ellipsis, fit: LineFit = LineFit()
  ) -> [Span] {
    let columns = max(columns + indentShift, 0)
    let indent = Span(String(repeating: " ", count: columns), columns: columns, style: .plain)
    let segments = text.withUnsafeBufferPointer {
      DisplayLine.segments(
        of: $0, matches: [], width: max(width - columns - 2, 0), styleBreaks: runs.map(\.offset),
        ellipsis: ellipsis, fit: fit)
    }
    return clip(
      [indent]
        + segments.map {
          let style = $0.run > 0 && $0.run <= runs.count ? runs[$0.run - 1].style : style
          return Span($0.text, columns: $0.columns, style: style)
        })
  }

  private func columns(_ characters: ArraySlice<Unicode.Scalar>) -> Int {
    var text = ""
    text.unicodeScalars.append(contentsOf: characters)
    return DisplayWidth.columns(of: text, ambiguous: ambiguous)
  }

  private func itemRow(_ state: PickerState, position: Int, store: ItemStore, highlight: (Int) -> [Int]) -> [Span] {
    let item = state.matches.itemIndex(at: position)
    let look = RowLook(state, isCurrent: position == state.cursor, isSelected: state.selection.contains(item))
    let marks = state.configuration.itemMarks
    var row = signs(look, marker: marks.marker, state)
    // Two blank columns on the right: the `…` of a cut item is East Asian
    // "ambiguous", and nothing ambiguous goes in the last two columns (Docs/Design.md, Drawing).
    let textWidth = max(width - marks.textColumn - 2 - scrollbarColumns(state), 0)
    let matched = textWidth > 0 ? highlight(item) : []
    var fit = state.configuration.lineFit
    fit.keepsRight = fit.keepsRight && !hasQueryTerms
    let segments: [DisplaySegment]
    // The item's own colours (`--ansi`), of its `--with-nth` fields when only those are shown.
    let runs = textWidth == 0 ? [] : shownText == nil ? store.styleRuns(of: item) : shownRuns?(item) ?? []
    if let shownText {
      segments = shownText(item).withUnsafeBufferPointer {
        DisplayLine.segments(
          of: $0, matches: matched, width: textWidth, tabstop: state.configuration.tabstop,
          styleBreaks: runs.map(\.offset), ellipsis: state.configuration.ellipsis, fit: fit)
      }
    } else {
      segments = DisplayLine.segments(
        of: store.item(item), matches: matched, width: textWidth, tabstop: state.configuration.tabstop,
        styleBreaks: runs.map(\.offset), ellipsis: state.configuration.ellipsis, fit: fit)
    }
    for segment in segments {
      let style = Self.itemStyle(segment, runs: runs, text: look.text, match: look.match)
      row.append(Span(segment.text, columns: segment.columns, style: style))
    }
    return clip(row + lineFill(after: row, look, state))
  }

  func segments(_ bytes: [UInt8], width: Int) -> [DisplaySegment] {
    var fit = LineFit()
    fit.ambiguous = ambiguous
    return bytes.withUnsafeBufferPointer {
      DisplayLine.segments(of: $0, matches: [], width: width, tabstop: 8, fit: fit)
    }
  }

  func fitted(_ text: String, style: Style, width: Int? = nil) -> [Span] {
    segments(Array(text.utf8), width: max(width ?? self.width, 0)).map {
      Span($0.text, columns: $0.columns, style: style)
    }
  }

  /// Drops spans past the width (the markers can exceed a 1- or 2-column terminal).
  func clip(_ row: [Span]) -> [Span] {
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
