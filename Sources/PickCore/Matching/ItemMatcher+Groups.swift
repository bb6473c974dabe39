/// The AND/OR combination of a query's terms, once for every path that
/// scores terms one by one (the prepared text, the long-item path).
extension ItemMatcher {
  /// Combines the query's groups over one item: every group must be
  /// satisfied, by its first positive term that matches or by an inverse
  /// term that does not; the item's score is the sum of the satisfying
  /// terms' scores, and its begin and ends are taken over them.
  ///
  /// `score(term, index, positions)` scores one term (positions, if asked
  /// for, are appended to the list it is given); `span(term, found)` maps a
  /// matched term's start and end to the item's positions; `offset` maps a
  /// highlighted position to a byte offset in the item. With `positions`,
  /// the settled terms' positions are appended to it.
  @inline(__always)
  func combineGroups(
    positions: PositionList?, score: (TermTable.Entry, Int, PositionList?) -> ScoredMatch?,
    span: (TermTable.Entry, ScoredMatch) -> (start: Int, end: Int), offset: (Int) -> Int
  ) -> ItemMatch? {
    let scratch = positions == nil ? nil : positionsScratch
    var total: Int32 = 0
    var minBegin = Int.max
    var minEnd = Int.max
    var maxEnd = -1
    var k = 0
    while k < terms.count {
      var satisfied = false
      var settled = false
      repeat {
        let term = terms.entries[k]
        let index = k
        k += 1
        if settled { continue }
        let mark = positionsScratch.values.count
        if let found = score(term, index, scratch) {
          if term.isInverse {
            positionsScratch.values.removeSubrange(mark...)
            continue
          }
          satisfied = true
          settled = true
          total &+= found.score
          if found.start < found.end {
            let (start, end) = span(term, found)
            minBegin = min(minBegin, start)
            minEnd = min(minEnd, end)
            maxEnd = max(maxEnd, end)
          }
        } else if term.isInverse {
          satisfied = true
        }
      } while k < terms.count && !terms.entries[k].startsGroup
      guard satisfied else {
        positionsScratch.values.removeAll(keepingCapacity: true)
        return nil
      }
    }
    if let positions {
      for position in positionsScratch.values { positions.values.append(offset(position)) }
      positionsScratch.values.removeAll(keepingCapacity: true)
    }
    if maxEnd < 0 { return ItemMatch(score: total, minBegin: -1, minEnd: -1, maxEnd: -1) }
    return ItemMatch(score: total, minBegin: minBegin, minEnd: minEnd, maxEnd: maxEnd)
  }
}
