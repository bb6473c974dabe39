/// Which store `--filter --ansi` searches: the one that keeps the escape
/// sequences, or a copy of its visible text (`ItemStore+Visible.swift`).
extension FilterCommand {
  /// The share of sampled items that match above which every item is
  /// stripped at once. Measured on a million coloured paths and on grep's
  /// output (Docs/Performance.md, "--ansi"): keeping the sequences costs
  /// about two strips a match (one to match it, one to print it) and a
  /// gather of more bytes; stripping all costs one strip an item. They
  /// break even between a tenth and a third of the items matching.
  static let strippingShare = 0.25

  /// Items sampled to tell the share, spread over the input as
  /// `ByteCensus` spreads its own.
  static let sampleSize = 512

  /// The share of matching items below which a regular file is mapped with
  /// its sequences kept. Above it, stripping the input as it is read (as
  /// the picker does) costs as little or less: on a million paths with two
  /// sequences a line, reading and stripping them all costs about what
  /// mapping plain paths does, while keeping the sequences costs about two
  /// strips and a longer gather per match (Docs/Performance.md, "--ansi").
  static let deferringShare = 1.0 / 32

  /// Whether `--filter --ansi` keeps the escape sequences in the store
  /// (`ItemStore.holdsEscapes`): when the input is a regular file that
  /// will be mapped and fewer than `deferringShare` of `sample`, items
  /// read from places spread over it (`InputReader.sampleItems`), match.
  /// Otherwise the input is stripped as it is read.
  public func defersStripping(sample: [[UInt8]]?, separator: UInt8) -> Bool {
    guard Self.defersStripping(options), let sample, !sample.isEmpty else { return false }
    let matcher = ItemMatcher(CompiledQuery(query, options: options))
    let visible = VisibleText(separator: separator)
    var matched = 0
    for item in sample {
      let matches = item.withUnsafeBufferPointer { matcher.match(visible.of($0)) != nil }
      if matches { matched += 1 }
    }
    return Double(matched) < Self.deferringShare * Double(sample.count)
  }

  /// The store to rank and print for `store`: itself, or when it
  /// `holdsEscapes` and a sample says a quarter of its items or more match,
  /// the visible text of all of them (the same items, lines and order,
  /// `ItemStore.visibleCopy`). When the copy cannot be made, `store`
  /// itself: slower, never different.
  public func searched(_ store: ItemStore) -> ItemStore {
    guard store.holdsEscapes, sampledShare(store) >= Self.strippingShare else { return store }
    return (try? store.visibleCopy()) ?? store
  }

  /// The share of a sample of the ranked items whose visible text matches;
  /// 0 under `ByteCensus.minimumItems` (any way is quick there).
  func sampledShare(_ store: ItemStore) -> Double {
    let range = rankedRange(store)
    guard range.count >= ByteCensus.minimumItems else { return 0 }
    // Over a mapped file, runs of neighbours: each item read maps a block.
    let run = store.isMapped ? 64 : 1
    let step = range.count / (Self.sampleSize / run)
    let matcher = ItemMatcher(CompiledQuery(query, options: options))
    let visible = VisibleText(separator: store.separator)
    var matched = 0
    for k in 0..<Self.sampleSize {
      let index = range.lowerBound + k / run * step + k % run
      if matcher.match(visible.of(store.item(index))) != nil { matched += 1 }
    }
    return Double(matched) / Double(Self.sampleSize)
  }
}
