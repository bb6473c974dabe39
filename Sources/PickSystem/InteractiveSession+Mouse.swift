import PickCore

/// What a mouse report does in the picker: the session's event loop asks
/// this, then runs the actions like a key's.
extension InteractiveSession {
  /// The actions a mouse report stands for, with what they need.
  struct MouseOutcome {
    var actions: [PickerAction] = []
    /// The item a click pointed at, kept under the cursor if the matches are
    /// brought up to date before the actions run.
    var clickedItem: Int? = nil
    /// The `--expect` spelling of the click, when it is one.
    var expectedSpelling: String? = nil
  }

  /// Maps `report` to actions. Over the preview pane the wheel scrolls it
  /// and nothing else counts; beside a left pane, columns count from the
  /// list's edge. A click on a row first puts the cursor on that row's item,
  /// and a click in the query line moves the text cursor.
  func mouseOutcome(
    _ report: MouseEvent, preview: PreviewRunner?, layout: PickerLayout, origin: Int,
    mouse: inout MouseHandler, rowRoles: [PickerLayout.RowRole], keymap: Keymap,
    expected: [String: String]
  ) -> MouseOutcome {
    var report = report
    if let preview, let geometry = layout.previewGeometry(preview.pane) {
      if geometry.paneContains(row: report.row - origin, column: report.column - 1) {
        switch report.button {
        case .wheelUp where report.isPress && options.mouse:
          return MouseOutcome(actions: keymap.actions(for: .previewScrollUp))
        case .wheelDown where report.isPress && options.mouse:
          return MouseOutcome(actions: keymap.actions(for: .previewScrollDown))
        default: return MouseOutcome()
        }
      }
      report.column -= geometry.listColumn
    }
    // With --no-mouse a report can only come from a terminal that another
    // program left in a mouse mode: ignore it, as fzf does.
    guard options.mouse,
      let command = mouse.command(for: report, roles: rowRoles, origin: origin, now: Clock.milliseconds())
    else { return MouseOutcome() }
    switch command {
    case .selectAllOrNone:
      return MouseOutcome(actions: [.selectAllOrNone])
    case .placeTextCursor(let column):
      state.editor.move(to: layout.queryPosition(atColumn: column, in: state))
      return MouseOutcome()
    case .trigger(let trigger, let item):
      // The rows were drawn from the matches on screen: put the cursor on the clicked one first.
      if let item { state.point(atItem: item) }
      let spelling = expected[trigger.rawValue]
      return MouseOutcome(
        actions: spelling != nil ? [.accept] : keymap.actions(for: trigger), clickedItem: item,
        expectedSpelling: spelling)
    }
  }
}
