extension RankedMatches {
  /// The matches of `self` (items `base ..< base + span`) and of `later`
  /// (the items read right after them) as one ranked list, as if both had
  /// been searched together: while input streams in, only the new items are
  /// searched and merged, instead of everything again.
  ///
  /// Keys sort by points, then by position in the input; `later`'s positions
  /// are shifted past `self`'s, so ties still go to the earlier item. Under
  /// `--tac` positions count from the end and would all change, and lists of
  /// chosen items (review, `--unique`, narrowing) are not contiguous: then
  /// `nil`, and the caller searches everything.
  public func merged(with later: RankedMatches) -> RankedMatches? {
    guard !reversed, !later.reversed, items == nil, later.items == nil, later.base == base + span
    else { return nil }
    let total = span + later.span
    switch (storage, later.storage) {
    case (.all(let first, _), .all(let second, _)):
      guard first.upperBound == second.lowerBound else { return nil }
      return RankedMatches(
        storage: .all(first.lowerBound..<second.upperBound, reversed: false), base: base,
        span: total, reversed: false)
    case (.narrow(let a), .narrow(let b)):
      // The merge reads both lists in order: a list sorted only at its
      // front (the picker's) is sorted to the end first.
      sortRest()
      later.sortRest()
      let shift = UInt64(span)
      let out = UnsafeMutablePointer<UInt64>.allocate(capacity: max(a.count + b.count, 1))
      var i = 0
      var j = 0
      var k = 0
      while i < a.count || j < b.count {
        let right = j < b.count ? b[j] &+ shift : UInt64.max
        if i < a.count && (j == b.count || a[i] <= right) {
          out[k] = a[i]
          i += 1
        } else {
          out[k] = right
          j += 1
        }
        k += 1
      }
      return RankedMatches(
        storage: .narrow(UnsafeMutableBufferPointer(start: out, count: k)), base: base, span: total,
        reversed: false)
    case (.wide(let a), .wide(let b)):
      let shift = UInt32(span)
      let out = UnsafeMutablePointer<WideKey>.allocate(capacity: max(a.count + b.count, 1))
      var i = 0
      var j = 0
      var k = 0
      while i < a.count || j < b.count {
        if i < a.count
          && (j == b.count || !(WideKey(points: b[j].points, order: b[j].order &+ shift) < a[i]))
        {
          out[k] = a[i]
          i += 1
        } else {
          out[k] = WideKey(points: b[j].points, order: b[j].order &+ shift)
          j += 1
        }
        k += 1
      }
      return RankedMatches(
        storage: .wide(UnsafeMutableBufferPointer(start: out, count: k)), base: base, span: total,
        reversed: false)
    default:
      return nil
    }
  }
}
