/// The script `pick --shell SHELL` prints: Ctrl-T (insert chosen files),
/// Ctrl-R (a history entry) and Alt-C (cd into a directory) for SHELL.
///
/// The scripts run pick by the absolute path of the binary that printed them,
/// never by looking `pick` up in `PATH`: Debian ships an unrelated
/// `/usr/bin/pick` that often comes first. The path is the one piece of the
/// script that is not pick's own text, so it is quoted for the shell
/// (`ShellQuoting`) and defined once, at the top.
public enum KeyBindingScript {
  /// The script for `shell`, calling the pick binary at `pickPath` (bytes: a
  /// path need not be UTF-8).
  public static func bytes(for shell: ShellKind, pickPath: [UInt8]) -> [UInt8] {
    let header = Array(
      """
      # pick key bindings for \(shell.rawValue): Ctrl-T files, Ctrl-R history, Alt-C cd.
      # Printed by `pick --shell \(shell.rawValue)`; see `man pick`, SHELL INTEGRATION.

      """.utf8)
    let definition: [UInt8]
    let body: String
    switch shell {
    case .bash:
      definition = Array("__pick_bin=".utf8) + ShellQuoting.singleQuoted(pickPath)
      body = BashKeyBindings.body
    case .zsh:
      definition = Array("typeset -g __pick_bin=".utf8) + ShellQuoting.singleQuoted(pickPath)
      body = ZshKeyBindings.body
    case .fish:
      definition = Array("set -g __pick_bin ".utf8) + ShellQuoting.fishSingleQuoted(pickPath)
      body = FishKeyBindings.body
    }
    return header + definition + [UInt8(ascii: "\n")] + Array(body.utf8)
  }
}
