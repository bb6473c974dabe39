extension PickerLayout {
  /// How a segment of an item is drawn: in the item's own style under
  /// `--ansi` (`runs`; plain otherwise), with the match highlight over it
  /// and the current row's bold.
  ///
  /// As in fzf, the highlight wins where it says something: a matched
  /// character takes the highlight's foreground and attributes, and keeps the
  /// item's background and its other attributes. The current row is bold
  /// throughout, so it stays distinguishable (with its `>`) whatever the
  /// item's colours are.
  static func itemStyle(
    _ segment: DisplaySegment, runs: [StyleRun], isCurrent: Bool, match: Style, current: Style
  ) -> Style {
    var style = segment.run > 0 && segment.run <= runs.count ? runs[segment.run - 1].style : .plain
    if segment.isMatch {
      style.foreground = match.foreground ?? style.foreground
      style.background = match.background ?? style.background
      style.bold = style.bold || match.bold
      style.underline = style.underline || match.underline
      style.reverse = style.reverse || match.reverse
    } else if isCurrent {
      style.foreground = current.foreground ?? style.foreground
      style.background = current.background ?? style.background
    }
    if isCurrent { style.bold = true }
    return style
  }
}
