import Glibc
import PickTestSupport

/// One run of a command, measured as a user would feel it: from `fork` until
/// `wait4` has reaped it and its whole output has been read.
///
/// Foundation's `Process` cannot be used: it does not return the child's
/// `rusage`. Nor can `posix_spawn`: glibc starts the child with `vfork`
/// (`CLONE_VM`), and when the child execs, Linux folds the peak RSS of the
/// memory it shared, ours, into the child's `ru_maxrss`: every tool then
/// "used" at least pick-bench's own peak. So it starts the child with
/// `ProgramLaunch.forkAndExec()`: after a real `fork` the child's count
/// starts from the pages it copied, which is our small current heap.
struct MeasuredCommand {
  /// Where the child's standard output goes.
  enum Output: Equatable {
    /// A pipe that we drain, counting lines and bytes: output costs what it
    /// costs when pick feeds another program, and match counts can be compared.
    case counted
    /// A pipe whose bytes we keep (with standard error merged): for
    /// `--version` and `ldd`.
    case captured
    /// Like `counted`, but the first 64 KiB are kept too: for the first
    /// (best) match of a query without holding all of them in our memory.
    case head
    /// `/dev/null`: for the `cat` floor.
    case discarded
    /// A new file (replaced if it exists): for generating corpora.
    case file(String)
  }

  struct Result {
    var seconds: Double
    /// Peak resident memory (`ru_maxrss`), in KiB.
    var peakKiB: Int
    var lines: Int
    var bytes: Int
    var termination: ProcessTermination
    /// Captured output (`.captured`), or the start of standard error.
    var text: String
  }

  let executable: String
  let arguments: [String]
  /// A file to open as standard input (a regular file, not a pipe: the tools
  /// may `mmap` it); `nil` for `/dev/null`.
  var input: String?
  var output: Output = .counted

  /// Our environment, less the variables that would change the tools'
  /// behaviour from their defaults, plus no crash backtraces from pick.
  static let environment: [String] = {
    var names = [String]()
    var entry = environ
    while let pointer = entry.pointee {
      let variable = String(cString: pointer)
      if !variable.hasPrefix("FZF_DEFAULT_OPTS") && !variable.hasPrefix("PICK_DEFAULT_OPTS") {
        names.append(variable)
      }
      entry += 1
    }
    names.append("SWIFT_BACKTRACE=enable=no")
    return names
  }()

  func run() throws -> Result {
    let path = try Self.resolve(executable)
    let inputFD = open(input ?? "/dev/null", O_RDONLY | O_CLOEXEC)
    guard inputFD >= 0 else { throw BenchError.cannotOpen(input ?? "/dev/null") }
    defer { close(inputFD) }
    let errorFD = try Self.anonymousFile()
    defer { close(errorFD) }

    // [read, write]: a pipe to drain, or only a write end.
    var outputFDs: [Int32] = [-1, -1]
    switch output {
    case .counted, .captured, .head:
      guard pipe(&outputFDs) == 0 else { throw BenchError.system("pipe", errno) }
      for fd in outputFDs { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    case .discarded:
      outputFDs[1] = open("/dev/null", O_WRONLY | O_CLOEXEC)
    case .file(let path):
      outputFDs[1] = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
      guard outputFDs[1] >= 0 else { throw BenchError.cannotWrite(path) }
    }
    defer { for fd in outputFDs where fd >= 0 { close(fd) } }
    let childErrorFD = output == .captured ? outputFDs[1] : errorFD

    var launch = ProgramLaunch(
      path: path, arguments: arguments, environment: Self.environment, stdin: inputFD,
      stdout: outputFDs[1], stderr: childErrorFD)
    launch.programName = executable
    var start = 0.0
    let pid = try launch.forkAndExec { start = Self.now() }
    close(outputFDs[1])
    outputFDs[1] = -1
    var drained = OutputDrain(keepingAtMost: output == .captured ? .max : output == .head ? 65536 : 0)
    if outputFDs[0] >= 0 { drained.drain(outputFDs[0]) }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 {
      guard errno == EINTR else { throw BenchError.system("wait4", errno) }
    }
    let seconds = Self.now() - start

    let termination = ProcessTermination(waitStatus: status)
    let text =
      output == .counted || output == .discarded
      ? Self.head(of: errorFD) : String(decoding: drained.kept, as: UTF8.self)
    return Result(
      seconds: seconds, peakKiB: usage.ru_maxrss, lines: drained.lines, bytes: drained.bytes,
      termination: termination, text: text)
  }

  /// `name` itself if it has a slash, else the first executable `name` on PATH
  /// (the child cannot search: `execvp` is not async-signal-safe).
  static func resolve(_ name: String) throws -> String {
    if name.contains("/") { return name }
    let directories = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
    for directory in directories.split(separator: ":") where access("\(directory)/\(name)", X_OK) == 0 {
      return "\(directory)/\(name)"
    }
    throw BenchError.cannotRun(name, "not found on PATH")
  }

  /// Seconds on the monotonic clock.
  static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
  }

  /// An unlinked temporary file for the child's standard error.
  private static func anonymousFile() throws -> Int32 {
    let (fd, path) = try TemporaryFile.create()
    unlink(path)
    return fd
  }

  /// The first line of what the child wrote to the file `fd`.
  private static func head(of fd: Int32) -> String {
    var buffer = [UInt8](repeating: 0, count: 512)
    let count = pread(fd, &buffer, buffer.count, 0)
    guard count > 0 else { return "" }
    let text = String(decoding: buffer[..<count], as: UTF8.self)
    return String(text.split(separator: "\n").first ?? "")
  }
}
