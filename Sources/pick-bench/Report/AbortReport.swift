import Glibc
import PickTestSupport

/// The Markdown section of `pick-bench abort`: a row per tool.
struct AbortReport {
  /// pick first, then fzf.
  let tools: [Tool]
  let options: BenchCommand.AbortOptions
  /// One list of runs per tool.
  let runs: [[AbortRun]]

  var markdown: String {
    let headers = [
      "tool", "exit ms", "worst", "producer ends ms", "worst", "exit status", "producer ended by", "drawn at Ctrl-C",
    ]
    var table = MarkdownTable(headers: headers, numeric: [1, 2, 3, 4])
    var notes: [String] = []
    for (tool, runs) in zip(tools, runs) {
      guard tool.executable != nil else {
        table.rows.append([tool.name] + Array(repeating: "n/a", count: headers.count - 1))
        continue
      }
      let exits = runs.compactMap(\.exitMilliseconds)
      let producers = runs.compactMap(\.producerMilliseconds)
      table.rows.append([
        tool.name,
        exits.isEmpty ? "n/a" : Format.milliseconds(median(exits)),
        exits.max().map(Format.milliseconds) ?? "n/a",
        producers.isEmpty ? "n/a" : Format.milliseconds(median(producers)),
        producers.max().map(Format.milliseconds) ?? "n/a",
        Self.tally(runs.map { $0.termination.map(Self.status) ?? "none" }),
        Self.tally(runs.map { $0.producerTermination.map(Self.producerEnding) ?? "still running" }),
        "\(runs.filter(\.drawnBeforeCtrlC).count)/\(runs.count)",
      ])
      for failure in Set(runs.compactMap(\.failure)) { notes.append("- **\(tool.name): \(failure)**") }
    }
    var lines = [
      "## abort: `seq \(options.items) | TOOL`, Ctrl-C at \(options.atMilliseconds) ms, "
        + "\(PickerUnderTest.columns)×\(PickerUnderTest.rows) terminal",
      "",
      "From writing Ctrl-C: median and worst ms until the tool exited, and until its producer ended "
        + "(a producer still writing is ended by SIGPIPE once the pipe closes). pick's target: exit within 200 ms.",
      "",
      table.markdown,
    ]
    if !notes.isEmpty { lines += [""] + notes }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `130` for an exit status, `SIGINT` for a signal.
  static func status(_ termination: ProcessTermination) -> String {
    switch termination {
    case .exited(let code): "\(code)"
    case .signaled(let signal): signalName(signal)
    }
  }

  /// `SIGPIPE` when the pipe ended it, `exit 0` when it had written everything.
  static func producerEnding(_ termination: ProcessTermination) -> String {
    switch termination {
    case .exited(let code): "exit \(code)"
    case .signaled(let signal): signalName(signal)
    }
  }

  /// `3× 130` or `2× SIGPIPE, 1× exit 0`: how often each outcome happened.
  static func tally(_ outcomes: [String]) -> String {
    var counts: [(String, Int)] = []
    for outcome in outcomes {
      if let index = counts.firstIndex(where: { $0.0 == outcome }) {
        counts[index].1 += 1
      } else {
        counts.append((outcome, 1))
      }
    }
    return counts.map { "\($0.1)× \($0.0)" }.joined(separator: ", ")
  }

  private static func signalName(_ signal: Int32) -> String {
    switch signal {
    case SIGINT: "SIGINT"
    case SIGPIPE: "SIGPIPE"
    case SIGKILL: "SIGKILL"
    case SIGTERM: "SIGTERM"
    default: "signal \(signal)"
    }
  }
}
