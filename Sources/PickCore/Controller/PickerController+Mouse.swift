/// What a mouse report does in the picker: actions, like a key's. Over the
/// preview pane the wheel scrolls it and nothing else counts; beside a left
/// pane, columns count from the list's edge. A click on a row first puts
/// the cursor on that row's item, and a click in the query line moves the
/// text cursor.
extension PickerController {
  mutating func mouseActions(_ report: MouseEvent, now: Int) -> ([PickerAction], Trigger) {
    var report = report
    // Inside --margin, --border and --padding, cells count from the content's corner.
    let (layout, top, left) = layout().contentLayout(for: state)
    let origin = geometry.origin + top
    report.column -= left
    // A click on a margin, border or padding beside the content hits nothing; the wheel still scrolls.
    let isWheel = report.button == .wheelUp || report.button == .wheelDown
    if !isWheel && (report.column < 1 || report.column > layout.width) { return ([], Trigger()) }
    if let preview, let split = layout.previewGeometry(preview) {
      if split.paneContains(row: report.row - origin, column: report.column - 1) {
        switch report.button {
        case .wheelUp where report.isPress && options.mouse:
          return (keymap.actions(for: .previewScrollUp), Trigger())
        case .wheelDown where report.isPress && options.mouse:
          return (keymap.actions(for: .previewScrollDown), Trigger())
        default: return ([], Trigger())
        }
      }
      report.column -= split.listColumn
    }
    // With --no-mouse a report can only come from a terminal that another
    // program left in a mouse mode: ignore it, as fzf does.
    guard options.mouse,
      let command = mouse.command(for: report, roles: Array(rowRoles.dropFirst(top)), origin: origin, now: now)
    else { return ([], Trigger()) }
    switch command {
    case .selectAllOrNone:
      return ([.selectAllOrNone], Trigger())
    case .placeTextCursor(let column):
      state.editor.move(to: layout.queryPosition(atColumn: column, in: state))
      return ([], Trigger())
    case .clickSection(let event, let line):
      // Columns count from the header's and footer's text, which starts where the items' does.
      let column = report.column - state.configuration.itemMarks.textColumn
      guard column >= 1, let actions = keymap.actions(for: event) else { return ([], Trigger()) }
      if event == .clickHeader { headerClick = SectionClick(line: line, column: column) }
      if event == .clickFooter { footerClick = SectionClick(line: line, column: column) }
      var trigger = Trigger()
      trigger.event = event
      return (actions, trigger)
    case .trigger(let trigger, let item):
      lastKeyName = trigger.rawValue
      // The rows were drawn from the matches on screen: put the cursor on the clicked one first.
      if let item { state.point(atItem: item) }
      let spelling = expected[trigger.rawValue]
      return (
        spelling != nil ? [.accept] : keymap.actions(for: trigger),
        Trigger(expectedSpelling: spelling, clickedItem: item)
      )
    }
  }
}
