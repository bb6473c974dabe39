/// `pick-bench load`: time from start until the picker shows every item
/// (`N/N`, the first line on top) on a 150×50 pseudo-terminal, and the peak
/// memory after Esc, for each corpus size.
struct LoadBenchmark {
  let options: BenchCommand.LoadOptions

  func run() throws {
    let pick = try Tool.pick(at: options.pick)
    let tools = [pick, Tool.fzf()]
    print(RunHeader(tools: tools, runs: options.runs, staticWarning: pick.staticBuildWarning).markdown)
    let cache = CorpusCache(directory: options.cacheDirectory)
    let files = try options.files.isEmpty
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

  private static func session(_ tool: Tool, facts: CorpusFacts) throws -> SessionResult {
    var result = SessionResult()
    let session = try InteractiveSession(tool: tool, corpus: facts.file)
    result.loadMilliseconds = session.waitForLoad(facts.loadedScreen(for: tool))
    guard result.loadMilliseconds != nil else {
      result.failure = "never showed \(facts.lines)/\(facts.lines) with the first line on top"
      progress("\(tool.name): \(result.failure!); the screen:\n\(session.screenDump)")
      session.kill()
      return result
    }
    switch session.quit() {
    case .success(let peakKiB): result.peakKiB = peakKiB
    case .failure(let failure): result.failure = failure.description
    }
    return result
  }
}
