import CPick
import Glibc

/// A command pick runs: `PICK_DEFAULT_COMMAND`, previews, `execute` and
/// `reload`, all through this one contract (Docs/Design.md, Child processes):
///
/// - started with `posix_spawnp` (no fork of a large, multi-threaded process);
/// - standard input `/dev/null` unless the caller says otherwise (`execute`
///   hands it the terminal);
/// - no descriptor of pick's but the three it is given: pick's own are
///   close-on-exec, and the child also closes everything from 3 up before it
///   runs (`posix_spawn_file_actions_addclosefrom_np`), so a descriptor some
///   thread opened without `O_CLOEXEC` cannot leak either;
/// - every signal at its default action and none blocked, whatever pick set
///   for itself (pick ignores SIGPIPE, so a child that inherited that would
///   never die of a closed pipe);
/// - its own process group, so `kill()` ends the shell and everything it
///   started (`sh -c 'find / | sort'`), not just the shell.
///
/// The owner reads `outputDescriptor` (a pipe on the child's standard output,
/// blocking, close-on-exec) as it likes — poll it with the terminal, or read
/// it to the end — and reaps the child with `wait()` or `poll()`.
public final class ChildProcess {
  /// Where one of the child's standard descriptors comes from or goes to.
  public enum Redirection: Sendable, Equatable {
    /// `/dev/null`.
    case null
    /// pick's own descriptor of the same number.
    case inherit
    /// This descriptor of pick's (the terminal, for `execute`).
    case descriptor(Int32)
    /// A new pipe to pick: read it at `outputDescriptor` (standard output only).
    case pipe
    /// Standard error only: the same as standard output (merged, in order).
    case output
  }

  /// How the child ended.
  public enum Termination: Sendable, Equatable, CustomStringConvertible {
    case exited(Int32)
    case signalled(Int32)

    /// Exit status 0.
    public var isSuccess: Bool { self == .exited(0) }

    /// The status as a shell reports it: the exit code, or 128 + the signal.
    public var shellStatus: Int32 {
      switch self {
      case .exited(let code): return code
      case .signalled(let signal): return 128 + signal
      }
    }

    public var description: String {
      switch self {
      case .exited(let code): return "exit status \(code)"
      case .signalled(let signal): return "killed by signal \(signal)"
      }
    }

    init(waitStatus status: Int32) {
      let signal = status & 0x7f
      self = signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
    }
  }

  /// The child's process id; with `ownProcessGroup`, also its process group id.
  public let pid: pid_t
  /// The read end of the pipe on the child's standard output (`output: .pipe`), else -1.
  public private(set) var outputDescriptor: Int32
  private let hasOwnProcessGroup: Bool
  /// Set once the child has been reaped: after that its pid may belong to another process.
  public private(set) var termination: Termination? = nil

