/// A search the picker asks for: a query over a range of items, or over a
/// fixed list of them (the review view).
///
/// The picker controller builds requests; `SearchEngine` (in PickSystem)
/// runs them on a thread of its own and hands back a `SearchResult`.
public struct SearchRequest: Sendable {
  public var query: [UInt8]
  public var range: Range<Int>
  /// Search only these items (the review view), instead of `range`.
  public var items: [Int]?
  /// Items to leave out (`--unique` repeats), frozen for this search.
  public var excluded: DuplicateSnapshot?
  /// Whether this search is for the review view.
  public var isReview: Bool
  /// How many times items were excluded (`exclude`) when this was asked:
  /// an answer given for another count is never reused.
  public var exclusions = 0

  public init(
    query: [UInt8], range: Range<Int>, items: [Int]? = nil, excluded: DuplicateSnapshot? = nil,
    isReview: Bool = false
  ) {
    self.query = query
    self.range = range
    self.items = items
    self.excluded = excluded
    self.isReview = isReview
  }
}

/// A finished search: the request it answers, the ranked matches, the
/// compiled query (the highlighter draws the matched characters with it),
/// and where the long items among the first matches matched (found on the
/// search's thread, so drawing never scans a huge line).
public struct SearchResult: @unchecked Sendable {
  public var request: SearchRequest
  public var matches: RankedMatches
  public var compiled: CompiledQuery
  public var highlights: LongItemHighlights

  public init(
    request: SearchRequest, matches: RankedMatches, compiled: CompiledQuery,
    highlights: LongItemHighlights = LongItemHighlights()
  ) {
    self.request = request
    self.matches = matches
    self.compiled = compiled
    self.highlights = highlights
  }
}
