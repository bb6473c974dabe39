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

  /// The share for a sample of the input's first items (a pipe's,
  /// `InputReader.readHead`), below which it is read with its sequences
  /// kept. The first items may be unlike the rest (a listing that starts
  /// in a directory where the query is rare): on a million paths, `usr
  /// conf` matched 8 of the first 512 and a sixth of all, and keeping the
  /// sequences then cost 1.3 to 1.5 times stripping them as read, so a head
  /// must show the query rarer (Docs/Performance.md, "--ansi").
  static let headDeferringShare = 1.0 / 128

  /// Whether `--filter --ansi` keeps the escape sequences in the store
  /// (`ItemStore.holdsEscapes`): when fewer than `deferringShare` of
  /// `sample`, items read from places spread over a regular file that
  /// will be mapped (`InputReader.sampleItems`), match, or fewer than
  /// `headDeferringShare` of the first items of any other input
  /// (`fromHead`: a pipe's, `InputReader.readHead`). Otherwise the input is
  /// stripped as it is read.
  public func defersStripping(sample: [[UInt8]]?, separator: UInt8, fromHead: Bool = false) -> Bool {
    guard Self.defersStripping(options), let sample, !sample.isEmpty else { return false }
    let matcher = ItemMatcher(CompiledQuery(query, options: options))
    let visible = VisibleText(separator: separator)
    var matched = 0
    for item in sample {
      let matches = item.withUnsafeBufferPointer { matcher.match(visible.of($0)) != nil }
      if matches { matched += 1 }
    }
    return Double(matched) < (fromHead ? Self.headDeferringShare : Self.deferringShare) * Double(sample.count)
  }
}
