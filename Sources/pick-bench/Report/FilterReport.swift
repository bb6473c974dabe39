/// The Markdown section for one corpus of `pick-bench filter`.
struct FilterReport {
  let corpus: String
  let file: String
  let floor: InputFloor
  /// pick first, then the peers.
  let tools: [Tool]
  let measurements: [QueryMeasurement]

  private var inputMiB: Double { Double(floor.bytes) / 1_048_576 }

  var markdown: String {
    var lines = [
      "## \(corpus): \(Format.count(floor.lines)) lines, \(Format.mebibytes(inputMiB)) MiB (`\(file)`)", "",
      "Floor: `cat FILE > /dev/null` \(Format.milliseconds(floor.catMilliseconds)) ms; "
        + "`cat < FILE` into the counting pipe \(Format.milliseconds(floor.pipedMilliseconds)) ms.", "",
      table.markdown, "",
    ]
    let pickPeaks = measurements.map { $0.samples[0] }.filter { !$0.results.isEmpty && $0.failure == nil }
      .map(\.medianMiB)
    if let low = pickPeaks.min(), let high = pickPeaks.max(), inputMiB > 0 {
      let range = [low, high].map { Format.fixed($0 / inputMiB, decimals: 1) }
      lines.append("pick's peak memory: \(low == high ? range[0] : range.joined(separator: "–")) times the input size.")
    }
    lines += notes
    return lines.joined(separator: "\n") + "\n"
  }

  private var table: MarkdownTable {
    let peers = tools.dropFirst().map(\.name)
    let headers =
      ["query", "matches"] + tools.map { "\($0.name) ms" } + peers.map { "\($0)/pick" } + tools.map { "\($0.name) MiB" }
    var table = MarkdownTable(headers: headers, numeric: Set(1..<headers.count))
    for measurement in measurements {
      let samples = measurement.samples
      let usable = samples.map { $0.results.isEmpty || $0.failure != nil ? nil : $0 }
      let times = usable.map { $0.map { Format.milliseconds($0.medianMilliseconds) } ?? "n/a" }
      let ratios = usable.dropFirst().map { peer in
        guard let peer, let pick = usable[0] else { return "n/a" }
        return Format.ratio(peer.medianMilliseconds / pick.medianMilliseconds)
      }
      let memory = usable.map { $0.map { Format.mebibytes($0.medianMiB) } ?? "n/a" }
      table.rows.append([MarkdownTable.code(measurement.query), matches(usable)] + times + ratios + memory)
    }
    return table
  }

  /// pick's match count, with each peer's in parentheses where it differs.
  private func matches(_ usable: [ToolSamples?]) -> String {
    guard let reference = usable.compactMap({ $0 }).first else { return "n/a" }
    var text = Format.count(reference.matches)
    for (tool, samples) in zip(tools, usable).dropFirst() {
      if let samples, samples.matches != reference.matches {
        text += " (\(tool.name) \(Format.count(samples.matches)))"
      }
    }
    return text
  }

  /// Failures, and pick disagreeing with fzf on how many items match.
  private var notes: [String] {
    var notes: [String] = []
    for measurement in measurements {
      for (tool, samples) in zip(tools, measurement.samples) where !samples.results.isEmpty {
        if let failure = samples.failure {
          notes.append("- **\(tool.name) failed on \(MarkdownTable.code(measurement.query)): \(failure)**")
        }
      }
      let pick = measurement.samples[0]
      if let fzf = zip(tools, measurement.samples).first(where: { $0.0.name == "fzf" })?.1,
        !pick.results.isEmpty, !fzf.results.isEmpty, pick.failure == nil, fzf.failure == nil,
        pick.matches != fzf.matches
      {
        notes.append(
          "- **pick and fzf disagree on \(MarkdownTable.code(measurement.query)): "
            + "\(Format.count(pick.matches)) against \(Format.count(fzf.matches)) matches.**")
      }
    }
    return notes.isEmpty ? [] : [""] + notes
  }
}
