/// The Markdown section of `pick-bench load`: a row per corpus.
struct LoadReport {
  struct Row {
    let file: String
    let facts: CorpusFacts
    /// One per tool; only `load` and `peakMiB` are used.
    var results: [ToolLatencies]
  }

  /// pick first, then fzf.
  let tools: [Tool]
  let rows: [Row]

  var markdown: String {
    let peers = tools.dropFirst().map(\.name)
    let headers =
      ["items", "input MiB"] + tools.map { "\($0.name) load ms" } + peers.map { "\($0)/pick" }
      + tools.map { "\($0.name) MiB" } + tools.map { "\($0.name) ÷ input" }
    var table = MarkdownTable(headers: headers, numeric: Set(1..<headers.count))
    var notes: [String] = []
    for row in rows {
      let loads = row.results.map(\.load.median)
      let peaks = row.results.map { $0.peakMiB.isEmpty ? nil : median($0.peakMiB) }
      var cells = [Format.count(row.facts.lines), Format.mebibytes(row.facts.mebibytes)]
      cells += loads.map(LatencyReport.milliseconds)
      cells += loads.dropFirst().map { peer in
        guard let peer, let pick = loads[0] else { return "n/a" }
        return Format.ratio(peer / pick)
      }
      cells += peaks.map { $0.map(Format.mebibytes) ?? "n/a" }
      cells += peaks.map { peak in
        peak.map { Format.fixed($0 / row.facts.mebibytes, decimals: 1) + "×" } ?? "n/a"
      }
      table.rows.append(cells)
      for (tool, result) in zip(tools, row.results) {
        for failure in Set(result.failures) {
          notes.append("- **\(tool.name) on \(Format.count(row.facts.lines)) items: \(failure)**")
        }
      }
    }
    let files = rows.map { "`\($0.file)`" }.joined(separator: ", ")
    var lines = [
      "## load: start → `N/N` shown, \(PickerUnderTest.columns)×\(PickerUnderTest.rows) terminal", "",
      "Corpora: \(files). Load: median ms from start until every item is counted and the first one is on top; "
        + "memory: peak (ru_maxrss) after Esc.", "",
      table.markdown,
    ]
    if !notes.isEmpty { lines += [""] + notes }
    return lines.joined(separator: "\n") + "\n"
  }
}
