/// The theme as drawn without colours (`--no-color`, `NO_COLOR`).
///
/// Without colours the renderer keeps only attributes (Docs/Picker.md,
/// Colours), and a scheme that tells parts apart by colour alone would
/// then draw them alike: in pick's default scheme the current row is bold
/// and its matches are bold and green, so without green they are the same.
/// So, as fzf's `bw` look does, a part that would look like its neighbour
/// takes an attribute of its own:
///
/// - the current row, when it differs from the other rows by bold alone
///   (or not at all, under `--no-bold`), is reversed: bold is invisible in
///   some fonts and terminals, and the row must stand out without it;
/// - a match that looks like the text around it, on any row, is underlined.
extension Theme {
  /// This theme with the attributes that keep the current row and the
  /// matches distinguishable once colours are dropped.
  public var distinguishableWithoutColors: Theme {
    var theme = self
    if Self.attributesBesideBold(currentText) == Self.attributesBesideBold(text) {
      theme.currentText.reverse = true
      theme.currentMatch.reverse = true
      theme.currentGap.reverse = true
    }
    theme.match = Self.underlined(theme.match, against: theme.text)
    theme.currentMatch = Self.underlined(theme.currentMatch, against: theme.currentText)
    theme.selectedMatch = Self.underlined(theme.selectedMatch, against: theme.selectedText)
    return theme
  }

  /// `style` underlined when, without colours, it looks like `text`.
  private static func underlined(_ style: Style, against text: Style) -> Style {
    var style = style
    if style.withoutColors == text.withoutColors { style.underline = true }
    return style
  }

  /// A style's attributes without its colours and without bold.
  private static func attributesBesideBold(_ style: Style) -> Style {
    var style = style.withoutColors
    style.bold = false
    return style
  }
}
