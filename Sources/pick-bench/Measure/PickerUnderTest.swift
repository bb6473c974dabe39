/// One tool running interactively on a 150×50 pseudo-terminal, as in the
/// speed issue: started on a corpus, typed into, quit with Esc.
final class PickerUnderTest {
  static let rows = 50
  static let columns = 150
  /// Generous: loading 10M items takes seconds on 2 cores.
  static let loadTimeout = 300.0
  static let keyTimeout = 120.0

  let tool: Tool
  private let screen: TerminalScreen

  /// Starts `tool` on `corpus`.
  init(tool: Tool, corpus: String) throws {
    self.tool = tool
    let terminal = try TerminalProgram(rows: Self.rows, columns: Self.columns)
    try terminal.spawn(tool.executable ?? "", arguments: tool.interactiveArguments, input: corpus)
    screen = TerminalScreen(terminal: terminal)
  }

  /// Milliseconds from the start until `expectation` (every item, the first
  /// one on top) was on screen; nil if it never was.
  func waitForLoad(_ expectation: ScreenExpectation) -> Double? {
    let shown = screen.wait(timeout: Self.loadTimeout, until: expectation.isShown)
    return shown.map { ($0 - screen.terminal.startTime) * 1000 }
  }

  /// Types `key` and returns the milliseconds until `expectation` was on
  /// screen; nil if it never was.
  func type(_ key: String, until expectation: ScreenExpectation) -> Double? {
    // Whatever is still arriving (a spinner, a late redraw) belongs to the
    // previous key.
    while screen.update(timeout: 0) {}
    let start = MeasuredCommand.now()
    screen.terminal.send(Array(key.utf8))
    let shown = screen.wait(timeout: Self.keyTimeout, until: expectation.isShown)
    return shown.map { ($0 - start) * 1000 }
  }

  /// Sends Esc and waits for the exit: the peak memory in KiB, or why there is none.
  func quit() -> Result<Int, SessionFailure> {
    screen.terminal.send([0x1B])
    guard let exit = screen.waitForExit(timeout: 30) else { return .failure(.init("did not exit after Esc")) }
    switch exit.termination {
    case .exited(0), .exited(1), .exited(130): return .success(exit.peakKiB)
    case .exited(let status): return .failure(.init("exit status \(status): \(screen.terminal.errorText)"))
    case .signaled(let signal): return .failure(.init("killed by signal \(signal): \(screen.terminal.errorText)"))
    }
  }

  /// The screen as text, for a note when something did not show up.
  var screenDump: String {
    screen.rows.map { String($0.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n")
  }

  /// Kills the tool now (after a timeout).
  func kill() { screen.terminal.kill() }
}

struct SessionFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
