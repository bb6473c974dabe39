/// The list while an item can take several rows (`--wrap`, multi-line
/// items under `--read0`), drawn as fzf 0.74 draws it:
///
/// - every row of an item starts with the item's signs: the pointer on
///   each row of the cursor's item, and on a selected item the multi-line
///   marker's top, middle and bottom signs (`--marker-multi-line`), or the
///   marker when it fits on one row;
/// - a wrapped row starts with the wrap sign, dimmed, in the row's colours;
/// - matched characters are highlighted on whichever row they fall;
/// - the item at the list's far end is cut when it does not fit: it shows
///   its first rows, except in the default layout (the list grows up from
///   the prompt), where it shows its last rows unless it is the cursor's;
/// - every row of an item holds the item's role, so a click on any of them
///   points at it.
///
/// `PickerState+Rows.swift` scrolls by the rows `rowMeasure` counts, for the
/// same width as the rows drawn here.
extension PickerLayout {
  /// How far the default layout looks for an item's last rows to show it
  /// cut at the top: an item with more rows than this shows its first rows.
  static let lastRowsReach = 4096

  /// The list's rows from `state.scroll` on, and the role of each: at most
  /// `rows` rows, in the order of the matches (the default layout turns
  /// the list over as a whole, so each item's rows are put in backwards).
  func spanningList(_ state: PickerState, rows listRows: Int, store: ItemStore, highlight: (Int) -> [Int])
    -> (rows: [[Span]], roles: [RowRole])
  {
    var rows: [[Span]] = []
    var roles: [RowRole] = []
    let gap = gapRows(state)
    let readsUp = state.configuration.layout == .default
    var position = state.scroll
    while rows.count < listRows && position < state.matches.count {
      if position > state.scroll {
        let shown = gap.prefix(listRows - rows.count)
        rows += shown
        roles += Array(repeating: .empty, count: shown.count)
        if rows.count >= listRows { break }
      }
      let item = itemRows(state, position: position, store: store, highlight: highlight, room: listRows - rows.count)
      rows += readsUp ? item.reversed() : item
      roles += Array(repeating: .item(state.matches.itemIndex(at: position)), count: item.count)
      position += 1
    }
    return (withScrollbar(rows, listRows: listRows, items: position - state.scroll, state), roles)
  }

  /// The rows of the match at `position`, at most `room` of them.
  func itemRows(_ state: PickerState, position: Int, store: ItemStore, highlight: (Int) -> [Int], room: Int)
    -> [[Span]]
  {
    let item = state.matches.itemIndex(at: position)
    let look = RowLook(state, isCurrent: position == state.cursor, isSelected: state.selection.contains(item))
    let shape = lineShape(state)
    let matched = shape.width > 0 ? highlight(item) : []
    // The item's own colours (`--ansi`), of its `--with-nth` fields when only those are shown.
    let runs = shape.width == 0 ? [] : shownText == nil ? store.styleRuns(of: item) : shownRuns?(item) ?? []
    let showsEnd = state.configuration.layout == .default && !look.isCurrent
    let shown = withShownText(of: item, store: store) { text in
      Self.visibleRows(
        text, matches: matched, styleBreaks: runs.map(\.offset), shape: shape, room: room, showsEnd: showsEnd)
    }
    return shown.rows.enumerated().map { index, line in
      let part = Self.part(index, of: shown.rows.count, cutsTop: shown.cutsTop, cutsBottom: shown.cutsBottom)
      return spans(of: line, part: part, look: look, runs: runs, state)
    }
  }

  /// The rows of an item's text that fit in `room` rows: its first ones,
  /// or, when `showsEnd` and it is cut, its last ones; and where it was cut.
  static func visibleRows(
    _ text: UnsafeBufferPointer<UInt8>, matches: [Int], styleBreaks: [Int], shape: ItemLines.Shape, room: Int,
    showsEnd: Bool
  ) -> (rows: [ItemRow], cutsTop: Bool, cutsBottom: Bool) {
    let first = ItemLines.rows(of: text, matches: matches, styleBreaks: styleBreaks, shape: shape, maxRows: room)
    guard first.isCut && showsEnd else { return (first.rows, false, first.isCut) }
    let whole = ItemLines.rows(
      of: text, matches: matches, styleBreaks: styleBreaks, shape: shape, maxRows: Self.lastRowsReach)
    guard !whole.isCut else { return (first.rows, false, true) }
    return (Array(whole.rows.suffix(room)), true, false)
  }

  /// Which multi-line sign row `index` of `count` rows shown takes (fzf's
  /// choice: a cut end has no top or bottom sign).
  static func part(_ index: Int, of count: Int, cutsTop: Bool, cutsBottom: Bool) -> ItemMarks.MultiLinePart {
    if count == 1 { return cutsTop ? .bottom : (cutsBottom ? .top : .single) }
    if index == 0 { return cutsTop ? .middle : .top }
    if index == count - 1 { return cutsBottom ? .middle : .bottom }
    return .middle
  }

  /// The text of `item` as the list shows it: its `--with-nth` fields, or the item.
  func withShownText<Result>(of item: Int, store: ItemStore, _ body: (UnsafeBufferPointer<UInt8>) -> Result)
    -> Result
  {
    if let shownText { return shownText(item).withUnsafeBufferPointer(body) }
    return body(store.item(item))
  }

  /// How an item's rows are made in this layout: the columns its text has
  /// (as `itemRow`'s: after the signs, two columns short of the edge and
  /// the scrollbar's), the wrap sign's, the tab stop and
  /// `state.lineBreaking`. A wrap sign that would leave no column for text
  /// is left out (fzf draws what fits of it, and no text).
  func lineShape(_ state: PickerState) -> ItemLines.Shape {
    let configuration = state.configuration
    let width = max(self.width - configuration.itemMarks.textColumn - 2 - scrollbarColumns(state), 0)
    let sign = configuration.wrapSign.columns
    var fit = configuration.lineFit
    fit.keepsRight = fit.keepsRight && !hasQueryTerms
    return ItemLines.Shape(
      width: width, signColumns: sign < width ? sign : 0, tabstop: configuration.tabstop,
      ellipsis: configuration.ellipsis, breaking: state.lineBreaking, fit: fit)
  }
}
