import PickCore

/// How the interactive session drives the preview: what to run before each
/// frame, and the keys that show, hide and scroll the pane.
extension PreviewRunner {
  /// Creates the runner for `options`, or nil without `--preview`.
  public convenience init?(options: Options) {
    guard let command = options.preview else { return nil }
    self.init(
      template: PreviewTemplate(command), shell: options.withShell, spec: options.previewWindow,
      tabstop: options.tabstop)
  }

  /// Asks for the preview of the item under the cursor as `layout` will draw
  /// it, and starts, reaps or clears what is due. Call before each frame.
  public func update(
    state: PickerState, layout: PickerLayout, store: ItemStore, options: Options, now: Int
  ) {
    guard pane.isVisible, let geometry = layout.previewGeometry(pane) else {
      tick(now: now)
      return
    }
    let size = pane.contentSize(width: geometry.paneWidth, height: geometry.paneHeight)
    lastContentLines = size.lines
    let current = state.currentItem
    let selected = template.usesSelection && state.selection.count > 0 ? state.chosenItems() : []
    let request = Request(
      item: current, query: template.usesQuery ? state.editor.bytes : [], selection: selected,
      columns: size.columns, lines: size.lines)
    self.request(
      request, context: CommandActions.context(for: template, state: state, store: store, options: options),
      now: now)
    tick(now: now)
  }
}

extension PreviewRunner {
  /// Runs a preview action (`toggle-preview`, `preview-down`, …); false
  /// for any other action. `pageLines` is the pane's text height.
  public func perform(_ action: PickerAction) -> Bool {
    let page = max(lastContentLines, 1)
    switch action {
    case .togglePreview: setVisible(!pane.isVisible)
    case .showPreview: setVisible(true)
    case .hidePreview: setVisible(false)
    case .refreshPreview: refresh()
    case .previewUp: scroll(by: -1)
    case .previewDown: scroll(by: 1)
    case .previewPageUp: scroll(by: -page)
    case .previewPageDown: scroll(by: page)
    case .previewHalfPageUp: scroll(by: -max(page / 2, 1))
    case .previewHalfPageDown: scroll(by: max(page / 2, 1))
    case .previewTop: scroll(by: -pane.scroll)
    case .previewBottom: scroll(by: pane.text.lineCount)
    default: return false
    }
    return true
  }
}
