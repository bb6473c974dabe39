import CPick
import Glibc

/// Ctrl-Z: stop pick the way the shell's job control would, with the terminal
/// given back while stopped.
///
/// Raw mode turns Ctrl-Z into a key (and a `kill -TSTP` arrives through the
/// signal pipe); either way the picker calls `suspend`. It restores the terminal,
/// sends SIGTSTP with its default action to the whole process group (children
/// such as a preview stop too) and is stopped inside that `kill` until SIGCONT;
/// then it puts raw mode back. Never SIGSTOP: in an orphaned process group (no
/// shell with job control to resume it) the kernel discards SIGTSTP but obeys
/// SIGSTOP, which would hang pick for good. Such groups are detected first and
/// not suspended at all, so the screen does not flicker for nothing.
public enum Suspend {
  /// Whether stopping can be undone by a shell: SIGTSTP is not ignored, pick is
  /// in the terminal's foreground process group, and that group is not orphaned
  /// (some member's parent is in another group of the same session — a shell
  /// with job control).
  public static func isPossible(on device: TerminalDevice) -> Bool {
    isPossible(onFileDescriptor: device.fileDescriptor)
  }

  /// `isPossible(on:)` for a terminal open on `fileDescriptor`.
  public static func isPossible(onFileDescriptor fd: Int32) -> Bool {
    if cpick_signal_is_ignored(SIGTSTP) != 0 { return false }
    let group = getpgrp()
    guard tcgetpgrp(fd) == group else { return false }
    return !isOrphaned(group)
  }

  /// Stops pick until it is continued, with the terminal restored meanwhile.
  ///
  /// Writes `leaving` (the reset bytes: main screen, cursor visible, …) and
  /// restores the saved settings; after SIGCONT, re-enters raw mode and writes
  /// `entering`. Returns false, doing nothing, when `isPossible` says no; true
  /// when pick was stopped and is back: the caller redraws everything. The
  /// SIGCONT also arrives through the signal pipe; handling it again is harmless.
  @discardableResult
  public static func suspend(
    _ device: TerminalDevice, rawMode: RawMode, leaving: [UInt8], entering: [UInt8]
  ) throws(TerminalError) -> Bool {
    guard isPossible(on: device) else { return false }
    try device.write(leaving)
    try rawMode.restore()

    // The signal pipe catches SIGTSTP; the default action is what stops us.
    var caught = sigaction()
    cpick_signal_default(SIGTSTP, &caught)
    _ = cpick_signal_unblock(SIGTSTP)
    kill(0, SIGTSTP)
    // Here after SIGCONT (or at once, if the group became orphaned meanwhile).
    cpick_signal_restore(SIGTSTP, &caught)

    try rawMode.reapply()
    try device.write(entering)
    return true
  }

  /// Whether `group` is orphaned, judged by pick's ancestors in it: climbing
  /// from pick through parents in the same group, is there one whose parent is
  /// in another group of this session? Without /proc, assume not orphaned (the
  /// kernel discards SIGTSTP for an orphaned group anyway, so nothing hangs).
  static func isOrphaned(_ group: pid_t) -> Bool {
    let session = getsid(0)
    var member = getpid()
    for _ in 0..<64 {
      guard let status = ProcessStatus(member) else { return false }
      if status.parent <= 0 { return true }
      guard let parent = ProcessStatus(status.parent) else { return false }
      if parent.group != group {
        // A parent outside the group: a job-control shell if it is in our session.
        return parent.session != session
      }
      member = status.parent
    }
    return false
  }
}

/// The fields of `/proc/PID/stat` that job control needs.
struct ProcessStatus {
  var parent: pid_t
  var group: pid_t
  var session: pid_t

  /// Reads `/proc/PID/stat`: "pid (comm) state ppid pgrp session …"; comm may
  /// contain spaces and parentheses, so fields are counted after the last ')'.
  init?(_ pid: pid_t) {
    let fd = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var buffer = [UInt8](repeating: 0, count: 1024)
    let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    guard n > 0, let close = buffer[..<n].lastIndex(of: UInt8(ascii: ")")) else { return nil }
    let fields = buffer[(close + 1)..<n].split(separator: UInt8(ascii: " "))
    guard fields.count >= 4,
      let parent = pid_t(String(decoding: fields[1], as: UTF8.self)),
      let group = pid_t(String(decoding: fields[2], as: UTF8.self)),
      let session = pid_t(String(decoding: fields[3], as: UTF8.self))
    else { return nil }
    self.parent = parent
    self.group = group
    self.session = session
  }
}
