#if canImport(Glibc)
  import Glibc
#endif

/// A close-on-exec pipe: (read end, write end). Close-on-exec from birth
/// (pipe2, where glibc has it), since tests running on other threads may
/// spawn a child at any moment, and a child holding another test's pipe
/// would hide its end of file.
public func makePipe() throws -> (read: Int32, write: Int32) {
  var fds: [Int32] = [-1, -1]
  let created: Int32
  if let pipe2 = libcFunction("pipe2", as: Pipe2Function.self) {
    created = pipe2(&fds, O_CLOEXEC)
  } else {
    created = pipe(&fds)
    for fd in fds where fd >= 0 { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
  }
  guard created == 0 else { throw HarnessFailure.errno("pipe") }
  return (fds[0], fds[1])
}
