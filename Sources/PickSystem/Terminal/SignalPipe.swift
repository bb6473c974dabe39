import CPick
import Glibc

/// Signals turned into bytes on a pipe, so the main loop sees them in `poll`
/// next to the terminal and the input.
///
/// The handler (in CPick, plain C so it is obviously async-signal-safe) only
/// `write`s the signal number as one byte to the pipe's write end, saving and
/// restoring `errno`. That write end is the one global pick allows for
/// signals (Docs/Design.md, Build); it is a C static set before any handler is installed. Both ends are
/// non-blocking (a full pipe must not block a handler; `drain` must not block
/// the loop) and close-on-exec. Only one pipe can be installed at a time.
///
/// Handlers use SA_RESTART, so a blocking `read` of standard input on another
/// thread is not cut short; `poll` returns EINTR regardless, which is the point.
/// SIGPIPE is ignored: write errors are handled where they happen.
public final class SignalPipe {
  /// The signals the picker reacts to: INT, TERM, HUP end it; WINCH redraws;
  /// CONT re-enters raw mode; TSTP (sent by `kill`, not by Ctrl-Z, which raw
  /// mode turns into a key) suspends; CHLD reports child processes.
  public static let pickerSignals: [Int32] = [
    SIGINT, SIGTERM, SIGHUP, SIGWINCH, SIGCONT, SIGTSTP, SIGCHLD,
  ]

  /// The read end, for `poll` (POLLIN when a signal arrived).
  public let fileDescriptor: Int32
  private let writeEnd: Int32
  private var previous: [(signal: Int32, action: sigaction)] = []
  private var isInstalled = true

  /// Creates the pipe and catches `signals`.
  ///
  /// A SIGHUP or SIGTSTP that was ignored when pick started stays ignored (as
  /// `nohup` and shells without job control intend); `Suspend` then declines.
  /// The corresponding C functions are `pipe2` and `sigaction`.
  public init(catching signals: [Int32] = SignalPipe.pickerSignals) throws(TerminalError) {
    var fds: [Int32] = [-1, -1]
    guard cpick_pipe2(&fds, O_CLOEXEC | O_NONBLOCK) == 0 else {
      throw .failed(SystemError(errno: errno, context: "cannot create the signal pipe"))
    }
    fileDescriptor = fds[0]
    writeEnd = fds[1]
    cpick_signal_pipe_set_write_end(writeEnd)

    var ignoredPipe = sigaction()
    cpick_signal_ignore(SIGPIPE, &ignoredPipe)
    previous.append((SIGPIPE, ignoredPipe))
    for signal in signals {
      if (signal == SIGHUP || signal == SIGTSTP) && cpick_signal_is_ignored(signal) != 0 {
        continue
      }
      var action = sigaction()
      guard cpick_signal_catch(signal, &action) == 0 else {
        let error = errno
        uninstall()
        throw .failed(SystemError(errno: error, context: "cannot catch signal \(signal)"))
      }
      previous.append((signal, action))
    }
  }

  deinit { uninstall() }

  /// The signals received since the last call, in order of arrival (repeats
  /// included: the caller decides how to coalesce them). Never blocks.
  public func drain() -> [Int32] {
    var received: [Int32] = []
    var buffer = [UInt8](repeating: 0, count: 64)
    while true {
      let n = buffer.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
      if n > 0 {
        received += buffer[..<n].map { Int32($0) }
      } else if n < 0 && errno == EINTR {
        continue
      } else {
        return received  // EAGAIN: empty.
      }
    }
  }

  /// Puts back the previous signal actions and closes the pipe (also done on deinit).
  public func uninstall() {
    guard isInstalled else { return }
    isInstalled = false
    for (signal, action) in previous.reversed() {
      var action = action
      cpick_signal_restore(signal, &action)
    }
    previous = []
    cpick_signal_pipe_set_write_end(-1)
    close(writeEnd)
    close(fileDescriptor)
  }
}
