/// `--accessible`: the terminal's own cursor sits on the current row, at
/// its first column (the pointer's), after every frame, instead of in the
/// query. A screen reader follows the terminal's cursor and reads the line
/// under it, so moving through the list reads each item with its signs
/// (`>` the current row, `*` a selected one). With no item on screen the
/// cursor goes back to the query. Docs/Accessibility.md.
extension PickerLayout {
  /// The first row showing the current item, column 0, in a frame whose
  /// rows hold `roles`; nil outside `--accessible` or when no row shows it.
  func currentRowCursor(_ state: PickerState, roles: [RowRole]) -> CursorPosition? {
    guard state.configuration.isAccessible, let item = state.currentItem,
      let row = roles.firstIndex(of: .item(item))
    else { return nil }
    return CursorPosition(row: row, column: 0)
  }
}
