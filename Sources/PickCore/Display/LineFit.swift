/// How every row of a frame fits a line that is too long for it: fzf's
/// `--hscroll`, `--hscroll-off`, `--keep-right`, `--freeze-left`,
/// `--freeze-right` and `--ambidouble`, read once from the options and
/// handed to `DisplayLine` with each row (the rules are in `DisplayLine`).
public struct LineFit: Equatable, Sendable {
  /// `--hscroll` (the default): a row whose last match would be cut off is
  /// cut at its start instead, so that the match shows. `--no-hscroll`: a
  /// long row always shows its start (and nothing is frozen).
  public var scrolls = true
  /// `--hscroll-off=COLS`: how many characters after the last match stay in
  /// view when the start is cut (at most half the row, less the ellipsis).
  public var context = DisplayLine.contextColumns
  /// `--keep-right`, for a row drawn without match positions (an empty
  /// query; header and footer lines always): the end shows, the start is cut.
  /// The layout decides per row; `DisplayLine` only obeys.
  public var keepsRight = false
  /// `--freeze-left`, `--freeze-right`: fields always shown.
  public var frozen = FrozenFields()
  /// `--ambidouble`: how wide East Asian ambiguous characters are.
  public var ambiguous = AmbiguousWidth.narrow

  public init() {}
}
