import Glibc

/// A command writing into a pipe, the left side of `seq 10000000 | pick`:
/// `abort` hands the read end to the picker and watches whether the
/// producer ends once the picker has gone (a closed pipe kills it with
/// SIGPIPE on its next write).
///
/// The child gets SIGPIPE's default action whatever ours is, so that it
/// ends the way it would under a shell; standard input and error are
/// /dev/null.
final class Producer {
  let pid: pid_t
  /// The pipe's read end, for the consumer; `closeReadEnd()` once the
  /// consumer has its copy, or the producer would never see the pipe close.
  private(set) var readEnd: Int32
  private(set) var termination: ChildProcess.Termination?

  init(_ executable: String, arguments: [String]) throws {
    let path = try ChildProcess.resolve(executable)
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else { throw BenchError.system("pipe", errno) }
    for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    let nullFD = open("/dev/null", O_RDWR | O_CLOEXEC)
    defer { close(nullFD) }
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    let envp = ChildProcess.environment.map { strdup($0) } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }

    let child = fork()
    if child == 0 {
      // Async-signal-safe calls only until exec.
      signal(SIGPIPE, SIG_DFL)
      dup2(nullFD, 0)
      dup2(fds[1], 1)
      dup2(nullFD, 2)
      execve(path, argv, envp)
      _exit(127)
    }
    close(fds[1])
    guard child > 0 else {
      close(fds[0])
      throw BenchError.system("fork", errno)
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
  func reap() -> ChildProcess.Termination? {
    guard termination == nil else { return termination }
    var status: Int32 = 0
    guard waitpid(pid, &status, WNOHANG) == pid else { return nil }
    termination = status & 0x7F == 0 ? .exited((status >> 8) & 0xFF) : .signaled(status & 0x7F)
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
