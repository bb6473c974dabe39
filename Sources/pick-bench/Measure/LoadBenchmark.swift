/// `pick-bench load`: time from start until the picker shows every item
/// (`N/N`, the first line on top) on a 150×50 pseudo-terminal, and the peak
/// memory after Esc, for each corpus size.
struct LoadBenchmark {
  let options: BenchCommand.LoadOptions

  func run() throws {
    let pick = try Tool.pick(at: options.pick)
    let tools = [pick, Tool.fzf(at: options.fzf)]
    print(RunHeader(tools: tools, runs: options.runs, staticWarning: pick.staticBuildWarning).markdown)
    let cache = CorpusCache(directory: options.cacheDirectory)
    let files =
      try options.files.isEmpty
      ? options.sizes.map { try cache.file(for: .paths, count: $0, seed: options.seed) } : options.files
    var rows: [LoadReport.Row] = []
    for file in files {
      let facts = try CorpusFacts(file: file)
      var row = LoadReport.Row(file: file, facts: facts, results: tools.map { _ in ToolLatencies(keys: 0) })
      for run in 1...options.runs {
        for (index, tool) in tools.enumerated() where tool.executable != nil {
          progress("load: \(Format.count(facts.lines)) items, run \(run) of \(options.runs), \(tool.name)")
          row.results[index].record(try Self.session(tool, facts: facts))
        }
      }
      rows.append(row)
    }
    print(LoadReport(tools: tools, rows: rows).markdown)
  }

  /// One run: load, then Esc.
  private static func session(_ tool: Tool, facts: CorpusFacts) throws -> SessionResult {
    try LatencyBenchmark.session(tool, facts: facts, keys: [], expected: [])
  }
}
