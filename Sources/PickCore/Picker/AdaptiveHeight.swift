/// `--height=~N`: the inline area shrinks to fit the items when there are
/// fewer than it could show, as fzf's `~` does. fzf waits until enough
/// items came to fill the area, or the input ended, then keeps the height
/// it chose for the rest of the session; pick does the same (the caller
/// reads the items first).
public enum AdaptiveHeight {
  /// The rows for `items` items (after `--header-lines`) in an area of at
  /// most `maximum` rows: the items and every row the layout puts around
  /// the list (`PickerLayout.rowsBesideList`, as `--min-height=N+` counts
  /// them: prompt, info, select-all row, header, footer, section and
  /// border lines, margins and paddings given in rows).
  public static func rows(items: Int, maximum: Int, options: Options) -> Int {
    max(1, min(maximum, MinimumHeight(rows: items, addsLayout: true).rows(for: options)))
  }
}
