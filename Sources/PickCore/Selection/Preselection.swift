/// What should start selected: items whose bytes equal one of the given
/// texts (`--preselect`, `--preselect-file`, `--remember`), or every item
/// (`--preselect-all`). Identity across runs is the item's exact bytes, so a
/// list that grows, shrinks or is re-ordered never makes a stored choice
/// point at the wrong item, and a text that matches no item is simply never used.
///
/// It is applied to items as they arrive (`apply(to:store:range:)` on each
/// new range), so items that come later from a slow stream are preselected too.
public struct Preselection: Sendable {
  /// The texts to preselect, in one buffer and one table (see `TextSet`): each
  /// arriving item costs one hash and a probe or two, never an allocation.
  public private(set) var texts: TextSet
  public var selectsAll: Bool
  /// What `texts` holds of each item: its whole text, or its `--id-nth`
  /// fields after a reload (`ItemIdentity`).
  public var identity = ItemIdentity(idNth: nil, delimiter: nil)

  public init(texts: some Sequence<[UInt8]> = [], selectsAll: Bool = false) {
    self.init(texts: TextSet(texts), selectsAll: selectsAll)
  }

  public init(texts: TextSet, selectsAll: Bool = false) {
    self.texts = texts
    self.selectsAll = selectsAll
  }

  public var isEmpty: Bool { texts.isEmpty && !selectsAll }

  /// Whether `item` (its bytes) is to start selected.
  public func includes(_ item: UnsafeBufferPointer<UInt8>) -> Bool {
    selectsAll || (identity.isWholeText ? texts.contains(item) : texts.contains(identity.key(of: item)))
  }

  /// The items of `range` that qualify, in input order.
  public func items(in store: ItemStore, range: Range<Int>, excluding: ((Int) -> Bool)? = nil) -> [Int] {
    guard !isEmpty, !range.isEmpty else { return [] }
    var chosen: [Int] = []
    if selectsAll {
      for index in range where excluding?(index) != true { chosen.append(index) }
    } else if identity.isWholeText {
      texts.forEachMember(of: range, text: store.item) { index in
        if excluding?(index) != true { chosen.append(index) }
      }
    } else {
      for index in range where excluding?(index) != true && texts.contains(identity.key(of: store.item(index))) {
        chosen.append(index)
      }
    }
    return chosen
  }

  /// Preselects the items of `range` (in input order, up to the cap) that qualify;
  /// `excluding` skips items that are not real choices (`--unique` repeats).
  /// Returns the first item preselected, if any.
  @discardableResult
  public func apply(
    to selection: inout Selection, store: ItemStore, range: Range<Int>, excluding: ((Int) -> Bool)? = nil
  ) -> Int? {
    let chosen = items(in: store, range: range, excluding: excluding)
    guard !chosen.isEmpty else { return nil }
    selection.preselect(chosen)
    return chosen.first
  }
}
