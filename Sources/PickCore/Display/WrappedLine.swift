/// One line of an item broken into rows (`--wrap`): the rules are in
/// `ItemLines`. Each row is decoded on its own, from the byte where the row
/// above stopped, so a line of any length costs only the rows made of it.
struct WrappedLine {
  let item: UnsafeBufferPointer<UInt8>
  /// The line's bytes in `item`, without a trailing CR.
  let line: Range<Int>
  let shape: ItemLines.Shape

  init(item: UnsafeBufferPointer<UInt8>, line: Range<Int>, shape: ItemLines.Shape) {
    self.item = item
    var end = line.upperBound
    if end > line.lowerBound && item[end - 1] == 0x0D { end -= 1 }
    self.line = line.lowerBound..<end
    self.shape = shape
  }

  /// One row: its clusters (decoded from `start`), how many of them it
  /// takes, and where the next row starts.
  struct Row {
    var clusters: DisplayClusters
    var count: Int
    var start: Int
    var end: Int
  }

  /// Appends the line's rows to `rows` until it holds `maxRows`; false when
  /// some of the line's rows were left out. An empty line is one empty row.
  func append(to rows: inout [ItemRow], matches: [Int], styleBreaks: [Int], maxRows: Int) -> Bool {
    var start = line.lowerBound
    var isContinuation = false
    repeat {
      guard rows.count < maxRows else { return false }
      var row = nextRow(from: start, isContinuation: isContinuation)
      row.clusters.markMatches(DisplayLine.sortedOffsets(matches.map { $0 - start }, below: row.end - start))
      row.clusters.markRuns(styleBreaks.map { $0 - start })
      var builder = DisplaySegmentBuilder()
      for index in 0..<row.count { row.clusters.append(index, to: &builder) }
      rows.append(ItemRow(segments: builder.segments, isContinuation: isContinuation))
      start = row.end
      isContinuation = true
    } while start < line.upperBound
    return true
  }

  /// How many rows the line takes, counting at most `maxRows`.
  func rowCount(maxRows: Int) -> Int {
    var start = line.lowerBound
    var count = 0
    repeat {
      count += 1
      start = nextRow(from: start, isContinuation: count > 1).end
    } while start < line.upperBound && count < maxRows
    return count
  }

  /// The row that starts at byte `start`: as many clusters as fit in its
  /// columns (at least one), or, in word mode, up to the last space or tab
  /// among them.
  func nextRow(from start: Int, isContinuation: Bool) -> Row {
    let room = isContinuation ? shape.width - shape.signColumns : shape.width
    // Decode only what the row can show, ending between characters.
    var end = min(line.upperBound, start + 64 * (max(room, 1) + 2))
    for _ in 0..<3 where end < line.upperBound && item[end] & 0xC0 == 0x80 { end += 1 }
    var clusters = DisplayClusters(
      tabstop: min(max(1, shape.tabstop), DisplayLine.maxTabstop), ambiguous: shape.fit.ambiguous)
    clusters.decode(UnsafeBufferPointer(rebasing: item[start..<end]), end: end - start)
    let isCut = end < line.upperBound
    // The last cluster decoded may go on past `end` (a mark after it).
    if isCut && clusters.all.count > 1 { clusters.removeLast() }
    let all = clusters.all
    var fit = 0
    while fit < all.count && clusters.startColumns[fit + 1] <= room { fit += 1 }
    if fit == all.count && !isCut { return Row(clusters: clusters, count: fit, start: start, end: line.upperBound) }
    var count = min(max(fit, 1), all.count)
    if shape.breaking.wrapsWords, let blank = (0..<count).last(where: { isBlank(all[$0], in: clusters) }) {
      count = blank + 1
    }
    let next = count < all.count ? all[count].bytes.lowerBound : all[count - 1].bytes.upperBound
    return Row(clusters: clusters, count: count, start: start, end: start + next)
  }

  /// Whether a word-mode row may break after `cluster`: a space or a tab.
  private func isBlank(_ cluster: DisplayClusters.Cluster, in clusters: DisplayClusters) -> Bool {
    cluster.kind == .tab || (cluster.scalars.count == 1 && clusters.scalars[cluster.scalars.lowerBound] == " ")
  }
}
