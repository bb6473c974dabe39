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

  /// The box's lines, in the border's and the label's styles.
  var lines: BoxLines {
    BoxLines(shape: shape, ascii: usesASCII, label: label, lineStyle: borderStyle, labelStyle: labelStyle)
  }

  /// A row between the top and bottom lines: the side lines, each with its
  /// space, around the content's row padded to the content's width.
  private func sideRow(_ inner: [Span], box: Rectangle, content: Rectangle) -> [Span] {
    BoxLines.blank(box.left)
      + lines.sides(
        inner, leading: content.left - box.left - (shape.hasLeft ? 1 : 0), contentWidth: content.width,
        width: box.width)
  }

  /// The top or bottom line, corners included, with the label over it when
  /// the label belongs there.
  private func lineRow(isTop: Bool, box: Rectangle) -> [Span] {
    BoxLines.blank(box.left) + lines.line(isTop: isTop, width: box.width)
  }
}
