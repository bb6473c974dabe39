// A private tmux server for the --tmux tests: its own socket (`-L`) in its
// own TMUX_TMPDIR, never the user's server, with one client attached on a
// pseudo-terminal, because a popup needs a client to show on. The session's
// one window runs a shell command (pick in a pipeline, its output and status
// written to files); the keys the test sends through the client's terminal
// go to the popup while it is open, as a user's would. When the command ends
// the window closes, the server exits, and so does the client.

import Foundation
import PickTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The tmux binary, or nil (the --tmux tests then skip and say so).
func tmuxPath() -> String? {
  for directory in ["/usr/bin", "/bin", "/usr/local/bin"] where access("\(directory)/tmux", X_OK) == 0 {
    return "\(directory)/tmux"
  }
  return nil
}

final class TmuxSession {
  /// Everything of the session's: `sockets` (TMUX_TMPDIR), `tmp` (TMPDIR, where
  /// pick makes its popup directory), the command's script, `out` and `rc`.
  let home: ShellHome
  /// A name unique to this session, also in pick's arguments (`--prompt`),
  /// so that its processes can be found in /proc.
  let marker: String
  private let tmux: String
  private let socket: String
  private let pty: PseudoTerminal
  let rows = 40
  let columns = 120

  /// Starts the server and the client; the window runs `pipeline` (shell
  /// code in which `$PICK` is pick and `$MARK` the marker), with its standard
  /// output in `out` and then its status in `rc`. `environment` is added to
  /// the server's (and so the window's).
  init(pipeline: String, environment: [String: String] = [:]) throws {
    guard let tmux = tmuxPath() else { throw HarnessFailure("tmux is not installed") }
    self.tmux = tmux
    home = try ShellHome()
    try home.makeDirectory("sockets")
    try home.makeDirectory("tmp")
    marker = "popup\(UInt32.random(in: 0...UInt32.max))"
    socket = "server\(UInt32.random(in: 0...UInt32.max))"
    let quotedPick = "'" + pickBinaryPath().replacingOccurrences(of: "'", with: "'\\''") + "'"
    try home.write(
      "command.sh",
      """
      PICK=\(quotedPick)
      MARK=\(marker)
      cd '\(home.path)'
      { \(pipeline)
      } > '\(home.path)/out'
      echo $? > '\(home.path)/rc.tmp' && mv '\(home.path)/rc.tmp' '\(home.path)/rc'

      """)
    var fullEnvironment = [
      "TMUX_TMPDIR": "\(home.path)/sockets", "TMPDIR": "\(home.path)/tmp", "LANG": "C.UTF-8",
      "SHELL": "/bin/sh",
    ]
    fullEnvironment.merge(environment) { _, new in new }
    pty = try PseudoTerminal(
      binary: tmux,
      arguments: [
        "-u", "-L", socket, "-f", "/dev/null", "new-session", "-x", "\(columns)", "-y", "\(rows)",
        "/bin/sh \(home.path)/command.sh",
      ], stdin: [], rows: rows, columns: columns, environment: fullEnvironment, stdinIsTerminal: true)
  }

  deinit {
    _ = try? runProgram(
      tmux, arguments: ["-L", socket, "kill-server"].map { Array($0.utf8) },
      environment: ["TMUX_TMPDIR": "\(home.path)/sockets"], timeout: 10)
  }

  func send(_ text: String) { pty.send(text) }

  /// The client's screen now.
  func screen() -> VirtualTerminal {
    var terminal = VirtualTerminal(width: columns, height: rows)
    terminal.feed(pty.outputBytes)
    return terminal
  }

  /// Waits until the screen shows `text` (the popup's picker drew it); throws after `timeout` s.
  func waitForScreen(containing text: String, timeout: Double = 15) throws {
    let deadline = ContinuousClock.now + .milliseconds(Int64(timeout * 1000))
    while !screen().screenText.contains(text) {
      guard ContinuousClock.now < deadline else {
        throw HarnessFailure("the screen never showed \(text):\n\(screen().screenText)")
      }
      usleep(20_000)
    }
  }

  /// Waits for the window's command to end (the client exits with the
  /// server); its status (`rc`) and standard output (`out`).
  func finish(timeout: Double = 20) throws -> (status: Int32, output: [UInt8]) {
    guard pty.wait(timeout: timeout) != nil else {
      throw HarnessFailure("tmux did not end:\n\(screen().screenText)")
    }
    let rc = try String(contentsOfFile: "\(home.path)/rc", encoding: .utf8)
    guard let status = Int32(rc.trimmingCharacters(in: .whitespacesAndNewlines)) else {
      throw HarnessFailure("rc holds \(rc)")
    }
    let output = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(home.path)/out")))
    return (status, output)
  }

  /// What pick left in its TMPDIR (nothing, when it cleaned up).
  func leftoverFiles() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: "\(home.path)/tmp")
  }

  /// The processes still running whose command line holds the marker.
  func leftoverProcesses() -> [String] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap { entry -> String? in
      guard Int32(entry) != nil,
        let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline")
      else { return nil }
      let words = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
      guard words.contains(where: { $0.contains(marker) }) else { return nil }
      return "\(entry): \(words.joined(separator: " "))"
    }
  }

  /// The pid in `name` once the command has written it there.
  func pid(inFile name: String, timeout: Double = 10) throws -> pid_t {
    let deadline = ContinuousClock.now + .milliseconds(Int64(timeout * 1000))
    while true {
      if let text = try? String(contentsOfFile: "\(home.path)/\(name)", encoding: .utf8),
        let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))
      {
        return pid
      }
      guard ContinuousClock.now < deadline else { throw HarnessFailure("\(name) was never written") }
      usleep(20_000)
    }
  }
}
