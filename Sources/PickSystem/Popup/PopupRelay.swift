import Glibc
import PickCore

/// The outer pick's side of a popup while it is open: one `poll` loop that
/// copies standard input into the input fifo as it arrives (streaming input
/// keeps streaming), copies the output fifo to standard output byte for byte,
/// and watches the signal pipe and the `tmux display-popup` client.
///
/// The input fifo is opened for writing only once the inner pick has opened it
/// for reading (a non-blocking open fails with ENXIO until then, and is tried
/// again every 10 ms): closing a fifo nobody has opened would lose what was
/// written into it. The output fifo is open for reading from the start, so the
/// inner pick's `> out` never blocks.
final class PopupRelay {
  /// How the popup's wait ended.
  enum Ending {
    /// The tmux client exited.
    case closed(ChildProcess.Termination)
    /// The outer pick got SIGINT, SIGTERM or SIGHUP.
    case signalled(Int32)
  }

  private let paths: PopupCommand.Paths
  private let output: Int32
  private var input: Int32 = -1
  private var inputEnded: Bool
  private var pending: [UInt8] = []
  private var outputEnded = false
  /// Why standard output could not take the results, if it could not.
  private(set) var writeFailure: WriteFailure? = nil
  private var buffer = [UInt8](repeating: 0, count: 64 << 10)

  /// - Parameter copiesInput: standard input is piped in and goes to the input fifo.
  init(paths: PopupCommand.Paths, copiesInput: Bool) throws(SystemError) {
    self.paths = paths
    inputEnded = !copiesInput
    output = FilePath.withCString(paths.output) { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
    guard output >= 0 else { throw SystemError(errno: errno, context: "--tmux: cannot open a fifo") }
  }

  deinit {
    close(output)
    if input >= 0 { close(input) }
  }

  /// Relays until the tmux client exits or a signal to end comes; then takes
  /// what the inner pick wrote last.
  func run(tmux: ChildProcess, signals: SignalPipe) -> Ending {
    while true {
      if let ended = tmux.poll() {
        drainOutput()
        return .closed(ended)
      }
      if !inputEnded && input < 0 { openInput() }
      var entries = [pollfd(fd: signals.fileDescriptor, events: Int16(POLLIN), revents: 0)]
      if !outputEnded { entries.append(pollfd(fd: output, events: Int16(POLLIN), revents: 0)) }
      if !inputEnded && input >= 0 {
        entries.append(
          pending.isEmpty
            ? pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
            : pollfd(fd: input, events: Int16(POLLOUT), revents: 0))
      }
      let waiting = !inputEnded && input < 0
      guard Glibc.poll(&entries, nfds_t(entries.count), waiting ? 10 : 100) > 0 else { continue }
      for signal in signals.drain() where [SIGINT, SIGTERM, SIGHUP].contains(signal) {
        return .signalled(signal)
      }
      for entry in entries.dropFirst() where entry.revents != 0 {
        switch entry.fd {
        case output: copyOutput()
        case 0: readInput()
        default: writeInput()
        }
      }
    }
  }

  /// Opens the input fifo once the inner pick has opened its end.
  private func openInput() {
    input = FilePath.withCString(paths.input) { open($0, O_WRONLY | O_NONBLOCK | O_CLOEXEC) }
    if input < 0 && errno != ENXIO && errno != EINTR { endInput() }
  }

  /// Reads what standard input has (a read after POLLIN does not block).
  private func readInput() {
    let count = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
    if count > 0 {
      pending = Array(buffer[..<count])
      writeInput()
    } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
      // The end of the input (or an error reading it): the inner pick sees its end.
      endInput()
    }
  }

  /// Writes what is pending into the fifo, as much as it takes now.
  private func writeInput() {
    let written = pending.withUnsafeBytes { write(input, $0.baseAddress, $0.count) }
    if written > 0 {
      pending.removeFirst(written)
    } else if written < 0 && errno != EAGAIN && errno != EINTR {
      // EPIPE: the inner pick stopped reading (it was accepted or aborted).
      endInput()
    }
  }

  private func endInput() {
    inputEnded = true
    pending = []
    if input >= 0 { close(input) }
    input = -1
  }

  /// Copies what the output fifo has to standard output. End of file (the
  /// inner pick closed it: it is ending) stops the polling of it; POLLHUP is
  /// not reported before a writer has come, so this never comes too early.
  private func copyOutput() {
    let count = buffer.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
    if count > 0 {
      deliver(count)
    } else if count == 0 {
      outputEnded = true
    }
  }

  /// Reads the output fifo to its end once the popup has closed: the inner
  /// pick is gone, so everything it wrote is in the fifo.
  private func drainOutput() {
    while true {
      let count = buffer.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
      if count > 0 {
        deliver(count)
      } else if count == 0 || errno != EINTR {
        return
      }
    }
  }

  /// Writes the first `count` bytes of the buffer to standard output; after a
  /// failure, the rest is read and dropped, so the inner pick never blocks.
  private func deliver(_ count: Int) {
    guard writeFailure == nil else { return }
    writeFailure = buffer.withUnsafeBytes { raw -> WriteFailure? in
      do throws(WriteFailure) {
        try OutputWriter.writeAll(1, UnsafeRawBufferPointer(rebasing: raw[..<count]))
        return nil
      } catch {
        return error
      }
    }
  }
}
