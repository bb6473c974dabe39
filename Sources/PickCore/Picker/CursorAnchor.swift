/// Where the cursor should land when new matches arrive, until the user
/// takes it over: the one mechanism behind every "put the cursor back on
/// that item" in the picker. `PickerState.update` places it after each
/// search, so the rule lives in one place whatever set the anchor.
///
/// An anchor looks for its target among the matches in display order. It
/// is dropped once it has done its work or can no longer apply (the user
/// moved the cursor, or the query on screen is not the one it was made for);
/// until then it is tried again at every update, because the target may be
/// among items still streaming in.
public enum CursorAnchor: Equatable, Sendable {
  /// Back from the review view: the item the cursor was on. Tried once, on
  /// the first matches for the restored query and view.
  case returning(toItem: Int)
  /// After `reload`: the identity key of the item the cursor was on (its
  /// bytes, or its `--id-nth` fields: `ItemIdentity`). Kept until an item
  /// with that key arrives, the user moves the cursor or the query changes.
  case text([UInt8])
  /// Preselection: the first preselected item in display order, an item of
  /// `targets` (single mode, where preselecting selects nothing) or of the
  /// selection (multi mode). Kept, and placed again at every update as items
  /// stream in, while the query is still `query` and the user has not moved
  /// the cursor.
  case preselected(targets: Set<Int>, query: [UInt8])
}

extension PickerState {
  /// Back from the review view, on the first matches for another query or
  /// view: puts the cursor on the item it was on. Returns whether it did.
  mutating func placeReturningAnchor(queryChanged: Bool) -> Bool {
    guard queryChanged, case .returning(let item) = anchor else { return false }
    anchor = nil
    guard let position = position(where: { $0 == item }) else { return false }
    setCursor(position)
    return true
  }

  /// Places a `.text` or `.preselected` anchor after new matches for
  /// `query` (see `CursorAnchor`); `store` gives the items' bytes.
  mutating func placeAnchor(query: [UInt8], store: ItemStore?) {
    switch anchor {
    case .text(let text):
      if userMovedCursor || query != searchQuery {
        anchor = nil
      } else if let store, let position = position(where: { key(of: store.item($0), is: text) }) {
        setCursor(position)
        anchor = nil
      }
    case .preselected(let targets, let initialQuery):
      if userMovedCursor || query != initialQuery || isReviewing {
        anchor = nil
      } else if let position = position(where: { selection.contains($0) || targets.contains($0) }) {
        setCursor(position)
      }
    case .returning, nil: break
    }
  }

  /// Whether `item`'s identity key (`configuration.identity`) is `key`.
  private func key(of item: UnsafeBufferPointer<UInt8>, is key: [UInt8]) -> Bool {
    let identity = configuration.identity
    return identity.isWholeText ? item.elementsEqual(key) : identity.key(of: item) == key
  }

  /// The first position among the matches whose item passes `test`.
  private func position(where test: (Int) -> Bool) -> Int? {
    (0..<matches.count).first { test(matches.itemIndex(at: $0)) }
  }
}
