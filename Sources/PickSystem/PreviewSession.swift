import PickCore

/// How the interactive session drives the preview: the runner for the
/// options, and the actions that show, hide and scroll the pane.
extension PreviewRunner {
  /// Creates the runner for `options`, or nil without `--preview`.
  public convenience init?(options: Options) {
    guard let command = options.preview else { return nil }
    self.init(
      template: PreviewTemplate(command), shell: options.withShell, spec: options.previewWindow,
      tabstop: options.tabstop)
  }

  /// Runs a preview action (`toggle-preview`, `preview-down`, …); false
  /// for any other action. `pageLines` is the pane's text height.
  public func perform(_ action: PickerAction, pageLines: Int) -> Bool {
    let page = max(pageLines, 1)
    switch action {
    case .togglePreview: setVisible(!pane.isVisible)
    case .showPreview: setVisible(true)
    case .hidePreview: setVisible(false)
    case .refreshPreview: refresh()
    case .previewUp: scroll(by: -1, pageLines: page)
    case .previewDown: scroll(by: 1, pageLines: page)
    case .previewPageUp: scroll(by: -page, pageLines: page)
    case .previewPageDown: scroll(by: page, pageLines: page)
    case .previewHalfPageUp: scroll(by: -max(page / 2, 1), pageLines: page)
    case .previewHalfPageDown: scroll(by: max(page / 2, 1), pageLines: page)
    case .previewTop: scroll(by: -pane.scroll, pageLines: page)
    case .previewBottom: scroll(by: pane.text.lineCount, pageLines: page)
    default: return false
    }
    return true
  }
}
