import Glibc
import PickCore

/// The terminal while the picker runs: raw mode, the alternate screen, the
/// signal pipe and the crash record, set up together and always torn down
/// together, so every way out restores the settings byte for byte.
public final class TerminalSession {
  /// What `poll` found ready.
  public struct Ready {
    public var signals: [Int32] = []
    public var stdin = false
    public var terminal = false
    /// Nothing arrived before the timeout.
    public var timedOut = false
  }

  public let device: TerminalDevice
  private let rawMode: RawMode
  private let signals: SignalPipe
  public private(set) var size: (rows: Int, columns: Int)
  private var isOpen = true

  /// What pick turns on (alternate screen, bracketed paste), written at start and after a resume.
  private static let entering = TerminalModes.enterAlternateScreen + TerminalModes.bracketedPasteOn + TerminalModes.clearScreen
  /// What restores the terminal's defaults (also written by the crash handler).
  private static let leaving =
    TerminalModes.clearScreen + TerminalModes.resetToDefaults(leavingAlternateScreen: true, bracketedPaste: false)

  /// Opens `path` (default `/dev/tty`), enters raw mode at once (keys typed
  /// before start stay queued) and the alternate screen.
  public init(path: String?) throws(TerminalError) {
    device = try TerminalDevice(path: path ?? "/dev/tty")
    rawMode = try RawMode(device)
    // The crash record first, then the handlers that may use it.
    try CrashRestore.arm(rawMode, resetBytes: Self.leaving)
    signals = try SignalPipe()
    try rawMode.apply()
    size = device.size()
    try device.write(Self.entering)
  }

  /// Restores everything: the screen modes, then the saved settings. Safe to call twice.
  public func close() {
    guard isOpen else { return }
    isOpen = false
    try? device.write(Self.leaving)
    try? rawMode.restore()
    CrashRestore.disarm()
    signals.uninstall()
  }

  deinit { close() }

  /// Writes one frame in one call. False when the terminal is gone.
  public func draw(_ bytes: [UInt8]) -> Bool {
    guard !bytes.isEmpty else { return true }
    do {
      try device.write(bytes)
      return true
    } catch {
      return false
    }
  }

  /// Reads keys; 0 when there are none, -1 when the terminal hung up.
  public func read(into buffer: inout [UInt8]) -> Int {
    do {
      return try buffer.withUnsafeMutableBytes { (raw) throws(TerminalError) in try device.read(into: raw) }
    } catch {
      return -1
    }
  }

  public func refreshSize() { size = device.size() }

  /// After SIGCONT (e.g. an uncatchable SIGSTOP): raw mode and the screen modes again.
  public func resume() {
    try? rawMode.reapply()
    try? device.write(Self.entering)
    refreshSize()
  }

  /// Ctrl-Z: restore, stop, and come back (or do nothing without job control).
  public func suspend() {
    _ = try? Suspend.suspend(device, rawMode: rawMode, leaving: Self.leaving, entering: Self.entering)
    refreshSize()
  }

  /// Waits for the terminal, `stdin` (a descriptor, or -1) or a signal, at most `timeout` ms (-1: no limit).
  public func poll(stdin: Int32, timeout: Int32) -> Ready {
    var fds = [
      pollfd(fd: device.fileDescriptor, events: Int16(POLLIN), revents: 0),
      pollfd(fd: signals.fileDescriptor, events: Int16(POLLIN), revents: 0),
      pollfd(fd: stdin, events: Int16(POLLIN), revents: 0),
    ]
    var ready = Ready()
    let n = Glibc.poll(&fds, nfds_t(stdin >= 0 ? 3 : 2), timeout)
    if n == 0 {
      ready.timedOut = true
      return ready
    }
    if n < 0 { return ready }  // EINTR: a signal; the pipe has it next time
    let hangUp = Int16(POLLHUP | POLLERR)
    ready.terminal = fds[0].revents & (Int16(POLLIN) | hangUp) != 0
    if fds[1].revents & Int16(POLLIN) != 0 { ready.signals = signals.drain() }
    ready.stdin = stdin >= 0 && fds[2].revents & (Int16(POLLIN) | hangUp) != 0
    return ready
  }
}
