/// What the list scrolls by while items can take several rows: the list's
/// rows and each item's share of them, measured by the layout the list is
/// drawn with (inside the border, beside the preview pane), so that the
/// state scrolls by exactly the rows `spanningList` draws.
extension PickerLayout {
  /// The layout the list is drawn with: inside `--margin`, `--border` and
  /// `--padding`, and beside or below the preview pane.
  public func listLayout(for state: PickerState) -> PickerLayout {
    if let (content, _) = decoratedContent(state) { return content.listLayout(for: state) }
    guard let preview, let geometry = previewGeometry(preview) else { return self }
    var list = self
    list.preview = nil
    list.width = geometry.listWidth
    list.height = geometry.listHeight
    return list
  }

  /// How many rows each item takes of the list's, for `PickerState.fit`;
  /// nil while every item takes one (`LineBreaking.spansRows` off).
  public func rowMeasure(for state: PickerState, store: ItemStore) -> RowMeasure? {
    guard state.lineBreaking.spansRows else { return nil }
    let list = listLayout(for: state)
    let shape = list.lineShape(state)
    let most = list.listRows(for: state, store: store)
    let counts = RowCounts()
    return RowMeasure(gap: state.configuration.listDecoration.gap) { item in
      counts.rows(of: item) { item in
        // A measure made before a reload never reads past the new store.
        guard item < store.count else { return 1 }
        return list.withShownText(of: item, store: store) {
          max(ItemLines.rowCount(of: $0, shape: shape, maxRows: most), 1)
        }
      }
    }
  }
}
