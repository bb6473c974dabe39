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
    /// The extra descriptor (the search engine's) is readable.
    public var extra = false
    /// The preview command's output is readable (or at its end).
    public var preview = false
    /// Those of the background commands' outputs that are readable (or at their end).
    public var background: Set<Int32> = []
    /// `--listen`'s server has requests waiting.
    public var remote = false
  }

  public let device: TerminalDevice
  private let rawMode: RawMode
  private let signals: SignalPipe
  public private(set) var size: (rows: Int, columns: Int)
  private var isOpen = true
  /// `--height`: drawing inline below the cursor instead of on the alternate screen.
  private let inlineHeight: HeightSpec?
  /// The terminal row (1-based) of the frame's first row.
  public private(set) var origin = 1
  /// Rows the frame has: the whole terminal, or the inline area.
  public private(set) var frameHeight: Int
  /// How many bytes were already queued when raw mode took effect: typed
  /// before pick started, under the line discipline (Docs/Design.md, Terminal: decode them
  /// with LF as Enter). Later bytes are raw, where LF is Ctrl-J.
  public private(set) var bytesTypedBeforeRawMode = 0

  private var isInline: Bool { inlineHeight != nil }
  /// Whether bracketed paste was on when pick started, as the terminal
  /// answered the DECRQM query (off when it did not answer).
  private var bracketedPasteAtStart = false

  /// Whether mouse reporting is on while the picker is drawn (not `--no-mouse`).
  private let reportsMouse: Bool

  /// What pick turns on, written at start and after a resume: the alternate
  /// screen (full screen only), bracketed paste and mouse reporting. Every
  /// way out (`leaving`, the crash record, Ctrl-Z) turns the mouse off again:
  /// `TerminalModes.resetToDefaults` includes `mouseOff`.
  private var entering: [UInt8] {
    let mouse = reportsMouse ? TerminalModes.mouseOn : []
    return isInline
      ? TerminalModes.bracketedPasteOn + mouse
      : TerminalModes.enterAlternateScreen + TerminalModes.bracketedPasteOn + mouse + TerminalModes.clearScreen
  }

  /// What restores the terminal's defaults; inline, it also erases pick's area
  /// and leaves the cursor where the area began, so the scrollback is kept.
  private var leaving: [UInt8] {
    if isInline {
      return Array("\u{1B}[\(origin);1H".utf8) + TerminalModes.eraseBelow
        + TerminalModes.resetToDefaults(leavingAlternateScreen: false, bracketedPaste: bracketedPasteAtStart)
    }
    return TerminalModes.clearScreen
      + TerminalModes.resetToDefaults(leavingAlternateScreen: true, bracketedPaste: bracketedPasteAtStart)
  }

  /// Opens `path` (default `/dev/tty`), enters raw mode at once (keys typed
  /// before start stay queued) and the alternate screen, or with `height`
  /// makes room below the cursor and asks where the cursor is (`ESC[6n`; the
  /// answer goes to `setCursorRow`). `mouse` turns mouse reporting on.
  public init(path: String?, height: HeightSpec? = nil, mouse: Bool = false) throws(TerminalError) {
    reportsMouse = mouse
    device = try TerminalDevice(path: path ?? "/dev/tty")
    rawMode = try RawMode(device)
    inlineHeight = height
    size = device.size()
    frameHeight = height?.rows(on: size.rows) ?? size.rows
    // The crash record first, then the handlers that may use it.
    try CrashRestore.arm(
      rawMode,
      resetBytes: TerminalModes.resetToDefaults(leavingAlternateScreen: height == nil, bracketedPaste: false))
    signals = try SignalPipe()
    try rawMode.apply()
    bytesTypedBeforeRawMode = device.bytesWaiting()
    // Ask how bracketed paste is set, to leave it that way (the answer comes with the keys).
    try device.write(TerminalModes.queryBracketedPaste)
    if height != nil {
      // Make room (scrolling if the cursor is near the bottom), then ask where we are.
      // Without an answer, assume the area ends at the bottom of the screen.
      origin = max(1, size.rows - frameHeight + 1)
      try device.write(Array(repeating: UInt8(ascii: "\n"), count: frameHeight - 1) + TerminalModes.queryCursorPosition)
    }
    try device.write(entering)
  }

  /// The terminal's answer about a mode at start (only bracketed paste is asked about).
  public func noteModeReport(mode: Int, value: Int) {
    guard mode == 2004, let state = TerminalModes.bracketedPasteState(reportValue: value) else { return }
    bracketedPasteAtStart = state
    CrashRestore.disarm()
    _ = try? CrashRestore.arm(
      rawMode, resetBytes: TerminalModes.resetToDefaults(leavingAlternateScreen: !isInline, bracketedPaste: state))
  }

  /// The answer to the cursor position query: the row where the inline area ends.
  public func setCursorRow(_ row: Int) {
    guard isInline else { return }
    origin = max(1, row - frameHeight + 1)
  }

  /// Restores everything: the screen modes, then the saved settings. Safe to call twice.
  public func close() {
    guard isOpen else { return }
    isOpen = false
    // A terminal that stopped reading still holds part of a frame: drop it,
    // so that the restore fits and is what the terminal reads next.
    if isOutputStalled { device.discardUnreadOutput() }
    // Only a signal that comes from now on may cut the restore short.
    _ = signals.drain()
    try? device.write(leaving, unlessReadable: signals.fileDescriptor)
    try? rawMode.restore()
    CrashRestore.disarm()
    signals.uninstall()
  }

  deinit { close() }

  /// What became of a frame.
  public enum Drawing {
    case drawn
    /// Cut short: a signal came while the terminal was not reading. Handle the
    /// signal; the next frame must be drawn in full.
    case interrupted
    /// The terminal is gone.
    case hungUp
  }

  /// Whether the last frame was cut short because the terminal stopped reading.
  private var isOutputStalled = false

  /// Writes one frame in one call (see `Drawing`).
  public func draw(_ bytes: [UInt8]) -> Drawing {
    guard !bytes.isEmpty else { return .drawn }
    do {
      try device.write(bytes, unlessReadable: signals.fileDescriptor)
      isOutputStalled = false
      return .drawn
    } catch .interrupted {
      isOutputStalled = true
      return .interrupted
    } catch {
      return .hungUp
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

  public func refreshSize() {
    size = device.size()
    if let inlineHeight {
      frameHeight = inlineHeight.rows(on: size.rows)
      origin = max(1, min(origin, size.rows - frameHeight + 1))
    } else {
      frameHeight = size.rows
    }
  }

  /// Whether the first cursor position report is still awaited (inline mode).
  public var expectsCursorReport: Bool { isInline }

  /// After SIGCONT (e.g. an uncatchable SIGSTOP): raw mode and the screen modes again.
  public func resume() {
    try? rawMode.reapply()
    try? device.write(entering)
    refreshSize()
  }

  /// `execute(CMD)`: restores the terminal, runs `command` on it in the
  /// foreground (`ForegroundCommand`), then puts raw mode and the screen
  /// modes back; the caller redraws everything. Nil when it could not start.
  ///
  /// The command has the terminal, so pick waits for it as a shell waits for
  /// a foreground job (and as fzf does): SIGINT/SIGTERM/SIGHUP sent to pick
  /// meanwhile stay in the signal pipe and end pick once the command is done.
  /// A hang-up or Ctrl-C on the terminal reaches the command itself, the
  /// terminal's foreground group.
  public func runInForeground(
    shell: [[UInt8]], command: [UInt8], environment: [(name: [UInt8], value: [UInt8])] = []
  ) -> ChildProcess.Termination? {
    try? device.write(leaving)
    try? rawMode.restore()
    defer {
      try? rawMode.reapply()
      try? device.write(entering)
      refreshSize()
    }
    return try? ForegroundCommand.run(
      shell: shell, command: command, terminal: device.fileDescriptor, environment: environment)
  }

  /// `execute-silent(CMD)`: waits for `child` while watching the signal pipe.
  /// The signals that came meanwhile are returned for the picker to handle,
  /// in order. When one of them ends pick (INT, TERM, HUP), the command is not
  /// waited for: its process group is ended (`ChildProcess.terminate`: SIGTERM,
  /// then SIGKILL after `commandEndGrace` ms) and pick goes on to exit.
  public func wait(forSilent child: ChildProcess) -> [Int32] {
    var received: [Int32] = []
    while child.wait(unlessReadable: signals.fileDescriptor) == nil {
      received += signals.drain()
      if received.contains(where: { [SIGINT, SIGTERM, SIGHUP].contains($0) }) {
        child.terminate(graceMilliseconds: Self.commandEndGrace)
        break
      }
    }
    return received
  }

  /// How long a command cut short by a signal that ends pick gets to exit on
  /// SIGTERM before it is killed: pick's exit must not wait on it for long.
  static let commandEndGrace = 200

  /// `bell`: the terminal's bell (BEL), between frames.
  public func bell() {
    try? device.write([0x07], unlessReadable: signals.fileDescriptor)
  }

  /// Ctrl-Z: restore, stop, and come back (or do nothing without job control).
  public func suspend() {
    _ = try? Suspend.suspend(device, rawMode: rawMode, leaving: leaving, entering: entering)
    refreshSize()
  }

  /// Waits for the terminal, `stdin` (a descriptor, or -1) or a signal, at most `timeout` ms (-1: no limit).
  public func poll(
    stdin: Int32, extra: Int32 = -1, preview: Int32 = -1, background: [Int32] = [], remote: Int32 = -1,
    timeout: Int32
  ) -> Ready {
    // A negative descriptor is ignored by poll(), so the set can stay fixed.
    var fds =
      [
        pollfd(fd: device.fileDescriptor, events: Int16(POLLIN), revents: 0),
        pollfd(fd: signals.fileDescriptor, events: Int16(POLLIN), revents: 0),
        pollfd(fd: stdin, events: Int16(POLLIN), revents: 0),
        pollfd(fd: extra, events: Int16(POLLIN), revents: 0),
        pollfd(fd: preview, events: Int16(POLLIN), revents: 0),
        pollfd(fd: remote, events: Int16(POLLIN), revents: 0),
      ] + background.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    var ready = Ready()
    let n = Glibc.poll(&fds, nfds_t(fds.count), timeout)
    if n == 0 {
      ready.timedOut = true
      return ready
    }
    if n < 0 { return ready }  // EINTR: a signal; the pipe has it next time
    let hangUp = Int16(POLLHUP | POLLERR)
    ready.terminal = fds[0].revents & (Int16(POLLIN) | hangUp) != 0
    if fds[1].revents & Int16(POLLIN) != 0 { ready.signals = signals.drain() }
    ready.stdin = stdin >= 0 && fds[2].revents & (Int16(POLLIN) | hangUp) != 0
    ready.extra = extra >= 0 && fds[3].revents & Int16(POLLIN) != 0
    ready.preview = preview >= 0 && fds[4].revents & (Int16(POLLIN) | hangUp) != 0
    ready.remote = remote >= 0 && fds[5].revents & Int16(POLLIN) != 0
    for entry in fds.dropFirst(6) where entry.revents & (Int16(POLLIN) | hangUp) != 0 {
      ready.background.insert(entry.fd)
    }
    return ready
  }
}
