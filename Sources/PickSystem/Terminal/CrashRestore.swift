import CPick
import Glibc

/// Puts the terminal back when pick crashes, so a bug does not leave the user's
/// shell in raw mode on the alternate screen.
///
/// The record the handler needs (tty fd, saved termios, reset bytes) is the
/// second global pick allows (Docs/Design.md, Build). It lives in C statics in CPick, next to a
/// handler written in C: on SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT or SIGFPE
/// it runs on an alternate signal stack (a stack overflow still gets it), calls
/// `tcsetattr` and one `write` of the reset bytes, then re-raises the signal;
/// SA_RESETHAND has made its action the default, so the process ends with that
/// signal as if nothing had been caught. The record is filled before the
/// handlers are installed. Swift keeps no global for this. The same handler
/// takes the other signals whose default action ends the process and that the
/// signal pipe does not (QUIT, USR1, USR2, ALRM, XCPU, real-time, …; not the
/// ones ignored at start), so no catchable signal leaves the terminal raw.
///
/// The alternate stack belongs to the thread that arms (the main thread: see
/// Docs/Reliability.md for what that means for the others). The handler
/// replaces the Swift runtime's backtracer for these signals.
public enum CrashRestore {
  /// Arms the handlers: on a crash, `saved` is restored on `fileDescriptor` and
  /// `resetBytes` (main screen, cursor visible, …; at most 1 KiB) are written to it.
  /// Call again to change the record; the handlers are installed once.
  public static func arm(fileDescriptor: Int32, saved: termios, resetBytes: [UInt8])
    throws(TerminalError)
  {
    var saved = saved
    let result = resetBytes.withUnsafeBufferPointer { bytes in
      cpick_crash_restore_arm(fileDescriptor, &saved, bytes.baseAddress, bytes.count)
    }
    guard result == 0 else {
      throw .failed(SystemError(errno: errno, context: "cannot install the crash handlers"))
    }
  }

  /// Arms the handlers for `rawMode`'s terminal and saved settings.
  public static func arm(_ rawMode: RawMode, resetBytes: [UInt8]) throws(TerminalError) {
    try arm(fileDescriptor: rawMode.fileDescriptor, saved: rawMode.saved, resetBytes: resetBytes)
  }

  /// Empties the record once the terminal is restored normally: a crash while
  /// writing results must not write the reset bytes a second time.
  public static func disarm() {
    cpick_crash_restore_disarm()
  }

  /// Whether `PICK_TEST_CRASH` is set (to anything): the end-to-end tests ask
  /// the picker to crash right after it opens the terminal, to see it restored.
  public static var isCrashForTestingRequested: Bool {
    getenv("PICK_TEST_CRASH") != nil
  }

  /// Crashes on purpose with SIGSEGV (see `isCrashForTestingRequested`).
  public static func crashForTesting() -> Never {
    raise(SIGSEGV)
    abort()  // Not reached: the default action of SIGSEGV ends the process.
  }
}
