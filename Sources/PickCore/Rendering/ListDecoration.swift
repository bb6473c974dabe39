/// fzf's marks on the list: the separator line beside the info text
/// (`--separator`), the scrollbar on the list's right (`--scrollbar`) and
/// blank rows between items (`--gap`).
///
/// fzf draws a separator and a scrollbar by default; pick does not, so that
/// its screen stays as it was (Docs/fzf-compatibility.md). `--style=full`
/// turns both on, `--style=default` and `--style=minimal` off.
public struct ListDecoration: Equatable, Hashable, Sendable {
  /// The text repeated after the info line's text; nil or empty: none.
  public var separator: [UInt8]? = nil
  /// Whether a separator is drawn (it also keeps the row under the prompt
  /// in the `--info` styles that have no text there).
  public var hasSeparator: Bool { !(separator ?? []).isEmpty }
  /// Set by `--style=full` (fzf's default separator): the separator is left
  /// out where a section border already parts the input from the list
  /// (`SectionPlan.separatesInput`). `--separator` clears it.
  public var separatorIsAuto = false
  /// The list's scrollbar character; nil or empty: none. Only its first
  /// character counts (fzf's second one is the preview's, which pick draws
  /// with its own position indicator).
  public var scrollbar: [UInt8]? = nil
  /// Blank rows between two items.
  public var gap = 0
  /// `--gap-line`: the text repeated across the last of those rows; nil or
  /// empty: they stay blank (pick's default; fzf draws `┈`).
  public var gapLine: [UInt8]? = nil
  /// The separator's and the scrollbar's style: the info line's grey.
  public var style = Style(foreground: .palette(8))

  public init() {}

  /// fzf's separator and scrollbar characters.
  public static let defaultSeparator = Array("─".utf8)
  public static let defaultScrollbar = Array("│".utf8)
  /// fzf's gap line.
  public static let defaultGapLine = Array("┈".utf8)

  /// Where the scrollbar's thumb is on a list of `rows` rows showing
  /// `total` matches from `offset` on: its first row and length; nil when
  /// everything fits (fzf's arithmetic).
  public static func scrollbar(rows: Int, total: Int, offset: Int) -> (start: Int, length: Int)? {
    guard rows > 0, total > rows else { return nil }
    let length = max(1, rows * rows / total)
    let start = min(rows - length, (rows - length) * offset / (total - rows))
    return (max(start, 0), length)
  }
}
