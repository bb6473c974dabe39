// A pseudo-terminal harness: runs a program with a fresh pty as its
// controlling terminal, so resize, hang-up and job control are real.
//
// The pty is PickTestSupport's `PseudoTerminalPair`, and the program starts
// with `ProgramLaunch.spawn()` in a new session whose controlling terminal
// the pty is (see ProgramLaunch.swift for how, without fork). The program
// opens /dev/tty itself, as pick does. stdin, stdout and stderr are pipes.
//
// One background thread does all the I/O with poll(2): it drains the master
// continuously (a program writing a big frame never blocks on a full pty),
// feeds stdin, and collects stdout and stderr. Swift Testing runs tests on
// several threads, so every descriptor here is close-on-exec from birth and
// the child also closes everything above 2 it did not ask for.
//
// The child leads its session, so its process group is orphaned and the
// kernel discards SIGTSTP for it (pick's Suspend declines). To test Ctrl-Z with
// real job control, run pick under a shell that does it; bash takes the
// terminal from its stderr, so:
//   /bin/bash -c 'exec 2>/dev/tty; set -m; "$0"; echo "stopped $?" >&2; fg >&2' PICK
// prints "stopped 148" while pick is stopped, then `fg` continues it.

import PickCore
import PickTestSupport
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A program running on a fresh pseudo-terminal (see the top of this file).
final class PseudoTerminal {
  /// The child's process id; it leads its own session and process group.
  let pid: pid_t
  /// The pty slave's path, e.g. /dev/pts/4: the child's controlling terminal.
  let slavePath: String
  /// The slave's settings before the child started, to compare with `termiosNow()`.
  let termiosBefore: termios

  private let terminal: PseudoTerminalPair
  private let io: PseudoTerminalIO
  private let thread: WorkerThread
  private var exitStatus: Int32?

  /// Spawns `binary` with `arguments` in a new session whose controlling
  /// terminal is a fresh pty of `rows`×`columns`.
  ///
  /// - Parameters:
  ///   - stdin: fed through a pipe, which is then closed, or kept open when
  ///     `keepStdinOpen` (feed more with `writeStdin`, end it with `closeStdin`).
  ///   - environment: added to a clean one: `PATH`, `HOME`,
  ///     `TERM=xterm-256color`, `SWIFT_BACKTRACE=enable=no`.
  ///   - stdinIsTerminal: the child's stdin is the pty itself (nothing piped
  ///     in, as when pick is typed alone at a prompt); `stdin` is then unused.
  ///   - workingDirectory: where the child starts (default: ours).
  ///   - nonBlockingStdin: the program's stdin (the pipe) has O_NONBLOCK set.
  ///   - nonBlockingStdout: the program's stdout (the pipe) has O_NONBLOCK set.
  init(
    binary: String, arguments: [String], stdin: [UInt8], rows: Int = 24, columns: Int = 80,
    environment: [String: String] = [:], keepStdinOpen: Bool = false,
    stdinIsTerminal: Bool = false, workingDirectory: String? = nil, nonBlockingStdin: Bool = false,
    nonBlockingStdout: Bool = false
  ) throws {
    // Writing to a pipe whose reader has exited must not kill the test runner.
    Glibc.signal(SIGPIPE, SIG_IGN)

    let terminal = try PseudoTerminalPair(rows: rows, columns: columns)
    var opened: [Int32] = []
    var succeeded = false
    defer { if !succeeded { for fd in opened { close(fd) } } }
    var before = termios()
    guard tcgetattr(terminal.slave, &before) == 0 else { throw HarnessFailure.errno("tcgetattr") }

    let input = try makePipe()
    opened += [input.read, input.write]
    if nonBlockingStdin {
      // As a parent that set O_NONBLOCK on a descriptor it shares with the program.
      _ = fcntl(input.read, F_SETFL, fcntl(input.read, F_GETFL) | O_NONBLOCK)
    }
    let output = try makePipe()
    opened += [output.read, output.write]
    if nonBlockingStdout {
      // As a reader that set O_NONBLOCK on its end of a pipe it shares with the program.
      _ = fcntl(output.write, F_SETFL, fcntl(output.write, F_GETFL) | O_NONBLOCK)
    }
    let errors = try makePipe()
    opened += [errors.read, errors.write]
    let wake = try makePipe()
    opened += [wake.read, wake.write]

    let launch = ProgramLaunch(
      path: binary, arguments: arguments,
      environment: ProgramLaunch.testEnvironment(
        adding: ["TERM": "xterm-256color"].merging(environment) { _, new in new }),
      stdin: stdinIsTerminal ? nil : input.read, stdout: output.write, stderr: errors.write,
      session: .controllingTerminal(terminal.slavePath), workingDirectory: workingDirectory)
    pid = try launch.spawn()
    // The child has its copies; ours would hide end of file.
    for fd in [input.read, output.write, errors.write] { close(fd) }
    opened = [input.write, output.read, errors.read, wake.read, wake.write]

    for fd in [terminal.master, input.write, output.read, errors.read, wake.read, wake.write] {
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }
    self.terminal = terminal
    slavePath = terminal.slavePath
    termiosBefore = before
    io = PseudoTerminalIO(
      master: terminal.master, stdin: input.write, stdout: output.read, stderr: errors.read,
      wake: wake, stdinBytes: stdin, keepStdinOpen: keepStdinOpen)
    do {
      thread = try WorkerThread { [io] in io.run() }
    } catch {
      throw HarnessFailure("cannot start the pty's reading thread: \(String(cString: strerror(error.errno)))")
    }
    succeeded = true
  }

