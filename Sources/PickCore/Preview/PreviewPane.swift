/// The preview pane as the layout draws it: the window spec, the output read
/// so far, how far it is scrolled, and a status line.
///
/// The pane is a rectangle of rows, each padded to the pane's width, so the
/// layout can put it beside or below the list without measuring anything.
/// With a border, the text keeps one column of space from a left or right
/// border line, as in fzf.
public struct PreviewPane: Equatable, Sendable {
  public var spec: PreviewWindowSpec
  /// Whether the pane is shown (`hidden` and `toggle-preview` change it).
  public var isVisible: Bool
  public var text = PreviewText()
  /// The first output line shown (`preview-up`/`preview-down`, the wheel).
  public var scroll = 0
  /// Shown after the output, e.g. `[exit status 1]` when the command failed.
  public var status: String? = nil
  public var tabstop = 8
  /// Where the text and border colours come from (`preview-fg`, `preview-bg`,
  /// `preview-border`); the layout sets it from the configuration.
  public var theme = Theme.standard
  /// `--no-unicode`: the border in ASCII.
  public var usesASCII = false
  /// `--ambidouble`: how wide East Asian ambiguous characters are drawn.
  public var ambiguous = AmbiguousWidth.narrow
  /// `--preview-wrap-sign`: drawn, dimmed, before each wrapped row's text
  /// (with `wrap` in `--preview-window`); the layout sets it.
  public var wrapSign: DisplaySegment? = nil
  /// `--preview-label` (and its position), in `labelStyle`; the layout sets
  /// them from the configuration. Placed as `--border-label` is, on the top
  /// line unless `:bottom`, on the only horizontal line the border has.
  public var label = BorderLabel()
  public var labelStyle = Style.plain

  public init(spec: PreviewWindowSpec) {
    self.spec = spec
    isVisible = !spec.isHidden
  }

  private static let statusStyle = Style(foreground: .palette(1))
  private static let positionStyle = Style(reverse: true)

  /// The box-drawing glyphs: horizontal, vertical, and the corners
  /// top-left, top-right, bottom-left, bottom-right.
  private var glyphs: (h: String, v: String, tl: String, tr: String, bl: String, br: String) {
    if usesASCII { return ("-", "|", "+", "+", "+", "+") }
    switch spec.border.glyphs {
    case .rounded: return ("─", "│", "╭", "╮", "╰", "╯")
    case .sharp: return ("─", "│", "┌", "┐", "└", "┘")
    case .bold: return ("━", "┃", "┏", "┓", "┗", "┛")
    case .double: return ("═", "║", "╔", "╗", "╚", "╝")
    }
  }

  /// Columns and rows the text gets in a pane of `width` × `height`
  /// (what `PICK_PREVIEW_COLUMNS` and `PICK_PREVIEW_LINES` say).
  /// The columns and rows the border takes (with the space beside a side
  /// border): what `contentSize` takes off.
  public var borderSize: (columns: Int, lines: Int) {
    let border = spec.effectiveBorder
    return ((border.left ? 2 : 0) + (border.right ? 2 : 0), (border.top ? 1 : 0) + (border.bottom ? 1 : 0))
  }

  public func contentSize(width: Int, height: Int) -> (columns: Int, lines: Int) {
    let border = spec.effectiveBorder
    let left = border.left ? 2 : 0
    let right = border.right ? 2 : 0
    let rows = height - (border.top ? 1 : 0) - (border.bottom ? 1 : 0)
    return (max(width - left - right, 0), max(rows, 0))
  }

  /// The pane's rows: exactly `height` rows of exactly `width` columns.
  public func rows(width: Int, height: Int) -> [[Span]] {
    guard width > 0, height > 0 else { return Array(repeating: [], count: max(height, 0)) }
    let border = spec.effectiveBorder
    let glyphs = glyphs
    let content = contentSize(width: width, height: height)
    let body = contentRows(columns: content.columns, lines: content.lines)
    var rows: [[Span]] = []
    let inner = width - (border.left ? 1 : 0) - (border.right ? 1 : 0)
    let blank = Style(background: theme.previewText.background)
    let labelOnTop = !border.bottom || (border.top && !label.isBottom)
    if border.top {
      rows.append(
        horizontal(
          left: border.left ? glyphs.tl : nil, right: border.right ? glyphs.tr : nil,
          fill: glyphs.h, inner: inner, labelled: labelOnTop))
    }
    for index in 0..<content.lines {
      var row: [Span] = []
      if border.left {
        row.append(Span(glyphs.v, columns: 1, style: theme.previewBorder))
        row.append(Span(" ", columns: 1, style: blank))
      }
      let line = index < body.count ? body[index] : []
      let used = line.reduce(0) { $0 + $1.columns }
      row += theme.previewText == .plain ? line : line.map(painted)
      if used < content.columns {
        row.append(
          Span(
            String(repeating: " ", count: content.columns - used), columns: content.columns - used,
            style: blank))
      }
      if border.right {
        row.append(Span(" ", columns: 1, style: blank))
        row.append(Span(glyphs.v, columns: 1, style: theme.previewBorder))
      }
      rows.append(row)
    }
    if border.bottom {
      rows.append(
        horizontal(
          left: border.left ? glyphs.bl : nil, right: border.right ? glyphs.br : nil,
          fill: glyphs.h, inner: inner, labelled: !labelOnTop))
    }
    // A pane too small for its border: keep exactly `height` rows of `width` columns.
    while rows.count < height {
      rows.append([Span(String(repeating: " ", count: width), columns: width)])
    }
    if rows.count > height { rows.removeLast(rows.count - height) }
    return rows.map { Self.fitted($0, width: width, ambiguous: ambiguous) }
  }

