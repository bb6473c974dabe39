/// How an item's text is laid out over the list's rows: on one row, cut
/// with the ellipsis (pick's default), or over several, as fzf 0.74 does
/// with `--wrap` and with the newlines of `--read0` items.
///
/// The options set where a picker starts; `toggle-wrap`, `toggle-wrap-word`
/// and `toggle-multi-line` change it while it runs (`PickerState.lineBreaking`).
public struct LineBreaking: Equatable, Hashable, Sendable {
  /// `--wrap`: a line too long for its row goes on over the next rows
  /// instead of being cut.
  public var wraps = false
  /// `--wrap=word`, `--wrap-word`: a wrapped line breaks after the last
  /// space or tab that fits, when there is one (fzf's word mode).
  public var wrapsWords = false
  /// Each line of an item that holds newlines on a row of its own (fzf
  /// 0.53's multi-line items): on under `--read0` unless `--no-multi-line`.
  /// Off, a newline is drawn as its control picture (`␊`), as any control.
  public var multiLine = false

  public init(wraps: Bool = false, wrapsWords: Bool = false, multiLine: Bool = false) {
    self.wraps = wraps
    self.wrapsWords = wrapsWords
    self.multiLine = multiLine
  }

  /// Whether an item can take more than one row, so that the list scrolls
  /// by rows rather than by items.
  public var spansRows: Bool { wraps || multiLine }

  /// `toggle-wrap`: wrapping on or off (off also ends word mode), as fzf.
  public mutating func toggleWrap() {
    wraps.toggle()
    if !wraps { wrapsWords = false }
  }

  /// `toggle-wrap-word`: word wrapping on (which turns wrapping on) or off
  /// (which turns wrapping off), as fzf.
  public mutating func toggleWrapWord() {
    wrapsWords.toggle()
    wraps = wrapsWords
  }
}
