extension DisplayLine {
  /// Which clusters are drawn, and what goes around them.
  struct Window: Equatable {
    var clusters: Range<Int>
    var hasLeadingEllipsis: Bool
    var hasTrailingEllipsis: Bool
    /// Spaces before the trailing ellipsis, where a wide character did not fit.
    var padding: Int
  }

  /// Applies the cutting rules (see the type's documentation) to `count`
  /// clusters; `columnBefore(i)` is the column where cluster `i` starts
  /// (`columnBefore(count)` the total). `isCut`: more of the text follows
  /// the last cluster; `cutBefore`: some of it comes before the first one
  /// (so neither the whole text nor its head can be shown). The text is
  /// drawn whole when it takes at most `fitWidth` columns (less than
  /// `width` for a frozen part, which leaves room for the middle's `…`).
  /// `lastEnd`: the index after the last matched cluster (0 for none).
  static func window(
    count: Int, isCut: Bool, cutBefore: Bool, width: Int, fitWidth: Int, keep: Keep, lastEnd: Int,
    context: Int = contextColumns, ellipsisColumns e: Int = 1, columnBefore: (Int) -> Int
  ) -> Window {
    if !isCut && !cutBefore && columnBefore(count) <= fitWidth {
      return Window(clusters: 0..<count, hasLeadingEllipsis: false, hasTrailingEllipsis: false, padding: 0)
    }
    func span(_ lower: Int, _ upper: Int) -> Int { columnBefore(upper) - columnBefore(lower) }
    // The head; cut before the first cluster, the head is not the text's: only `…` then.
    var headEnd = 0
    while headEnd < count && columnBefore(headEnd + 1) <= width - e { headEnd += 1 }
    let head =
      cutBefore
      ? Window(clusters: 0..<0, hasLeadingEllipsis: false, hasTrailingEllipsis: true, padding: max(width - e, 0))
      : Window(
        clusters: 0..<headEnd, hasLeadingEllipsis: false, hasTrailingEllipsis: true,
        padding: width - e - columnBefore(headEnd))
    /// `…`, then as many clusters before `upper` as fit (and `…` after them when `trailing`).
    func cutStart(upper: Int, trailing: Bool) -> Window {
      let room = width - e - (trailing ? e : 0)
      var lower = upper
      while lower > 0 && span(lower - 1, upper) <= room { lower -= 1 }
      guard lower < upper else { return head }
      return Window(
        clusters: lower..<upper, hasLeadingEllipsis: true, hasTrailingEllipsis: trailing,
        padding: trailing ? room - span(lower, upper) : 0)
    }
    switch keep {
    case .start:
      return head
    case .end:
      return cutStart(upper: count, trailing: isCut)
    case .match:
      // fzf counts the context in characters; pick in columns, as fzf's
      // manual says, so wide characters after the match cannot push it out.
      let after = min(width / 2 - e, context)
      var target = lastEnd
      while target < count && span(lastEnd, target + 1) <= after { target += 1 }
      if !cutBefore && columnBefore(target) <= width - e { return head }
      // What follows the target is shown rather than an ellipsis as wide.
      let trailing = isCut || span(target, count) > e
      return cutStart(upper: trailing ? target : count, trailing: trailing)
    }
  }
}
