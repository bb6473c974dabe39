// The selection: which items the user has marked.
//
// An item is named by its identity within one input, its arrival ordinal (the
// index in the `ItemStore`), never by a position in the list. So the selection
// survives every change of query, new items streaming in and re-ranking;
// items the query hides stay selected and are printed ("+K hidden").
//
// Storage is dense, sized by the highest item ever selected:
// - a bitset, one bit per item, for `contains` (the per-row check while
//   drawing and the per-frame count of selected matches, both tight loops
//   over a small, cache-friendly array);
// - a stamp per item recording when it was selected, for
//   `--output-order=selection`. Deselecting just clears the bit (the stale
//   stamp is ignored), so no toggle costs more than O(1); the order is sorted
//   out once, at output time. Stamp 1 marks preselected (and remembered)
//   items: they all tie, so they sort first and among themselves by item,
//   i.e. in input order, whenever `preselect` is called. User selections
//   count up from 2; when the 32-bit counter runs out, the live stamps are
//   renumbered in order (once per four billion selections).
//
// For 1M items that is 128 KiB of bits and 4 MiB of stamps. Whole-list
// actions (select-all-or-none, toggle-all, the summary) are one pass over
// the matches; `ordered(.input)` walks the set words of the bitset.
//
// The cap (`--multi=MAX`) counts every selected item, hidden ones included.
// Selecting past it is refused, never silently trimmed elsewhere.

/// The set of selected items, by identity, with the order they were selected in.
public struct Selection: Sendable {
  /// Most items that may be selected at once (`--multi=MAX`); `nil`: no cap.
  public let cap: Int?
  /// Number of selected items, hidden ones included.
  public private(set) var count = 0
  /// Counts the changes: it differs after anything was selected or
  /// deselected (the `multi` event's test), however many items it took.
  public private(set) var revision = 0

  /// Bit `item % 64` of word `item / 64` is set when `item` is selected.
  private var bits: [UInt64] = []
  /// When each item was selected (valid only where its bit is set); as many
  /// entries as `bits` has bits.
  private var stamps: [UInt32] = []
  /// The stamp of the next user selection. Internal so tests can start it
  /// near the top and exercise renumbering.
  var nextStamp: UInt32 = Selection.firstUserStamp

  /// The stamp shared by all preselected items: they come first, in input order.
  static let preselectedStamp: UInt32 = 1
  static let firstUserStamp: UInt32 = 2

  /// An empty selection; `cap` is `--multi=MAX` (at least 1) or `nil` for no cap.
  public init(cap: Int? = nil) {
    precondition(cap.map { $0 >= 1 } ?? true, "--multi=MAX needs MAX ≥ 1")
    self.cap = cap
  }

  /// Whether no further item may be selected.
  public var isCapReached: Bool {
    guard let cap else { return false }
    return count >= cap
  }

  /// Whether `item` is selected.
  @inline(__always)
  public func contains(_ item: Int) -> Bool {
    let word = item &>> 6
    guard item >= 0, word < bits.count else { return false }
    return bits[word] & (1 &<< UInt64(item & 63)) != 0
  }

  // MARK: One item

  /// Tab: selects or deselects `item`; returns false (and changes nothing)
  /// when selecting it would pass the cap.
  @discardableResult
  public mutating func toggle(_ item: Int) -> Bool {
    if contains(item) {
      deselect(item)
      return true
    }
    return select(item)
  }

  /// Selects `item` (a no-op if it is selected already); returns false (and
  /// changes nothing) when that would pass the cap.
  @discardableResult
  public mutating func select(_ item: Int) -> Bool {
    if contains(item) { return true }
    if isCapReached { return false }
    insert(item, stamp: takeStamp())
    return true
  }

  /// Deselects `item` (a no-op if it is not selected).
  public mutating func deselect(_ item: Int) {
    guard contains(item) else { return }
    bits[item &>> 6] &= ~(1 &<< UInt64(item & 63))
    count -= 1
    revision &+= 1
  }

  /// Deselects everything, hidden items included (fzf's `clear-multi`).
  public mutating func clear() {
    if count > 0 { revision &+= 1 }
    bits = []
    stamps = []
    count = 0
    nextStamp = Selection.firstUserStamp
  }

