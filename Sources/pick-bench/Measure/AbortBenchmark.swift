import Glibc
import PickTestSupport

/// `pick-bench abort`: `seq N | TOOL` on a 150×50 pseudo-terminal, Ctrl-C
/// typed `--at` milliseconds after the start (the robustness issue's case:
/// items still pouring in, a search likely running). Measured from writing
/// Ctrl-C: until the tool has exited (reaped), and until the producer has
/// ended, which it does when the pipe closes under it (SIGPIPE). Tools
/// alternate run by run.
struct AbortBenchmark {
  let options: BenchCommand.AbortOptions

  /// How long a tool may take to exit, or its producer to end, before the run
  /// counts as a failure (and they are killed).
  static let timeout = 30.0

  func run() throws {
    let pick = try Tool.pick(at: options.pick)
    let tools = [pick, Tool.fzf(at: options.fzf)]
    print(RunHeader(tools: tools, runs: options.runs, staticWarning: pick.staticBuildWarning).markdown)
    var runs = tools.map { _ in [AbortRun]() }
    for run in 1...options.runs {
      for (index, tool) in tools.enumerated() where tool.executable != nil {
        progress("abort: run \(run) of \(options.runs), \(tool.name)")
        runs[index].append(
          try Self.session(tool, items: options.items, atMilliseconds: options.atMilliseconds))
      }
    }
    print(AbortReport(tools: tools, options: options, runs: runs).markdown)
  }

  /// One run: start `seq items | tool`, Ctrl-C at `atMilliseconds`, wait for both to end.
  static func session(_ tool: Tool, items: Int, atMilliseconds: Int) throws -> AbortRun {
    let producer = try Producer("seq", arguments: [String(items)])
    let terminal = try TerminalProgram(rows: PickerUnderTest.rows, columns: PickerUnderTest.columns)
    try terminal.spawn(tool.executable ?? "", arguments: tool.interactiveArguments, inputDescriptor: producer.readEnd)
    producer.closeReadEnd()
    let screen = TerminalScreen(terminal: terminal)

    var run = AbortRun()
    let pressAt = terminal.startTime + Double(atMilliseconds) / 1000
    while MeasuredCommand.now() < pressAt { screen.update(timeout: pressAt - MeasuredCommand.now()) }
    run.drawnBeforeCtrlC = screen.rows.contains { $0.contains { $0 != " " } }
    let pressed = MeasuredCommand.now()
    terminal.send([0x03])

    let deadline = pressed + timeout
    while MeasuredCommand.now() < deadline {
      if let exit = terminal.reap() {
        run.exitMilliseconds = (MeasuredCommand.now() - pressed) * 1000
        run.termination = exit.termination
        break
      }
      screen.update(timeout: 0.001)
    }
    if run.termination == nil {
      run.failure = "did not exit within \(Int(timeout)) s of Ctrl-C"
      terminal.kill()
    }
    while MeasuredCommand.now() < deadline {
      if let ended = producer.reap() {
        run.producerMilliseconds = (MeasuredCommand.now() - pressed) * 1000
        run.producerTermination = ended
        break
      }
      usleep(500)
    }
    if run.producerTermination == nil {
      run.failure = run.failure ?? "the producer was still running \(Int(timeout)) s after Ctrl-C"
      producer.kill()
    }
    return run
  }
}

/// What one run of `abort` measured; nil where it did not happen in time.
struct AbortRun: Equatable {
  var exitMilliseconds: Double?
  var termination: ProcessTermination?
  var producerMilliseconds: Double?
  var producerTermination: ProcessTermination?
  /// Whether the tool had drawn anything when Ctrl-C was typed (before that,
  /// Ctrl-C may reach it as SIGINT from the line discipline instead of a key).
  var drawnBeforeCtrlC = false
  var failure: String?
}