  deinit {
    if exitStatus == nil {
      kill(-pid, SIGKILL)
      kill(pid, SIGKILL)
      var status: Int32 = 0
      while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }
    io.stop()
    thread.join()
    io.closeAll()
  }

  /// Sends `bytes` to the program as typed keys (writes them to the master).
  func send(_ bytes: [UInt8]) {
    io.sendToTerminal(bytes)
  }

  /// Sends the UTF-8 of `text` as typed keys.
  func send(_ text: String) {
    send(Array(text.utf8))
  }

  /// Everything the program wrote to the terminal so far, decoded lossily,
  /// once `predicate` holds for it; nil if it still does not after `timeout` seconds.
  func output(waitingFor predicate: (String) -> Bool, timeout: Double) -> String? {
    let deadline = ContinuousClock.now + .milliseconds(Int64(timeout * 1000))
    while true {
      let text = String(decoding: io.terminalOutput(), as: UTF8.self)
      if predicate(text) { return text }
      if ContinuousClock.now >= deadline { return nil }
      usleep(5000)
    }
  }

  /// Everything the program wrote to the terminal so far, as bytes.
  var outputBytes: [UInt8] { io.terminalOutput() }

  /// The slave's settings now (after the program exited: what it left behind).
  func termiosNow() -> termios {
    terminal.settings()
  }

  /// Resizes the terminal (TIOCSWINSZ on the master); the kernel sends
  /// SIGWINCH to the foreground process group.
  func resize(rows: Int, columns: Int) {
    terminal.resize(rows: rows, columns: columns)
  }

  /// Sends `sig` to the program.
  func signal(_ sig: Int32) {
    kill(pid, sig)
  }

  /// The terminal's foreground process group: the job a Ctrl-Z typed in cooked
  /// mode would stop (TIOCGPGRP on the master reports the slave's).
  func foregroundProcessGroup() -> pid_t {
    tcgetpgrp(terminal.master)
  }

  /// Stops (or resumes) reading what the program writes to the terminal, as a
  /// stalled connection or a frozen terminal window would: its writes then
  /// block once the pty's buffer is full.
  func pauseOutput(_ paused: Bool) {
    io.pauseOutput(paused)
  }

  /// Stops (or resumes) reading the program's stdout, as a slow reader at the
  /// other end of a pipeline: its writes then find the pipe full.
  func pauseStdout(_ paused: Bool) {
    io.pauseStdout(paused)
  }

  /// Closes the master, as when a terminal window closes: the kernel hangs up
  /// the terminal and sends SIGHUP to the session.
  func hangUp() {
    io.closeMaster()
  }

  /// Feeds more bytes to the program's stdin (opened with `keepStdinOpen`).
  func writeStdin(_ bytes: [UInt8]) {
    io.appendStdin(bytes)
  }

  /// The processor time the program has used so far, in seconds (user plus
  /// system, from /proc); nil once it has been reaped or without /proc.
  func processorSeconds() -> Double? {
    let fd = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var buffer = [UInt8](repeating: 0, count: 1024)
    let count = read(fd, &buffer, buffer.count)
    guard count > 0, let close = buffer[..<count].lastIndex(of: UInt8(ascii: ")")) else {
      return nil
    }
    // After "pid (comm)": state is field 3; utime and stime are fields 14 and 15.
    let fields = buffer[(close + 2)..<count].split(separator: UInt8(ascii: " "))
    guard fields.count > 12, let user = Double(String(decoding: fields[11], as: UTF8.self)),
      let system = Double(String(decoding: fields[12], as: UTF8.self))
    else { return nil }
    return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
  }

