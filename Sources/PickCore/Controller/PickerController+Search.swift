/// Searching: what the screen needs, asking for it, and installing what
/// comes back (with the cursor placed by its anchor).
extension PickerController {
  /// The search the screen needs now: the query over every item read (or over the review list).
  func currentRequest() -> SearchRequest {
    var request = SearchRequest(
      query: state.searchQuery, range: searchedRange,
      items: state.reviewItems, excluded: excludedSnapshot(), isReview: state.isReviewing)
    request.exclusions = state.exclusions
    return request
  }

  /// Whether a search for the query and view on screen is running.
  var isSearchingCurrent: Bool {
    guard let inFlight else { return false }
    return inFlight.query == state.searchQuery && inFlight.isReview == state.isReviewing
      && inFlight.exclusions == state.exclusions
  }

  /// Asks for the current query over everything read so far; a search still
  /// running for an older query is abandoned.
  mutating func requestSearch() -> PickerEffect {
    let request = currentRequest()
    inFlight = request
    return .search(request)
  }

  /// Asks for a search that is due (see `dueWork`), noting when.
  mutating func requestSearch(now: Int) -> PickerEffect {
    rankedAt = now
    itemsSinceRank = false
    return requestSearch()
  }

  /// A search finished: its matches go on screen, and work that waited for
  /// the matches of the query on screen goes on.
  mutating func searchFinished(_ result: SearchResult, now: Int) -> [PickerEffect] {
    inFlight = nil
    install(
      result.matches, compiled: result.compiled, query: result.request.query, highlights: result.highlights,
      exclusions: result.request.exclusions)
    resultEvents(coversInput: result.request.range.upperBound == store.count)
    guard blocker == .matches, state.isUpToDate else { return [] }
    blocker = nil
    return resume(now: now)
  }

  /// Installs matches for `query`; the highlighter follows the query that ranked them.
  mutating func install(
    _ matches: RankedMatches, compiled: CompiledQuery, query: [UInt8], highlights: LongItemHighlights,
    exclusions: Int? = nil
  ) {
    self.compiled = compiled
    highlighter = ItemMatcher(compiled)
    longItemHighlights = highlights
    state.itemCount = matchableCount
    state.update(matches: matches, for: query, store: store, exclusions: exclusions)
  }

  /// The items searched: all but the header lines, and under `--tail=N`
  /// only the last N (the store keeps up to twice that: ItemStore+Tail.swift).
  var searchedRange: Range<Int> {
    let first = min(options.headerLines, store.count)
    return max(first, store.count - (options.tail ?? store.count))..<store.count
  }

  /// Items read so far that can match: header lines and `--unique` repeats left out.
  var matchableCount: Int {
    max(searchedRange.count - (duplicates?.duplicateCount ?? 0) - excludedItems.count, 0)
  }

  /// The items every search leaves out: `--unique`'s repeats and the excluded items.
  func excludedSnapshot() -> DuplicateSnapshot? {
    guard !excludedItems.isEmpty else { return duplicates?.snapshot() }
    return DuplicateSnapshot(adding: excludedItems, to: duplicates?.snapshot(), count: store.count)
  }

  /// Runs `--unique` and preselection over the items read since the last call.
  mutating func takeNewItems() {
    duplicates?.update(from: store)
    // `--tail`: what left the window is no longer chosen, as in fzf.
    if options.tail != nil { state.selection.deselect(in: 0..<searchedRange.lowerBound) }
    let start = max(preselectedUpTo, min(options.headerLines, store.count))
    defer { preselectedUpTo = store.count }
    guard start < store.count else { return }
    let duplicates = duplicates
    let excluded: ((Int) -> Bool)? = duplicates.map { filter in { filter.isDuplicate($0) } }
    if state.configuration.isMulti {
      preselection.apply(to: &state.selection, store: store, range: start..<store.count, excluding: excluded)
    } else if case .preselected(var targets, let query) = state.anchor {
      // Single mode selects nothing: a preselected item only gets the cursor.
      targets.formUnion(preselection.items(in: store, range: start..<store.count, excluding: excluded))
      state.anchor = .preselected(targets: targets, query: query)
    }
  }
}
