/// `pick --filter QUERY`: rank every item against the query and print the
/// matches, best first, each followed by a newline (NUL with `--print0`).
/// No terminal is involved, so it works in scripts, cron and CI.
///
/// `--header-lines` items are skipped; `--print-query` prints the query
/// first; `--accept-nth` prints only those fields; `--tac` and `--no-sort` as
/// in `Ranker`. The interactive options (`-m`, `-1`, `-0`, preselection) do not apply.
public struct FilterCommand {
  public let options: Options
  public let query: [UInt8]
  /// Threads to match on.
  public var workers = Parallel.processorCount

  public init(options: Options) {
    self.options = options
    query = options.filter ?? options.query
  }

  /// Writes the results of the query over `store` (which must be finished) to `sink`.
  /// Returns whether any item matched.
  public func run(_ store: ItemStore, into sink: inout ResultSink) throws(WriteFailure) -> Bool {
    let terminator: UInt8 = options.print0 ? 0 : 0x0A
    if options.printQuery {
      try sink.append(query)
      try sink.append(byte: terminator)
    }
    let range = min(options.headerLines, store.count) ..< store.count
    let compiled = CompiledQuery(query, options: options)
    var ranker = Ranker(order: Ranker.Order(options: options))
    ranker.workers = workers
    let ranked = ranker.rank(store, range: range, query: compiled)
    if let accept = options.acceptNth {
      let selection = FieldSelection(accept, splitter: FieldSplitter(delimiter: options.delimiter))
      var tokens: [Range<Int>] = []
      var out: [UInt8] = []
      for position in 0 ..< ranked.count {
        out.removeAll(keepingCapacity: true)
        selection.acceptedText(of: store.item(ranked.itemIndex(at: position)), tokens: &tokens, into: &out)
        try sink.append(out)
        try sink.append(byte: terminator)
      }
    } else if case .all(let all, false) = ranked.storage, store.separator == terminator {
      // Everything, in input order, with the same separator: the arena already holds the output.
      if !all.isEmpty { try sink.append(store.items(all)) }
    } else {
      // Ranked order reads the arena at random: ask for items a few places ahead.
      let lookahead = 16
      let count = ranked.count
      for position in 0 ..< min(lookahead, count) { store.prefetch(ranked.itemIndex(at: position)) }
      for position in 0 ..< count {
        if position + lookahead < count { store.prefetch(ranked.itemIndex(at: position + lookahead)) }
        try sink.append(store.item(ranked.itemIndex(at: position)))
        try sink.append(byte: terminator)
      }
    }
    try sink.flush()
    return ranked.count > 0
  }
}
