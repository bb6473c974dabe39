/// `pick-bench startup`: each tool on a 10-line input, many times, to see
/// what starting the process costs (a picker bound to a key starts often).
struct StartupBenchmark {
  let options: BenchCommand.StartupOptions

  /// Ten paths, so that reading and matching cost next to nothing.
  private static let input = CorpusKind.paths.generate(count: 10, seed: 42)

  func run() throws {
    let pick = try Tool.pick(at: options.pick)
    let tools = [pick, Tool.fzf(at: options.fzf), Tool.fzy(at: options.fzy)]
    print(RunHeader(tools: tools, runs: options.runs, staticWarning: pick.staticBuildWarning).markdown)
    let file = try TemporaryFile(contents: Self.input)
    defer { file.remove() }

    // `true` is the floor: what spawning and reaping any process costs here.
    let floor = Tool(name: "true (floor)", executable: "true", filterArguments: { _ in [] })
    let measured = tools.filter { $0.executable != nil } + [floor]
    let runs = measured.map { tool in
      MeasuredCommand(executable: tool.executable ?? "", arguments: tool.filterArguments("s"), input: file.path)
    }
    var samples = Array(repeating: ToolSamples(), count: measured.count)
    progress("startup: \(options.runs) rounds")
    for _ in 0..<options.runs {
      for (index, run) in runs.enumerated() { samples[index].results.append(try run.run()) }
    }

    var table = MarkdownTable(headers: ["tool", "median ms", "p10 ms", "p90 ms", "peak MiB"], numeric: [1, 2, 3, 4])
    for (tool, sample) in zip(measured, samples) {
      let times = sample.results.map { $0.seconds * 1000 }
      let cells =
        sample.failure.map { ["failed: \($0)", "", "", ""] } ?? [
          Format.milliseconds(sample.medianMilliseconds), Format.milliseconds(percentile(times, 0.1)),
          Format.milliseconds(percentile(times, 0.9)), Format.mebibytes(sample.medianMiB),
        ]
      table.rows.append([tool.name] + cells)
    }
    for tool in tools where tool.executable == nil { table.rows.append([tool.name, "n/a", "n/a", "n/a", "n/a"]) }
    print("## startup: 10-line input, query `s`\n\n" + table.markdown)
  }
}
