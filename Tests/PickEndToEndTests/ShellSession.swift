// An interactive bash, zsh or fish on a pseudo-terminal, for testing the key
// bindings `pick --shell SHELL` prints, as a user would meet them: the shell
// reads keys through its line editor, pick draws on the same terminal, and
// what a command line finally holds is checked by running it.
//
// The shell's stdin, stdout and stderr are the pty (readline, zle and fish's
// reader need a terminal there; the harness's own pipes are left unused).
// Each session gets its own HOME, history and configuration in a temporary
// directory, so nothing of the user's is read or written. Commands report
// back through files: `record ARGS…` (defined by every session) writes its
// arguments NUL-terminated to a file, which the test reads once it appears,
// so no check depends on parsing a shell's screen output.
//
// The screen (replayed by `VirtualTerminal`) is used only to wait: for the
// prompt, for pick's picker, for pick to be gone. pick asks the terminal
// where the cursor is (`CSI 6n`) in inline mode; the virtual terminal's
// answers are sent back, as a real terminal's would be.

import Foundation
import PickTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The shells the key bindings are written for.
enum TestShell: String, CaseIterable, CustomStringConvertible {
  case bash, zsh, fish

  var description: String { rawValue }

  /// The shell's absolute path, or nil when it is not installed.
  var path: String? {
    for directory in ["/usr/bin", "/bin", "/usr/local/bin"] {
      let candidate = "\(directory)/\(rawValue)"
      if access(candidate, X_OK) == 0 { return candidate }
    }
    return nil
  }

  var isInstalled: Bool { path != nil }

  /// Whether the shell is installed; when it is not, prints that the test
  /// is skipped (CI installs every shell, so nothing is skipped there).
  func isAvailable(for test: String = #function) -> Bool {
    if isInstalled { return true }
    let name = test.split(separator: "(").first.map(String.init) ?? test
    print("skipped: \(name) for \(rawValue): \(rawValue) is not installed (CI installs it)")
    return false
  }
}

/// A temporary directory, removed with everything in it when the value goes away.
final class ShellHome {
  let path: String

  init() throws {
    let base = FileManager.default.temporaryDirectory.path
    path = "\(base)/pick-shell-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  /// Creates the file `name` (relative) holding `contents`.
  func write(_ name: String, _ contents: String = "") throws {
    let url = URL(fileURLWithPath: path).appendingPathComponent(name)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(contents.utf8).write(to: url)
  }

  func makeDirectory(_ name: String) throws {
    try FileManager.default.createDirectory(
      atPath: "\(path)/\(name)", withIntermediateDirectories: true)
  }
}

/// An interactive shell on a pseudo-terminal, with pick's key bindings loaded.
final class ShellSession {
  let shell: TestShell
  let home: ShellHome
  /// Where the session starts: the directory the tests fill with files.
  let workPath: String
  private let pty: PseudoTerminal
  private let rows: Int
  private let columns: Int
  private var responsesSent = 0

  /// The prompt every session shows, to wait for.
  static let prompt = "READY> "

