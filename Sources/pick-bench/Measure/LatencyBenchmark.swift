/// `pick-bench latency`: how long pick and fzf take to show the result of
/// each key typed, on a 150×50 pseudo-terminal (the speed issue's procedure).
///
/// Each run starts the tool on the corpus and waits until it shows `N/N`
/// (every item loaded), then types the keys one at a time. A key's latency
/// runs from writing it to the read after which the screen shows the new
/// match count on the info line and the new best match on the first list
/// row (see `ScreenExpectation`); the next key is sent only then. Both are
/// what `TOOL --filter QUERY` prints for the query at that point, computed
/// before the runs. Esc quits, and `wait4` gives the peak memory. Tools
/// alternate run by run (pick, fzf, pick, fzf, ...).
struct LatencyBenchmark {
  let options: BenchCommand.LatencyOptions

  func run() throws {
    let pick = try Tool.pick(at: options.pick)
    let tools = [pick, Tool.fzf(at: options.fzf)]
    print(RunHeader(tools: tools, runs: options.runs, staticWarning: pick.staticBuildWarning).markdown)
    let file = try CorpusCache(directory: options.cacheDirectory).resolve(
      options.corpus, count: options.items, seed: options.seed
    ).file
    let facts = try CorpusFacts(file: file)
    let keys = options.keySequence
    let queries = Self.queries(typing: keys)

    progress("latency: expected screens (--filter for each query)")
    var expected: [[ScreenExpectation]] = []
    for tool in tools {
      guard tool.executable != nil else {
        expected.append([])
        continue
      }
      var byQuery: [String: ScreenExpectation] = [:]
      for query in Set(queries) { byQuery[query] = try facts.screen(for: tool, query: query) }
      expected.append(queries.map { byQuery[$0]! })
    }

    var results = tools.map { _ in ToolLatencies(keys: keys.count) }
    for run in 1...options.runs {
      for (index, tool) in tools.enumerated() where tool.executable != nil {
        progress("latency: run \(run) of \(options.runs), \(tool.name)")
        results[index].record(try Self.session(tool, facts: facts, keys: keys, expected: expected[index]))
      }
    }
    let report = LatencyReport(
      file: file, facts: facts, tools: tools, keys: keys, queries: queries, expected: expected, results: results)
    print(report.markdown)
  }

  /// The query after each key: a character is appended, DEL (0x7F) erases
  /// the last one.
  static func queries(typing keys: [String]) -> [String] {
    var query: [Character] = []
    return keys.map { key in
      if key == "\u{7F}" {
        if !query.isEmpty { query.removeLast() }
      } else {
        query += key
      }
      return String(query)
    }
  }

  /// One run: load, every key, Esc (no keys: the load benchmark's run).
  static func session(_ tool: Tool, facts: CorpusFacts, keys: [String], expected: [ScreenExpectation]) throws
    -> SessionResult
  {
    var result = SessionResult()
    let session = try PickerUnderTest(tool: tool, corpus: facts.file)
    result.loadMilliseconds = session.waitForLoad(facts.loadedScreen(for: tool))
    guard result.loadMilliseconds != nil else {
      result.failure = "never showed \(facts.lines)/\(facts.lines) with the first line on top"
      progress("\(tool.name): \(result.failure!); the screen:\n\(session.screenDump)")
      session.kill()
      return result
    }
    for (key, expectation) in zip(keys, expected) {
      let latency = session.type(key, until: expectation)
      result.keyMilliseconds.append(latency)
      if latency == nil {
        result.failure = "never showed \(expectation.countText) with `\(expectation.bestMatch)` on top"
        progress("\(tool.name): \(result.failure!); the screen:\n\(session.screenDump)")
        session.kill()
        return result
      }
    }
    switch session.quit() {
    case .success(let peakKiB): result.peakKiB = peakKiB
    case .failure(let failure): result.failure = failure.description
    }
    return result
  }
}

/// What one run of one tool measured; nil where it did not get that far.
struct SessionResult {
  var loadMilliseconds: Double?
  var keyMilliseconds: [Double?] = []
  var peakKiB: Int?
  var failure: String?
}

/// All runs of one tool.
struct ToolLatencies {
  var load = LatencySamples()
  var keys: [LatencySamples]
  var peakMiB: [Double] = []
  var failures: [String] = []

  init(keys: Int) { self.keys = Array(repeating: LatencySamples(), count: keys) }

  mutating func record(_ run: SessionResult) {
    load.append(run.loadMilliseconds)
    for index in keys.indices where run.loadMilliseconds != nil {
      // A key not reached (an earlier one timed out) is not a sample.
      if index < run.keyMilliseconds.count { keys[index].append(run.keyMilliseconds[index]) }
    }
    if let peak = run.peakKiB { peakMiB.append(Double(peak) / 1024) }
    if let failure = run.failure { failures.append(failure) }
  }
}