  /// The most memory the program has had resident so far, in bytes (`VmHWM`
  /// in /proc); nil once it has been reaped or without /proc.
  func peakResidentBytes() -> Int? {
    let fd = open("/proc/\(pid)/status", O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = read(fd, &buffer, buffer.count)
    guard count > 0 else { return nil }
    for line in buffer[..<count].split(separator: UInt8(ascii: "\n")) {
      let text = String(decoding: line, as: UTF8.self)
      guard text.hasPrefix("VmHWM:") else { continue }
      let digits = text.dropFirst(6).filter(\.isNumber)
      return Int(digits).map { $0 * 1024 }
    }
    return nil
  }

  /// Ends the program's stdin once everything fed so far is written.
  func closeStdin() {
    io.requestStdinClose()
  }

  /// Waits for the program to exit and for its stdout and stderr to end.
  /// The status is the exit code, or 128 + the signal that killed it; nil
  /// if that did not happen within `timeout` seconds (the program keeps running
  /// until this object goes away, which kills it).
  func wait(timeout: Double) -> (status: Int32, stdout: [UInt8], stderr: [UInt8])? {
    let deadline = ContinuousClock.now + .milliseconds(Int64(timeout * 1000))
    while exitStatus == nil {
      var status: Int32 = 0
      let waited = waitpid(pid, &status, WNOHANG)
      if waited == pid {
        exitStatus = ProcessTermination(waitStatus: status).shellStatus
        break
      }
      if waited < 0 && errno != EINTR { return nil }
      if ContinuousClock.now >= deadline { return nil }
      usleep(2000)
    }
    while !io.outputsEnded() {
      if ContinuousClock.now >= deadline { return nil }
      usleep(2000)
    }
    // What the program wrote to the terminal last (the mode resets) may still
    // sit in the master's buffer: wait until the I/O thread has read it all,
    // that is until the output stops growing for a while.
    var stable = 0
    var seen = io.terminalOutput().count
    while stable < 3 && ContinuousClock.now < deadline {
      usleep(10_000)
      let now = io.terminalOutput().count
      stable = now == seen ? stable + 1 : 0
      seen = now
    }
    let (stdout, stderr) = io.outputs()
    return (exitStatus!, stdout, stderr)
  }
}

// MARK: - The I/O thread

/// The state the I/O thread shares with the test: what came out, what to send.
private final class PseudoTerminalIO: Sendable {
  private struct State: Sendable {
    var terminal: [UInt8] = []
    var stdout: [UInt8] = []
    var stderr: [UInt8] = []
    var stdoutEnded = false
    var stderrEnded = false
    var pendingStdin: [UInt8]
    var closeStdinWhenWritten: Bool
    var pendingKeys: [UInt8] = []
    var closeMasterRequested = false
    var outputPaused = false
    var stdoutPaused = false
    var stopping = false
  }

  private let state: Mutex<State>
  private let master: Int32
  private let stdin: Int32
  private let stdout: Int32
  private let stderr: Int32
  private let wake: (read: Int32, write: Int32)

  init(
    master: Int32, stdin: Int32, stdout: Int32, stderr: Int32,
    wake: (read: Int32, write: Int32), stdinBytes: [UInt8], keepStdinOpen: Bool
  ) {
    self.master = master
    self.stdin = stdin
    self.stdout = stdout
    self.stderr = stderr
    self.wake = wake
    state = Mutex(State(pendingStdin: stdinBytes, closeStdinWhenWritten: !keepStdinOpen))
  }

  func terminalOutput() -> [UInt8] { state.withLock { $0.terminal } }
  func outputs() -> ([UInt8], [UInt8]) { state.withLock { ($0.stdout, $0.stderr) } }
  func outputsEnded() -> Bool { state.withLock { $0.stdoutEnded && $0.stderrEnded } }

  func sendToTerminal(_ bytes: [UInt8]) { update { $0.pendingKeys += bytes } }
  func appendStdin(_ bytes: [UInt8]) { update { $0.pendingStdin += bytes } }
  func requestStdinClose() { update { $0.closeStdinWhenWritten = true } }
  func closeMaster() { update { $0.closeMasterRequested = true } }
  func pauseOutput(_ paused: Bool) { update { $0.outputPaused = paused } }
  func pauseStdout(_ paused: Bool) { update { $0.stdoutPaused = paused } }
  func stop() { update { $0.stopping = true } }

