/// A run of text in one style, the unit a frame's rows are made of.
///
/// The text is already safe to print: the caller has replaced controls,
/// invalid bytes and bidi controls with placeholders and expanded tabs.
/// `columns` is its display width, also computed by the caller (the renderer
/// never measures text, so it cannot disagree with the layout about widths).
public struct Span: Equatable, Sendable {
  public var text: String
  public var columns: Int
  public var style: Style

  public init(_ text: String, columns: Int, style: Style = .plain) {
    self.text = text
    self.columns = columns
    self.style = style
  }
}
