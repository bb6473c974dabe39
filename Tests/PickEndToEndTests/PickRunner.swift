// Running the built `pick` binary from end-to-end tests.
//
// Processes are started with PickTestSupport's `ProgramLaunch.spawn()`
// (posix_spawn) rather than Foundation's `Process`: arguments are byte
// strings (a query need not be valid UTF-8, and `Process` only takes
// `String`), the child gets default signal dispositions and an empty signal
// mask (so a reader going away kills it with SIGPIPE, as in a shell), and it
// runs in its own process group so the watchdog can kill a whole pipeline. One thread drives everything with poll(2): stdin is written
// in slices while stdout and stderr are drained, so a 10 MB input cannot
// deadlock against a child that writes before it has read everything.
//
// Swift Testing runs tests in parallel, so the pipes are created close-on-exec
// (`makePipe`) and each child closes every descriptor above 2 that it did not
// ask for; otherwise one test's child could hold another test's pipe open and
// hide its end of file.

import PickTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// What a finished process left behind.
struct PickResult: Sendable, Equatable {
  /// The exit status, or 128 + the signal number when a signal killed it (as shells report it).
  var status: Int32
  var stdout: [UInt8]
  var stderr: [UInt8]
}

/// A process could not be started or did not finish in time.
struct RunFailure: Error, CustomStringConvertible {
  var description: String
}

/// Runs the built pick binary (see `pickBinaryPath()`) with `arguments`.
///
/// - Parameters:
///   - stdin: the bytes pick reads, through a pipe, or through a temporary
///     regular file when `stdinIsFile` is true.
///   - environment: added to a clean minimal environment (`PATH`, `HOME`,
///     `SWIFT_BACKTRACE=enable=no`); an entry here replaces those.
///   - timeout: seconds before the watchdog kills pick, records a failure and throws.
func runPick(
  _ arguments: [String], stdin: [UInt8] = [], environment: [String: String] = [:],
  timeout: Double = 20, stdinIsFile: Bool = false,
  sourceLocation: SourceLocation = #_sourceLocation
) throws -> PickResult {
  try runPick(
    rawArguments: arguments.map { Array($0.utf8) }, stdin: stdin, environment: environment,
    timeout: timeout, stdinIsFile: stdinIsFile, sourceLocation: sourceLocation)
}

/// `runPick(_:…)` with arguments as raw bytes, for arguments that are not valid UTF-8.
func runPick(
  rawArguments: [[UInt8]], stdin: [UInt8] = [], environment: [String: String] = [:],
  timeout: Double = 20, stdinIsFile: Bool = false,
  sourceLocation: SourceLocation = #_sourceLocation
) throws -> PickResult {
  try runProgram(
    pickBinaryPath(), arguments: rawArguments, stdin: stdin, environment: environment,
    timeout: timeout, stdinIsFile: stdinIsFile, sourceLocation: sourceLocation)
}

/// Runs `script` with `/bin/sh -c`, with `PICK` set to the absolute path of the
/// pick binary, for the cases a shell expresses best (closed descriptors, pipelines).
func runShell(
  _ script: String, stdin: [UInt8] = [], environment: [String: String] = [:],
  timeout: Double = 20, sourceLocation: SourceLocation = #_sourceLocation
) throws -> PickResult {
  var environment = environment
  environment["PICK"] = environment["PICK"] ?? pickBinaryPath()
  return try runProgram(
    "/bin/sh", arguments: [Array("-c".utf8), Array(script.utf8)], stdin: stdin,
    environment: environment, timeout: timeout, sourceLocation: sourceLocation)
}

