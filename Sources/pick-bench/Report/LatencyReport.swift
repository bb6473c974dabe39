/// The Markdown section of `pick-bench latency`.
struct LatencyReport {
  let file: String
  let facts: CorpusFacts
  /// pick first, then fzf.
  let tools: [Tool]
  let keys: [String]
  /// The query after each key.
  let queries: [String]
  /// Per tool, per key; empty for a tool that is not installed.
  let expected: [[ScreenExpectation]]
  let results: [ToolLatencies]

  var markdown: String {
    var lines = [
      "## latency: \(Format.count(facts.lines)) lines, \(Format.mebibytes(facts.mebibytes)) MiB (`\(file)`), "
        + "\(PickerUnderTest.columns)×\(PickerUnderTest.rows) terminal", "",
      "Per key: milliseconds from writing the key until the screen shows the new match count and best match.",
      "",
      keyTable.markdown, "",
      summaryTable.markdown,
    ]
    lines += notes
    return lines.joined(separator: "\n") + "\n"
  }

  /// `l`, `/`, `⌫` for a backspace.
  static func keyName(_ key: String) -> String {
    key == "\u{7F}" ? "⌫" : MarkdownTable.code(key)
  }

  static func queryName(_ query: String) -> String {
    query.isEmpty ? "(empty)" : MarkdownTable.code(query)
  }

  private var keyTable: MarkdownTable {
    let headers = ["key", "query", "matches"] + tools.flatMap { ["\($0.name) median", "\($0.name) worst"] }
    var table = MarkdownTable(headers: headers, numeric: Set(2..<headers.count))
    for index in keys.indices {
      var cells = [Self.keyName(keys[index]), Self.queryName(queries[index]), matches(at: index)]
      for result in results {
        cells += [result.keys[index].median, result.keys[index].worst].map(Self.milliseconds)
      }
      table.rows.append(cells)
    }
    var total = ["all keys (sum)", "", ""]
    for result in results {
      let medians = result.keys.map(\.median)
      let worsts = result.keys.map(\.worst)
      let complete = !medians.isEmpty && medians.allSatisfy { $0 != nil }
      total +=
        complete
        ? [Self.milliseconds(medians.reduce(0) { $0 + $1! }), Self.milliseconds(worsts.reduce(0) { $0 + $1! })]
        : ["n/a", "n/a"]
    }
    table.rows.append(total)
    return table
  }

  /// Load time and peak memory, a column per tool.
  private var summaryTable: MarkdownTable {
    var table = MarkdownTable(headers: [""] + tools.map(\.name), numeric: Set(1...tools.count))
    table.rows.append(["load: start → `N/N` shown, median ms"] + results.map { Self.milliseconds($0.load.median) })
    table.rows.append(["load: worst ms"] + results.map { Self.milliseconds($0.load.worst) })
    table.rows.append(
      ["peak memory, median MiB"] + results.map { $0.peakMiB.isEmpty ? "n/a" : Format.mebibytes(median($0.peakMiB)) })
    table.rows.append(
      ["peak memory ÷ input size"]
        + results.map {
          $0.peakMiB.isEmpty || facts.bytes == 0
            ? "n/a" : Format.fixed(median($0.peakMiB) / facts.mebibytes, decimals: 1) + "×"
        })
    return table
  }

  static func milliseconds(_ value: Double?) -> String {
    value.map(Format.milliseconds) ?? "n/a"
  }

  /// pick's match count, with fzf's in parentheses where it differs.
  private func matches(at index: Int) -> String {
    guard let reference = expected.first(where: { !$0.isEmpty })?[index] else { return "n/a" }
    var text = Self.count(reference)
    for (tool, screens) in zip(tools, expected).dropFirst() where !screens.isEmpty {
      if screens[index].countText != reference.countText { text += " (\(tool.name) \(Self.count(screens[index])))" }
    }
    return text
  }

  private static func count(_ expectation: ScreenExpectation) -> String {
    Int(expectation.countText.prefix { $0 != "/" }).map(Format.count) ?? expectation.countText
  }

  private var notes: [String] {
    var notes: [String] = []
    for (tool, result) in zip(tools, results) {
      if tool.executable == nil { notes.append("- \(tool.name) is not installed: its columns say n/a.") }
      let timeouts = result.keys.map(\.timeouts).reduce(result.load.timeouts, +)
      if timeouts > 0 { notes.append("- **\(tool.name): \(timeouts) timeout(s), left out of the medians.**") }
      for failure in Set(result.failures) { notes.append("- **\(tool.name): \(failure)**") }
    }
    for (tool, screens) in zip(tools, expected) {
      for index in screens.indices.dropFirst() where screens[index] == screens[index - 1] {
        notes.append(
          "- \(tool.name): key \(index + 1) (\(Self.keyName(keys[index]))) leaves the count and best match as they "
            + "were, so its time only says the screen was already right.")
      }
    }
    return notes.isEmpty ? [] : [""] + notes
  }
}
