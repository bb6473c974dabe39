import Glibc
import PickCore

/// Writes to a file descriptor, retrying short writes and interruptions.
public enum OutputWriter {
  /// Whether `fd` is open (the check pick makes on standard output at start:
  /// running with it closed would lose the results).
  public static func isOpen(_ fd: Int32) -> Bool {
    fcntl(fd, F_GETFL) != -1
  }

  /// Writes every byte of `bytes` to `fd`.
  ///
  /// A descriptor that whoever shares it made non-blocking answers EAGAIN as
  /// soon as a slow reader lets the pipe fill up; looping on that would spin a
  /// core for as long as the reader takes, so the write waits in `poll` until
  /// the pipe has room (as `InputReader.waitForInput` does for stdin).
  public static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) throws(WriteFailure) {
    guard var cursor = bytes.baseAddress else { return }
    var left = bytes.count
    while left > 0 {
      let n = write(fd, cursor, left)
      if n >= 0 {
        cursor += n
        left -= n
      } else if errno == EPIPE {
        throw .readerGone
      } else if errno == EAGAIN {
        waitUntilWritable(fd)
      } else if errno != EINTR {
        throw .failed(errno: errno, message: SystemError.message(for: errno))
      }
    }
  }

  /// Waits until `fd` takes more bytes, or has an error the next write reports
  /// (POLLERR, or POLLHUP when the reader is gone: EPIPE).
  private static func waitUntilWritable(_ fd: Int32) {
    var entry = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
    _ = poll(&entry, 1, -1)
  }

  /// A result sink that writes to `fd` in large blocks.
  public static func sink(_ fd: Int32) -> ResultSink {
    ResultSink { (bytes) throws(WriteFailure) in try writeAll(fd, bytes) }
  }

  /// Writes a line of text to standard error, ignoring failure (there is
  /// nowhere else to report it). Whatever the message quotes (a path, a
  /// command), it stays one line and inert: control characters are escaped.
  public static func printError(_ message: String) {
    var line = "pick: " + MessageText.oneLine(message) + "\n"
    line.withUTF8 { bytes in
      _ = try? writeAll(2, UnsafeRawBufferPointer(bytes))
    }
  }

  /// Writes text to standard output.
  public static func printOut(_ text: String) throws(WriteFailure) {
    try printOut(bytes: Array(text.utf8))
  }

  /// Writes bytes to standard output.
  public static func printOut(bytes: [UInt8]) throws(WriteFailure) {
    let failure: WriteFailure? = bytes.withUnsafeBytes { raw in
      do throws(WriteFailure) {
        try writeAll(1, raw)
        return nil
      } catch {
        return error
      }
    }
    if let failure { throw failure }
  }
}
