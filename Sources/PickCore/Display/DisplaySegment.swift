/// A run of text drawn in one style: what `DisplayLine` makes of an item.
public struct DisplaySegment: Equatable, Sendable {
  /// What to draw: never contains a control character or a bidi control.
  public var text: String
  /// How many columns `text` takes (`DisplayWidth`).
  public var columns: Int
  /// Whether the text is part of the match, to highlight.
  public var isMatch: Bool

  public init(text: String, columns: Int, isMatch: Bool) {
    self.text = text
    self.columns = columns
    self.isMatch = isMatch
  }
}