  /// The text rows: output lines from `scroll` on, wrapped or cut, then the
  /// status; the scroll position (`3/120`) on the first row's right
  /// when the output does not fit.
  private func contentRows(columns: Int, lines: Int) -> [[Span]] {
    guard columns > 0, lines > 0 else { return [] }
    var rows: [[Span]] = []
    let total = text.lineCount
    let first = min(max(scroll, 0), max(total - 1, 0))
    var index = first
    // The status always shows (wrapped, on at most half the rows, at least
    // one): the output gets the rows above it.
    let statusRows =
      status.map {
        PreviewText.rows(
          ofLine: [PreviewText.Run(bytes: Array($0.utf8), style: Self.statusStyle)], width: columns,
          wraps: true, maximumRows: max(lines / 2, 1), ambiguous: ambiguous)
      } ?? []
    let outputRows = lines - statusRows.count
    let sign = wrapSign.flatMap { $0.columns > 0 ? Span($0.text, columns: $0.columns, style: Style(dim: true)) : nil }
    while rows.count < outputRows && index < total {
      rows += PreviewText.rows(
        ofLine: text.line(at: index), width: columns, wraps: spec.wraps, tabstop: tabstop,
        maximumRows: outputRows - rows.count, wrapSign: sign, ambiguous: ambiguous)
      index += 1
    }
    if rows.count > outputRows { rows.removeLast(rows.count - outputRows) }
    rows += statusRows
    if total > outputRows || first > 0 {
      let position = "\(first + 1)/\(total)\(text.isTruncated ? "+" : "")"
      let positionColumns = position.utf8.count
      if positionColumns < columns, !rows.isEmpty {
        let kept = Self.fitted(rows[0], width: columns - positionColumns - 1, ambiguous: ambiguous)
        let used = kept.reduce(0) { $0 + $1.columns }
        let gap = columns - positionColumns - used
        rows[0] =
          kept + [Span(String(repeating: " ", count: gap), columns: gap)]
          + [Span(position, columns: positionColumns, style: Self.positionStyle)]
      }
    }
    return rows
  }

  /// A span of the command's output in `preview-fg` on `preview-bg` where
  /// the output gave no colour of its own.
  private func painted(_ span: Span) -> Span {
    var span = span
    if span.style == .plain {
      span.style = theme.previewText
    } else {
      span.style.foreground = span.style.foreground ?? theme.previewText.foreground
      span.style.background = span.style.background ?? theme.previewText.background
    }
    return span
  }

  private func horizontal(left: String?, right: String?, fill: String, inner: Int, labelled: Bool) -> [Span] {
    let cells = (left.map { [$0] } ?? []) + Array(repeating: fill, count: max(inner, 0)) + (right.map { [$0] } ?? [])
    return BoxLines.line(
      cells, label: labelled ? label : BorderLabel(), lineStyle: theme.previewBorder, labelStyle: labelStyle)
  }

  /// `row` cut to at most `width` columns (whole spans, then characters) and padded to exactly `width`.
  static func fitted(_ row: [Span], width: Int, ambiguous: AmbiguousWidth = .narrow) -> [Span] {
    var out: [Span] = []
    var used = 0
    for span in row {
      if used + span.columns <= width {
        out.append(span)
        used += span.columns
        continue
      }
      // Cut the span by characters.
      var text = ""
      var columns = 0
      for character in span.text {
        let w = DisplayWidth.columns(of: character, ambiguous: ambiguous)
        if used + columns + w > width { break }
        text.append(character)
        columns += w
      }
      if columns > 0 { out.append(Span(text, columns: columns, style: span.style)) }
      used += columns
      break
    }
    if used < width {
      out.append(Span(String(repeating: " ", count: width - used), columns: width - used))
    }
    return out
  }
}