  /// Selects preselected (`--preselect`, `--remember`) items, up to the cap.
  /// Whenever this is called, they print before anything the user selected
  /// under `--output-order=selection`, in input order among themselves.
  public mutating func preselect(_ items: some Sequence<Int>) {
    for item in items {
      if contains(item) {
        stamps[item] = Selection.preselectedStamp
      } else if !isCapReached {
        insert(item, stamp: Selection.preselectedStamp)
      }
    }
  }

  /// Deselects every item of `range` (`--tail`: items that left the window).
  public mutating func deselect(in range: Range<Int>) {
    let end = min(range.upperBound, bits.count &<< 6)
    let start = max(range.lowerBound, 0)
    guard start < end, selectedCount(in: start..<end) > 0 else { return }
    for item in start..<end where contains(item) { deselect(item) }
  }

  /// `--tail` dropped the items `gone`: those after them move down by
  /// `gone.count`; each keeps its place in the selection order.
  public func droppingItems(_ gone: Range<Int>) -> Selection {
    var kept = Selection(cap: cap)
    kept.nextStamp = nextStamp
    for word in bits.indices where bits[word] != 0 {
      var remaining = bits[word]
      while remaining != 0 {
        let item = word &<< 6 | remaining.trailingZeroBitCount
        remaining &= remaining - 1
        if gone.contains(item) { continue }
        kept.insert(item >= gone.upperBound ? item - gone.count : item, stamp: stamps[item])
      }
    }
    return kept
  }

  // MARK: The matching items

  /// Ctrl-A (`select-all-or-none`): if every matching item is selected or the
  /// cap is reached, deselects the matching items; otherwise selects them in
  /// display order up to the cap. Hidden selections never change; with no
  /// match nothing happens.
  public mutating func selectAllOrNone(_ matches: RankedMatches) {
    let n = matches.count
    guard n > 0 else { return }
    if isCapReached || allSelected(matches) {
      deselectAll(matches)
    } else {
      selectAll(matches)
    }
  }

  /// `select-all`: selects the matching items in display order until the cap.
  public mutating func selectAll(_ matches: RankedMatches) {
    for position in 0..<matches.count {
      if isCapReached { return }
      select(matches.itemIndex(at: position))
    }
  }

  /// `deselect-all`: deselects the matching items; hidden ones stay selected.
  public mutating func deselectAll(_ matches: RankedMatches) {
    for position in 0..<matches.count {
      if count == 0 { return }
      deselect(matches.itemIndex(at: position))
    }
  }

  /// fzf's `toggle-all`: inverts each matching item. As fzf, the selected
  /// ones are deselected first, so the room they free counts towards the cap;
  /// then the others are selected in display order until the cap.
  public mutating func toggleAll(_ matches: RankedMatches) {
    let n = matches.count
    // Positions whose item was selected before, one bit each.
    var wasSelected = [UInt64](repeating: 0, count: (n + 63) / 64)
    for position in 0..<n {
      if count == 0 { break }
      let item = matches.itemIndex(at: position)
      if contains(item) {
        wasSelected[position &>> 6] |= 1 &<< UInt64(position & 63)
        deselect(item)
      }
    }
    for position in 0..<n where wasSelected[position &>> 6] & (1 &<< UInt64(position & 63)) == 0 {
      if isCapReached { return }
      select(matches.itemIndex(at: position))
    }
  }

  /// The select-all row's numbers for the current matches: one pass over
  /// them, or, when they are a run of items (the empty query), a count of the
  /// bits in that run, 64 items a step. Every frame asks, and with a
  /// remembered select-all of millions of items every frame while they stream
  /// in; call it once per frame, not per row.
  public func summary(over matches: RankedMatches) -> SelectionSummary {
    let n = matches.count
    var selectedMatching = 0
    if count > 0 {
      if case .all(let range, _) = matches.storage, matches.items == nil {
        selectedMatching = selectedCount(in: range)
      } else {
        matches.forEachItemUnordered { item in if contains(item) { selectedMatching += 1 } }
      }
    }
    let state: SelectAllState =
      selectedMatching == 0 ? .none : selectedMatching == n ? .all : .some
    return SelectionSummary(
      state: state, selectedMatching: selectedMatching, matching: n,
      hidden: count - selectedMatching, isCapReached: isCapReached)
  }

  // MARK: Output

