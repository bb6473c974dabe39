/// The frame drawn as fzf 0.74's sections (`--list-border`, `--input-border`,
/// `--header-border`, `--header-lines-border`, `--footer-border`): each
/// section's content is drawn by a layout of its own size (`sectionLayout`)
/// and put in its box (`BoxLines`); the boxes are stacked as fzf stacks its
/// windows. Reverse layout, top to bottom: the input, the header, the
/// header lines, the list, the footer; the default layout turns that over
/// (the input at the bottom); reverse-list is the default's but for the
/// header lines, which head the list. `--header-first` moves the header (or,
/// alone, the header lines) beyond the input.
///
/// The input holds the prompt, the info row and, in multi mode, the
/// select-all row (Docs/Picker.md, Sections, says why). Without a section
/// of its own it is drawn inside the list's box, with the header, as the
/// frame is drawn without sections (`listFrameWithRoles`).
extension PickerLayout {
  /// One part of the frame as drawn: rows, what each holds, where the text cursor is.
  struct DrawnSection {
    var rows: [[Span]] = []
    var roles: [RowRole] = []
    var cursor: CursorPosition? = nil
    /// Rows that are an inline section's line across the box: the section's
    /// box (its style and label), and whether the line takes the bottom glyph.
    var crossings: [Int: (box: BoxLines, bottomGlyph: Bool)] = [:]
    /// Rows of an inline section: their side lines take its style, as fzf paints them.
    var sideStyles: [Int: Style] = [:]
  }

  enum SectionKind { case input, header, headerLines, list, footer }

  /// The frame as sections, top to bottom, cut or padded to the height.
  func sectionedFrameWithRoles(_ state: PickerState, store: ItemStore, highlight: (Int) -> [Int])
    -> (frame: Frame, roles: [RowRole])
  {
    let heights = sectionHeights(state, store: store)
    var rows: [[Span]] = []
    var roles: [RowRole] = []
    var cursor: CursorPosition? = nil
    for kind in stackOrder(state.configuration) {
      let part = section(kind, state, store: store, heights: heights, highlight: highlight)
      // `--accessible`: the list's cursor (on the current row) wins over the input's.
      let keeps = cursor != nil && state.configuration.isAccessible && kind == .input
      if let at = part.cursor, !keeps { cursor = CursorPosition(row: rows.count + at.row, column: at.column) }
      rows += part.rows
      roles += part.roles
    }
    rows = Array(rows.prefix(height))
    roles = Array(roles.prefix(height))
    while rows.count < height { rows.append([]) }
    while roles.count < height { roles.append(.empty) }
    let shown = cursor.map { CursorPosition(row: min($0.row, height - 1), column: min($0.column, width - 1)) }
    return (Frame(width: width, height: height, rows: rows, cursor: shown), roles)
  }

  /// The sections top to bottom (see the type's comment).
  func stackOrder(_ configuration: PickerConfiguration) -> [SectionKind] {
    let plan = configuration.sections
    var beyond: [SectionKind] = []
    var near: [SectionKind] = []
    if let header = plan.header, header.shape != .inline {
      if plan.headerBeyondInput { beyond.append(.header) } else { near.append(.header) }
    }
    let linesApart = plan.headerLines.map { $0.shape != .inline } ?? false
    if linesApart && configuration.layout != .reverseList {
      if plan.headerLinesBeyondInput { beyond.append(.headerLines) } else { near.append(.headerLines) }
    }
    let input: [SectionKind] = plan.input == nil ? [] : [.input]
    switch configuration.layout {
    case .reverse:
      return beyond + input + near + [.list, .footer]
    case .default:
      return [.footer, .list] + near.reversed() + input + beyond.reversed()
    case .reverseList:
      return [.footer] + (linesApart ? [.headerLines] : []) + [.list] + near.reversed() + input + beyond.reversed()
    }
  }

  /// One section, boxed, `heights` rows tall.
  private func section(
    _ kind: SectionKind, _ state: PickerState, store: ItemStore, heights: SectionHeights,
    highlight: (Int) -> [Int]
  ) -> DrawnSection {
    let plan = state.configuration.sections
    switch kind {
    case .input:
      guard let input = plan.input else { return DrawnSection() }
      let (layout, left) = inputLayout(state)
      return boxed(layout.inputContent(state, store: store), in: input, left: left, height: heights.input)
    case .header, .headerLines, .footer:
      guard let box = kind == .header ? plan.header : kind == .headerLines ? plan.headerLines : plan.footer else {
        return DrawnSection()
      }
      let rows = kind == .header ? heights.header : kind == .headerLines ? heights.headerLines : heights.footer
      guard rows > 0 else { return DrawnSection() }
      let span = contentSpan(box)
      let layout = sectionLayout(
        width: span.width, height: rows, indentShift: contentSpan(plan.list).left - span.left)
      return boxed(layout.textContent(kind, state, store: store), in: box, left: span.left, height: rows)
    case .list:
      return listSection(state, store: store, heights: heights, highlight: highlight)
    }
  }

