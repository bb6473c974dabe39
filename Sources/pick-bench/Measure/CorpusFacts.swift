/// What the interactive benchmarks need to know of a corpus beforehand: its
/// size, and what each tool shows for a query once it has drawn the result.
struct CorpusFacts {
  let file: String
  let lines: Int
  let bytes: Int
  let firstLine: [UInt8]

  var mebibytes: Double { Double(bytes) / 1_048_576 }

  init(file: String) throws {
    self.file = file
    // `cat` into the counting pipe, as `filter` measures its floor.
    let counted = try MeasuredCommand(executable: "cat", arguments: [], input: file).run()
    guard counted.termination == .exited(0) else { throw BenchError.cannotOpen(file) }
    lines = counted.lines
    bytes = counted.bytes
    let head = try MeasuredCommand(executable: "head", arguments: ["-n", "1"], input: file, output: .head).run()
    firstLine = Array(head.text.utf8.prefix { $0 != 0x0A })
  }

  /// The screen once every item is loaded and the query is empty: `N/N`,
  /// the first input line on top.
  func loadedScreen(for tool: Tool) -> ScreenExpectation {
    ScreenExpectation(matches: lines, total: lines, bestMatch: firstLine, listRowOffset: tool.listRowOffset)
  }

  /// The screen showing the result of `query`: the match count and best
  /// match are those of `TOOL --filter QUERY` (its first line), run now.
  func screen(for tool: Tool, query: String) throws -> ScreenExpectation {
    if query.isEmpty { return loadedScreen(for: tool) }
    let run = MeasuredCommand(
      executable: tool.executable ?? "", arguments: tool.filterArguments(query), input: file, output: .head)
    let result = try run.run()
    guard result.termination == .exited(0) || result.termination == .exited(1) else {
      throw BenchError.cannotRun(tool.executable ?? tool.name, "--filter \(query) failed")
    }
    let best = Array(result.text.utf8.prefix { $0 != 0x0A })
    return ScreenExpectation(matches: result.lines, total: lines, bestMatch: best, listRowOffset: tool.listRowOffset)
  }
}
