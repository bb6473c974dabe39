/// `pick --filter QUERY`: rank every item against the query and print the
/// matches, best first, each followed by a newline (NUL with `--print0`).
/// No terminal is involved, so it works in scripts, cron and CI.
///
/// `--header-lines` items are skipped; `--print-query` prints the query
/// first; `--accept-nth` prints only those fields; `--unique` leaves out
/// repeated items; `--tac` and `--no-sort` as in `Ranker`. The interactive options (`-m`, `-1`, `-0`, preselection) do not apply.
public struct FilterCommand {
  public let options: Options
  public let query: [UInt8]
  /// Threads to match on.
  public var workers = SearchTunables.workers

  public init(options: Options) {
    self.options = options
    query = options.filter ?? options.query
  }

  /// Writes the results of the query over `store` (which must be finished) to `sink`.
  /// Returns whether any item matched.
  public func run(_ store: ItemStore, into sink: inout ResultSink) throws(WriteFailure) -> Bool {
    return try write(rank(store, workers: workers), store: store, into: &sink)
  }

  /// The items that are ranked: all but the `--header-lines`, and only the
  /// last `--tail` of them.
  func rankedRange(_ store: ItemStore) -> Range<Int> {
    let first = min(options.headerLines, store.count)
    return max(first, store.count - (options.tail ?? store.count))..<store.count
  }

  /// Whether `--ansi` input is kept with its escape sequences and stripped
  /// only as it is matched and printed (`ItemStore.holdsEscapes`,
  /// `VisibleText`), so that it is mapped and split as plain input is. Not
  /// with `--unique`, which compares the items' stored bytes.
  public static func defersStripping(_ options: Options) -> Bool { options.ansi && !options.unique }

  /// Ranks the items of `store` (which must be finished) on `workers` threads.
  public func rank(_ store: ItemStore, workers: Int) -> RankedMatches {
    precondition(!(options.unique && store.holdsEscapes), "--unique compares stored bytes: strip them as read")
    var ranker = Ranker(order: Ranker.Order(options: options))
    ranker.workers = workers
    let excluding =
      options.unique ? DuplicateFilter.repeats(in: store, skipping: options.headerLines) : nil
    return ranker.rank(
      store, range: rankedRange(store), query: CompiledQuery(query, options: options),
      excluding: excluding)
  }

  /// Writes `ranked` (the matches over `store`) to `sink`, after the query
  /// line if asked for. Returns whether any item matched.
  public func write(_ ranked: RankedMatches, store: ItemStore, into sink: inout ResultSink)
    throws(WriteFailure)
    -> Bool
  {
    let writer = ResultWriter(options: options)
    try writer.writeQuery(query, to: &sink)
    if options.acceptNth == nil, ranked.items == nil, case .all(let all, false) = ranked.storage,
      store.separator == (options.print0 ? 0 : 0x0A), !store.holdsEscapes
    {
      // Everything, in input order, with the same separator: the arena already holds the output.
      try writeInOrder(all, store: store, into: &sink)
    } else {
      try writer.writeItems(count: ranked.count, store: store, to: &sink) {
        ranked.itemIndex(at: $0)
      }
    }
    try sink.flush()
    return ranked.count > 0
  }

  /// Items `all` with their separators, straight from the arena; a mapped
  /// file's pages are let go of behind the write (`ItemStore.releaseMapped`).
  private func writeInOrder(_ all: Range<Int>, store: ItemStore, into sink: inout ResultSink)
    throws(WriteFailure)
  {
    let step = store.isMapped ? 1 << 13 : max(all.count, 1)
    for first in stride(from: all.lowerBound, to: all.upperBound, by: step) {
      let part = first..<min(first + step, all.upperBound)
      try sink.append(store.items(part))
      store.releaseMapped(part)
    }
  }
}
