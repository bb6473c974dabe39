/// The script `pick --shell SHELL` (`--bash`, `--zsh`, `--fish`) prints:
/// Ctrl-T (insert chosen files), Ctrl-R (history entries) and Alt-C (cd into
/// a directory) for SHELL, and in bash and zsh fuzzy completion on `**`
/// then Tab (`BashFuzzyCompletion`, `ZshFuzzyCompletion`).
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
      # pick key bindings for \(shell.rawValue): Ctrl-T files, Ctrl-R history, Alt-C cd\(shell == .fish ? "" : ", ** then Tab").
      # Printed by `pick --shell \(shell.rawValue)`; see `man pick`, SHELL INTEGRATION.

      """.utf8)
    let definition: [UInt8]
    let body: String
    switch shell {
    case .bash:
      definition = Array("__pick_bin=".utf8) + ShellQuoting.singleQuoted(pickPath)
      body = BashKeyBindings.body + BashFuzzyCompletion.body
    case .zsh:
      definition = Array("typeset -g __pick_bin=".utf8) + ShellQuoting.singleQuoted(pickPath)
      body = ZshKeyBindings.body + ZshFuzzyCompletion.body
    case .fish:
      definition = Array("set -g __pick_bin ".utf8) + ShellQuoting.fishSingleQuoted(pickPath)
      body = FishKeyBindings.body
    }
    return header + definition + [UInt8(ascii: "\n")] + Array(body.utf8)
  }

  /// `__pick_run`, which bash's and zsh's widgets call to run pick with the
  /// options in their order (see `BashKeyBindings`); `firstLine` opens the
  /// function body (zsh's `emulate -L zsh`).
  static func runFunction(firstLine: String?) -> String {
    let opening = firstLine.map { "  \($0)\n" } ?? ""
    return #"""
      # Runs pick with the widget's defaults ($1), then the user's defaults, then
      # the widget's own options ($2); the remaining arguments are pick's.
      __pick_run() {
      \#(opening)  local defaults=$1 own=$2 file_options=
        shift 2
        if [[ -n ${PICK_DEFAULT_OPTS_FILE-} ]]; then
          file_options=$(command cat -- "$PICK_DEFAULT_OPTS_FILE") || return 2
        fi
        # Newlines between the parts: a comment at the end of the file ends there.
        PICK_DEFAULT_OPTS="--height=40% $defaults"$'\n'"$file_options"$'\n'"${PICK_DEFAULT_OPTS-}"$'\n'"$own" \
          PICK_DEFAULT_OPTS_FILE= "$__pick_bin" "$@"
      }
      """#
  }
}
