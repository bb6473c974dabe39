// What a `TerminalProgram` shows, kept up to date as it draws.
//
// One thread does everything: it waits in poll(2) on the master, reads all
// that is there, feeds it to a `VirtualTerminal` (the test suite's screen
// model, which answers cursor-position queries as a terminal would: fzf asks)
// and only then looks at the screen. A program drawing a large frame never
// blocks on a full pty for long, since looking at a 150×50 screen takes well
// under a millisecond, and an event is timed by the read that completed the
// frame, so the time spent looking is not counted.
//
// Screens are drawn with cursor motions and partial updates (pick redraws
// only the rows that changed), so a raw byte stream cannot be searched for
// the text on a row; the screen model can.

import Glibc
import PickTestSupport

final class TerminalScreen {
  let terminal: TerminalProgram
  private(set) var screen: VirtualTerminal
  private var buffer = [UInt8](repeating: 0, count: 1 << 16)
  /// The monotonic time of the last read that brought bytes.
  private(set) var lastOutputTime = 0.0

  init(terminal: TerminalProgram) {
    self.terminal = terminal
    screen = VirtualTerminal(width: terminal.columns, height: terminal.rows)
  }

  /// The screen's rows as text.
  var rows: [String] { (0..<screen.height).map(screen.row) }

  /// Reads and interprets everything the program wrote, waiting up to
  /// `timeout` seconds for the first byte. Returns whether anything came.
  @discardableResult
  func update(timeout: Double) -> Bool {
    var entry = pollfd(fd: terminal.master, events: Int16(POLLIN), revents: 0)
    let milliseconds = Int32(max(0, min(timeout * 1000, 1000)).rounded(.up))
    guard poll(&entry, 1, milliseconds) > 0 else { return false }
    var gotBytes = false
    while true {
      let count = buffer.withUnsafeMutableBytes { read(terminal.master, $0.baseAddress, $0.count) }
      if count > 0 {
        lastOutputTime = MeasuredCommand.now()
        gotBytes = true
        screen.feed(Array(buffer[..<count]))
        continue
      }
      if count < 0 && errno == EINTR { continue }
      break  // EAGAIN: all read; EIO: nobody has the slave open any more.
    }
    if !screen.responses.isEmpty {
      terminal.send(screen.responses)
      screen.responses = []
    }
    return gotBytes
  }

  /// Waits until `condition` holds for the rows on screen, at most `timeout`
  /// seconds. Returns the time of the read after which it held (or now, if it
  /// held already), nil on timeout.
  func wait(timeout: Double, until condition: ([String]) -> Bool) -> Double? {
    let deadline = MeasuredCommand.now() + timeout
    if condition(rows) { return MeasuredCommand.now() }
    while true {
      let left = deadline - MeasuredCommand.now()
      if left <= 0 { return nil }
      if update(timeout: left), condition(rows) { return lastOutputTime }
      if terminal.reap() != nil { return nil }
    }
  }

  /// Keeps reading until the program exits (within `timeout` seconds, else it
  /// is killed): its termination and peak memory, nil if it had to be killed.
  func waitForExit(timeout: Double) -> (termination: ProcessTermination, peakKiB: Int)? {
    let deadline = MeasuredCommand.now() + timeout
    while MeasuredCommand.now() < deadline {
      if let exit = terminal.reap() { return exit }
      update(timeout: 0.01)
    }
    terminal.kill()
    return nil
  }
}
