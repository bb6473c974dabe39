/// `--height=~N`: the inline area shrinks to fit the items when there are
/// fewer than it could show, as fzf's `~` does. fzf waits until enough
/// items came to fill the area, or the input ended, then keeps the height
/// it chose for the rest of the session; pick does the same (the caller
/// reads the items first).
public enum AdaptiveHeight {
  /// The rows for `items` items (after `--header-lines`) in an area of at
  /// most `maximum` rows and `columns` columns: the items, the rows around
  /// the list that `--min-height=N+` counts (prompt, info, select-all row,
  /// header), the footer's and the border's, margins' and paddings'.
  public static func rows(items: Int, maximum: Int, columns: Int, options: Options) -> Int {
    let layout = MinimumHeight(rows: items, addsLayout: true).rows(for: options)
    let footerLines = PickerLayout.headerLines(of: options.footer).count
    let footer = footerLines > 0 ? footerLines + 1 : 0
    let content = options.decoration.geometry(width: columns, height: maximum)?.content.height ?? maximum
    return max(1, min(maximum, layout + footer + maximum - content))
  }
}