  /// Starts `shell` in `work` (a directory under `home`), after `setup` (in
  /// the shell's own syntax), with `environment` added.
  init(
    _ shell: TestShell, home: ShellHome, work: String = "work", setup: String = "",
    environment: [String: String] = [:], rows: Int = 24, columns: Int = 100
  ) throws {
    guard let shellPath = shell.path else {
      throw HarnessFailure("\(shell) is not installed")
    }
    self.shell = shell
    self.home = home
    self.rows = rows
    self.columns = columns
    workPath = "\(home.path)/\(work)"
    try home.makeDirectory(work)
    let pick = pickBinaryPath()
    let record = "\(home.path)/record"
    var arguments: [String]
    switch shell {
    case .bash:
      try home.write(
        "bashrc",
        """
        PS1='\(Self.prompt)'
        unset HISTFILE
        shopt -s lithist cmdhist
        record() { printf '%s\\0' "$@" > '\(record).tmp' && mv '\(record).tmp' '\(record)'; }
        eval "$('\(pick)' --shell bash)"
        \(setup)

        """)
      arguments = ["--noprofile", "--rcfile", "\(home.path)/bashrc", "-i"]
    case .zsh:
      try home.write(
        ".zshrc",
        """
        PS1='\(Self.prompt)'
        unset HISTFILE
        HISTSIZE=1000
        record() { printf '%s\\0' "$@" > '\(record).tmp' && mv '\(record).tmp' '\(record)'; }
        eval "$('\(pick)' --shell zsh)"
        \(setup)

        """)
      arguments = ["--no-globalrcs", "-i"]
    case .fish:
      try home.write(
        "config.fish",
        """
        set -g fish_greeting
        function fish_prompt; printf '%s' '\(Self.prompt)'; end
        function record; printf '%s\\0' $argv > '\(record).tmp'; and mv '\(record).tmp' '\(record)'; end
        '\(pick)' --shell fish | source
        \(setup)

        """)
      // Not --no-config: it also turns history off (private mode).
      try home.write("config/fish/config.fish", "source '\(home.path)/config.fish'\n")
      arguments = ["-i"]
    }
    let quoted = ([shellPath] + arguments).map {
      "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
    let command =
      "cd '\(workPath)' && exec \(quoted.joined(separator: " ")) < /dev/tty > /dev/tty 2>&1"
    // A decoy `pick` first in PATH, as Debian's /usr/bin/pick may be: the
    // scripts must never run it (`recorded()` checks).
    try home.write("bin/pick", "#!/bin/sh\ntouch '\(home.path)/decoy-ran'\nexit 2\n")
    chmod("\(home.path)/bin/pick", 0o755)
    let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
    var fullEnvironment = [
      "PATH": "\(home.path)/bin:\(path)", "HOME": home.path, "ZDOTDIR": home.path,
      "XDG_CONFIG_HOME": "\(home.path)/config",
      "XDG_DATA_HOME": "\(home.path)/data", "XDG_STATE_HOME": "\(home.path)/state",
      "LANG": "C.UTF-8", "SHELL": shellPath,
    ]
    fullEnvironment.merge(environment) { _, new in new }
    pty = try PseudoTerminal(
      binary: "/bin/sh", arguments: ["-c", command], stdin: [], rows: rows, columns: columns,
      environment: fullEnvironment)
  }

  deinit {
    pty.send([0x04])  // Ctrl-D: a polite end; the harness kills the rest.
  }

  func send(_ text: String) { pty.send(text) }
  func send(_ bytes: [UInt8]) { pty.send(bytes) }

  /// The screen now; answers the terminal queries it holds that were not answered yet.
  func screen() -> VirtualTerminal {
    var terminal = VirtualTerminal(width: columns, height: rows)
    terminal.feed(pty.outputBytes)
    if terminal.responses.count > responsesSent {
      pty.send(Array(terminal.responses[responsesSent...]))
      responsesSent = terminal.responses.count
    }
    return terminal
  }

  /// The screen once `predicate` holds; records an issue (with the screen) and throws after `timeout` s.
  @discardableResult
  func waitFor(
    _ what: String, timeout: Double = 10, sourceLocation: SourceLocation = #_sourceLocation,
    _ predicate: (VirtualTerminal) -> Bool
  ) throws -> VirtualTerminal {
    let deadline = ContinuousClock.now + .milliseconds(Int64(timeout * 1000))
    while true {
      let screen = screen()
      if predicate(screen) { return screen }
      if ContinuousClock.now >= deadline {
        Issue.record(
          "\(shell): timed out waiting for \(what); the screen:\n\(screen.screenText)",
          sourceLocation: sourceLocation)
        throw HarnessFailure("timed out waiting for \(what)")
      }
      usleep(10_000)
    }
  }

  /// Waits until the screen shows `text`.
  @discardableResult
  func waitFor(
    text: String, timeout: Double = 10, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> VirtualTerminal {
    try waitFor("\"\(text)\"", timeout: timeout, sourceLocation: sourceLocation) {
      $0.screenText.contains(text)
    }
  }

  /// Waits for the first prompt.
  func waitForPrompt(sourceLocation: SourceLocation = #_sourceLocation) throws {
    try waitFor(text: Self.prompt, sourceLocation: sourceLocation)
  }

  /// Waits for pick's info line to show `count` (e.g. `3/3`), then for the
  /// picker to settle.
  @discardableResult
  func waitForPicker(
    _ count: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> VirtualTerminal {
    try waitFor(text: count, sourceLocation: sourceLocation)
  }

  /// Sends `keys` to the picker (Enter or Esc), then waits until the picker
  /// showing `marker` is gone and a moment more, so that the next keys go to
  /// the shell rather than to a pick that is still exiting.
  func finishPicker(
    with keys: String, gone marker: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    send(keys)
    try waitFor("the picker to close", sourceLocation: sourceLocation) {
      !$0.screenText.contains(marker)
    }
    usleep(300_000)
  }

  /// The arguments of the next `record` command, once it has run.
  func recorded(
    timeout: Double = 10, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> [String] {
    let path = "\(home.path)/record"
    let deadline = ContinuousClock.now + .milliseconds(Int64(timeout * 1000))
    while access(path, F_OK) != 0 {
      if ContinuousClock.now >= deadline {
        Issue.record(
          "\(shell): no command recorded; the screen:\n\(screen().screenText)",
          sourceLocation: sourceLocation)
        throw HarnessFailure("nothing recorded")
      }
      usleep(10_000)
    }
    #expect(
      access("\(home.path)/decoy-ran", F_OK) != 0, "the `pick` in PATH ran",
      sourceLocation: sourceLocation)
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    unlink(path)
    var fields = data.split(separator: 0, omittingEmptySubsequences: false).map {
      String(decoding: $0, as: UTF8.self)
    }
    if fields.last == "" { fields.removeLast() }
    return fields
  }
}
