extension DisplayLine.Cutter {
  /// A row with frozen fields (`FrozenFields`): `text[middle]` is the part
  /// between them. As fzf: the left part is fitted first, then the right
  /// part in what is left, then the middle in the rest; each frozen part is
  /// whole when it leaves room for an ellipsis and is cut otherwise (its
  /// head on the left, its tail on the right), and a part with no column
  /// left is not drawn. The middle keeps `keep` in view; its tabs count
  /// from where it is drawn.
  func frozenSegments(
    of text: UnsafeBufferPointer<UInt8>, middle: Range<Int>, matches: [Int], styleBreaks: [Int], width: Int,
    keep: DisplayLine.Keep
  ) -> [DisplaySegment] {
    var remaining = width
    /// `text[range]` fitted in what is left, with offsets moved to its start.
    func part(_ range: Range<Int>, keep: DisplayLine.Keep, isFrozen: Bool, tabOrigin: Int = 0) -> [DisplaySegment] {
      guard remaining > 0, !range.isEmpty, let base = text.baseAddress else { return [] }
      let bytes = UnsafeBufferPointer(start: base + range.lowerBound, count: range.count)
      let fitWidth = isFrozen ? remaining - mark(for: remaining).columns : remaining
      let segments = self.segments(
        of: bytes, matches: matches.map { $0 - range.lowerBound },
        styleBreaks: styleBreaks.map { $0 - range.lowerBound }, width: remaining, fitWidth: fitWidth, keep: keep,
        tabOrigin: tabOrigin)
      remaining -= segments.reduce(0) { $0 + $1.columns }
      return segments
    }
    let left = part(0..<middle.lowerBound, keep: .start, isFrozen: true)
    let leftColumns = width - remaining
    let right = part(middle.upperBound..<text.count, keep: .end, isFrozen: true)
    let center = part(middle, keep: keep, isFrozen: false, tabOrigin: leftColumns)
    var builder = DisplaySegmentBuilder()
    for segment in left + center + right { builder.append(segment) }
    return builder.segments
  }
}
