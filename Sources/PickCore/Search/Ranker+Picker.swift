/// The ranker as the picker's searches use it, shared by the controller
/// (its first frame) and the search engine (every later search).
extension Ranker {
  /// The ranker for the picker's searches: it sorts only the best
  /// `SearchTunables.sortLimit` matches before they are shown.
  public static func picker(_ options: Options) -> Ranker {
    var ranker = Ranker(order: Ranker.Order(options: options))
    ranker.sortLimit = SearchTunables.sortLimit
    return ranker
  }

  /// `request` searched from scratch on the calling thread (the controller's
  /// first frame, and the search engine's plan when nothing earlier helps).
  public func rank(_ request: SearchRequest, in store: ItemStore, query: CompiledQuery) -> RankedMatches {
    if let items = request.items {
      // The review list is fixed when it is entered; an item excluded since leaves it too.
      guard let excluded = request.excluded else { return rank(store, items: items, query: query) }
      return rank(store, items: items.filter { !excluded.contains($0) }, query: query)
    }
    if let excluded = request.excluded {
      return rank(store, range: request.range, query: query, excluding: { excluded.contains($0) })
    }
    return rank(store, range: request.range, query: query)
  }
}
