import CPick
import Glibc

/// The terminal pick draws on and reads keys from: `/dev/tty` (or `--tty PATH`),
/// never standard input or output, which carry items and results.
///
/// Opening `/dev/tty` gives the process's controlling terminal through an open
/// file description of its own, so making it non-blocking does not change the
/// descriptor the shell shares with us. `O_NOCTTY` matters only for `--tty PATH`:
/// a session leader without a terminal would otherwise acquire PATH as its
/// controlling terminal. The descriptor is close-on-exec: children (preview,
/// execute) open the terminal themselves when they need it.
public final class TerminalDevice: Sendable {
  /// The open terminal; valid until the device is deinitialised.
  public let fileDescriptor: Int32

  /// Opens the terminal at `path` for reading and writing, non-blocking.
  /// The corresponding C function is `open`.
  public init(path: String = "/dev/tty") throws(TerminalError) {
    var fd: Int32
    repeat {
      fd = open(path, O_RDWR | O_NOCTTY | O_CLOEXEC | O_NONBLOCK)
    } while fd < 0 && errno == EINTR
    guard fd >= 0 else {
      throw .failed(SystemError(errno: errno, context: "cannot open the terminal \(path)"))
    }
    guard isatty(fd) == 1 else {
      close(fd)
      throw .failed(SystemError(errno: ENOTTY, context: "cannot use \(path) as the terminal"))
    }
    // Never keep the terminal on 0, 1 or 2 (free when the caller closed one):
    // standard input and output would then be the terminal, and items or
    // results would silently go to the wrong place.
    if fd <= 2 {
      let moved = fcntl(fd, F_DUPFD_CLOEXEC, 3)
      let error = errno
      close(fd)
      guard moved >= 0 else {
        throw .failed(SystemError(errno: error, context: "cannot open the terminal \(path)"))
      }
      fd = moved
    }
    fileDescriptor = fd
  }

  deinit { close(fileDescriptor) }

  /// The terminal's size in character cells, at least 1×1 (a terminal that
  /// reports 0×0, such as a fresh pty, still gets something drawable).
  /// The corresponding C call is `ioctl(fd, TIOCGWINSZ, …)`.
  public func size() -> (rows: Int, columns: Int) {
    var rows: Int32 = 0
    var columns: Int32 = 0
    guard cpick_window_size(fileDescriptor, &rows, &columns) == 0 else { return (1, 1) }
    return (max(Int(rows), 1), max(Int(columns), 1))
  }

  /// Writes all of `bytes`; one frame is one call.
  ///
  /// Short writes are continued with the unwritten remainder; when the terminal
  /// is not ready (EAGAIN: the descriptor is non-blocking) this waits for it
  /// with `poll`, so a slow terminal slows pick down instead of losing a frame.
  /// A terminal that has stopped reading altogether (a stalled connection)
  /// would hold that wait forever: when `interruption` (the signal pipe)
  /// becomes readable meanwhile, the write gives up with `.interrupted`, so
  /// that SIGTERM still ends pick. The corresponding C function is `write`.
  public func write(_ bytes: UnsafeRawBufferPointer, unlessReadable interruption: Int32 = -1)
    throws(TerminalError)
  {
    guard var cursor = bytes.baseAddress else { return }
    var left = bytes.count
    while left > 0 {
      let n = Glibc.write(fileDescriptor, cursor, left)
      if n > 0 {
        cursor += n
        left -= n
      } else if n < 0 && errno == EAGAIN {
        try waitUntilWritable(unlessReadable: interruption)
      } else if n < 0 && errno != EINTR {
        throw TerminalError(errno: errno, context: "cannot write to the terminal")
      }
    }
  }

  /// Writes all of `bytes` (see `write(_:unlessReadable:)` for an unsafe buffer).
  public func write(_ bytes: [UInt8], unlessReadable interruption: Int32 = -1) throws(TerminalError) {
    let failure: TerminalError? = bytes.withUnsafeBytes { raw in
      do throws(TerminalError) {
        try write(raw, unlessReadable: interruption)
        return nil
      } catch {
        return error
      }
    }
    if let failure { throw failure }
  }

  /// Reads what the terminal has (keys, replies to queries) without waiting:
  /// returns 0 when nothing is there. Wait for input with `poll` on
  /// `fileDescriptor`. End of file and EIO mean the terminal hung up.
  /// The corresponding C function is `read`.
  public func read(into buffer: UnsafeMutableRawBufferPointer) throws(TerminalError) -> Int {
    guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
    while true {
      let n = Glibc.read(fileDescriptor, base, buffer.count)
      if n > 0 { return n }
      if n == 0 { throw .hungUp }
      if errno == EAGAIN { return 0 }
      if errno != EINTR { throw TerminalError(errno: errno, context: "cannot read the terminal") }
    }
  }

  /// How many bytes are waiting to be read. Right after raw mode takes
  /// effect, these are the keys typed before it, which the line discipline
  /// cooked (an Enter there is LF). The corresponding C call is `ioctl(fd, FIONREAD, …)`.
  public func bytesWaiting() -> Int {
    var count: Int32 = 0
    guard ioctl(fileDescriptor, UInt(FIONREAD), &count) == 0 else { return 0 }
    return max(Int(count), 0)
  }

  /// Throws away what was written but not yet read by the terminal, so that
  /// a few bytes (the restore) fit even when it has stopped reading.
  /// The corresponding C function is `tcflush` with `TCOFLUSH`.
  public func discardUnreadOutput() {
    _ = tcflush(fileDescriptor, TCOFLUSH)
  }

  private func waitUntilWritable(unlessReadable interruption: Int32) throws(TerminalError) {
    // A negative descriptor is ignored by poll.
    var entries = [
      pollfd(fd: fileDescriptor, events: Int16(POLLOUT), revents: 0),
      pollfd(fd: interruption, events: Int16(POLLIN), revents: 0),
    ]
    while true {
      let ready = poll(&entries, 2, -1)
      if ready > 0 {
        if entries[0].revents != 0 {
          // POLLERR/POLLHUP: let the next write report what happened (EIO: hung up).
          return
        }
        throw .interrupted
      }
      if ready < 0 && errno != EINTR {
        throw .failed(SystemError(errno: errno, context: "cannot wait for the terminal"))
      }
    }
  }
}
