/// One row of an item drawn over several rows (PickerLayout+ItemRows.swift):
/// its signs, the wrap sign, the text, the highlighted line's fill; and the
/// scrollbar beside such rows.
extension PickerLayout {
  /// How a row of an item looks: the cursor's, a selected item's or neither.
  struct RowLook {
    var isCurrent: Bool
    var isSelected: Bool
    var text: Style
    var match: Style
    /// The background of the blank cells (the marker's and the gap's).
    var blank: Style

    /// `borrowing`: an initializer takes its arguments owned, and every
    /// row drawn copied the whole state (its fields retained, then released).
    init(_ state: borrowing PickerState, isCurrent: Bool, isSelected: Bool) {
      let theme = state.configuration.theme
      self.isCurrent = isCurrent
      self.isSelected = isSelected
      (text, match) =
        isCurrent
        ? (theme.currentText, theme.currentMatch)
        : (isSelected ? (theme.selectedText, theme.selectedMatch) : (theme.text, theme.match))
      blank = Style(background: text.background)
    }
  }

  /// The pointer, marker and gap columns before an item's text (`marker`:
  /// the sign a selected row shows).
  func signs(_ look: RowLook, marker: String, _ state: PickerState) -> [Span] {
    let theme = state.configuration.theme
    let marks = state.configuration.itemMarks
    return [
      Span(
        look.isCurrent ? marks.pointer : marks.pointerBlank, columns: marks.pointerColumns,
        style: look.isCurrent ? theme.pointer : theme.gutter),
      Span(
        look.isSelected ? marker : marks.markerBlank, columns: marks.markerColumns,
        style: look.isSelected ? (look.isCurrent ? theme.currentMarker : theme.marker) : look.blank),
      Span(
        String(repeating: " ", count: marks.gapColumns), columns: marks.gapColumns,
        style: look.isCurrent ? theme.currentGap : look.blank),
    ].filter { $0.columns > 0 }
  }

  /// `--highlight-line`: the current or a selected row's background from
  /// after `row` up to the scrollbar's column (or the two columns kept free
  /// at the edge); nothing otherwise.
  func lineFill(after row: [Span], _ look: RowLook, _ state: PickerState) -> [Span] {
    guard state.configuration.highlightsLine && (look.isCurrent || look.isSelected) else { return [] }
    let fill = width - 2 - scrollbarColumns(state) - row.reduce(0) { $0 + $1.columns }
    return fill > 0 ? [Span(String(repeating: " ", count: fill), columns: fill, style: look.blank)] : []
  }

  /// Row `line` of an item, with the signs for its `part`.
  func spans(of line: ItemRow, part: ItemMarks.MultiLinePart, look: RowLook, runs: [StyleRun], _ state: PickerState)
    -> [Span]
  {
    let configuration = state.configuration
    let marker = configuration.itemMarks.marker(for: part, usesUnicode: configuration.drawsUnicodeLines)
    var row = signs(look, marker: marker, state)
    if line.isContinuation && lineShape(state).signColumns > 0 {
      var dimmed = look.text
      dimmed.dim = true
      row.append(Span(configuration.wrapSign.text, columns: configuration.wrapSign.columns, style: dimmed))
    }
    for segment in line.segments {
      let style = Self.itemStyle(segment, runs: runs, text: look.text, match: look.match)
      row.append(Span(segment.text, columns: segment.columns, style: style))
    }
    return clip(row + lineFill(after: row, look, state))
  }

  /// `rows` with the scrollbar's cell, in the third column from the right,
  /// where its thumb is: fzf's arithmetic over rows, counting each match as
  /// the rows an item shown takes on average.
  func withScrollbar(_ rows: [[Span]], listRows: Int, items: Int, _ state: PickerState) -> [[Span]] {
    let marks = state.configuration.listDecoration
    guard let glyph = marks.scrollbar, !glyph.isEmpty, width >= 4, items > 0 else { return rows }
    let perItem = max(rows.count / items, 1)
    guard
      let thumb = ListDecoration.scrollbar(
        rows: listRows, total: state.matches.count * perItem, offset: state.scroll * perItem)
    else { return rows }
    let cell = Span(String(decoding: glyph, as: UTF8.self), columns: 1, style: marks.style)
    return rows.enumerated().map { index, row in
      let used = row.reduce(0) { $0 + $1.columns }
      guard index >= thumb.start, index < thumb.start + thumb.length, used <= width - 3 else { return row }
      let pad = width - 3 - used
      return row + (pad > 0 ? [Span(String(repeating: " ", count: pad), columns: pad)] : []) + [cell]
    }
  }
}
