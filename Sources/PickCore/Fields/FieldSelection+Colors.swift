extension FieldSelection {
  /// The style runs of the `--with-nth` text of `text`, given the runs of
  /// `text` itself (`--ansi`): each shown field keeps the colours it had in
  /// the item, as in fzf. Follows `shownText(of:tokens:into:)` slice by slice.
  public func shownRuns(
    of text: UnsafeBufferPointer<UInt8>, runs: [StyleRun], tokens: inout [Range<Int>]
  ) -> [StyleRun] {
    guard !runs.isEmpty else { return [] }
    splitter.tokenize(text, into: &tokens)
    var shown: [StyleRun] = []
    var position = 0
    for range in ranges {
      let span = range.tokenSpan(count: tokens.count)
      guard let first = span.indices.first, let last = span.indices.last else { continue }
      let slice = tokens[first].lowerBound..<tokens[last].upperBound
      // The style in force where the slice starts, then each change inside it.
      let before = runs.lastIndex { $0.offset <= slice.lowerBound }
      shown.append(StyleRun(offset: position, style: before.map { runs[$0].style } ?? .plain))
      for run in runs where run.offset > slice.lowerBound && run.offset < slice.upperBound {
        shown.append(StyleRun(offset: position + run.offset - slice.lowerBound, style: run.style))
      }
      position += slice.count
    }
    return shown
  }
}
