import CPick
import Glibc
import PickCore

/// The private directory of one popup (`$TMPDIR/pick-popup-XXXXXX`, or under
/// /tmp; mode 0700, so no other user can open its fifos or plant a file in
/// it) and what is in it: the script, the two fifos, the status and process
/// group files (`PopupCommand.Paths`). `remove()` takes it all away; the
/// files are noted for the crash handler while they exist.
final class PopupFiles {
  let paths: PopupCommand.Paths
  private var isRemoved = false

  /// Makes the directory and its two fifos.
  init() throws(SystemError) {
    paths = PopupCommand.Paths(
      directory: try FilePath.makePrivateDirectory(prefix: "pick-popup-", context: "--tmux"))
    for file in [paths.errors, paths.status, paths.processGroup] { CrashCleanup.note(file: file) }
    for fifo in [paths.input, paths.output] {
      CrashCleanup.note(file: fifo)
      guard FilePath.withCString(fifo, { mkfifo($0, 0o600) }) == 0 else {
        let error = errno
        remove()
        throw SystemError(errno: error, context: "--tmux: cannot make a fifo")
      }
    }
  }

  deinit { remove() }

  /// Writes the popup's script (mode 0600: `sh` reads it, nothing executes it).
  func writeScript(_ bytes: [UInt8]) throws(SystemError) {
    CrashCleanup.note(file: paths.script)
    let fd = FilePath.withCString(paths.script) { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600) }
    guard fd >= 0 else { throw SystemError(errno: errno, context: "--tmux: cannot write the popup's script") }
    defer { close(fd) }
    let written = bytes.withUnsafeBytes { raw -> Bool in
      do throws(WriteFailure) {
        try OutputWriter.writeAll(fd, raw)
        return true
      } catch {
        return false
      }
    }
    guard written else { throw SystemError(errno: EIO, context: "--tmux: cannot write the popup's script") }
  }

  /// The contents of `path` in the directory; nil when it is not there.
  func contents(of path: [UInt8]) -> [UInt8]? {
    try? ProcessEnvironment.contents(ofFile: path)
  }

  /// Removes every file the popup may have left, then the directory.
  func remove() {
    guard !isRemoved else { return }
    isRemoved = true
    for file in [paths.script, paths.input, paths.output, paths.errors, paths.status, paths.processGroup] {
      _ = FilePath.withCString(file) { unlink($0) }
      CrashCleanup.forget(file: file)
    }
    _ = FilePath.withCString(paths.directory) { rmdir($0) }
  }
}
