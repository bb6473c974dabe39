/// The list's section: its box around the list and the inline sections
/// (`--header-border=inline`, `--header-lines-border=inline`,
/// `--footer-border=inline`), each parted from the list by a line across
/// the box. When the input has no section of its own, the list's box holds
/// the frame as it is drawn without sections (input, header and items),
/// less the footer.
///
/// Where the inline sections go is fzf's (`inlineMetaFor`): the header on
/// top in the reverse layout, else at the bottom, outside the header lines;
/// the header lines on the input's side of the list; the footer on the far
/// side, nearest the list except in reverse-list.
extension PickerLayout {
  func listSection(_ state: PickerState, store: ItemStore, heights: SectionHeights, highlight: (Int) -> [Int])
    -> DrawnSection
  {
    let plan = state.configuration.sections
    let span = contentSpan(plan.list)
    let inner = sectionLayout(width: span.width, height: heights.core)
    var core = DrawnSection()
    if plan.input == nil {
      let (frame, roles) = inner.listFrameWithRoles(state, store: store, highlight: highlight)
      core = DrawnSection(rows: frame.rows, roles: roles, cursor: frame.cursor)
    } else {
      let (items, roles) = inner.itemRows(state, store: store, rows: heights.core, highlight: highlight)
      let fill = max(heights.core - items.count, 0)
      let blank = Array(repeating: [Span](), count: fill)
      let blankRoles = Array(repeating: RowRole.empty, count: fill)
      let upward = state.configuration.layout == .default
      let rows = upward ? blank + items.reversed() : items + blank
      let allRoles = upward ? blankRoles + roles.reversed() : roles + blankRoles
      core = DrawnSection(
        rows: paintedRows(rows, roles: allRoles, state), roles: allRoles,
        cursor: currentRowCursor(state, roles: allRoles))
    }
    let content = withInlineSections(core, state, store: store, heights: heights, width: span.width)
    return boxed(content, in: plan.list, left: span.left, height: heights.list)
  }

  /// One inline section: its box, its content rows, whether it goes above the list.
  private struct InlineSlot {
    var box: BoxLines
    var content: DrawnSection
    var isOnTop: Bool
  }

  /// `core` with the inline sections above and below it, each with its
  /// line on the list's side.
  private func withInlineSections(
    _ core: DrawnSection, _ state: PickerState, store: ItemStore, heights: SectionHeights, width: Int
  ) -> DrawnSection {
    let slots = inlineSlots(state, store: store, heights: heights, width: width)
    var out = DrawnSection()
    func append(_ part: DrawnSection, sides: Style? = nil) {
      if let cursor = part.cursor {
        out.cursor = CursorPosition(row: out.rows.count + cursor.row, column: cursor.column)
      }
      for index in part.rows.indices { out.sideStyles[out.rows.count + index] = sides }
      out.rows += part.rows
      out.roles += part.roles
    }
    func appendLine(_ slot: InlineSlot) {
      out.crossings[out.rows.count] = (slot.box, slot.isOnTop)
      out.rows.append([])
      out.roles.append(.empty)
    }
    for slot in slots where slot.isOnTop {
      append(slot.content, sides: slot.box.lineStyle)
      appendLine(slot)
    }
    append(core)
    for slot in slots.reversed() where !slot.isOnTop {
      appendLine(slot)
      append(slot.content, sides: slot.box.lineStyle)
    }
    return out
  }

  /// The inline sections, outermost (nearest the box's edge) first on each side.
  private func inlineSlots(_ state: PickerState, store: ItemStore, heights: SectionHeights, width: Int)
    -> [InlineSlot]
  {
    let plan = state.configuration.sections
    let layout = state.configuration.layout
    var top: [InlineSlot] = []
    var bottom: [InlineSlot] = []
    func add(_ kind: SectionKind, _ box: BoxLines?, rows: Int, isOnTop: Bool, isInner: Bool) {
      guard let box, box.shape == .inline, rows > 0 else { return }
      var content = sectionLayout(width: width, height: rows).textContent(kind, state, store: store)
      content.rows = Array(content.rows.prefix(rows))
      content.roles = Array(content.roles.prefix(rows))
      let slot = InlineSlot(box: box, content: content, isOnTop: isOnTop)
      if isOnTop {
        top.insert(slot, at: isInner ? top.count : 0)
      } else {
        bottom.insert(slot, at: isInner ? bottom.count : 0)
      }
    }
    add(.header, plan.header, rows: heights.inlineHeader, isOnTop: layout == .reverse, isInner: false)
    add(
      .headerLines, plan.headerLines, rows: heights.inlineHeaderLines, isOnTop: layout != .default, isInner: true)
    add(
      .footer, plan.footer, rows: heights.inlineFooter, isOnTop: layout != .reverse, isInner: layout != .reverseList)
    return top + bottom
  }
}
