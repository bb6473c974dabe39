/// The environment of the commands the picker runs (`execute`, `reload`,
/// `--preview`, `--info-command`): fzf 0.74's variables (its `environ`),
/// named `PICK_` instead of `FZF_`, so a script can ask about the picker
/// without placeholders. pick's own environment comes first; these replace
/// any variable of the same name.
///
/// Not set, because pick has nothing they could describe: `FZF_SOCK` and
/// `FZF_PORT` (no `--listen`), `FZF_RAW` (no raw mode), `FZF_NTH` and
/// `FZF_WITH_NTH` (nothing changes `--nth` or `--with-nth` while pick runs,
/// so the command line already says them), `FZF_CLICK_HEADER_NTH`.
extension PickerController {
  /// fzf's limit on `PICK_CURRENT_ITEM`: a larger item would crowd the
  /// argument space of `exec` (which the environment shares) and is left out.
  static let currentItemLimit = 64 << 10

  /// The variables for a command started now.
  func childEnvironment() -> [(name: [UInt8], value: [UInt8])] {
    var variables: [(name: [UInt8], value: [UInt8])] = []
    func add(_ name: String, _ value: [UInt8]) { variables.append((Array(name.utf8), value)) }
    func add(_ name: String, _ value: String) { add(name, Array(value.utf8)) }
    let configuration = state.configuration
    add("PICK_QUERY", state.editor.bytes)
    add("PICK_ACTION", lastActionName)
    add("PICK_KEY", lastKeyName)
    let idle = max(clock - lastActivity, 0)
    add("PICK_IDLE_TIME", String(idle / 1000))
    add("PICK_IDLE_TIME_MS", String(idle))
    add("PICK_PROMPT", state.prompt)
    add("PICK_GHOST", configuration.ghost)
    add("PICK_POINTER", options.itemMarks.pointer)
    add("PICK_PREVIEW_LABEL", options.sections.previewLabel.text)
    add("PICK_BORDER_LABEL", options.decoration.label.text)
    add("PICK_LIST_LABEL", options.sections.listLabel.text)
    add("PICK_INPUT_LABEL", options.sections.inputLabel.text)
    add("PICK_HEADER_LABEL", options.sections.headerLabel.text)
    add("PICK_DIRECTION", configuration.layout == .default ? "up" : "down")
    if state.lineBreaking.wraps { add("PICK_WRAP", state.lineBreaking.wrapsWords ? "word" : "char") }
    add("PICK_INPUT_STATE", state.isSearchEnabled ? "enabled" : "disabled")
    add("PICK_TOTAL_COUNT", String(state.itemCount))
    add("PICK_MATCH_COUNT", String(state.matches.count))
    add("PICK_SELECT_COUNT", String(state.selection.count))
    let content = layout().contentLayout(for: state).layout
    add("PICK_LINES", String(content.height))
    add("PICK_COLUMNS", String(content.width))
    add("PICK_POS", String(min(state.matches.count, state.cursor + 1)))
    if let item = state.currentItem {
      let bytes = store.item(item)
      if !bytes.contains(0) && bytes.count <= Self.currentItemLimit { add("PICK_CURRENT_ITEM", Array(bytes)) }
    }
    add("PICK_CLICK_HEADER_LINE", String(headerClick.line))
    add("PICK_CLICK_HEADER_COLUMN", String(headerClick.column))
    add("PICK_CLICK_FOOTER_LINE", String(footerClick.line))
    add("PICK_CLICK_FOOTER_COLUMN", String(footerClick.column))
    variables += previewPaneEnvironment(content)
    return variables
  }

  /// While the preview pane is shown: its text's size and where it is on
  /// the terminal (`PICK_PREVIEW_TOP` counts rows from the terminal's top,
  /// 0-based, as fzf's does; `PICK_PREVIEW_LEFT` columns from the left).
  private func previewPaneEnvironment(_ content: PickerLayout) -> [(name: [UInt8], value: [UInt8])] {
    guard let pane = preview, pane.isVisible, let split = content.previewGeometry(pane) else { return [] }
    let size = pane.contentSize(width: split.paneWidth, height: split.paneHeight)
    guard size.lines > 0 else { return [] }
    let (_, top, left) = layout().contentLayout(for: state)
    let border = pane.spec.effectiveBorder
    let values = [
      ("PICK_PREVIEW_LINES", size.lines), ("PICK_PREVIEW_COLUMNS", size.columns),
      ("PICK_PREVIEW_TOP", geometry.origin - 1 + top + split.paneRow + (border.top ? 1 : 0)),
      ("PICK_PREVIEW_LEFT", left + split.paneColumn + (border.left ? 2 : 0)),
    ]
    return values.map { (Array($0.0.utf8), Array(String($0.1).utf8)) }
  }
}

/// Where a click on the header or the footer hit, for `PICK_CLICK_HEADER_*`
/// and `PICK_CLICK_FOOTER_*`: 1-based, the line from the section's top row
/// on screen, the column from its text's first; 0 before any click.
struct SectionClick: Equatable {
  var line = 0
  var column = 0
}
