import Glibc
import PickCore

/// The commands bindings run (`execute(CMD)`, `execute-silent(CMD)`), with
/// the same placeholders as `--preview` (`PreviewTemplate`); the controller
/// decides what they expand to, this runs them.
enum CommandActions {
  /// `execute(CMD)`: CMD on the terminal, restored meanwhile (the caller
  /// redraws); `execute-silent(CMD)`: CMD with no terminal, waited for unless
  /// a signal ends pick first (`TerminalSession.wait(forSilent:)`).
  /// Nothing runs when the command cannot be passed to the shell (NUL, too
  /// long: see `PreviewTemplate`). `{f}` files are removed once it is done.
  /// Returns the signals that arrived while pick waited, for the picker.
  static func execute(
    _ template: PreviewTemplate, context: PreviewTemplate.Context, isSilent: Bool, options: Options,
    terminal: TerminalSession
  ) -> [Int32] {
    var files: [[UInt8]] = []
    defer { PreviewRunner.remove(files) }
    let expansion = template.expand(context) {
      guard let path = PreviewRunner.temporaryFile($0) else { return nil }
      files.append(path)
      return path
    }
    guard expansion.problem == nil else { return [] }
    if isSilent {
      guard
        let child = try? ChildProcess(
          shell: options.withShell, command: expansion.command, input: .null, output: .null,
          errors: .null)
      else { return [] }
      return terminal.wait(forSilent: child)
    }
    _ = terminal.runInForeground(shell: options.withShell, command: expansion.command)
    return []
  }
}
