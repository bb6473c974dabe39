/// `--footer`: text at the far end of the list from the prompt (the bottom
/// in pick's reverse layout, the top otherwise), read top-down in every
/// layout, with a line between it and the list, as fzf 0.74 draws it with
/// its default `--footer-border=line`.
extension PickerLayout {
  /// The footer's rows as drawn below the list: the line, then the text's
  /// lines (indented to the items' text, cut with the ellipsis). None
  /// without a footer.
  func footerRows(_ state: PickerState) -> [[Span]] {
    let configuration = state.configuration
    let lines = Self.headerLines(of: configuration.footer)
    guard !lines.isEmpty else { return [] }
    let theme = configuration.theme
    let textStyle = theme.style(.footer, on: .footerBg)
    let border = theme.style(.footerBorder)
    let lineStyle = border == .plain ? configuration.listDecoration.style : border
    // Like every row, the line stops two columns short of the edge (its
    // glyph is East Asian ambiguous: Docs/Design.md, Drawing).
    let columns = max(width - 2, 0)
    let glyph = configuration.drawsUnicodeLines ? "─" : "-"
    let line = columns > 0 ? [Span(String(repeating: glyph, count: columns), columns: columns, style: lineStyle)] : []
    return [line]
      + lines.map {
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
