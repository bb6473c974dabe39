/// `--marker-multi-line`: what marks a selected item drawn over several
/// rows (a wrapped item, or one with newlines under `--read0`), as fzf 0.74
/// marks it: one sign on its top row, one on the rows between, one on its
/// bottom row, so the rows read as one item. A selected item on one row
/// keeps `--marker`.
extension ItemMarks {
  /// Which of the signs a row of a selected item takes.
  public enum MultiLinePart: Sendable {
    /// The item fits on one row: the marker itself.
    case single
    case top, middle, bottom
  }

  /// fzf's default signs, and its ASCII ones under `--no-unicode`.
  static let defaultMultiLine = ["╻", "┃", "╹"]
  static let asciiMultiLine = [".", "|", "'"]

  /// The sign for `part`, `markerColumns` wide: the one given, or fzf's
  /// default (none when the marker itself takes no column, as in fzf).
  func marker(for part: MultiLinePart, usesUnicode: Bool) -> String {
    let index: Int
    switch part {
    case .single: return marker
    case .top: index = 0
    case .middle: index = 1
    case .bottom: index = 2
    }
    guard markerColumns > 0 else { return "" }
    let signs = givenMultiLine ?? (usesUnicode ? Self.defaultMultiLine : Self.asciiMultiLine)
    let sign = signs[index]
    return sign + String(repeating: " ", count: max(markerColumns - DisplayWidth.columns(of: sign), 0))
  }

  /// Splits fzf's value into its three signs and their width: its grapheme
  /// clusters, 3 or 6 columns in all, each sign a third of that. Empty:
  /// three empty signs.
  static func multiLineSigns(_ text: String) throws(InvalidValue) -> ([String], Int) {
    guard !text.isEmpty else { return (["", "", ""], 0) }
    let total = text.reduce(0) { $0 + DisplayWidth.columns(of: $1) }
    guard total == 3 || total == 6 else {
      throw InvalidValue("the multi-line marker must be 3 or 6 columns wide in all (or empty), not \(total)")
    }
    let each = total / 3
    var signs = ["", "", ""]
    var index = 0
    var left = each
    for character in text where index < 3 {
      signs[index].append(character)
      left -= DisplayWidth.columns(of: character)
      if left <= 0 {
        index += 1
        left = each
      }
    }
    guard signs.allSatisfy({ DisplayWidth.columns(of: $0) == each }) else {
      throw InvalidValue("each of the three multi-line signs must be \(each) columns wide")
    }
    return (signs, each)
  }
}
