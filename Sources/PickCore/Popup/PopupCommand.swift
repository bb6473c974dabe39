/// What the outer pick hands tmux to run itself in a popup (Docs/Popup.md):
/// the inner pick's arguments, the shell script the popup runs, and the
/// `tmux display-popup` command line. Pure, so that the quoting of any byte
/// an argument or a variable may hold is unit-tested.
public enum PopupCommand {
  /// The files of one popup, all in one private directory (mode 0700) the
  /// outer pick made and removes.
  public struct Paths: Equatable, Sendable {
    public var directory: [UInt8]

    public init(directory: [UInt8]) { self.directory = directory }

    /// The script the popup's shell runs.
    public var script: [UInt8] { file("run") }
    /// The fifo the outer pick copies its standard input into.
    public var input: [UInt8] { file("in") }
    /// The fifo the inner pick writes its results to.
    public var output: [UInt8] { file("out") }
    /// The inner pick's standard error, which the outer pick passes on once
    /// the popup has closed (a message shown in the popup would vanish with it).
    public var errors: [UInt8] { file("err") }
    /// The inner pick's exit status, written by the script once it has ended.
    public var status: [UInt8] { file("status") }
    /// The popup shell's process id (its process group: the popup's job leads
    /// a session of its own), to end the inner pick when the outer one is signalled.
    public var processGroup: [UInt8] { file("pid") }

    private func file(_ name: String) -> [UInt8] { directory + Array("/\(name)".utf8) }
  }

  /// The inner pick's arguments: the user's own, unchanged, between fzf's
  /// additions. `ctrl-z:ignore` comes first, so the user's binding wins (a
  /// popup has no shell to suspend to); then a rounded border, as fzf draws,
  /// unless tmux draws one (`border-native`) or the user chose a border; and
  /// last `--no-popup --no-height`, so the inner pick runs in place, full
  /// size. A trailing `--` stays last (nothing may follow it).
  public static func innerArguments(_ arguments: [[UInt8]], options: Options, spec: PopupSpec) -> [[UInt8]] {
    var user = arguments
    let endsOptions = user.last == Array("--".utf8)
    if endsOptions { user.removeLast() }
    var additions: [String] = []
    if !spec.nativeBorder && [.none, .line].contains(options.decoration.shape) {
      additions.append("--border=rounded")
    }
    if spec.nativeBorder && options.decoration.margin == .zero {
      additions.append("--margin=0,1")
    }
    additions += ["--no-popup", "--no-height"]
    if endsOptions { additions.append("--") }
    return [Array("--bind=ctrl-z:ignore".utf8)] + user + additions.map { Array($0.utf8) }
  }

  /// The script the popup's shell (`/bin/sh`) runs: note its process group,
  /// enter the outer pick's directory, run the inner pick with exactly the
  /// outer pick's environment (`env -i`, so nothing of the tmux server's
  /// leaks in, `PICK_DEFAULT_OPTS` included), standard input and output on
  /// the fifos and standard error in a file, then write its status.
  ///
  /// - Parameters:
  ///   - environment: the outer pick's `NAME=VALUE` entries.
  ///   - readsInput: standard input is piped in (else the inner pick reads
  ///     the popup's terminal, and so runs the walker or the default command).
  public static func script(
    pick: [UInt8], arguments: [[UInt8]], environment: [[UInt8]], directory: [UInt8],
    paths: Paths, readsInput: Bool
  ) -> [UInt8] {
    let quote = ShellQuoting.singleQuoted
    var script = Array("echo $$ > ".utf8) + quote(paths.processGroup) + newline
    script += Array("cd -- ".utf8) + quote(directory) + Array(" || { echo 2 > ".utf8)
    script += quote(paths.status) + Array("; exit 2; }".utf8) + newline
    // `env` takes operands with `=` as variables up to the first without; a
    // binary whose path has one is started through `sh -c 'exec "$0" "$@"'`.
    var command = Array("exec /usr/bin/env -i --".utf8)
    for entry in environment where entry.contains(UInt8(ascii: "=")) {
      command += [space] + quote(entry)
    }
    if pick.contains(UInt8(ascii: "=")) {
      command += Array(" /bin/sh -c 'exec \"$0\" \"$@\"'".utf8)
    }
    command += [space] + quote(pick)
    for argument in arguments { command += [space] + quote(argument) }
    if readsInput { command += Array(" < ".utf8) + quote(paths.input) }
    command += Array(" > ".utf8) + quote(paths.output) + Array(" 2> ".utf8) + quote(paths.errors)
    // A subshell, so that the status is written after the inner pick ends.
    script += Array("(".utf8) + command + Array(")".utf8) + newline
    script += Array("echo $? > ".utf8) + quote(paths.status) + newline
    return script
  }

  /// `tmux display-popup` with `spec`'s place and size, closing when the
  /// script ends (`-E`), without tmux's border unless `border-native` (`-B`).
  public static func tmuxArguments(spec: PopupSpec, paths: Paths) -> [[UInt8]] {
    var arguments = ["tmux", "display-popup", "-E"]
    if !spec.nativeBorder { arguments.append("-B") }
    switch spec.position {
    case .center: arguments += ["-xC", "-yC"]
    case .top: arguments += ["-xC", "-y0"]
    case .bottom: arguments += ["-xC", "-y9999"]
    case .left: arguments += ["-x0", "-yC"]
    case .right: arguments += ["-xR", "-yC"]
    }
    arguments += ["-w\(spec.width)", "-h\(spec.height)", "/bin/sh"]
    // (The script's path ends in `/run`: never in the `;` tmux would read as a command's end.)
    return arguments.map { Array($0.utf8) } + [paths.script]
  }

  private static let space = UInt8(ascii: " ")
  private static let newline: [UInt8] = [UInt8(ascii: "\n")]
}