/// Runs the program at `path` (argv[0] is `path`); see `runPick(_:…)` for the parameters.
func runProgram(
  _ path: String, arguments: [[UInt8]], stdin: [UInt8] = [],
  environment: [String: String] = [:], timeout: Double = 20, stdinIsFile: Bool = false,
  sourceLocation: SourceLocation = #_sourceLocation
) throws -> PickResult {
  // Writing to a pipe whose reader has exited must not kill the test runner.
  signal(SIGPIPE, SIG_IGN)

  let output = try makePipe()
  let errors = try makePipe()
  var input: (read: Int32, write: Int32)
  if stdinIsFile {
    let fd = try makeTemporaryFileDescriptor(containing: stdin)
    input = (fd, -1)
  } else {
    input = try makePipe()
  }
  var childEnds = [output.write, errors.write, input.read]
  defer { for fd in childEnds where fd >= 0 { close(fd) } }

  var launch = ProgramLaunch(
    path: path, arguments: [], environment: ProgramLaunch.testEnvironment(adding: environment),
    stdin: input.read, stdout: output.write, stderr: errors.write, session: .newProcessGroup)
  launch.arguments = arguments
  let pid = try launch.spawn()
  for fd in childEnds { close(fd) }
  childEnds = []

  let deadline = ContinuousClock.now + .milliseconds(Int64(timeout * 1000))
  var result = PickResult(status: -1, stdout: [], stderr: [])
  var outFD: Int32 = output.read
  var errFD: Int32 = errors.read
  var inFD: Int32 = input.write
  var written = 0
  defer { for fd in [outFD, errFD, inFD] where fd >= 0 { close(fd) } }
  for fd in [outFD, errFD, inFD] where fd >= 0 {
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
  }
  if inFD >= 0, stdin.isEmpty {
    close(inFD)
    inFD = -1
  }

  var buffer = [UInt8](repeating: 0, count: 1 << 16)
  while outFD >= 0 || errFD >= 0 || inFD >= 0 {
    guard let waitMilliseconds = millisecondsLeft(until: deadline) else {
      try killAfterTimeout(pid, timeout: timeout, sourceLocation: sourceLocation)
    }
    var polled: [pollfd] = []
    if outFD >= 0 { polled.append(pollfd(fd: outFD, events: Int16(POLLIN), revents: 0)) }
    if errFD >= 0 { polled.append(pollfd(fd: errFD, events: Int16(POLLIN), revents: 0)) }
    if inFD >= 0 { polled.append(pollfd(fd: inFD, events: Int16(POLLOUT), revents: 0)) }
    let ready = poll(&polled, nfds_t(polled.count), Int32(min(waitMilliseconds, 1000)))
    if ready < 0 {
      if errno == EINTR { continue }
      throw RunFailure(description: "poll: \(String(cString: strerror(errno)))")
    }
    for entry in polled where entry.revents != 0 {
      if entry.fd == inFD {
        let count = stdin.withUnsafeBytes { bytes in
          write(inFD, bytes.baseAddress! + written, min(bytes.count - written, 1 << 16))
        }
        if count > 0 { written += count }
        if count < 0, errno == EAGAIN || errno == EINTR { continue }
        // Done, or the child stopped reading (EPIPE): either way, end of input.
        if count < 0 || written == stdin.count {
          close(inFD)
          inFD = -1
        }
      } else {
        let count = buffer.withUnsafeMutableBytes { read(entry.fd, $0.baseAddress, $0.count) }
        if count > 0 {
          if entry.fd == outFD {
            result.stdout += buffer[..<count]
          } else {
            result.stderr += buffer[..<count]
          }
        } else if count == 0 || (errno != EAGAIN && errno != EINTR) {
          close(entry.fd)
          if entry.fd == outFD { outFD = -1 } else { errFD = -1 }
        }
      }
    }
  }

  while true {
    var status: Int32 = 0
    let waited = waitpid(pid, &status, WNOHANG)
    if waited == pid {
      result.status = ProcessTermination(waitStatus: status).shellStatus
      return result
    }
    if waited < 0, errno != EINTR {
      throw RunFailure(description: "waitpid: \(String(cString: strerror(errno)))")
    }
    if millisecondsLeft(until: deadline) == nil {
      try killAfterTimeout(pid, timeout: timeout, sourceLocation: sourceLocation)
    }
    usleep(1000)
  }
}

/// A temporary file holding `bytes`; the caller removes it.
func makeTemporaryFile(containing bytes: [UInt8]) throws -> String {
  let path = temporaryPath()
  let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
  guard fd >= 0 else {
    throw RunFailure(description: "cannot create \(path): \(String(cString: strerror(errno)))")
  }
  defer { close(fd) }
  try writeAll(fd, bytes)
  return path
}

// MARK: - Plumbing

private func temporaryPath() -> String {
  let directory = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
  return "\(directory)/pick-e2e-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
}

/// An unlinked temporary file holding `bytes`, positioned at its start.
private func makeTemporaryFileDescriptor(containing bytes: [UInt8]) throws -> Int32 {
  let path = temporaryPath()
  let fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
  guard fd >= 0 else {
    throw RunFailure(description: "cannot create \(path): \(String(cString: strerror(errno)))")
  }
  unlink(path)
  do {
    try writeAll(fd, bytes)
  } catch {
    close(fd)
    throw error
  }
  lseek(fd, 0, SEEK_SET)
  return fd
}

private func writeAll(_ fd: Int32, _ bytes: [UInt8]) throws {
  var offset = 0
  while offset < bytes.count {
    let count = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
    if count < 0 {
      if errno == EINTR { continue }
      throw RunFailure(description: "write: \(String(cString: strerror(errno)))")
    }
    offset += count
  }
}

private func millisecondsLeft(until deadline: ContinuousClock.Instant) -> Int? {
  let left = ContinuousClock.now.duration(to: deadline)
  guard left > .zero else { return nil }
  let (seconds, attoseconds) = left.components
  return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000) + 1
}

private func killAfterTimeout(
  _ pid: pid_t, timeout: Double, sourceLocation: SourceLocation
) throws -> Never {
  kill(-pid, SIGKILL)
  kill(pid, SIGKILL)
  var status: Int32 = 0
  while waitpid(pid, &status, 0) < 0, errno == EINTR {}
  let message = "the process did not finish within \(timeout) s and was killed"
  Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
  throw RunFailure(description: message)
}
