/// Whether `--filter --ansi` keeps the escape sequences in the store or
/// strips them as it reads (decided once, before reading).
extension FilterCommand {
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
}
