import Glibc

/// Printing the matches of a mapped file (`ItemStore.mapFile`) without
/// mapping all of it at once.
///
/// Matches in score order lie all over the file, and the system maps a whole
/// cached block (a megabyte) around each byte read: printing forty thousand
/// scattered matches one by one would map the whole file again, undoing what
/// letting go of it while ranking saved. So the output is built a block at a
/// time (`blockBytes`): the block's items are visited region by region of the
/// file, each copied to its place in the block, and each region let go of
/// once its items are copied. pick then holds one block and one region of
/// the input (two while two threads copy), not the input, and reads it in
/// file order. Items kept with their escape sequences are stripped in the
/// block, which is then closed up (`GatherBlock.closeUp`).
extension ResultWriter {
  /// Output bytes built before they are written.
  static let blockBytes = 4 << 20
  /// Most items in one block (bounds the block's tables).
  static let blockItems = 1 << 16
  /// Bytes of the file visited, and then let go of, together.
  static let regionBytes = 2 << 20

  /// `writeItems` for a store with mapped items, in the same order and bytes
  /// (their visible text when the store `holdsEscapes`).
  func writeGathered(
    count: Int, store: ItemStore, to sink: inout ResultSink, item: (Int) -> Int
  ) throws(WriteFailure) {
    // The last region holds every item past the mapped pages.
    let regions = store.mappedBytes / Self.regionBytes + 2
    var block = GatherBlock(regions: regions)
    var first = 0
    while first < count {
      let position = first + block.take(first..<min(count, first + Self.blockItems), of: store, item: item)
      block.fill(from: store, terminator: terminator, strips: store.holdsEscapes, othersFollow: position < count)
      if store.holdsEscapes { block.closeUp() }
      try block.output.withUnsafeBufferPointer { (bytes) throws(WriteFailure) in
        try sink.append(UnsafeBufferPointer(rebasing: bytes[0..<block.bytes]))
      }
      first = position
    }
  }
}

/// One block of output being gathered: its items in output order (where
/// each starts in the arena, and its length with the separator), where each
/// goes in the block, and which region of the file each lies in.
private struct GatherBlock: ~Copyable {
  private var starts = ScratchBuffer<Int>(capacity: ResultWriter.blockItems)
  private var lengths = ScratchBuffer<Int>(capacity: ResultWriter.blockItems)
  private var offsets = ScratchBuffer<Int>(capacity: ResultWriter.blockItems)
  private var regionOf = ScratchBuffer<Int32>(capacity: ResultWriter.blockItems)
  /// Items in the block.
  private var count = 0
  private(set) var bytes = 0
  private(set) var output: [UInt8] = []
  private var counts: [Int]

  init(regions: Int) {
    counts = [Int](repeating: 0, count: regions + 1)
  }

  /// Makes the block the first of the items at output `positions` (at
  /// most `blockItems`) that fit in `blockBytes` (at least one), the
  /// `position`-th being item `item(position)`: returns how many.
  ///
  /// Where each item starts is read from the offset table in score order,
  /// a random read each, and that was about half of printing many matches
  /// (the 212,428 of `gc` over 1M history lines) while the other core
  /// waited: a block of many items reads them on two threads, each a half,
  /// before the block is cut.
  mutating func take(_ positions: Range<Int>, of store: ItemStore, item: (Int) -> Int) -> Int {
    let n = positions.count
    let regions = counts.count - 1
    let (s, l, r) = (UnsafeSendable(starts.base), UnsafeSendable(lengths.base), UnsafeSendable(regionOf.base))
    let parts = n >= Self.itemsToSplit ? 2 : 1
    withoutActuallyEscaping(item) { item in
      let item = UnsafeSendable(item)
      Parallel.run(tasks: parts, workers: parts) { part, _ in
        let range = part * n / parts..<(part + 1) * n / parts
        // Score order reads the offset table at random: ask for entries ahead.
        let lookahead = 16
        for k in range.prefix(lookahead) { store.prefetchOffset(of: item.value(positions.lowerBound + k)) }
        for k in range {
          if k + lookahead < range.upperBound {
            store.prefetchOffset(of: item.value(positions.lowerBound + k + lookahead))
          }
          let index = item.value(positions.lowerBound + k)
          let start = store.arenaOffset(of: index)
          s.value[k] = start
          l.value[k] = store.arenaOffset(of: index + 1) - start
          r.value[k] = Int32(min(start / ResultWriter.regionBytes, regions - 1))
        }
      }
    }
    bytes = 0
    count = 0
    while count < n && (count == 0 || bytes + lengths[count] <= ResultWriter.blockBytes) {
      offsets[count] = bytes
      bytes += lengths[count]
      count += 1
    }
    return count
  }

