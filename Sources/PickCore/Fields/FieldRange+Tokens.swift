extension FieldRange {
  /// The tokens this range selects from an item with `count` of them, as
  /// 0-based indices, plus the index fzf places an empty selection at.
  ///
  /// Negative indices count from the end (`-1` is `count`); the span is then
  /// clamped to the item, so `-5..` of 3 fields is all of them and `..-5`
  /// none. A single index outside the item, or a reversed range (`3..1`),
  /// selects nothing. `anchor` is fzf's `minIdx`: where an empty `--nth`
  /// chunk sits, which only matters for where an empty match is reported.
  func tokenSpan(count: Int) -> (indices: Range<Int>, anchor: Int) {
    func resolved(_ index: Int) -> Int { index < 0 ? index + count + 1 : index }
    if let begin, begin == end {
      let index = resolved(begin)
      guard index >= 1, index <= count else { return (0..<0, 0) }
      return ((index - 1)..<index, index - 1)
    }
    let first = begin.map(resolved) ?? 1
    let last = end.map(resolved) ?? count
    let lower = max(first, 1)
    let upper = min(last, count)
    let anchor = max(0, first - 1)
    guard lower <= upper else { return (anchor..<anchor, anchor) }
    return ((lower - 1)..<upper, anchor)
  }

  /// Whether this range selects every field of any item (`..`, `1..`, `..-1`, `1..-1`).
  var coversAllFields: Bool {
    (begin == nil || begin == 1) && (end == nil || end == -1)
  }
}
