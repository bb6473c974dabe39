/// Backgrounds: with `--color bg:…` (or `list-bg`, `input-bg`, `header-bg`)
/// the whole of each row takes its section's background, as fzf fills its
/// window, not only the cells that hold text. Without one (pick's default
/// and every built-in scheme) rows are left as they are, so the terminal's
/// erase-to-end-of-line draws the rest and nothing costs more.
extension PickerLayout {
  /// `row` with `background` under every span that has no background of its
  /// own, and padded with it to the full width.
  func painted(_ row: [Span], background: Color?) -> [Span] {
    guard let background else { return row }
    var used = 0
    var out = row.map { span in
      var span = span
      if span.style.background == nil && !(span.style.reverse && span.style.foreground == nil) {
        span.style.background = background
      }
      used += span.columns
      return span
    }
    if used < width {
      out.append(
        Span(String(repeating: " ", count: width - used), columns: width - used, style: Style(background: background)))
    }
    return out
  }
}

extension Theme {
  /// Whether any section has a background colour of its own.
  var hasBackgrounds: Bool {
    self[.listBg].color != nil || self[.inputBg].color != nil || self[.headerBg].color != nil
  }

  /// The background of the section a row belongs to.
  func background(of role: PickerLayout.RowRole) -> Color? {
    switch role {
    case .prompt, .info: return self[.inputBg].color
    case .selectAll, .header: return self[.headerBg].color
    case .item, .footer, .empty: return self[.listBg].color
    }
  }
}
