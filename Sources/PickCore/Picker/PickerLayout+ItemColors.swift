extension PickerLayout {
  /// How a segment of an item is drawn: in the theme's `text` and `match`
  /// styles (those of the row: current, selected or neither), or, under
  /// `--ansi`, in the item's own style (`runs`) with the highlight over it.
  ///
  /// As in fzf, the highlight wins where it says something: a matched
  /// character takes the highlight's foreground and attributes, and keeps the
  /// item's background and its other attributes. Elsewhere the item's colours
  /// win and the row's fill in what they leave unset; the row's bold (the
  /// current row's) stays, so it is distinguishable, with its `>`, whatever
  /// the item's colours are.
  static func itemStyle(_ segment: DisplaySegment, runs: [StyleRun], text: Style, match: Style) -> Style {
    guard segment.run > 0 && segment.run <= runs.count else { return segment.isMatch ? match : text }
    var style = runs[segment.run - 1].style
    if segment.isMatch {
      style.foreground = match.foreground ?? style.foreground
      style.background = match.background ?? style.background
      style.bold = style.bold || match.bold
      style.underline = style.underline || match.underline
      style.reverse = style.reverse || match.reverse
    } else {
      style.foreground = style.foreground ?? text.foreground
      style.background = style.background ?? text.background
    }
    style.bold = style.bold || text.bold
    return style
  }
}
