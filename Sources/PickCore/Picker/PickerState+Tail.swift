/// `--tail`: the items `gone` were dropped and those after them moved down
/// (`ItemStore.keepingTail`); every item number the state holds follows.
extension PickerState {
  /// Where item `item` is now, or nil when it was dropped.
  static func moved(_ item: Int, droppingItems gone: Range<Int>) -> Int? {
    if item < gone.lowerBound { return item }
    return item >= gone.upperBound ? item - gone.count : nil
  }

  /// Renumbers the selection, the cursor's item, the review list and the
  /// anchors, and shows `matches` (over the new numbers) until the next search.
  public mutating func dropItems(_ gone: Range<Int>, matches new: RankedMatches) {
    let move = { (item: Int) in Self.moved(item, droppingItems: gone) }
    selection = selection.droppingItems(gone)
    cursorItem = cursorItem.flatMap(move)
    reviewItems = reviewItems.map { $0.compactMap(move) }
    if let saved = beforeReview { beforeReview = (saved.editor, saved.cursorItem.flatMap(move)) }
    switch anchor {
    case .returning(let item): anchor = move(item).map { .returning(toItem: $0) }
    case .preselected(let targets, let query):
      anchor = .preselected(targets: Set(targets.compactMap(move)), query: query)
    case .text, nil: break
    }
    if case .item(let item) = tracking { tracking = move(item).map { .item($0) } ?? .off }
    itemCount = max(itemCount - gone.count, 0)
    matches = new
    setCursor(cursorItem.flatMap { matches.position(ofItem: $0) } ?? min(cursor, max(matches.count - 1, 0)))
  }
}