  /// Starts `arguments` (the program is looked up in `PATH`).
  ///
  /// - Parameters:
  ///   - environment: variables added to pick's environment (replacing any of the same name).
  ///   - input, output, errors: see `Redirection`; `.pipe` only for `output`, `.output` only for `errors`.
  ///   - ownProcessGroup: put the child in a new process group (the default), so
  ///     `kill()` reaches everything it starts.
  public init(
    arguments: [[UInt8]], environment: [(name: [UInt8], value: [UInt8])] = [],
    input: Redirection = .null, output: Redirection = .pipe, errors: Redirection = .inherit,
    ownProcessGroup: Bool = true
  ) throws(SystemError) {
    guard let program = arguments.first, !program.isEmpty, input != .pipe, input != .output,
      output != .output, errors != .pipe
    else { throw SystemError(errno: EINVAL, context: "cannot start a command") }

    var pipeEnds: (read: Int32, write: Int32) = (-1, -1)
    if output == .pipe {
      var fds: [Int32] = [-1, -1]
      guard cpick_pipe2(&fds, O_CLOEXEC) == 0 else {
        throw SystemError(errno: errno, context: "cannot create a pipe for a command")
      }
      pipeEnds = (fds[0], fds[1])
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    Self.redirect(input, to: 0, pipeWrite: -1, actions: &actions)
    Self.redirect(output, to: 1, pipeWrite: pipeEnds.write, actions: &actions)
    Self.redirect(errors, to: 2, pipeWrite: -1, actions: &actions)
    _ = cpick_spawn_close_from(&actions, 3)

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var allSignals = sigset_t()
    sigfillset(&allSignals)
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigdefault(&attributes, &allSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    var flags = Int32(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK)
    if ownProcessGroup {
      posix_spawnattr_setpgroup(&attributes, 0)
      flags |= Int32(POSIX_SPAWN_SETPGROUP)
    }
    posix_spawnattr_setflags(&attributes, Int16(flags))

    let argv = CStringArray(arguments)
    let envp = CStringArray(Self.environment(adding: environment))
    var child: pid_t = 0
    // No signal from outside may run the crash handler between the spawn and
    // the note below: it would end pick and leave this child running.
    var previousMask = sigset_t()
    _ = cpick_block_outside_signals(&previousMask)
    defer { _ = cpick_set_signal_mask(&previousMask) }
    let spawned = argv.pointers.withUnsafeBufferPointer { argvBuffer -> Int32 in
      envp.pointers.withUnsafeBufferPointer { envpBuffer -> Int32 in
        // Both arrays hold at least their NULL terminator, and argv[0] is the program.
        guard let file = argvBuffer[0], let argvBase = argvBuffer.baseAddress,
          let envpBase = envpBuffer.baseAddress
        else { return EINVAL }
        return posix_spawnp(&child, file, &actions, &attributes, argvBase, envpBase)
      }
    }
    // The child has its copy of the write end; ours would hide end of file.
    if pipeEnds.write >= 0 { close(pipeEnds.write) }
    guard spawned == 0 else {
      if pipeEnds.read >= 0 { close(pipeEnds.read) }
      let name = String(decoding: program, as: UTF8.self)
      throw SystemError(errno: spawned, context: "cannot run \(name)")
    }
    pid = child
    outputDescriptor = pipeEnds.read
    hasOwnProcessGroup = ownProcessGroup
    // Ended by the crash handler too, should pick die of a signal it cannot handle.
    if ownProcessGroup { CrashCleanup.note(group: child) }
  }

  /// Runs `command` as every child runs (Docs/Design.md, Child processes): `shell` (`sh -c`,
  /// or `--with-shell`) with the command as its last argument.
  public convenience init(
    shell: [[UInt8]], command: [UInt8], environment: [(name: [UInt8], value: [UInt8])] = [],
    input: Redirection = .null, output: Redirection = .pipe, errors: Redirection = .inherit
  ) throws(SystemError) {
    try self.init(
      arguments: shell + [command], environment: environment, input: input, output: output,
      errors: errors)
  }

  deinit {
    closeOutput()
    if termination == nil && hasOwnProcessGroup { CrashCleanup.forget(group: pid) }
  }

  private static func redirect(
    _ redirection: Redirection, to target: Int32, pipeWrite: Int32,
    actions: inout posix_spawn_file_actions_t
  ) {
    switch redirection {
    case .inherit: break
    case .null:
      _ = posix_spawn_file_actions_addopen(
        &actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
    case .descriptor(let fd):
      _ = posix_spawn_file_actions_adddup2(&actions, fd, target)
    case .pipe:
      _ = posix_spawn_file_actions_adddup2(&actions, pipeWrite, target)
    case .output:
      _ = posix_spawn_file_actions_adddup2(&actions, 1, target)
    }
  }

  /// pick's environment with `additions` put in (replacing variables of the
  /// same name; of two additions with one name, the later).
  private static func environment(adding additions: [(name: [UInt8], value: [UInt8])]) -> [[UInt8]] {
    let replaced = Set(additions.map(\.name))
    var result = ProcessEnvironment.entries().filter { entry in
      !replaced.contains(Array(entry.prefix { $0 != UInt8(ascii: "=") }))
    }
    for (index, (name, value)) in additions.enumerated()
    where !additions[(index + 1)...].contains(where: { $0.name == name }) {
      result.append(name + [UInt8(ascii: "=")] + value)
    }
    return result
  }

  /// Sends `signal` (SIGKILL unless told) to the child's process group, or to
  /// the child alone when it has none of its own. Does nothing once it has
  /// been reaped: its pid may be another process's by then.
  public func kill(_ signal: Int32 = SIGKILL) {
    guard termination == nil else { return }
    _ = Glibc.kill(hasOwnProcessGroup ? -pid : pid, signal)
  }

  /// Closes pick's end of the output pipe (a child still writing gets SIGPIPE).
  public func closeOutput() {
    if outputDescriptor >= 0 {
      close(outputDescriptor)
      outputDescriptor = -1
    }
  }

  /// Waits for the child to exit and reaps it (the corresponding C function is `waitpid`).
  @discardableResult
  public func wait() -> Termination {
    if let termination { return termination }
    var status: Int32 = 0
    while true {
      let waited = waitpid(pid, &status, 0)
      if waited == pid { break }
      if waited < 0 && errno != EINTR {
        // ECHILD: someone else reaped it (SIGCHLD ignored); nothing is known.
        return reaped(.exited(0))
      }
    }
    return reaped(Termination(waitStatus: status))
  }

  /// Reaps the child if it has exited, without waiting; nil while it runs.
  public func poll() -> Termination? {
    if let termination { return termination }
    var status: Int32 = 0
    let waited = waitpid(pid, &status, WNOHANG)
    if waited == pid {
      reaped(Termination(waitStatus: status))
    } else if waited < 0 && errno == ECHILD {
      reaped(.exited(0))
    }
    return termination
  }

  /// Records how the child ended; its id is no longer its own from now on.
  @discardableResult
  private func reaped(_ ended: Termination) -> Termination {
    termination = ended
    if hasOwnProcessGroup { CrashCleanup.forget(group: pid) }
    return ended
  }

  /// Waits at most `milliseconds` for the child to exit; nil if it is still running.
  public func wait(milliseconds: Int) -> Termination? {
    let deadline = Clock.milliseconds() + milliseconds
    while true {
      if let ended = poll() { return ended }
      if Clock.milliseconds() >= deadline { return nil }
      usleep(2000)
    }
  }

  /// Waits for the child to exit unless `interruption` becomes readable first
  /// (the signal pipe: pick must not be deaf while a command runs). The
  /// termination, or nil when `interruption` is ready. The child is looked at
  /// every 100 ms besides, in case its SIGCHLD does not reach `interruption`.
  public func wait(unlessReadable interruption: Int32) -> Termination? {
    var entry = pollfd(fd: interruption, events: Int16(POLLIN), revents: 0)
    while true {
      if let ended = poll() { return ended }
      entry.revents = 0
      if Glibc.poll(&entry, 1, 100) > 0 && entry.revents != 0 { return poll() }
    }
  }

  /// Ends the child's process group and reaps it: SIGTERM first, so a command
  /// can clean up, then SIGKILL if it is still there after `graceMilliseconds`.
  public func terminate(graceMilliseconds: Int) {
    kill(SIGTERM)
    if wait(milliseconds: graceMilliseconds) != nil { return }
    kill(SIGKILL)
    wait()
  }

  /// Reads the child's standard output to its end (for small outputs: tests,
  /// and commands whose whole output is wanted at once).
  public func readOutputToEnd() throws(SystemError) -> [UInt8] {
    guard outputDescriptor >= 0 else { return [] }
    return try ProcessEnvironment.contents(of: outputDescriptor)
  }
}

/// NUL-terminated copies of byte strings and the NULL-terminated array of
/// pointers to them that `posix_spawn` takes; freed with the value.
private final class CStringArray {
  let pointers: [UnsafeMutablePointer<CChar>?]

  init(_ strings: [[UInt8]]) {
    var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { bytes in
      let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
      for (index, byte) in bytes.enumerated() { pointer[index] = CChar(bitPattern: byte) }
      pointer[bytes.count] = 0
      return pointer
    }
    pointers.append(nil)
    self.pointers = pointers
  }

  deinit {
    for pointer in pointers { pointer?.deallocate() }
  }
}
