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
    let headerLines = min(options.headerLines, store.count)
    let current = state.currentItem
    let usesQuery = template.usesQuery
    let selected = template.usesSelection && state.selection.count > 0 ? state.chosenItems() : []
    let request = Request(
      item: current, query: usesQuery ? state.editor.bytes : [], selection: selected,
      columns: size.columns,
      lines: size.lines)
    self.request(
      request,
      context: PreviewTemplate.Context(
        current: current.map { (Array(store.item($0)), $0 - headerLines) },
        selected: selected.map { (Array(store.item($0)), $0 - headerLines) },
        query: state.editor.bytes,
        splitter: FieldSplitter(delimiter: options.delimiter),
        fileSeparator: options.print0 ? 0 : 0x0A),
      now: now)
    tick(now: now)
  }
}

/// The preview's default keys until `--bind` can name its actions:
/// Ctrl-/ and Alt-P show and hide the pane (fzf has no default key for
/// `toggle-preview`; Ctrl-/ is the one its documentation suggests),
/// Shift-Up and Shift-Down scroll it by a line, as in fzf.
enum PreviewKey {
  case toggle
  case scroll(Int)

  init?(_ key: Key) {
    switch key.name {
    case "ctrl-/", "alt-p": self = .toggle
    case "shift-up": self = .scroll(-1)
    case "shift-down": self = .scroll(1)
    default: return nil
    }
  }
}