  private func update(_ change: (inout State) -> Void) {
    state.withLock { state in change(&state) }
    var byte: UInt8 = 1
    _ = write(wake.write, &byte, 1)
  }

  /// Called after the thread has finished (the master is the pair's to close).
  func closeAll() {
    for fd in [wake.read, wake.write, stdin, stdout, stderr] { close(fd) }
  }

  /// The thread's loop, until `stop`. A descriptor it is done with (stdin
  /// written, the master hung up) is replaced by /dev/null with `dup2` rather
  /// than closed: that releases the pipe or pty at once, yet the number stays
  /// ours until `closeAll`, so no other test's descriptor can take it meanwhile.
  func run() {
    var masterOpen = true
    var stdinOpen = true
    var stdoutOpen = true
    var stderrOpen = true
    var buffer = [UInt8](repeating: 0, count: 1 << 16)

    func retire(_ fd: Int32) {
      let null = open("/dev/null", O_RDWR | O_CLOEXEC)
      if null >= 0 {
        // (dup3 would set close-on-exec at once, but Glibc hides it; a child
        // spawned in between inherits only /dev/null.)
        dup2(null, fd)
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        close(null)
      }
    }

    while true {
      let (stopping, keys, stdinBytes, closeStdin, closeMaster, outputPaused, stdoutPaused) =
        state.withLock {
          (
            $0.stopping, $0.pendingKeys, $0.pendingStdin, $0.closeStdinWhenWritten,
            $0.closeMasterRequested, $0.outputPaused, $0.stdoutPaused
          )
        }
      if stopping { return }
      if closeMaster && masterOpen {
        masterOpen = false
        retire(master)
      }
      if stdinOpen && stdinBytes.isEmpty && closeStdin {
        stdinOpen = false
        retire(stdin)
      }

      var polled = [pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)]
      if masterOpen {
        let reading = outputPaused ? 0 : POLLIN
        polled.append(
          pollfd(fd: master, events: Int16(reading | (keys.isEmpty ? 0 : POLLOUT)), revents: 0))
      }
      if stdinOpen && !stdinBytes.isEmpty {
        polled.append(pollfd(fd: stdin, events: Int16(POLLOUT), revents: 0))
      }
      if stdoutOpen && !stdoutPaused {
        polled.append(pollfd(fd: stdout, events: Int16(POLLIN), revents: 0))
      }
      if stderrOpen { polled.append(pollfd(fd: stderr, events: Int16(POLLIN), revents: 0)) }
      if poll(&polled, nfds_t(polled.count), 1000) < 0 { continue }

      for entry in polled where entry.revents != 0 {
        let fd = entry.fd
        if fd == wake.read {
          _ = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
          continue
        }
        if fd == stdin {
          let n = stdinBytes.withUnsafeBytes { write(fd, $0.baseAddress, min($0.count, 1 << 16)) }
          if n > 0 {
            state.withLock { $0.pendingStdin.removeFirst(n) }
          } else if n < 0 && errno != EAGAIN && errno != EINTR {
            // The program stopped reading (EPIPE): its input is over.
            stdinOpen = false
            retire(stdin)
          }
          continue
        }
        if fd == master && entry.revents & Int16(POLLOUT) != 0 {
          let n = keys.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
          if n > 0 { state.withLock { $0.pendingKeys.removeFirst(n) } }
        }
        if entry.revents & Int16(POLLIN | POLLHUP | POLLERR) == 0 { continue }
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n > 0 {
          state.withLock {
            if fd == master {
              $0.terminal += buffer[..<n]
            } else if fd == stdout {
              $0.stdout += buffer[..<n]
            } else {
              $0.stderr += buffer[..<n]
            }
          }
        } else if n == 0 || (errno != EAGAIN && errno != EINTR) {
          if fd == stdout {
            stdoutOpen = false
            state.withLock { $0.stdoutEnded = true }
          } else if fd == stderr {
            stderrOpen = false
            state.withLock { $0.stderrEnded = true }
          } else if fd == master && errno == EIO {
            // No slave open anywhere: nothing more can come (we keep one, so rare).
            masterOpen = false
          }
        }
      }
    }
  }
}