  /// The selected items to print, hidden ones included. `.input`: input
  /// order, or reversed input (`--tac`'s display order) when `reversed`.
  /// `.selection`: the order they were selected in, preselected items first
  /// in input order (reversed when `reversed`).
  public func ordered(_ order: OutputOrder, reversed: Bool) -> [Int] {
    var items: [Int] = []
    items.reserveCapacity(count)
    switch order {
    case .input:
      if reversed {
        for word in bits.indices.reversed() {
          var remaining = bits[word]
          while remaining != 0 {
            let bit = 63 - remaining.leadingZeroBitCount
            items.append(word &<< 6 | bit)
            remaining &= ~(1 &<< UInt64(bit))
          }
        }
      } else {
        forEachSelected { items.append($0) }
      }
    case .selection:
      for key in stampedKeys(reversed: reversed) {
        let low = Int(key & 0xFFFF_FFFF)
        let isPreselected = UInt32(key &>> 32) == Selection.preselectedStamp
        items.append(isPreselected && reversed ? Int(UInt32.max) - low : low)
      }
    }
    return items
  }

  // MARK: Internals

  /// Whether every item in `matches` is selected; stops at the first that is not.
  private func allSelected(_ matches: RankedMatches) -> Bool {
    if count < matches.count { return false }
    for position in 0..<matches.count where !contains(matches.itemIndex(at: position)) {
      return false
    }
    return true
  }

  /// How many items of `range` are selected: the set bits of those words.
  func selectedCount(in range: Range<Int>) -> Int {
    let end = min(range.upperBound, bits.count &<< 6)
    let start = max(range.lowerBound, 0)
    guard start < end else { return 0 }
    let (firstWord, lastWord) = (start &>> 6, (end - 1) &>> 6)
    var total = 0
    for word in firstWord...lastWord {
      var value = bits[word]
      if word == firstWord { value &= UInt64.max &<< UInt64(start & 63) }
      if word == lastWord && end & 63 != 0 { value &= UInt64.max &>> UInt64(64 - (end & 63)) }
      total += value.nonzeroBitCount
    }
    return total
  }

  /// Calls `body` with each selected item, in input order.
  private func forEachSelected(_ body: (Int) -> Void) {
    for word in bits.indices {
      var remaining = bits[word]
      while remaining != 0 {
        body(word &<< 6 | remaining.trailingZeroBitCount)
        remaining &= remaining &- 1
      }
    }
  }

  /// The selected items as sorted keys: the stamp in the high half, the item
  /// in the low half (its complement for preselected items when `reversed`,
  /// so they sort in reversed input order). User stamps are unique, so the
  /// item only breaks ties between preselected items.
  private func stampedKeys(reversed: Bool) -> [UInt64] {
    var keys: [UInt64] = []
    keys.reserveCapacity(count)
    forEachSelected { item in
      let stamp = stamps[item]
      let low = stamp == Selection.preselectedStamp && reversed ? UInt32.max - UInt32(item) : UInt32(item)
      keys.append(UInt64(stamp) &<< 32 | UInt64(low))
    }
    keys.sort()
    return keys
  }

  private mutating func insert(_ item: Int, stamp: UInt32) {
    precondition(item >= 0 && item <= Int(UInt32.max), "item index out of range")
    let word = item &>> 6
    if word >= bits.count { grow(toWords: word + 1) }
    bits[word] |= 1 &<< UInt64(item & 63)
    stamps[item] = stamp
    count += 1
    revision &+= 1
  }

  /// Makes room for `words` words of bits (and their stamps), at least doubling.
  private mutating func grow(toWords words: Int) {
    let target = max(words, bits.count * 2, 16)
    bits.append(contentsOf: repeatElement(0, count: target - bits.count))
    stamps.append(contentsOf: repeatElement(0, count: target * 64 - stamps.count))
  }

  /// The next user stamp; renumbers the live ones when the counter runs out.
  private mutating func takeStamp() -> UInt32 {
    if nextStamp == UInt32.max { renumberStamps() }
    defer { nextStamp += 1 }
    return nextStamp
  }

  /// Gives the user-selected items consecutive stamps from `firstUserStamp`,
  /// keeping their order.
  private mutating func renumberStamps() {
    var next = Selection.firstUserStamp
    for key in stampedKeys(reversed: false) where UInt32(key &>> 32) != Selection.preselectedStamp {
      stamps[Int(key & 0xFFFF_FFFF)] = next
      next += 1
    }
    nextStamp = next
  }
}
