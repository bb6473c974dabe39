/// How many of a sample of the items hold each ASCII character (upper case
/// counted as lower): what the ranker's block skip uses to choose the
/// query character to skip to (`CompiledQuery.rarestRequiredCharacter`).
///
/// The skip passes over items that lack one character every match needs, so
/// the rarer that character is in the items, the more it skips. A fixed
/// guess at letter frequencies suits paths; in a shell history `g` is in
/// nearly half the lines (`git`) and `h` in a quarter, so for
/// `git push origin` the guess chose the worse one. Counting a few hundred
/// items spread over the range costs microseconds against a search of
/// thousands.
public struct ByteCensus: Sendable {
  /// Items sampled: enough to tell 5 % from 25 %, few enough to be free.
  static let sampleSize = 512
  /// Below this many items the search is quick anyway; the guess is used.
  static let minimumItems = 8_192

  /// `counts[byte]`: sampled items holding `byte` (a lower-case letter also
  /// counts its upper case).
  private(set) var counts = [UInt16](repeating: 0, count: 128)

  /// A census of `sampleSize` items spread evenly over `range` of `store`
  /// (with `items`, offsets in `range` index that list); `nil` when the
  /// range is too small to be worth it.
  ///
  /// Over a mapped file (`ItemStore.mapFile`) the sample is 8 runs of 64
  /// neighbours instead: reading one item maps the system's whole cached
  /// block of the file around it (a megabyte here), so 512 scattered items
  /// would map most of the file at once.
  init?(_ store: ItemStore, range: Range<Int>, items: [Int]?) {
    guard range.count >= Self.minimumItems else { return nil }
    let run = store.isMapped ? 64 : 1
    let step = range.count / (Self.sampleSize / run)
    for k in 0..<Self.sampleSize {
      let offset = range.lowerBound + k / run * step + k % run
      let index = items.map { $0[offset] } ?? offset
      count(store.item(index))
    }
  }

  /// A census of the given items (tests).
  init(items: [[UInt8]]) {
    for item in items { item.withUnsafeBufferPointer { count($0) } }
  }

  private mutating func count(_ item: UnsafeBufferPointer<UInt8>) {
    var seen: (UInt64, UInt64) = (0, 0)
    for byte in item where byte < 0x80 {
      let lower = byte &- 0x41 < 26 ? byte | 0x20 : byte
      if lower < 64 { seen.0 |= 1 << UInt64(lower) } else { seen.1 |= 1 << UInt64(lower - 64) }
    }
    for (half, bits) in [(0, seen.0), (64, seen.1)] {
      var rest = bits
      while rest != 0 {
        counts[half + rest.trailingZeroBitCount] &+= 1
        rest &= rest &- 1
      }
    }
  }

  /// Sampled items holding `byte`, in either case.
  func items(holding byte: UInt8) -> Int {
    let lower = byte &- 0x41 < 26 ? byte | 0x20 : byte
    return lower < 0x80 ? Int(counts[Int(lower)]) : 0
  }
}