  /// Makes room for the block's bytes, or for `blockBytes` when
  /// `othersFollow`, so that one buffer serves every block.
  ///
  /// The output is as large as its items when they fit in one block, not
  /// `blockBytes`, and left as the system gives it: every byte printed is
  /// copied in first. A block of 4 MiB filled with zeros cost 3.5 ms (a
  /// thousand new pages, written twice) of the 22 ms `--filter` took to
  /// print the 12 matches of a million history lines.
  private mutating func reserveOutput(othersFollow: Bool) {
    let size = othersFollow ? max(bytes, ResultWriter.blockBytes) : bytes
    guard output.count < size else { return }
    output = []
    output = [UInt8](unsafeUninitializedCapacity: size) { _, initialized in initialized = size }
  }

  /// Copies every item to its place, region by region (a counting sort of
  /// the block's positions by region), letting go of each region after it.
  /// With `strips`, only each item's visible text is copied
  /// (`VisibleText.copy`), and its length kept in `lengths` (with the
  /// terminator, as before). A block of many items is copied on two
  /// threads, each taking whole regions (about half of the items): the copy
  /// was most of the time of printing many matches, and ran while the other
  /// core waited. `othersFollow`: more blocks come after this one.
  mutating func fill(from store: ItemStore, terminator: UInt8, strips: Bool, othersFollow: Bool) {
    reserveOutput(othersFollow: othersFollow)
    for k in counts.indices { counts[k] = 0 }
    for k in 0..<count { counts[Int(regionOf[k]) + 1] += 1 }
    for k in 1..<counts.count { counts[k] += counts[k - 1] }
    var visit = [Int](repeating: 0, count: count)
    var next = counts
    for position in 0..<count {
      let region = Int(regionOf[position])
      visit[next[region]] = position
      next[region] += 1
    }
    let regions = counts.count - 1
    // The first region past half the items.
    var middle = 0
    while middle < regions && counts[middle] < count / 2 { middle += 1 }
    let parts = count >= Self.itemsToSplit ? [0..<middle, middle..<regions] : [0..<regions]
    output.withUnsafeMutableBufferPointer { out in
      guard let base = out.baseAddress else { return }
      let copy = Copy(
        store: store, terminator: terminator, strips: strips, counts: counts, visit: visit,
        starts: UnsafeSendable(starts.base), offsets: UnsafeSendable(offsets.base),
        lengths: UnsafeSendable(lengths.base), output: UnsafeSendable(base))
      Parallel.run(tasks: parts.count, workers: parts.count) { part, _ in copy.regions(parts[part]) }
    }
  }

  /// Blocks of at least this many items are measured and copied on two threads.
  static let itemsToSplit = 4096

  /// `fill`'s copy of the items in some of the block's regions.
  private struct Copy: @unchecked Sendable {
    let store: ItemStore
    let terminator: UInt8
    let strips: Bool
    let counts: [Int]
    let visit: [Int]
    let starts: UnsafeSendable<UnsafeMutablePointer<Int>>
    let offsets: UnsafeSendable<UnsafeMutablePointer<Int>>
    /// Written by one thread per item: each item is in one region.
    let lengths: UnsafeSendable<UnsafeMutablePointer<Int>>
    let output: UnsafeSendable<UnsafeMutablePointer<UInt8>>

    func regions(_ range: Range<Int>) {
      // The last region holds the items past the mapped pages.
      let lastMapped = counts.count - 3
      for region in range {
        for slot in counts[region]..<counts[region + 1] {
          let position = visit[slot]
          var length = lengths.value[position] - 1
          let at = output.value + offsets.value[position]
          if strips {
            let item = UnsafeBufferPointer(start: store.arena + starts.value[position], count: length)
            length = VisibleText.copy(item, to: at, separator: store.separator)
            lengths.value[position] = length + 1
          } else {
            at.update(from: store.arena + starts.value[position], count: length)
          }
          at[length] = terminator
        }
        if region <= lastMapped {
          let start = region * ResultWriter.regionBytes
          store.releaseMapped(bytes: start..<start + ResultWriter.regionBytes)
        }
      }
    }
  }

  /// Moves the items together once stripping has shortened them (`fill`
  /// with `strips`): each item's place moves down by what those before it
  /// lost, so none overwrites one not moved yet; `bytes` becomes their total.
  mutating func closeUp() {
    var end = 0
    output.withUnsafeMutableBufferPointer { out in
      guard let base = out.baseAddress else { return }
      for position in 0..<count {
        if offsets[position] != end { memmove(base + end, base + offsets[position], lengths[position]) }
        offsets[position] = end
        end += lengths[position]
      }
    }
    bytes = end
  }
}
