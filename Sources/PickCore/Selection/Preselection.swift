/// What should start selected: items whose bytes equal one of the given
/// texts (`--preselect`, `--preselect-file`, `--remember`), or every item
/// (`--preselect-all`). Identity across runs is the item's exact bytes, so a
/// list that grows, shrinks or is re-ordered never makes a stored choice
/// point at the wrong item, and a text that matches no item is simply never used.
///
/// It is applied to items as they arrive (`apply(to:store:range:)` on each
/// new range), so items that come later from a slow stream are preselected too.
public struct Preselection: Sendable {
  public private(set) var texts: Set<[UInt8]>
  public var selectsAll: Bool
  /// Lengths of the texts: most items are rejected by length before any copy is made.
  private var lengths: Set<Int>

  public init(texts: some Sequence<[UInt8]> = [], selectsAll: Bool = false) {
    self.texts = Set(texts)
    self.selectsAll = selectsAll
    lengths = Set(self.texts.map(\.count))
  }

  public var isEmpty: Bool { texts.isEmpty && !selectsAll }

  /// Whether `item` (its bytes) is to start selected.
  public func includes(_ item: UnsafeBufferPointer<UInt8>) -> Bool {
    if selectsAll { return true }
    guard lengths.contains(item.count) else { return false }
    return texts.contains(Array(item))
  }

  /// The items of `range` that qualify, in input order.
  public func items(in store: ItemStore, range: Range<Int>, excluding: ((Int) -> Bool)? = nil) -> [Int] {
    guard !isEmpty, !range.isEmpty else { return [] }
    var chosen: [Int] = []
    for index in range where excluding?(index) != true && includes(store.item(index)) {
      chosen.append(index)
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
