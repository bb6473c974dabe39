/// A run of text drawn in one style: what `DisplayLine` makes of an item.
public struct DisplaySegment: Equatable, Sendable {
  /// What to draw: never contains a control character or a bidi control.
  public var text: String
  /// How many columns `text` takes (`DisplayWidth`).
  public var columns: Int
  /// Whether the text is part of the match, to highlight.
  public var isMatch: Bool
  /// Which of the item's own style runs the text is in, under `--ansi`:
  /// how many of the style breaks passed to `DisplayLine` come at or before
  /// it (0 for an item without colours).
  public var run: Int

  public init(text: String, columns: Int, isMatch: Bool, run: Int = 0) {
    self.text = text
    self.columns = columns
    self.isMatch = isMatch
    self.run = run
  }
}
