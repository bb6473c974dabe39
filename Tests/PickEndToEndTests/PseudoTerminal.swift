// A pseudo-terminal harness: runs a program with a fresh pty as its
// controlling terminal, so resize, hang-up and job control are real.
//
// Making the pty the child's controlling terminal without fork: posix_spawn
// with POSIX_SPAWN_SETSID (glibc ≥ 2.26) makes the child a session leader with
// no terminal before its file actions run; the first of those opens the slave
// by path without O_NOCTTY, and on Linux a session leader without a controlling
// terminal acquires the terminal it opens that way (and its process group becomes
// the foreground group). That descriptor is closed again: the program opens
// /dev/tty itself, as pick does. stdin, stdout and stderr are pipes.
//
// One background thread does all the I/O with poll(2): it drains the master
// continuously (a program writing a big frame never blocks on a full pty),
// feeds stdin, and collects stdout and stderr. Swift Testing runs tests on
// several threads, so every descriptor here is close-on-exec from birth (the
// master comes from /dev/ptmx with O_CLOEXEC, the slave from TIOCGPTPEER) and
// the child also closes everything above 2 it did not ask for.
//
// The child leads its session, so its process group is orphaned and the
// kernel discards SIGTSTP for it (pick's Suspend declines). To test Ctrl-Z with
// real job control, run pick under a shell that does it; bash takes the
// terminal from its stderr, so:
//   /bin/bash -c 'exec 2>/dev/tty; set -m; "$0"; echo "stopped $?" >&2; fg >&2' PICK
// prints "stopped 148" while pick is stopped, then `fg` continues it.

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

  private let master: Int32
  private let slave: Int32
  private let io: PseudoTerminalIO
  private var thread: pthread_t
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
  init(
    binary: String, arguments: [String], stdin: [UInt8], rows: Int = 24, columns: Int = 80,
    environment: [String: String] = [:], keepStdinOpen: Bool = false,
    stdinIsTerminal: Bool = false, workingDirectory: String? = nil, nonBlockingStdin: Bool = false
  ) throws {
    // Writing to a pipe whose reader has exited must not kill the test runner.
    Glibc.signal(SIGPIPE, SIG_IGN)

    let (master, slave) = try openPseudoTerminal()
    var opened = [master, slave]
    var succeeded = false
    defer { if !succeeded { for fd in opened { close(fd) } } }
    guard let path = pathOfTerminal(slave) else { throw PseudoTerminalFailure("ttyname_r failed") }
    var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
    guard ioctl(master, UInt(TIOCSWINSZ), &size) == 0 else {
      throw PseudoTerminalFailure.errno("TIOCSWINSZ")
    }
    var before = termios()
    guard tcgetattr(slave, &before) == 0 else { throw PseudoTerminalFailure.errno("tcgetattr") }

    let input = try makePipe()
    opened += [input.read, input.write]
    if nonBlockingStdin {
      // As a parent that set O_NONBLOCK on a descriptor it shares with the program.
      _ = fcntl(input.read, F_SETFL, fcntl(input.read, F_GETFL) | O_NONBLOCK)
    }
    let output = try makePipe()
    opened += [output.read, output.write]
    let errors = try makePipe()
    opened += [errors.read, errors.write]
    let wake = try makePipe()
    opened += [wake.read, wake.write]

    var fullEnvironment = [
      "PATH": getenv("PATH").map { String(cString: $0) } ?? "/usr/local/bin:/usr/bin:/bin",
      "HOME": getenv("HOME").map { String(cString: $0) } ?? "/tmp",
      "TERM": "xterm-256color",
      "SWIFT_BACKTRACE": "enable=no",
    ]
    fullEnvironment.merge(environment) { _, new in new }
    pid = try spawnInNewSession(
      binary, arguments: arguments, environment: fullEnvironment, terminalPath: path,
      stdin: stdinIsTerminal ? nil : input.read, stdout: output.write, stderr: errors.write,
      workingDirectory: workingDirectory)
    // The child has its copies; ours would hide end of file.
    for fd in [input.read, output.write, errors.write] { close(fd) }
    opened = [master, slave, input.write, output.read, errors.read, wake.read, wake.write]

    for fd in [master, input.write, output.read, errors.read, wake.read, wake.write] {
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }
    self.master = master
    self.slave = slave
    slavePath = path
    termiosBefore = before
    io = PseudoTerminalIO(
      master: master, stdin: input.write, stdout: output.read, stderr: errors.read,
      wake: wake, stdinBytes: stdin, keepStdinOpen: keepStdinOpen)
    thread = try startThread(io)
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
    pthread_join(thread, nil)
    io.closeAll()
    close(slave)
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
    var settings = termios()
    _ = tcgetattr(slave, &settings)
    return settings
  }

  /// Resizes the terminal (TIOCSWINSZ on the master); the kernel sends
  /// SIGWINCH to the foreground process group.
  func resize(rows: Int, columns: Int) {
    var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
  }

  /// Sends `sig` to the program.
  func signal(_ sig: Int32) {
    kill(pid, sig)
  }

  /// The terminal's foreground process group: the job a Ctrl-Z typed in cooked
  /// mode would stop (TIOCGPGRP on the master reports the slave's).
  func foregroundProcessGroup() -> pid_t {
    tcgetpgrp(master)
  }

  /// Stops (or resumes) reading what the program writes to the terminal, as a
  /// stalled connection or a frozen terminal window would: its writes then
  /// block once the pty's buffer is full.
  func pauseOutput(_ paused: Bool) {
    io.pauseOutput(paused)
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
        let signal = status & 0x7f
        exitStatus = signal == 0 ? (status >> 8) & 0xff : 128 + signal
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

struct PseudoTerminalFailure: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
  static func errno(_ call: String) -> PseudoTerminalFailure {
    PseudoTerminalFailure("\(call): \(String(cString: strerror(Glibc.errno)))")
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
  func stop() { update { $0.stopping = true } }

  private func update(_ change: (inout State) -> Void) {
    state.withLock { state in change(&state) }
    var byte: UInt8 = 1
    _ = write(wake.write, &byte, 1)
  }

  /// Called after the thread has finished.
  func closeAll() {
    for fd in [wake.read, wake.write, stdin, stdout, stderr, master] { close(fd) }
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
      let (stopping, keys, stdinBytes, closeStdin, closeMaster, outputPaused) = state.withLock {
        (
          $0.stopping, $0.pendingKeys, $0.pendingStdin, $0.closeStdinWhenWritten,
          $0.closeMasterRequested, $0.outputPaused
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
      if stdoutOpen { polled.append(pollfd(fd: stdout, events: Int16(POLLIN), revents: 0)) }
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

private func startThread(_ io: PseudoTerminalIO) throws -> pthread_t {
  let context = Unmanaged.passRetained(io).toOpaque()
  var thread = pthread_t()
  let created = pthread_create(
    &thread, nil,
    { context in
      let io = Unmanaged<PseudoTerminalIO>.fromOpaque(context!).takeRetainedValue()
      io.run()
      return nil
    }, context)
  guard created == 0 else {
    Unmanaged<PseudoTerminalIO>.fromOpaque(context).release()
    throw PseudoTerminalFailure("pthread_create: \(String(cString: strerror(created)))")
  }
  return thread
}

// MARK: - Plumbing

/// TIOCSPTLCK and TIOCGPTPEER (Linux ≥ 4.13), which `import Glibc` does not
/// expose (unlockpt and posix_openpt are hidden too).
private let unlockPseudoTerminal: UInt = 0x4004_5431
private let openPseudoTerminalPeer: UInt = 0x5441
/// posix_spawn_file_actions_addchdir_np (glibc 2.29+, _GNU_SOURCE only).
private typealias ChangeDirectoryFunction =
  @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
/// glibc's POSIX_SPAWN_SETSID (_GNU_SOURCE only).
private let spawnSetSession: Int32 = 0x80

/// A new pty, both ends close-on-exec from the start (openpty cannot do that,
/// and another test thread may spawn a child at any moment).
private func openPseudoTerminal() throws -> (master: Int32, slave: Int32) {
  let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
  guard master >= 0 else { throw PseudoTerminalFailure.errno("open /dev/ptmx") }
  var locked: Int32 = 0
  guard ioctl(master, unlockPseudoTerminal, &locked) == 0 else {
    close(master)
    throw PseudoTerminalFailure.errno("unlockpt")
  }
  let slave = ioctl(master, openPseudoTerminalPeer, O_RDWR | O_NOCTTY | O_CLOEXEC)
  guard slave >= 0 else {
    close(master)
    throw PseudoTerminalFailure.errno("TIOCGPTPEER")
  }
  return (master, slave)
}

/// The path of the terminal open on `fd`. The corresponding C function is `ttyname_r`.
func pathOfTerminal(_ fd: Int32) -> String? {
  var name = [CChar](repeating: 0, count: 256)
  guard ttyname_r(fd, &name, name.count) == 0 else { return nil }
  return String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// posix_spawn in a new session whose controlling terminal is `terminalPath`,
/// with default signal actions, an empty signal mask and only fds 0–2 open.
/// A nil `stdin` makes the terminal the child's standard input.
private func spawnInNewSession(
  _ path: String, arguments: [String], environment: [String: String], terminalPath: String,
  stdin: Int32?, stdout: Int32, stderr: Int32, workingDirectory: String? = nil
) throws -> pid_t {
  var argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) }
  argv.append(nil)
  var envp: [UnsafeMutablePointer<CChar>?] = environment.sorted { $0.key < $1.key }
    .map { strdup("\($0.key)=\($0.value)") }
  envp.append(nil)
  defer { for pointer in argv + envp { free(pointer) } }

  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  if let stdin { posix_spawn_file_actions_adddup2(&actions, stdin, 0) }
  posix_spawn_file_actions_adddup2(&actions, stdout, 1)
  posix_spawn_file_actions_adddup2(&actions, stderr, 2)
  if let closeFrom = libcFunction(
    "posix_spawn_file_actions_addclosefrom_np", as: CloseFromFunction.self)
  {
    _ = closeFrom(&actions, 3)
  }
  // After setsid (which posix_spawn does before the file actions): opening the
  // slave without O_NOCTTY makes it the controlling terminal.
  posix_spawn_file_actions_addopen(&actions, 3, terminalPath, O_RDWR, 0)
  if stdin == nil { posix_spawn_file_actions_adddup2(&actions, 3, 0) }
  posix_spawn_file_actions_addclose(&actions, 3)
  if let workingDirectory {
    guard
      let changeDirectory = libcFunction(
        "posix_spawn_file_actions_addchdir_np", as: ChangeDirectoryFunction.self)
    else { throw PseudoTerminalFailure("posix_spawn_file_actions_addchdir_np is missing") }
    _ = changeDirectory(&actions, workingDirectory)
  }

  var attributes = posix_spawnattr_t()
  posix_spawnattr_init(&attributes)
  defer { posix_spawnattr_destroy(&attributes) }
  var allSignals = sigset_t()
  sigfillset(&allSignals)
  var noSignals = sigset_t()
  sigemptyset(&noSignals)
  posix_spawnattr_setsigdefault(&attributes, &allSignals)
  posix_spawnattr_setsigmask(&attributes, &noSignals)
  posix_spawnattr_setflags(
    &attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | spawnSetSession))

  var pid: pid_t = 0
  let spawned = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
  guard spawned == 0 else {
    throw PseudoTerminalFailure("cannot run \(path): \(String(cString: strerror(spawned)))")
  }
  return pid
}
