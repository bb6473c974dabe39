// The one way the tests and pick-bench start a program.
//
// Tests use `spawn()` (posix_spawn): Swift Testing runs tests on several
// threads, and posix_spawn is safe there, where a forked child of a
// multithreaded process may only make async-signal-safe calls. The child
// gets default signal dispositions and an empty signal mask (so a reader
// going away kills it with SIGPIPE, as under a shell), and closes every
// descriptor above 2 it did not ask for, so that it cannot hold another
// test's pipe or terminal open.
//
// pick-bench uses `forkAndExec()`: glibc's posix_spawn starts the child with
// vfork (CLONE_VM), and when the child execs, Linux folds the peak RSS of the
// memory it shared, ours, into the child's `ru_maxrss`, so every measured tool
// would have "used" at least pick-bench's own peak. After a real fork the
// child's count starts from the pages it copied. The child does only what it
// must before exec (pick-bench starts programs from one thread, and its
// descriptors are close-on-exec).
//
// A controlling terminal without the child's help: the child becomes a
// session leader with no terminal (POSIX_SPAWN_SETSID, or setsid), then opens
// the terminal by path without O_NOCTTY; on Linux a session leader without a
// controlling terminal acquires the terminal it opens that way, and its
// process group becomes the foreground group. That descriptor is closed
// again (unless it becomes standard input): pick and fzf open /dev/tty
// themselves.

#if canImport(Glibc)
  import Glibc
#endif

/// A program to start, and how (see the top of this file).
public struct ProgramLaunch {
  /// Which session and process group the child gets.
  public enum Session {
    /// Ours.
    case inherited
    /// A process group of its own, in our session: a watchdog can kill a
    /// whole pipeline with `kill(-pid, …)`.
    case newProcessGroup
    /// A new session whose controlling terminal is the terminal at this path.
    case controllingTerminal(String)
  }

  /// The program's absolute path.
  public var path: String
  /// argv[0]: `path` unless set (pick-bench passes the name it looked up on PATH).
  public var programName: String?
  /// The arguments after argv[0], as bytes: they need not be valid UTF-8.
  public var arguments: [[UInt8]]
  /// The whole environment, as `NAME=value` entries.
  public var environment: [String]
  /// Standard input, or nil for the controlling terminal (which then must be given).
  public var stdin: Int32?
  public var stdout: Int32
  public var stderr: Int32
  public var session: Session
  /// Where the child starts; nil for our working directory.
  public var workingDirectory: String?

  public init(
    path: String, arguments: [String], environment: [String], stdin: Int32?, stdout: Int32,
    stderr: Int32, session: Session = .inherited, workingDirectory: String? = nil
  ) {
    self.path = path
    self.environment = environment
    self.stdin = stdin
    self.stdout = stdout
    self.stderr = stderr
    self.arguments = arguments.map { Array($0.utf8) }
    self.session = session
    self.workingDirectory = workingDirectory
  }

  /// A clean environment for a program under test: our `PATH` and `HOME`, no
  /// crash backtraces, then `extra` (which replaces those), sorted by name.
  public static func testEnvironment(adding extra: [String: String]) -> [String] {
    var environment = [
      "PATH": getenv("PATH").map { String(cString: $0) } ?? "/usr/local/bin:/usr/bin:/bin",
      "HOME": getenv("HOME").map { String(cString: $0) } ?? "/tmp",
      "SWIFT_BACKTRACE": "enable=no",
    ]
    environment.merge(extra) { _, new in new }
    return environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
  }

  /// Starts the program with posix_spawn (for tests; see the top of this file).
  public func spawn() throws -> pid_t {
    precondition(stdin != nil || terminalPath != nil, "stdin needs a descriptor or a terminal")
    let (argv, envp) = (argumentVector(), environmentVector())
    defer { for pointer in argv + envp { free(pointer) } }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    try addFileActions(&actions)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    resetSignals(&attributes)
    var flags = POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK
    switch session {
    case .inherited: break
    case .newProcessGroup:
      posix_spawnattr_setpgroup(&attributes, 0)
      flags |= POSIX_SPAWN_SETPGROUP
    case .controllingTerminal: flags |= spawnSetSession
    }
    posix_spawnattr_setflags(&attributes, Int16(flags))

    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
    guard spawned == 0 else {
      throw HarnessFailure("cannot run \(path): \(String(cString: strerror(spawned)))")
    }
    return pid
  }

  /// Every signal's default action and an empty signal mask in the child.
  private func resetSignals(_ attributes: inout posix_spawnattr_t) {
    var signals = sigset_t()
    sigfillset(&signals)
    posix_spawnattr_setsigdefault(&attributes, &signals)
    sigemptyset(&signals)
    posix_spawnattr_setsigmask(&attributes, &signals)
  }

  /// The standard descriptors, the terminal and the working directory, as
  /// posix_spawn file actions (which run after POSIX_SPAWN_SETSID).
  private func addFileActions(_ actions: inout posix_spawn_file_actions_t) throws {
    if let stdin { posix_spawn_file_actions_adddup2(&actions, stdin, 0) }
    posix_spawn_file_actions_adddup2(&actions, stdout, 1)
    posix_spawn_file_actions_adddup2(&actions, stderr, 2)
    if let closeFrom = libcFunction(
      "posix_spawn_file_actions_addclosefrom_np", as: CloseFromFunction.self)
    {
      _ = closeFrom(&actions, 3)
    }
    if let terminalPath {
      posix_spawn_file_actions_addopen(&actions, 3, terminalPath, O_RDWR, 0)
      if stdin == nil { posix_spawn_file_actions_adddup2(&actions, 3, 0) }
      posix_spawn_file_actions_addclose(&actions, 3)
    }
    if let workingDirectory {
      guard
        let changeDirectory = libcFunction(
          "posix_spawn_file_actions_addchdir_np", as: ChangeDirectoryFunction.self)
      else { throw HarnessFailure("posix_spawn_file_actions_addchdir_np is missing") }
      _ = changeDirectory(&actions, workingDirectory)
    }
  }

  /// The controlling terminal's path, if the child gets one.
  var terminalPath: String? {
    if case .controllingTerminal(let path) = session { return path }
    return nil
  }

  /// argv as C strings to `free`, ending in nil.
  func argumentVector() -> [UnsafeMutablePointer<CChar>?] {
    ([Array((programName ?? path).utf8)] + arguments).map(cString) + [nil]
  }

  /// envp as C strings to `free`, ending in nil.
  func environmentVector() -> [UnsafeMutablePointer<CChar>?] {
    environment.map { cString(Array($0.utf8)) } + [nil]
  }
}

/// `bytes` as a NUL-terminated C string, to `free`.
func cString(_ bytes: [UInt8]) -> UnsafeMutablePointer<CChar> {
  let pointer = malloc(bytes.count + 1)!.bindMemory(to: CChar.self, capacity: bytes.count + 1)
  for (index, byte) in bytes.enumerated() { pointer[index] = CChar(bitPattern: byte) }
  pointer[bytes.count] = 0
  return pointer
}
