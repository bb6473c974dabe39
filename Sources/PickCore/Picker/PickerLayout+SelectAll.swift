/// The select-all row of multi mode: the box (`[ ]`, `[-]`, `[x]` for the
/// matching items), the title, and the count `S of N  +K hidden`.
///
/// The count is what the row is for, so it is never cut: a number cut in
/// the middle (`10884 of 2404…`) says something false. When the row is
/// narrow the count gives way in steps, each of which still tells the
/// truth: first it moves to a row of its own under the title, then
/// `+K hidden` becomes `+K`, the count starts at the left edge instead of
/// under the title, and last `+K` goes; a count that does not fit even as
/// `S of N` is left out. The title, being text, is cut with `…` as any
/// text is. Docs/Picker.md, The select-all row.
extension PickerLayout {
  /// The select-all row: box, title and count on one row, or the count on
  /// its own row when they do not fit together (no second row when not
  /// even `S of N` fits).
  func selectAllRows(_ state: PickerState) -> [[Span]] {
    let theme = state.configuration.theme
    let summary = state.selection.summary(over: state.matches)
    let counts = Self.countTexts(summary)
    let titleBytes = Self.headerLines(of: state.configuration.header).first ?? Array("All".utf8)
    // The box starts after the pointer's and the marker's columns.
    let marks = state.configuration.itemMarks
    let indent = marks.pointerColumns + marks.markerColumns
    let boxColumns = indent + 3 + 1
    let title = segments(titleBytes, width: Int.max)
    let titleColumns = title.reduce(0) { $0 + $1.columns }
    let marker = [
      Span(String(repeating: " ", count: indent), columns: indent, style: .plain),
      Span(Self.box(summary.state), columns: 3, style: theme.selectAllBox),
      Span(" ", columns: 1, style: .plain),
    ].filter { $0.columns > 0 }
    // One row when the title and the whole count (or `+K` for `+K hidden`) fit together.
    for count in counts.prefix(2) where boxColumns + titleColumns + 2 + count.count <= width {
      let gap = width - boxColumns - titleColumns - count.count
      return [
        marker + title.map { Span($0.text, columns: $0.columns, style: theme.header) }
          + [Span(String(repeating: " ", count: gap), columns: gap, style: .plain)]
          + fitted(count, style: theme.info)
      ]
    }
    let titleRow =
      marker
      + segments(titleBytes, width: max(width - boxColumns - 2, 0)).map {
        Span($0.text, columns: $0.columns, style: theme.header)
      }
    for count in counts {
      for start in [boxColumns, 0] where start + count.count <= width {
        return [clip(titleRow), fitted(String(repeating: " ", count: start) + count, style: theme.info)]
      }
    }
    return [clip(titleRow)]
  }

  /// `[ ]`, `[-]` or `[x]`: none, some or all of the matching items selected.
  static func box(_ state: SelectAllState) -> String {
    switch state {
    case .none: "[ ]"
    case .some: "[-]"
    case .all: "[x]"
    }
  }

  /// The count as it may be drawn, longest first (all ASCII, so characters
  /// are columns): `S of N  +K hidden`, `S of N  +K`, `S of N +K`, `S of N`.
  static func countTexts(_ summary: SelectionSummary) -> [String] {
    let count = "\(summary.selectedMatching) of \(summary.matching)"
    guard summary.hidden > 0 else { return [count] }
    let hidden = "+\(summary.hidden)"
    return [count + "  " + hidden + " hidden", count + "  " + hidden, count + " " + hidden, count]
  }
}