  /// `content` in `box` (its content starting at column `left`), `height`
  /// rows in all. A section cut short keeps its first rows, but the input
  /// keeps its prompt.
  func boxed(_ content: DrawnSection, in box: BoxLines, left: Int, height: Int) -> DrawnSection {
    let shape = box.shape
    let width = boxWidth(box)
    let contentWidth = contentSpan(box, leading: left - (shape.hasLeft ? 2 : 0)).width
    let room = max(height - Self.lineCount(box), 0)
    var content = content
    if content.rows.count > room {
      let keepsEnd = content.cursor.map { $0.row > 0 } ?? false
      let cut = keepsEnd ? content.rows.count - room : 0
      content.rows = Array(content.rows.dropFirst(cut).prefix(room))
      content.roles = Array(content.roles.dropFirst(cut).prefix(room))
      content.cursor = content.cursor.map { CursorPosition(row: $0.row - cut, column: $0.column) }
      content.crossings = content.crossings.reduce(into: [:]) { $0[$1.key - cut] = $1.value }
      content.sideStyles = content.sideStyles.reduce(into: [:]) { $0[$1.key - cut] = $1.value }
    }
    let top = shape.hasTop ? [box.line(isTop: true, width: width)] : []
    let bottom = shape.hasBottom ? [box.line(isTop: false, width: width)] : []
    let middle = content.rows.indices.map { index in
      if let crossing = content.crossings[index] {
        return box.separator(width: width, bottomGlyph: crossing.bottomGlyph, of: crossing.box)
      }
      guard shape.hasLeft || shape.hasRight else { return BoxLines.blank(left) + content.rows[index] }
      var lines = box
      lines.lineStyle = content.sideStyles[index] ?? box.lineStyle
      return lines.sides(
        content.rows[index], leading: left - (shape.hasLeft ? 1 : 0), contentWidth: contentWidth, width: width)
    }
    let roles = top.map { _ in RowRole.empty } + content.roles + bottom.map { _ in RowRole.empty }
    return DrawnSection(
      rows: Array((top + middle + bottom).prefix(height)), roles: Array(roles.prefix(height)),
      cursor: content.cursor.map { CursorPosition(row: $0.row + top.count, column: $0.column + left) })
  }

  /// The input's rows: the prompt nearest the edge of the frame (first in
  /// reverse, last otherwise), the info and select-all rows toward the list.
  func inputContent(_ state: PickerState, store: ItemStore) -> DrawnSection {
    let (rows, roles, column) = topRows(state, store: store)
    let isReverse = state.configuration.layout == .reverse
    let painted = paintedRows(rows, roles: roles, state)
    return DrawnSection(
      rows: isReverse ? painted : painted.reversed(), roles: isReverse ? roles : roles.reversed(),
      cursor: CursorPosition(row: isReverse ? 0 : rows.count - 1, column: column))
  }

  /// The header's, header lines' or footer's rows, in the order the frame
  /// without sections draws them: the header lines bottom-up in the default
  /// layout, the `--header` and `--footer` text always top-down.
  func textContent(_ kind: SectionKind, _ state: PickerState, store: ItemStore) -> DrawnSection {
    let configuration = state.configuration
    let upward = configuration.layout == .default
    var rows: [[Span]]
    var role = RowRole.header
    switch kind {
    case .header:
      let lines = configuration.sections.headerHoldsLines ? headerLineRows(state, store: store) : []
      rows = upward ? lines.reversed() + headerTextRows(state) : headerTextRows(state) + lines
    case .headerLines:
      let lines = headerLineRows(state, store: store)
      rows = upward ? lines.reversed() : lines
    default:
      rows = footerTextRows(state)
      role = .footer
    }
    let roles = Array(repeating: role, count: rows.count)
    return DrawnSection(rows: paintedRows(rows, roles: roles, state), roles: roles)
  }

  /// `rows` with their sections' backgrounds, when the theme has any.
  func paintedRows(_ rows: [[Span]], roles: [RowRole], _ state: PickerState) -> [[Span]] {
    let theme = state.configuration.theme
    guard theme.hasBackgrounds else { return rows }
    return zip(rows, roles).map { painted($0, background: theme.background(of: $1)) }
  }
}
