/// `--height`: draw inline below the cursor instead of full screen, as fzf.
///
/// `N` rows, `N%` of the terminal, `-N` the terminal less N rows; `~` in
/// front makes the height adaptive (`AdaptiveHeight`): at most that, less
/// when fewer items came than it could show. Always clamped to the
/// terminal, and at least 1 row.
public struct HeightSpec: Equatable, Sendable {
  public var value: Int
  public var isPercent = false
  public var isFromBottom = false
  /// `~`: shrink to fit the items, once they are read (fzf's `~`).
  public var isAdaptive = false
  /// The fewest rows a percentage may give (`--min-height`, resolved by
  /// `MinimumHeight.rows(for:)` once all options are known); a number of
  /// rows is taken as given.
  public var minimum = 0

  public init(value: Int, isPercent: Bool = false, isFromBottom: Bool = false) {
    self.value = value
    self.isPercent = isPercent
    self.isFromBottom = isFromBottom
  }

  /// Parses `N`, `N%`, `-N`, `~N`, `~N%`; nil when it is none of these.
  public init?(_ text: String) {
    var rest = Substring(text)
    if rest.first == "~" {
      isAdaptive = true
      rest = rest.dropFirst()
    }
    if rest.first == "-" {
      isFromBottom = true
      rest = rest.dropFirst()
    }
    if rest.last == "%" {
      isPercent = true
      rest = rest.dropLast()
    }
    guard !rest.isEmpty, rest.allSatisfy(\.isASCII), rest.allSatisfy(\.isNumber), let number = Int(rest) else {
      return nil
    }
    if isPercent && number > 100 { return nil }
    value = number
  }

  /// Rows to use on a terminal of `rows` rows.
  public func rows(on rows: Int) -> Int {
    var wanted = isPercent ? rows * value / 100 : value
    if isFromBottom { wanted = rows - wanted }
    if isPercent { wanted = max(wanted, minimum) }
    return max(1, min(wanted, rows))
  }
}
