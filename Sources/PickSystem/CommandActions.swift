import Glibc
import PickCore

/// The commands bindings run (`execute(CMD)`, `execute-silent(CMD)`), with
/// the same placeholders as `--preview` (`PreviewTemplate`), for the item
/// under the cursor, the selection and the query.
enum CommandActions {
  /// What placeholders expand to now.
  static func context(
    for template: PreviewTemplate, state: PickerState, store: ItemStore, options: Options
  ) -> PreviewTemplate.Context {
    let headerLines = min(options.headerLines, store.count)
    let current = state.currentItem
    let selected = template.usesSelection && state.selection.count > 0 ? state.chosenItems() : []
    return PreviewTemplate.Context(
      current: current.map { (Array(store.item($0)), $0 - headerLines) },
      selected: selected.map { (Array(store.item($0)), $0 - headerLines) },
      query: state.editor.bytes,
      splitter: FieldSplitter(delimiter: options.delimiter),
      fileSeparator: options.print0 ? 0 : 0x0A)
  }

  /// `execute(CMD)`: CMD on the terminal, restored meanwhile (the caller
  /// redraws); `execute-silent(CMD)`: CMD with no terminal, waited for.
  /// Nothing runs when the command names the item and there is none, or
  /// cannot be passed to the shell (NUL, too long: see `PreviewTemplate`).
  static func execute(
    _ command: String, isSilent: Bool, state: PickerState, store: ItemStore, options: Options,
    terminal: TerminalSession
  ) {
    let template = PreviewTemplate(Array(command.utf8))
    if template.needsItem && state.currentItem == nil { return }
    var files: [[UInt8]] = []
    defer { PreviewRunner.remove(files) }
    let expansion = template.expand(
      context(for: template, state: state, store: store, options: options)
    ) {
      guard let path = PreviewRunner.temporaryFile($0) else { return nil }
      files.append(path)
      return path
    }
    guard expansion.problem == nil else { return }
    if isSilent {
      let child = try? ChildProcess(
        shell: options.withShell, command: expansion.command, input: .null, output: .null,
        errors: .null)
      child?.wait()
    } else {
      _ = terminal.runInForeground(shell: options.withShell, command: expansion.command)
    }
  }
}
