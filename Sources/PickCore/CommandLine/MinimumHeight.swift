/// `--min-height=N[+]`: the fewest rows `--height=P%` may give, so that a
/// percentage of a small pane still shows a list (`--height 40%` in a
/// 10-row pane would otherwise be 4 rows: prompt, info and two items).
///
/// As fzf: `N` is that many rows; `N+` (the default, `10+`) is N rows of
/// list plus every row the layout puts around it: the prompt and info line,
/// the select-all row in multi mode, the `--header` rows, the
/// `--header-lines` items, the footer, the lines of the section borders and
/// of `--border`, and the margins and paddings given in rows. Either way the
/// terminal's own height still bounds it.
public struct MinimumHeight: Equatable, Sendable {
  public var rows: Int
  /// `N+`: the layout's other rows are added.
  public var addsLayout: Bool

  public init(rows: Int, addsLayout: Bool) {
    self.rows = rows
    self.addsLayout = addsLayout
  }

  /// fzf's default, `10+`.
  public static let standard = MinimumHeight(rows: 10, addsLayout: true)

  /// Parses `N` or `N+` (N ≥ 0); nil otherwise.
  public init?(_ text: String) {
    var digits = Substring(text)
    addsLayout = digits.last == "+"
    if addsLayout { digits = digits.dropLast() }
    guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(digits) else {
      return nil
    }
    rows = number
  }

  /// The minimum for the picker `options` describe: with `N+`, every row
  /// the layout puts around the list (`PickerLayout.rowsBesideList`).
  public func rows(for options: Options) -> Int {
    guard addsLayout else { return rows }
    return rows + PickerLayout.rowsBesideList(PickerConfiguration(options: options))
  }
}
