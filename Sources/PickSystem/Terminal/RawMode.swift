import CPick
import Glibc

/// The terminal in raw mode, and the settings to put back.
///
/// The settings are saved once, exactly as `tcgetattr` gave them, and restored
/// byte for byte: re-enabling flags one by one would lose whatever the user's
/// `stty` had set. Both directions use `TCSANOW` without flushing: keys typed
/// before pick started stay queued for pick (Docs/Design.md, Terminal: the first batch was
/// cooked, decode LF as Enter), and keys typed after Enter stay queued for the shell.
public struct RawMode: Sendable {
  /// The terminal this applies to.
  public let fileDescriptor: Int32
  /// The settings when pick started, restored on exit (and handed to `CrashRestore`).
  public let saved: termios

  /// Saves the current settings of `device`; changes nothing yet.
  /// The corresponding C function is `tcgetattr`.
  public init(_ device: TerminalDevice) throws(TerminalError) {
    try self.init(fileDescriptor: device.fileDescriptor)
  }

  /// Saves the current settings of the terminal open on `fileDescriptor`.
  public init(fileDescriptor: Int32) throws(TerminalError) {
    self.fileDescriptor = fileDescriptor
    var settings = termios()
    guard tcgetattr(fileDescriptor, &settings) == 0 else {
      throw TerminalError(errno: errno, context: "cannot read the terminal settings")
    }
    saved = settings
  }

  /// The settings raw mode uses: the saved ones passed through `cfmakeraw`
  /// (no echo, no line editing, no signals from keys, no output processing,
  /// 8-bit characters, reads return as soon as a byte is there).
  public var raw: termios {
    var settings = saved
    cfmakeraw(&settings)  // glibc's also sets VMIN = 1, VTIME = 0
    return settings
  }

  /// Puts the terminal in raw mode. The corresponding C function is `tcsetattr`.
  public func apply() throws(TerminalError) {
    try set(raw, "cannot put the terminal in raw mode")
  }

  /// Raw mode again, after SIGCONT: whoever ran while pick was stopped (the
  /// shell) has set its own modes.
  public func reapply() throws(TerminalError) {
    try apply()
  }

  /// Gives back the settings saved at start, byte for byte, without flushing input.
  public func restore() throws(TerminalError) {
    try set(saved, "cannot restore the terminal settings")
  }

  private func set(_ settings: termios, _ context: String) throws(TerminalError) {
    var settings = settings
    while tcsetattr(fileDescriptor, TCSANOW, &settings) != 0 {
      if errno != EINTR { throw TerminalError(errno: errno, context: context) }
    }
  }
}
