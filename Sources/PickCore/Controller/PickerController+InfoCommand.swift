/// `--info-command`: a command whose first line of output replaces the info
/// text, with the info text it replaces in `PICK_INFO`.
///
/// fzf runs the command, and waits for it, every time it draws the info
/// line (spinner frames included). pick runs it, and waits for it too, when
/// something it could show has changed (the info text, the item under the
/// cursor, the query or the number of selected items) and the matches are
/// those of the query on screen (Docs/Picker.md, "The info line").
extension PickerController {
  /// What the command's last run was given.
  struct InfoCommandInputs: Equatable {
    var info: [UInt8]
    var item: Int?
    var query: [UInt8]
    var selected: Int
  }

  /// The command to run now, if its inputs changed since its last run.
  mutating func infoCommandRequest() -> [PickerEffect] {
    // Not for a query still being searched: its count would be the last one's.
    guard let template = infoCommand, cursorReportDeadline == nil, state.isUpToDate else { return [] }
    let info = Array(layout().infoText(state).utf8)
    let inputs = InfoCommandInputs(
      info: info, item: state.currentItem, query: state.editor.bytes, selected: state.selection.count)
    guard inputs != infoCommandInputs else { return [] }
    infoCommandInputs = inputs
    return [.runInfoCommand(template, commandContext(for: template), info: info)]
  }

  /// The command printed `bytes`: its first line is shown from the next frame.
  mutating func infoCommandPrinted(_ bytes: [UInt8]) {
    let firstLine = bytes.split(separator: 0x0A, maxSplits: 1, omittingEmptySubsequences: false).first ?? []
    infoCommandLine = PreviewText(Array(firstLine)).line(at: 0)
  }
}
