/// The room each section takes (`SectionPlan`): the columns inside a box,
/// and the rows each section gets from the frame's height.
///
/// A box keeps the frame's rule (Docs/Design.md, Drawing): when it has a
/// right side or a top or bottom line it ends two columns short of the
/// screen's right edge, as `--border` does (inside `--border`'s box or beside
/// a pane on the right it reaches the layout's edge); its content starts after the
/// left line and a space, and ends a space before the right line. A section
/// without a left line starts in the first column; the input section is
/// then moved two columns right when the list's box has a left line, as fzf
/// does, so the prompt lines up with the items.
extension PickerLayout {
  /// How many rows each section takes, its box lines included; the inline
  /// sections' rows (each with its line) are inside the list's.
  struct SectionHeights: Equatable {
    var input = 0, header = 0, headerLines = 0, footer = 0, list = 0
    /// The content rows of the inline sections, inside the list's box.
    var inlineHeader = 0, inlineHeaderLines = 0, inlineFooter = 0
    /// The rows left for the list itself (the items, or the embedded input, header and items).
    var core = 0
  }

  /// Whether this layout draws its frame as sections: they are asked for,
  /// and the frame has room for the input's rows, a row of the list and the
  /// lines of both boxes. A smaller frame is drawn as one area, as it is
  /// without sections: its rows matter more than their lines.
  func drawsSections(_ state: PickerState) -> Bool {
    let plan = state.configuration.sections
    guard plan.isActive, !isSection else { return false }
    let input = inputLayout(state).layout.inputRowCount(state) + (plan.input.map(Self.lineCount) ?? 0)
    return height >= input + Self.lineCount(plan.list) + 1
  }

  /// The columns a box takes: two short of the screen's edge when it has a
  /// line reaching the right.
  func boxWidth(_ box: BoxLines) -> Int {
    let shape = box.shape
    let reachesRight = shape.hasRight || shape.hasTop || shape.hasBottom
    return reachesRight && reachesScreenEdge ? max(width - 2, 1) : width
  }

  /// Where a box's content starts and how wide it is.
  func contentSpan(_ box: BoxLines, leading: Int = 0) -> (left: Int, width: Int) {
    let shape = box.shape
    let left = (shape.hasLeft ? 2 : 0) + leading
    let columns = shape.hasRight ? boxWidth(box) - left - 2 : width - left
    return (left, max(columns, 1))
  }

  static func lineCount(_ box: BoxLines) -> Int {
    (box.shape.hasTop ? 1 : 0) + (box.shape.hasBottom ? 1 : 0)
  }

  /// A layout that draws one section's content, `width` × `height`.
  func sectionLayout(width: Int, height: Int, indentShift: Int = 0) -> PickerLayout {
    var layout = self
    layout.width = max(width, 1)
    layout.height = max(height, 0)
    layout.preview = nil
    layout.isDecorated = false
    layout.isSection = true
    layout.indentShift = indentShift
    return layout
  }

  /// The input section's layout and its first column: the prompt, info and
  /// select-all rows are drawn with it (inside the list's box when the input
  /// has no section of its own).
  func inputLayout(_ state: PickerState) -> (layout: PickerLayout, left: Int) {
    let plan = state.configuration.sections
    guard let input = plan.input else {
      let span = contentSpan(plan.list)
      return (sectionLayout(width: span.width, height: height), span.left)
    }
    let leading = !input.shape.hasLeft && plan.list.shape.hasLeft ? 2 : 0
    let span = contentSpan(input, leading: leading)
    return (sectionLayout(width: span.width, height: height), span.left)
  }

  /// The rows of the input: the prompt, the info row, the select-all rows.
  func inputRowCount(_ state: PickerState) -> Int {
    (hasInfoRow(state) ? 2 : 1) + (state.configuration.isMulti ? selectAllRows(state).count : 0)
  }

  /// The content rows each section would take with room enough.
  func naturalSectionRows(_ state: PickerState, store: ItemStore) -> (header: Int, headerLines: Int, footer: Int) {
    let plan = state.configuration.sections
    let lines = min(state.configuration.headerLines, store.count)
    let text = Self.headerTextCount(state.configuration)
    let header = plan.header == nil ? 0 : text + (plan.headerHoldsLines ? lines : 0)
    return (header, plan.headerLines == nil ? 0 : lines, Self.headerLines(of: state.configuration.footer).count)
  }

  /// The rows each section gets. The input comes first, whole (a frame
  /// without room for it is not drawn as sections); the list keeps its
  /// lines and one row; the
  /// header, the header lines and the footer then take their rows in that
  /// order, a section that does not fit getting what is left (at least a
  /// row besides its lines) or nothing; the list takes the rest.
  func sectionHeights(_ state: PickerState, store: ItemStore) -> SectionHeights {
    let plan = state.configuration.sections
    let natural = naturalSectionRows(state, store: store)
    var heights = SectionHeights()
    var available = height
    if let input = plan.input {
      heights.input = min(Self.lineCount(input) + inputLayout(state).layout.inputRowCount(state), available)
      available -= heights.input
    }
    // The list's lines and a row, and the input's rows when they are inside its box.
    let embedded = plan.input == nil ? inputLayout(state).layout.inputRowCount(state) : 0
    let listMinimum = Self.lineCount(plan.list) + 1 + embedded
    func take(_ box: BoxLines?, rows: Int) -> Int {
      guard let box, box.shape != .inline, rows > 0 else { return 0 }
      let room = available - listMinimum
      let wanted = Self.lineCount(box) + rows
      let taken = wanted <= room ? wanted : (room > Self.lineCount(box) ? room : 0)
      available -= taken
      return taken
    }
    heights.header = take(plan.header, rows: natural.header)
    heights.headerLines = take(plan.headerLines, rows: natural.headerLines)
    heights.footer = take(plan.footer, rows: natural.footer)
    heights.list = max(available, 0)
    fitInlineSections(&heights, plan: plan, natural: natural)
    return heights
  }

  /// The inline sections' rows inside the list's box, as fzf fits them:
  /// each takes its rows and a line while the list keeps a row.
  private func fitInlineSections(
    _ heights: inout SectionHeights, plan: SectionPlan, natural: (header: Int, headerLines: Int, footer: Int)
  ) {
    var room = heights.list - Self.lineCount(plan.list) - 1
    func take(_ box: BoxLines?, rows: Int) -> Int {
      guard let box, box.shape == .inline, rows > 0, room - 1 >= 1 else { return 0 }
      let taken = min(rows, room - 1)
      room -= taken + 1
      return taken
    }
    heights.inlineHeader = take(plan.header, rows: natural.header)
    heights.inlineHeaderLines = take(plan.headerLines, rows: natural.headerLines)
    heights.inlineFooter = take(plan.footer, rows: natural.footer)
    heights.core = max(room + 1, 0)
  }

  /// `listRowCount` when the frame is drawn as sections.
  func sectionedListRowCount(_ state: PickerState, store: ItemStore) -> Int {
    itemCount(forRows: sectionedListRows(state, store: store), state)
  }

  /// `sectionedListRowCount` in rows, not items (`listRows`).
  func sectionedListRows(_ state: PickerState, store: ItemStore) -> Int {
    let heights = sectionHeights(state, store: store)
    guard state.configuration.sections.input != nil else {
      let span = contentSpan(state.configuration.sections.list)
      return sectionLayout(width: span.width, height: heights.core).listRows(for: state, store: store)
    }
    return max(heights.core, 1)
  }
}
