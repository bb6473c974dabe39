/// Where the query matched in the long items among the best matches, found
/// on the search engine's thread with the matches themselves.
///
/// The picker highlights a row by matching it again with positions. For an
/// item of a few kilobytes that is nothing; for a line of 100 MB it is a
/// scan of the whole line, and drawing must not do it on the main thread at
/// every frame: keys would wait for it, and so would Ctrl-C. Which part of
/// such a line is shown depends on where the match is (`DisplayLine` scrolls
/// to it), so the positions cannot come from the visible part alone. They
/// are computed once per search, next to the work that found the match:
/// for the items longer than `Scoring.longItemUnits` among the first
/// `SearchTunables.sortLimit` matches (a scan as long as matching them was;
/// the rows beyond that are only reached by scrolling past a thousand
/// rows, and are drawn without highlighting). Only a match's positions are
/// kept: a handful of offsets a term, whatever the line's length.
public struct LongItemHighlights: Sendable {
  private var positions: [Int: [Int]] = [:]

  /// None (no long item among the matches, or none looked for yet).
  public init() {}

  /// Finds the positions for the long items among the first `limit`
  /// matches; stops early (with what it has) once `isCancelled` says so.
  public init(
    _ matches: RankedMatches, store: ItemStore, compiled: CompiledQuery,
    limit: Int = SearchTunables.sortLimit, isCancelled: () -> Bool = { false }
  ) {
    guard !compiled.query.isEmpty else { return }
    var matcher: ItemMatcher? = nil
    for position in 0..<min(limit, matches.count) {
      let item = matches.itemIndex(at: position)
      guard Self.isLong(store.item(item)) else { continue }
      if isCancelled() { return }
      let found = PositionList()
      let itemMatcher = matcher ?? ItemMatcher(compiled)
      matcher = itemMatcher
      _ = itemMatcher.match(store.item(item), positions: found)
      positions[item] = found.values
    }
  }

  /// Whether drawing `item` takes its positions from here rather than
  /// matching it again.
  public static func isLong(_ item: UnsafeBufferPointer<UInt8>) -> Bool {
    item.count > Scoring.longItemUnits
  }

  /// The matched byte offsets of long item `item`, if it was among those looked at.
  public func positions(of item: Int) -> [Int]? { positions[item] }
}
