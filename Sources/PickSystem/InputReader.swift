import CPick
import Glibc
import PickCore

/// Reads items from a file descriptor straight into an `ItemStore`'s arena
/// (no intermediate copy), in blocks of 1 MiB.
public enum InputReader {
  /// What standard input turned out to be, checked before reading.
  public enum Kind: Equatable, Sendable {
    case readable
    case directory
    case terminal
  }

  /// Classifies `fd` (the corresponding C functions are `fstat` and `isatty`).
  public static func kind(of fd: Int32) -> Kind {
    var status = stat()
    if fstat(fd, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR { return .directory }
    if isatty(fd) == 1 { return .terminal }
    return .readable
  }

  /// Reads `fd` to its end into `store`, then finishes the store.
  public static func readAll(_ fd: Int32, into store: ItemStore) throws -> Void {
    // A larger pipe buffer means fewer wake-ups when items come through a pipe.
    _ = cpick_set_pipe_size(fd, 1 << 20)
    while true {
      let room = try store.tail(maximum: 1 << 20)
      let n = read(fd, room.baseAddress, room.count)
      if n > 0 {
        try store.commit(n)
      } else if n == 0 {
        break
      } else if errno != EINTR && errno != EAGAIN {
        throw SystemError(errno: errno, context: "cannot read standard input")
      }
    }
    try store.finish()
  }
}
