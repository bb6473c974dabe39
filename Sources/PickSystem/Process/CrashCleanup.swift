import CPick
import Glibc

/// The children and temporary files the crash handler cleans up.
///
/// SIGQUIT, SIGUSR1, SIGALRM and the other signals whose default action ends
/// pick (and a crash) never reach the event loop: the crash handler
/// (`CrashRestore`) restores the terminal and re-raises. Without this, a
/// preview's process group (`sleep 30`), an `execute-silent` or `reload`
/// command would live on, and the `{f}` files made for them would stay in
/// `/tmp`. So each child's process group and each temporary file is noted in
/// the crash record (C statics in CPick, read by the handler with only `kill`
/// and `unlink`) while it exists; the handler sends the groups SIGTERM and
/// removes the files before it restores the terminal.
enum CrashCleanup {
  /// Notes a started child's process group (silently not, when the record is full).
  static func note(group: pid_t) {
    _ = cpick_crash_note_group(group)
  }

  /// Forgets a group once its child is reaped: its id may then be reused.
  static func forget(group: pid_t) {
    cpick_crash_forget_group(group)
  }

  /// Notes a temporary file that now exists.
  static func note(file path: [UInt8]) {
    let cPath = path.map { CChar(bitPattern: $0) } + [0]
    cPath.withUnsafeBufferPointer { if let base = $0.baseAddress { _ = cpick_crash_note_file(base) } }
  }

  /// Forgets a temporary file about to be removed.
  static func forget(file path: [UInt8]) {
    let cPath = path.map { CChar(bitPattern: $0) } + [0]
    cPath.withUnsafeBufferPointer { if let base = $0.baseAddress { cpick_crash_forget_file(base) } }
  }
}
