// A program running with a fresh pseudo-terminal as its controlling terminal,
// as a picker runs in a terminal window, for `latency` and `load`.
//
// The recipe is the one `Tests/PickEndToEndTests/PseudoTerminal.swift` uses,
// with `fork` instead of `posix_spawn` for the reason `ChildProcess` gives
// (glibc's `posix_spawn` uses `vfork`, which charges our peak memory to the
// child's `ru_maxrss`):
//
// - the master comes from `/dev/ptmx` (close-on-exec), is unlocked with
//   TIOCSPTLCK, and the slave is opened with TIOCGPTPEER;
// - the child calls `setsid`, so it leads a session with no terminal, then
//   opens the slave by path without O_NOCTTY: on Linux that makes it the
//   session's controlling terminal. It closes that descriptor again, since
//   pick and fzf open /dev/tty themselves;
// - standard input is the corpus file (a regular file, as in `filter`), or
//   a producer's pipe (`abort`: `seq N | pick`),
//   standard output /dev/null (we quit with Esc: nothing is printed),
//   standard error an unlinked file whose first line explains a failure.
//
// Nothing here reads the master: `TerminalScreen` does, continuously.

import Glibc

final class PseudoTerminal {
  /// The master side: what the program draws comes out here, keys go in.
  let master: Int32
  let rows: Int
  let columns: Int
  private let slave: Int32
  private let slavePath: String
  private(set) var pid: pid_t = -1
  private var errorFD: Int32 = -1
  /// How the program ended, once `reap` has seen it end.
  private(set) var exit: (termination: ChildProcess.Termination, peakKiB: Int)?
  /// When `spawn` forked, on the monotonic clock.
  private(set) var startTime = 0.0

  /// TIOCSPTLCK and TIOCGPTPEER (Linux ≥ 4.13), which `import Glibc` does
  /// not expose (nor `unlockpt` and `posix_openpt`).
  private static let unlockRequest: UInt = 0x4004_5431
  private static let openPeerRequest: UInt = 0x5441

  init(rows: Int, columns: Int) throws {
    let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard master >= 0 else { throw BenchError.system("open /dev/ptmx", errno) }
    var locked: Int32 = 0
    let slave =
      ioctl(master, Self.unlockRequest, &locked) == 0
      ? ioctl(master, Self.openPeerRequest, O_RDWR | O_NOCTTY | O_CLOEXEC) : -1
    guard slave >= 0 else {
      let code = errno
      close(master)
      throw BenchError.system("opening the pty slave", code)
    }
    var name = [CChar](repeating: 0, count: 256)
    var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
    guard ttyname_r(slave, &name, name.count) == 0, ioctl(master, UInt(TIOCSWINSZ), &size) == 0 else {
      let code = errno
      close(slave)
      close(master)
      throw BenchError.system("ttyname_r/TIOCSWINSZ", code)
    }
    self.master = master
    self.slave = slave
    self.rows = rows
    self.columns = columns
    slavePath = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
  }

  deinit {
    if pid > 0 {
      Glibc.kill(pid, SIGKILL)
      var status: Int32 = 0
      while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }
    if errorFD >= 0 { close(errorFD) }
    close(slave)
    close(master)
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

    var environment = ChildProcess.environment.filter { !$0.hasPrefix("TERM=") }
    environment.append("TERM=xterm-256color")
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup($0) } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    let terminalPath = strdup(slavePath)
    defer { free(terminalPath) }

    startTime = ChildProcess.now()
    let child = fork()
    if child == 0 {
      // Async-signal-safe calls only until exec.
      setsid()
      let terminal = open(terminalPath!, O_RDWR)
      if terminal < 0 { _exit(126) }
      close(terminal)
      dup2(inputFD, 0)
      dup2(nullFD, 1)
      dup2(fd, 2)
      execve(executable, argv, envp)
      _exit(127)
    }
    guard child > 0 else { throw BenchError.system("fork", errno) }
    pid = child
  }

  /// Types `bytes` (a write to the master).
  func send(_ bytes: [UInt8]) {
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
      if written > 0 {
        offset += written
      } else if errno != EINTR && errno != EAGAIN {
        return
      }
    }
  }

  /// The program's exit, if it has exited: its status and peak memory.
  func reap() -> (termination: ChildProcess.Termination, peakKiB: Int)? {
    guard pid > 0 else { return exit }
    var status: Int32 = 0
    var usage = rusage()
    guard wait4(pid, &status, WNOHANG, &usage) == pid else { return nil }
    pid = -1
    let termination: ChildProcess.Termination =
      status & 0x7F == 0 ? .exited((status >> 8) & 0xFF) : .signaled(status & 0x7F)
    exit = (termination, usage.ru_maxrss)
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
