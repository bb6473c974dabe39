/// Drawing the decoration around a frame the layout drew for the content
/// rectangle: margins are blank, the lines are drawn in the border style
/// with the label over one of them, paddings are blank.
extension FrameDecoration {
  /// `inner` (a frame of the content's size) placed on a `width` × `height`
  /// screen inside the decoration, with its cursor moved along.
  public func decorate(_ inner: Frame, in geometry: Geometry, width: Int, height: Int) -> Frame {
    let box = geometry.box
    let content = geometry.content
    var rows: [[Span]] = []
    rows.reserveCapacity(height)
    for row in 0..<height {
      if row < box.top || row >= box.top + box.height {
        rows.append([])
      } else if shape.hasTop && row == box.top {
        rows.append(lineRow(isTop: true, box: box))
      } else if shape.hasBottom && row == box.top + box.height - 1 {
        rows.append(lineRow(isTop: false, box: box))
      } else {
        let index = row - content.top
        let innerRow = index >= 0 && index < inner.rows.count ? inner.rows[index] : []
        rows.append(sideRow(innerRow, box: box, content: content))
      }
    }
    let cursor = inner.cursor.map { CursorPosition(row: $0.row + content.top, column: $0.column + content.left) }
    return Frame(width: width, height: height, rows: rows, cursor: cursor)
  }

  private static func blank(_ columns: Int) -> [Span] {
    columns > 0 ? [Span(String(repeating: " ", count: columns), columns: columns)] : []
  }

  /// A row between the top and bottom lines: the side lines, each with its
  /// space, around the content's row padded to the content's width.
  private func sideRow(_ inner: [Span], box: Rectangle, content: Rectangle) -> [Span] {
    let glyphs = usesASCII ? BorderShape.Glyphs.ascii : shape.glyphs
    var row = Self.blank(box.left)
    if shape.hasLeft { row += [Span(glyphs.left, columns: 1, style: borderStyle)] }
    row += Self.blank(content.left - box.left - (shape.hasLeft ? 1 : 0))
    var used = 0
    for span in inner where used + span.columns <= content.width {
      row.append(span)
      used += span.columns
    }
    guard shape.hasRight else { return row }
    let rightLine = box.left + box.width - 1
    row += Self.blank(rightLine - content.left - used)
    row.append(Span(glyphs.right, columns: 1, style: borderStyle))
    return row
  }

  /// The top or bottom line, corners included, with the label over it when
  /// the label belongs there.
  private func lineRow(isTop: Bool, box: Rectangle) -> [Span] {
    let glyphs = usesASCII ? BorderShape.Glyphs.ascii : shape.glyphs
    let across = isTop ? glyphs.top : glyphs.bottom
    var cells = Array(repeating: across, count: box.width)
    if shape.hasLeft, box.width > 0 { cells[0] = isTop ? glyphs.topLeft : glyphs.bottomLeft }
    if shape.hasRight, box.width > 1 { cells[box.width - 1] = isTop ? glyphs.topRight : glyphs.bottomRight }
    let line = { (range: Range<Int>) -> [Span] in
      range.isEmpty ? [] : [Span(cells[range].joined(), columns: range.count, style: self.borderStyle)]
    }
    var row = Self.blank(box.left)
    let text = labelSpans(width: box.width)
    guard labelIsOnTop == isTop, !text.isEmpty else { return row + line(0..<box.width) }
    let length = text.reduce(0) { $0 + $1.columns }
    let start = label.startColumn(length: length, width: box.width)
    row += line(0..<start) + text + line(start + length..<box.width)
    return row
  }

  /// Whether the label goes on the top line (see `BorderLabel`).
  private var labelIsOnTop: Bool {
    if !shape.hasBottom { return true }
    if !shape.hasTop { return false }
    return !label.isBottom
  }

  /// The label as spans of at most `width` columns (cut with `…`), its
  /// controls drawn as their pictures, as item text is.
  private func labelSpans(width: Int) -> [Span] {
    guard !label.text.isEmpty, width > 0 else { return [] }
    let segments = label.text.withUnsafeBufferPointer {
      DisplayLine.segments(of: $0, matches: [], width: width, tabstop: 8)
    }
    return segments.map { Span($0.text, columns: $0.columns, style: labelStyle) }
  }
}
