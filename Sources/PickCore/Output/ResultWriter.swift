/// Prints chosen or matched items: each item's bytes exactly as they came in
/// (or its `--accept-nth` fields), followed by a newline, or NUL with
/// `--print0`; `--print-query` puts the query first. Filter mode and the
/// picker print the same way. Under `--ansi` that is the visible text: a
/// store that `holdsEscapes` has its items stripped here (`VisibleText`).
public struct ResultWriter {
  public let options: Options
  let terminator: UInt8
  private let accepted: FieldSelection?

  public init(options: Options) {
    self.options = options
    terminator = options.print0 ? 0 : 0x0A
    accepted = options.acceptNth.map { FieldSelection($0, splitter: FieldSplitter(delimiter: options.delimiter)) }
  }

  /// The `--print-query` line, when asked for.
  public func writeQuery(_ query: [UInt8], to sink: inout ResultSink) throws(WriteFailure) {
    guard options.printQuery else { return }
    try sink.append(query)
    try sink.append(byte: terminator)
  }

  /// One line as it is, with the terminator (`print(TEXT)`, `print-query`).
  public func writeLine(_ line: [UInt8], to sink: inout ResultSink) throws(WriteFailure) {
    try sink.append(line)
    try sink.append(byte: terminator)
  }

  /// The `--expect` line, when keys are expected: the key that accepted, as
  /// it was spelled in `--expect`, or an empty line for any other way of
  /// accepting (Enter, `-1`, `-0`). As fzf, it follows the query line.
  public func writeExpectedKey(_ spelling: String?, to sink: inout ResultSink) throws(WriteFailure) {
    guard !options.expect.isEmpty else { return }
    try sink.append(Array((spelling ?? "").utf8))
    try sink.append(byte: terminator)
  }

  /// Items `count` of them, the `position`-th being `item(position)`, in that order.
  public func writeItems(
    count: Int, store: ItemStore, to sink: inout ResultSink, item: (Int) -> Int
  ) throws(WriteFailure) {
    let visible = store.holdsEscapes ? VisibleText(separator: store.separator) : nil
    if let accepted {
      var tokens: [Range<Int>] = []
      var out: [UInt8] = []
      for position in 0..<count {
        out.removeAll(keepingCapacity: true)
        let index = item(position)
        let text = visible?.of(store.item(index)) ?? store.item(index)
        accepted.acceptedText(of: text, tokens: &tokens, into: &out, index: index)
        try sink.append(out)
        try sink.append(byte: terminator)
      }
      return
    }
    if store.isMapped {
      try writeGathered(count: count, store: store, to: &sink, item: item)
      return
    }
    // Ranked order reads the arena at random: ask for items a few places ahead.
    let lookahead = 16
    for position in 0..<min(lookahead, count) { store.prefetch(item(position)) }
    for position in 0..<count {
      if position + lookahead < count { store.prefetch(item(position + lookahead)) }
      let text = store.item(item(position))
      try sink.append(visible?.of(text) ?? text)
      try sink.append(byte: terminator)
    }
  }
}
