/// The items that matched a query, in the order they are shown and printed.
///
/// Most often a sorted array of 64-bit keys: score and the first tiebreak in
/// the high half, the input position in the low half, so one integer sort
/// orders everything and the item is recovered from the key. With two or
/// three tiebreak criteria the points need all 64 bits and the position is
/// kept beside them. An empty query needs no array at all.
public final class RankedMatches: @unchecked Sendable {
  enum Storage {
    /// Every item of the range, in input order (or reversed).
    case all(Range<Int>, reversed: Bool)
    /// Packed keys (`points | order`), sorted.
    case narrow(UnsafeMutableBufferPointer<UInt64>)
    /// Points and order side by side, sorted.
    case wide(UnsafeMutableBufferPointer<WideKey>)
  }

  struct WideKey: Comparable {
    var points: UInt64
    var order: UInt32
    static func < (a: WideKey, b: WideKey) -> Bool {
      a.points != b.points ? a.points < b.points : a.order < b.order
    }
  }

  let storage: Storage
  /// The first item of the matched range (orders count from it).
  let base: Int
  /// Number of items in the matched range (to undo `--tac`'s reversal).
  let span: Int
  let reversed: Bool
  /// When only some items were ranked: the list that orders index (ascending item indices).
  let items: [Int]?

  init(storage: Storage, base: Int, span: Int, reversed: Bool, items: [Int]? = nil) {
    self.storage = storage
    self.base = base
    self.span = span
    self.reversed = reversed
    self.items = items
  }

  deinit {
    switch storage {
    case .all: break
    case .narrow(let keys): keys.deallocate()
    case .wide(let keys): keys.deallocate()
    }
  }

  /// Number of matches.
  public var count: Int {
    switch storage {
    case .all(let range, _): return range.count
    case .narrow(let keys): return keys.count
    case .wide(let keys): return keys.count
    }
  }

  /// Where the item shown at `position` is in the searched span (0 ..< span).
  @inline(__always)
  func itemOffset(at position: Int) -> Int {
    switch storage {
    case .all(let range, let reversed):
      return (reversed ? range.upperBound - 1 - position : range.lowerBound + position) - base
    case .narrow(let keys):
      let order = Int(keys[position] & 0xFFFF_FFFF)
      return reversed ? span - 1 - order : order
    case .wide(let keys):
      let order = Int(keys[position].order)
      return reversed ? span - 1 - order : order
    }
  }

  /// The item shown at `position` (0 is the best match).
  @inline(__always)
  public func itemIndex(at position: Int) -> Int {
    let offset: Int
    switch storage {
    case .all(let range, let reversed):
      offset = reversed ? range.upperBound - 1 - position : range.lowerBound + position
    case .narrow(let keys):
      let order = Int(keys[position] & 0xFFFF_FFFF)
      offset = base + (reversed ? span - 1 - order : order)
    case .wide(let keys):
      let order = Int(keys[position].order)
      offset = base + (reversed ? span - 1 - order : order)
    }
    if let items { return items[offset] }
    return offset
  }
}
