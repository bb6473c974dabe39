/// What a span looks like: colours and attributes.
///
/// `nil` colours are the terminal's defaults. The renderer turns a style into
/// one SGR sequence that starts from a reset, so a style never inherits
/// anything from the span before it.
public struct Style: Hashable, Sendable {
  public var foreground: Color?
  public var background: Color?
  public var bold = false
  public var reverse = false
  public var underline = false
  public var dim = false
  public var italic = false
  public var blink = false
  public var strikethrough = false

  public init(
    foreground: Color? = nil, background: Color? = nil,
    bold: Bool = false, reverse: Bool = false, underline: Bool = false, dim: Bool = false,
    italic: Bool = false, blink: Bool = false, strikethrough: Bool = false
  ) {
    self.foreground = foreground
    self.background = background
    self.bold = bold
    self.reverse = reverse
    self.underline = underline
    self.dim = dim
    self.italic = italic
    self.blink = blink
    self.strikethrough = strikethrough
  }

  /// The terminal's default look: no colours, no attributes.
  public static let plain = Style()

  /// This style without its colours (for `NO_COLOR` and `--no-color`);
  /// attributes stay, so the current row and matches remain visible.
  public var withoutColors: Style {
    var style = self
    style.foreground = nil
    style.background = nil
    return style
  }
}
