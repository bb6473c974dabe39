/// The lines of one box, drawn as rows of spans: the top and bottom lines
/// (corners included, the label over one of them), the side lines around a
/// content row, and a line across the box with T-junctions (between an
/// inline section and the list). `--border` (`FrameDecoration`) and every
/// section border (`SectionPlan`) draw with it, so a label sits at the same
/// column on every box.
public struct BoxLines: Equatable, Sendable {
  public var shape: BorderShape
  public var glyphs: BorderShape.Glyphs
  public var label: BorderLabel
  public var lineStyle: Style
  public var labelStyle: Style

  public init(
    shape: BorderShape, ascii: Bool = false, label: BorderLabel = BorderLabel(),
    lineStyle: Style = Style(foreground: .palette(8)), labelStyle: Style = .plain
  ) {
    self.shape = shape
    glyphs = shape.glyphs(ascii: ascii)
    self.label = label
    self.lineStyle = lineStyle
    self.labelStyle = labelStyle
  }

  /// The top or bottom line, `width` columns, with the label when it
  /// belongs on that line (`labelIsOnTop`).
  public func line(isTop: Bool, width: Int) -> [Span] {
    let across = isTop ? glyphs.top : glyphs.bottom
    let left = shape.hasLeft ? (isTop ? glyphs.topLeft : glyphs.bottomLeft) : nil
    let right = shape.hasRight ? (isTop ? glyphs.topRight : glyphs.bottomRight) : nil
    return crossing(across, left: left, right: right, width: width, labelled: labelIsOnTop == isTop)
  }

  /// A line across the box between two of its parts, with T-junctions where
  /// it meets the sides: an inline `section`'s line, in its style and with
  /// its label.
  public func separator(width: Int, bottomGlyph: Bool, of section: BoxLines) -> [Span] {
    var lines = self
    lines.label = section.label
    lines.lineStyle = section.lineStyle
    lines.labelStyle = section.labelStyle
    return lines.crossing(
      bottomGlyph ? glyphs.bottom : glyphs.top, left: shape.hasLeft ? glyphs.leftMid : nil,
      right: shape.hasRight ? glyphs.rightMid : nil, width: width, labelled: true)
  }

  /// A content row between the side lines: the left line, `leading` blank
  /// columns, `inner` cut to `contentWidth` columns, then blanks up to the
  /// right line, which is the box's last column (`width` columns in all).
  public func sides(_ inner: [Span], leading: Int, contentWidth: Int, width: Int) -> [Span] {
    var row: [Span] = []
    if shape.hasLeft { row.append(Span(glyphs.left, columns: 1, style: lineStyle)) }
    row += Self.blank(leading)
    var used = row.reduce(0) { $0 + $1.columns }
    let end = used + contentWidth
    for span in inner where used + span.columns <= end {
      row.append(span)
      used += span.columns
    }
    guard shape.hasRight else { return row }
    row += Self.blank(width - 1 - used)
    row.append(Span(glyphs.right, columns: 1, style: lineStyle))
    return row
  }

  static func blank(_ columns: Int) -> [Span] {
    columns > 0 ? [Span(String(repeating: " ", count: columns), columns: columns)] : []
  }

  /// Whether the label goes on the top line (see `BorderLabel`): on the top
  /// line unless `:bottom`, and on the only horizontal line the shape has.
  var labelIsOnTop: Bool {
    if !shape.hasBottom { return true }
    if !shape.hasTop { return false }
    return !label.isBottom
  }

  /// `width` columns of `across` between the end glyphs, the label over it
  /// when `labelled`.
  private func crossing(_ across: String, left: String?, right: String?, width: Int, labelled: Bool) -> [Span] {
    guard width > 0 else { return [] }
    var cells = Array(repeating: across, count: width)
    if let left { cells[0] = left }
    if let right, width > 1 { cells[width - 1] = right }
    return Self.line(cells, label: labelled ? label : BorderLabel(), lineStyle: lineStyle, labelStyle: labelStyle)
  }

  /// A line of one-column `cells` with `label` over it at its position
  /// (`BorderLabel`), cut to the line's width; the preview pane's lines too.
  public static func line(_ cells: [String], label: BorderLabel, lineStyle: Style, labelStyle: Style) -> [Span] {
    let width = cells.count
    let line = { (range: Range<Int>) -> [Span] in
      range.isEmpty ? [] : [Span(cells[range].joined(), columns: range.count, style: lineStyle)]
    }
    let text = labelSpans(label.text, width: width, style: labelStyle)
    guard !text.isEmpty else { return line(0..<width) }
    let length = text.reduce(0) { $0 + $1.columns }
    let start = label.startColumn(length: length, width: width)
    return line(0..<start) + text + line(start + length..<width)
  }

  /// The label as spans of at most `width` columns (cut with `…`), its
  /// controls drawn as their pictures, as item text is.
  private static func labelSpans(_ text: [UInt8], width: Int, style: Style) -> [Span] {
    guard !text.isEmpty, width > 0 else { return [] }
    let segments = text.withUnsafeBufferPointer {
      DisplayLine.segments(of: $0, matches: [], width: width, tabstop: 8)
    }
    return segments.map { Span($0.text, columns: $0.columns, style: style) }
  }
}
