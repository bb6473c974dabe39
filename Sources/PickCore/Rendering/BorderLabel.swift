/// `--border-label` and `--border-label-pos`: text drawn over a horizontal
/// line of the border.
///
/// The position is fzf's: 0 (or `center`) centres the label; a positive N
/// starts it at column N of the line (1 is the corner); a negative N ends it
/// at column N from the right (-1 is the corner). The label goes on the top
/// line unless `:bottom` is given or the border has only a bottom line; on
/// a border with only a top line, `:bottom` still draws it on the top one
/// (fzf would draw it over the last row of the list).
public struct BorderLabel: Equatable, Hashable, Sendable {
  /// The label's bytes; drawn as item text is (controls as their pictures).
  public var text: [UInt8] = []
  /// 0 centres; see the type's comment for positive and negative values.
  public var column = 0
  /// `:bottom`: on the bottom line.
  public var isBottom = false

  public init(text: [UInt8] = [], column: Int = 0, isBottom: Bool = false) {
    self.text = text
    self.column = column
    self.isBottom = isBottom
  }

  /// Parses `N`, `center`, `N:top`, `N:bottom`, `bottom`, ... as fzf does:
  /// the words are split at `:` and applied in order, case ignored.
  public mutating func setPosition(_ bytes: [UInt8]) throws(InvalidValue) {
    column = 0
    isBottom = false
    let text = String(decoding: bytes, as: UTF8.self).lowercased()
    for word in text.split(separator: ":", omittingEmptySubsequences: false) {
      switch word {
      case "center": column = 0
      case "top": isBottom = false
      case "bottom": isBottom = true
      default:
        guard let number = Int(word) else {
          throw InvalidValue("expected a whole number, center, top or bottom (N[:top|bottom])")
        }
        // No screen is wider than this; the arithmetic on it must not overflow.
        column = min(max(number, -100_000), 100_000)
      }
    }
  }

  /// The first column (0-based) of a label `length` columns wide on a line
  /// `width` columns wide; the caller cuts what does not fit.
  public func startColumn(length: Int, width: Int) -> Int {
    if column == 0 { return max(0, (width - length) / 2) }
    if column < 0 { return max(0, width + column + 1 - length) }
    return max(0, min(column - 1, width - length))
  }
}
