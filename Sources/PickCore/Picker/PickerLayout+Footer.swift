/// `--footer`: text at the far end of the list from the prompt (the bottom
/// in pick's reverse layout, the top otherwise), read top-down in every
/// layout, with a line between it and the list, as fzf 0.74 draws it with
/// its default `--footer-border=line`.
extension PickerLayout {
  /// The footer's rows as drawn below the list: the line, then the text's
  /// lines (indented to the items' text, cut with the ellipsis). None
  /// without a footer.
  func footerRows(_ state: PickerState) -> [[Span]] {
    let text = footerTextRows(state)
    guard !text.isEmpty, !isSection else { return [] }
    // Like every row, the line stops two columns short of the edge (its
    // glyph is East Asian ambiguous: Docs/Design.md, Drawing).
    // The footer's box drawn as its line facing the list (a frame too small
    // for its sections); none for `--footer-border=none`.
    var box = state.configuration.sections.footer
    guard box.shape != .none else { return text }
    box.shape = state.configuration.layout == .reverse ? .top : .bottom
    return [box.line(isTop: box.shape == .top, width: max(width - 2, 0))] + text
  }

  /// The footer's text rows, top-down, indented to the items' text.
  func footerTextRows(_ state: PickerState) -> [[Span]] {
    let configuration = state.configuration
    let textStyle = configuration.theme.style(.footer, on: .footerBg)
    return Self.headerLines(of: configuration.footer).map {
      headerRow(
        $0, style: textStyle, indent: configuration.itemMarks.textColumn, ellipsis: configuration.ellipsis,
        fit: configuration.lineFit)
    }
  }

  /// `footerRows` as drawn above the list: the text, then the line.
  static func above(_ footer: [[Span]]) -> [[Span]] {
    footer.isEmpty ? [] : Array(footer.dropFirst()) + [footer[0]]
  }
}
