/// The list's marks (`ListDecoration`): the separator after the info text,
/// the scrollbar beside the items, the rows between them (`--gap`,
/// `--gap-line`). Like every
/// row's text, none reaches the last two columns: the separator's and the
/// scrollbar's glyphs are East Asian ambiguous (Docs/Design.md, Drawing).
extension PickerLayout {
  /// How many items `rows` list rows show with `--gap` (one or more for a row or more).
  func itemCount(forRows rows: Int, _ state: PickerState) -> Int {
    let gap = max(state.configuration.listDecoration.gap, 0)
    return rows <= 0 ? 0 : (rows + gap) / (gap + 1)
  }

  /// `--gap`'s rows, drawn before every item but the first (made once per
  /// frame): blank, the last one with the `--gap-line` text across it from
  /// the items' signs on (as fzf).
  func gapRows(_ state: PickerState) -> [[Span]] {
    let gap = max(state.configuration.listDecoration.gap, 0)
    guard gap > 0 else { return [] }
    var rows = Array(repeating: [Span](), count: gap - 1)
    let marks = state.configuration.itemMarks
    let indent = marks.pointerColumns + marks.markerColumns
    var line = [Span]()
    let text = state.configuration.listDecoration.gapLine
    let fill = repeated(text, columns: width - 2 - indent - scrollbarColumns(state), state, padded: false)
    if !fill.isEmpty { line = [Span(String(repeating: " ", count: indent), columns: indent)] + fill }
    rows.append(line.filter { $0.columns > 0 })
    return rows
  }

  /// The columns the scrollbar takes from the items' text: one when there
  /// is a scrollbar, whether or not the list overflows, so text does not
  /// move when it appears.
  func scrollbarColumns(_ state: PickerState) -> Int {
    (state.configuration.listDecoration.scrollbar?.isEmpty ?? true) ? 0 : 1
  }

  /// `row` (the list's `row`-th item of `items` shown) with the scrollbar's
  /// cell in the third column from the right, when the list overflows.
  func withScrollbar(_ row: [Span], row index: Int, items: Int, _ state: PickerState) -> [Span] {
    let marks = state.configuration.listDecoration
    guard let glyph = marks.scrollbar, !glyph.isEmpty, width >= 4,
      let thumb = ListDecoration.scrollbar(rows: items, total: state.matches.count, offset: state.scroll),
      index >= thumb.start, index < thumb.start + thumb.length
    else { return row }
    let used = row.reduce(0) { $0 + $1.columns }
    let column = width - 3
    guard used <= column else { return row }
    let pad = column - used
    return row + (pad > 0 ? [Span(String(repeating: " ", count: pad), columns: pad)] : [])
      + [Span(String(decoding: glyph, as: UTF8.self), columns: 1, style: marks.style)]
  }

  /// `--separator`: its text repeated after the info line's text (and a
  /// space), up to two columns short of the edge.
  func separator(after used: Int, _ state: PickerState) -> [Span] {
    let room = width - 2 - used - 1
    let fill = separatorFill(columns: room, state, padded: false)
    return fill.isEmpty ? [] : [Span(" ", columns: 1)] + fill
  }

  /// `columns` columns of `--separator`'s text repeated (what fits of it
  /// at the end); without a separator, nothing, or spaces when `padded`.
  func separatorFill(columns room: Int, _ state: PickerState, padded: Bool) -> [Span] {
    repeated(state.configuration.listDecoration.separator, columns: room, state, padded: padded)
  }

  /// `columns` columns of `text` repeated in the list marks' style (what
  /// fits of it at the end); without text, nothing, or spaces when `padded`.
  func repeated(_ text: [UInt8]?, columns room: Int, _ state: PickerState, padded: Bool) -> [Span] {
    guard room > 0 else { return [] }
    let marks = state.configuration.listDecoration
    var fit = LineFit()
    fit.ambiguous = ambiguous
    let unit = (text ?? []).withUnsafeBufferPointer {
      DisplayLine.segments(of: $0, matches: [], width: Int.max, tabstop: 8, fit: fit)
    }
    let unitColumns = unit.reduce(0) { $0 + $1.columns }
    guard unitColumns > 0 else { return padded ? [Span(String(repeating: " ", count: room), columns: room)] : [] }
    var spans: [Span] = []
    var filled = 0
    while filled + unitColumns <= room {
      spans += unit.map { Span($0.text, columns: $0.columns, style: marks.style) }
      filled += unitColumns
    }
    for segment in unit {
      guard filled + segment.columns <= room else { break }
      spans.append(Span(segment.text, columns: segment.columns, style: marks.style))
      filled += segment.columns
    }
    return spans
  }
}
