/// Everything on pick's part of the screen at one moment: what the layout
/// produces and the renderer draws.
///
/// A frame is a plain value, so a layout can be checked against a literal
/// screen (`plainText`) without a terminal, and the renderer can compare two
/// frames row by row to redraw only what changed.
public struct Frame: Equatable, Sendable {
  public var width: Int
  public var height: Int
  /// Exactly `height` rows; a row's spans total at most `width` columns.
  public var rows: [[Span]]
  /// Where the text cursor goes; `nil` keeps it hidden.
  public var cursor: CursorPosition?

  /// A frame of `width` × `height` cells. `rows` is padded with empty rows,
  /// or cut, to exactly `height` rows.
  public init(width: Int, height: Int, rows: [[Span]] = [], cursor: CursorPosition? = nil) {
    self.width = max(0, width)
    self.height = max(0, height)
    var rows = rows
    if rows.count > self.height { rows.removeLast(rows.count - self.height) }
    while rows.count < self.height { rows.append([]) }
    self.rows = rows
    self.cursor = cursor
  }

  /// The plain text of the frame, for golden tests: each row's span texts
  /// padded with spaces to `width`, rows joined with "\n".
  public var plainText: String {
    var text = ""
    for (index, row) in rows.enumerated() {
      if index > 0 { text += "\n" }
      var used = 0
      for span in row {
        text += span.text
        used += span.columns
      }
      if used < width { text += String(repeating: " ", count: width - used) }
    }
    return text
  }
}
