import Glibc
import PickTestSupport

/// A command writing into a pipe, the left side of `seq 10000000 | pick`:
/// `abort` hands the read end to the picker and watches whether the
/// producer ends once the picker has gone (a closed pipe kills it with
/// SIGPIPE on its next write).
///
/// The child gets SIGPIPE's default action whatever ours is
/// (`ProgramLaunch.forkAndExec()` resets it), so that it ends the way it
/// would under a shell; standard input and error are /dev/null.
final class Producer {
  let pid: pid_t
  /// The pipe's read end, for the consumer; `closeReadEnd()` once the
  /// consumer has its copy, or the producer would never see the pipe close.
  private(set) var readEnd: Int32
  private(set) var termination: ProcessTermination?

  init(_ executable: String, arguments: [String]) throws {
    let path = try MeasuredCommand.resolve(executable)
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else { throw BenchError.system("pipe", errno) }
    for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    let nullFD = open("/dev/null", O_RDWR | O_CLOEXEC)
    defer { close(nullFD) }
    let launch = ProgramLaunch(
      path: path, arguments: arguments, environment: MeasuredCommand.environment, stdin: nullFD,
      stdout: fds[1], stderr: nullFD)
    let child: pid_t
    do {
      defer { close(fds[1]) }
      child = try launch.forkAndExec()
    } catch {
      close(fds[0])
      throw error
    }
    pid = child
    readEnd = fds[0]
  }

  deinit {
    closeReadEnd()
    if termination == nil {
      kill()
    }
  }

  func closeReadEnd() {
    if readEnd >= 0 { close(readEnd) }
    readEnd = -1
  }

  /// How the producer ended, once it has (never waits).
  func reap() -> ProcessTermination? {
    guard termination == nil else { return termination }
    var status: Int32 = 0
    guard waitpid(pid, &status, WNOHANG) == pid else { return nil }
    termination = ProcessTermination(waitStatus: status)
    return termination
  }

  /// Kills and reaps it (when it did not end by itself).
  func kill() {
    guard termination == nil else { return }
    Glibc.kill(pid, SIGKILL)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    termination = .signaled(SIGKILL)
  }
}
