/// `--filter --ansi` when many items match: one pass that strips them all.
///
/// A store that `holdsEscapes` strips an item each time it is read: the
/// items the ranker's block skip lets through, and again each match as it
/// is printed (`VisibleText`). That is the cheap way when few items match,
/// the usual case of a search; when a quarter of them or more do, stripping
/// every item once, in input order, costs less (`FilterCommand.searched`).
extension ItemStore {
  /// Items stripped at a time.
  static let visibleGroup = 4096

  /// A store of the visible text of this one's items (which must be
  /// finished), item for item: a group of whole items at a time is
  /// stripped straight into the copy's free room (`cpick_ansi_visible`)
  /// and split there. A mapped file's pages are let go of behind the pass.
  public func visibleCopy() throws(Failure) -> ItemStore {
    let copy = try ItemStore(separator: separator, byteLimit: byteLimit, itemLimit: itemLimit)
    var first = 0
    while first < count {
      let last = min(first + Self.visibleGroup, count)
      // With their separators (the last item's virtual one too).
      let group = items(first..<last)
      let room = try copy.tail(maximum: group.count)
      guard room.count == group.count, let out = room.baseAddress else {
        throw .full(limit: copy.byteLimit, itemLimit: copy.itemLimit)
      }
      let kept = VisibleText.copy(group, to: out.assumingMemoryBound(to: UInt8.self), separator: separator)
      try copy.commit(kept)
      releaseMapped(first..<last)
      first = last
    }
    try copy.finish()
    return copy
  }
}
