import Glibc

/// `pick-bench filter`: every tool on every corpus and query, whole process.
///
/// Tools alternate within each round (pick, fzf, fzy, pick, fzf, fzy, ...)
/// so that a burst of load from elsewhere on the machine hits all of them
/// alike; medians over the rounds are reported.
struct FilterBenchmark {
  let options: BenchCommand.FilterOptions

  func run() throws {
    let pick = try Tool.pick(at: options.pick)
    let tools = [pick, Tool.fzf(at: options.fzf), Tool.fzy(at: options.fzy)]
    print(RunHeader(tools: tools, runs: options.runs, staticWarning: pick.staticBuildWarning).markdown)
    let cache = CorpusCache(directory: options.cacheDirectory)
    for source in options.corpora {
      let label: String
      let file: String
      let defaultQueries: [String]
      do {
        (label, file, defaultQueries) = try cache.resolve(source, count: options.items, seed: options.seed)
      } catch BenchError.skipped(let reason) {
        // The other corpora are still measured.
        progress(reason)
        print("*\(reason)*\n")
        continue
      }
      guard access(file, R_OK) == 0 else { throw BenchError.cannotOpen(file) }
      let queries = options.queries.isEmpty ? defaultQueries : options.queries
      let floor = try measureFloor(file)
      var measurements: [QueryMeasurement] = []
      for query in queries {
        progress("\(label): \(query)")
        var samples = Array(repeating: ToolSamples(), count: tools.count)
        for _ in 0..<options.runs {
          for (index, tool) in tools.enumerated() {
            guard let executable = tool.executable else { continue }
            let run = MeasuredCommand(executable: executable, arguments: tool.filterArguments(query), input: file)
            samples[index].results.append(try run.run())
          }
        }
        measurements.append(QueryMeasurement(query: query, samples: samples))
      }
      let report = FilterReport(
        corpus: label, file: file, floor: floor, tools: tools, measurements: measurements)
      print(report.markdown)
    }
  }

  /// What reading the input costs with no matching at all: `cat FILE >
  /// /dev/null`, and `cat < FILE` into the same counting pipe the tools
  /// write to (which also counts the input's lines and bytes).
  private func measureFloor(_ file: String) throws -> InputFloor {
    var discarded: [MeasuredCommand.Result] = []
    var piped: [MeasuredCommand.Result] = []
    for _ in 0..<options.runs {
      discarded.append(try MeasuredCommand(executable: "cat", arguments: [file], output: .discarded).run())
      piped.append(try MeasuredCommand(executable: "cat", arguments: [], input: file).run())
    }
    return InputFloor(
      lines: piped[0].lines, bytes: piped[0].bytes,
      catMilliseconds: median(discarded.map { $0.seconds * 1000 }),
      pipedMilliseconds: median(piped.map { $0.seconds * 1000 }))
  }
}

/// All tools' runs on one query.
struct QueryMeasurement {
  let query: String
  /// One entry per tool, in the report's column order.
  let samples: [ToolSamples]
}

/// The size of a corpus and the cost of merely reading it.
struct InputFloor {
  let lines: Int
  let bytes: Int
  let catMilliseconds: Double
  let pipedMilliseconds: Double
}
