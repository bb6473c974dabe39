// A program running with a fresh pseudo-terminal as its controlling terminal,
// as a picker runs in a terminal window, for `latency`, `load` and `abort`.
//
// The terminal is PickTestSupport's `PseudoTerminalPair`, as in the tests,
// and the program starts with `ProgramLaunch.forkAndExec()` (a real `fork`,
// for the reason `MeasuredCommand` gives) in a new session whose controlling
// terminal it is:
//
// - standard input is the corpus file (a regular file, as in `filter`), or
//   a producer's pipe (`abort`: `seq N | pick`),
//   standard output /dev/null (we quit with Esc: nothing is printed),
//   standard error an unlinked file whose first line explains a failure.
//
// Nothing here reads the master: `TerminalScreen` does, continuously.

import Glibc
import PickTestSupport

/// One program on its own pseudo-terminal (see the top of this file).
final class TerminalProgram {
  /// The terminal it runs on.
  let terminal: PseudoTerminalPair
  let rows: Int
  let columns: Int
  private(set) var pid: pid_t = -1
  private var errorFD: Int32 = -1
  /// How the program ended, once `reap` has seen it end.
  private(set) var exit: (termination: ProcessTermination, peakKiB: Int)?
  /// When `spawn` forked, on the monotonic clock.
  private(set) var startTime = 0.0

  /// The master side: what the program draws comes out here, keys go in.
  var master: Int32 { terminal.master }

  init(rows: Int, columns: Int) throws {
    terminal = try PseudoTerminalPair(rows: rows, columns: columns)
    self.rows = rows
    self.columns = columns
    _ = fcntl(terminal.master, F_SETFL, fcntl(terminal.master, F_GETFL) | O_NONBLOCK)
  }

  deinit {
    if pid > 0 {
      Glibc.kill(pid, SIGKILL)
      var status: Int32 = 0
      while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }
    if errorFD >= 0 { close(errorFD) }
  }

  /// Starts `executable` on this terminal with `input` as its standard input.
  func spawn(_ executable: String, arguments: [String], input: String) throws {
    let inputFD = open(input, O_RDONLY | O_CLOEXEC)
    guard inputFD >= 0 else { throw BenchError.cannotOpen(input) }
    defer { close(inputFD) }
    try spawn(executable, arguments: arguments, inputDescriptor: inputFD)
  }

  /// Starts `executable` on this terminal reading `inputFD` (a file, or the
  /// read end of a `Producer`'s pipe); the caller still owns `inputFD`.
  func spawn(_ executable: String, arguments: [String], inputDescriptor inputFD: Int32) throws {
    precondition(pid < 0, "one program per terminal")
    let nullFD = open("/dev/null", O_WRONLY | O_CLOEXEC)
    defer { close(nullFD) }
    let (fd, path) = try TemporaryFile.create()
    unlink(path)
    errorFD = fd

    var environment = MeasuredCommand.environment.filter { !$0.hasPrefix("TERM=") }
    environment.append("TERM=xterm-256color")
    var launch = ProgramLaunch(
      path: executable, arguments: arguments, environment: environment, stdin: inputFD,
      stdout: nullFD, stderr: fd, session: .controllingTerminal(terminal.slavePath))
    launch.programName = executable
    pid = try launch.forkAndExec { startTime = MeasuredCommand.now() }
  }

  /// Types `bytes` (a write to the master).
  func send(_ bytes: [UInt8]) {
    terminal.type(bytes)
  }

  /// The program's exit, if it has exited: its status and peak memory.
  func reap() -> (termination: ProcessTermination, peakKiB: Int)? {
    guard pid > 0 else { return exit }
    var status: Int32 = 0
    var usage = rusage()
    guard wait4(pid, &status, WNOHANG, &usage) == pid else { return nil }
    pid = -1
    exit = (ProcessTermination(waitStatus: status), usage.ru_maxrss)
    return exit
  }

  /// Kills the program (after a timeout) and reaps it.
  func kill() {
    guard pid > 0 else { return }
    Glibc.kill(pid, SIGKILL)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    pid = -1
  }

  /// The first line the program wrote to standard error.
  var errorText: String {
    guard errorFD >= 0 else { return "" }
    var buffer = [UInt8](repeating: 0, count: 512)
    let count = pread(errorFD, &buffer, buffer.count, 0)
    guard count > 0 else { return "" }
    return String(String(decoding: buffer[..<count], as: UTF8.self).split(separator: "\n").first ?? "")
  }
}
