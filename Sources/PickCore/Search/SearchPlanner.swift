/// Decides how to answer a search from the answers of recent ones: typing
/// over a large input must not search every item again for each character.
///
/// The picker searches a query over items `0..<count`; it asks again when the
/// query changes and while input streams in. Recent answers over all items
/// (never the review view's fixed list) are remembered, newest last, and a
/// request gets the first plan that applies:
///
/// 1. **cached**: the same query over the same items was answered (a
///    character typed and deleted again): that answer, with no search. The
///    same query is one that parses to the same terms (`git push ` and
///    `git push`, `a  b` and `a b`), as fzf's cache trims the spaces
///    around a query: they match the same items with the same scores.
///    An answer the budget had no room for is kept as its front and the set
///    of its other matches (`RankedSummary`), brought back here with the
///    front in order and the others scored only if they are ever sorted.
/// 2. **extend**: the same query was answered over fewer items (input still
///    streaming): search only the items read since and merge. Not under
///    `--tac` (new items go in front of the old ones, so the merged order
///    would be wrong) nor with items left out (`--unique`: the repeats among
///    the old items may have changed).
/// 3. **narrow**: the query narrows a remembered one (it only adds
///    characters or terms, so everything it matches matched that one) over a
///    prefix of the same items: search that answer's matches plus the items
///    read since. Only when that answer left out at least a quarter of its
///    items; otherwise listing its matches costs about as much as it saves.
/// 4. **from scratch**: everything in the request.
///
/// A pure value: `SearchEngine` keeps one on its thread, runs its plans and
/// tells it each finished answer.
public struct SearchPlanner {
  /// How to answer one request.
  public enum Plan {
    /// This earlier answer is the answer.
    case cached(RankedMatches)
    /// Search these items (ascending) instead of the request's range.
    case narrowed([Int])
    /// Search `newItems` only and merge them into `earlier`.
    case extended(RankedMatches, newItems: Range<Int>)
    /// Search everything the request names.
    case fromScratch
  }

  /// One remembered answer.
  private struct Entry {
    /// The query, parsed: the same terms are the same query whatever the text.
    var parsed: Query
    var range: Range<Int>
    var exclusions: Int
    var answer: Answer
  }

  /// A remembered answer: whole, or cut down to its front and the set of
  /// its other matches when the budget has no room for its keys.
  private enum Answer {
    case whole(RankedMatches)
    case summary(RankedSummary)

    var matches: RankedMatches {
      switch self {
      case .whole(let matches): return matches
      case .summary(let summary): return summary.expanded()
      }
    }

    var count: Int {
      switch self {
      case .whole(let matches): return matches.count
      case .summary(let summary): return summary.count
      }
    }

    /// The 8-byte words it holds: keys, and a narrowed answer's list of candidates.
    var words: Int {
      switch self {
      case .whole(let matches): return SearchPlanner.keptKeys(matches) + (matches.items?.count ?? 0)
      case .summary(let summary): return summary.words
      }
    }

    func itemsInInputOrder() -> [Int] {
      switch self {
      case .whole(let matches): return matches.itemsInInputOrder()
      case .summary(let summary): return summary.itemsInInputOrder()
      }
    }
  }

  /// `--tac`: new items come before the old ones, so an answer is never extended.
  public let reversesInput: Bool
  /// Matches remembered at most, summed over all answers, whatever the
  /// input's size: the store's item limit (a memory limit lowers it). No
  /// fixed cap beyond it: the share of the input bounds the memory, and a
  /// fixed cap made Backspace over a 10M-item typing session search again.
  public let matchBudget: Int
  /// Answers remembered at most.
  public let entryLimit: Int
  /// The remembered keys take at most one byte of the input in this many.
  public let matchShare: Int
  /// Matches that may be remembered however small the input.
  public let matchFloor: Int
  /// Matches in order a summarised answer keeps (`RankedSummary`).
  public let summaryFront: Int
  /// Over a mapped file (`SearchEngine`): the remembered keys also fit in
  /// what this footprint of the input leaves after its bytes an item and
  /// its reserve (`MappedBudget.remembered`). `nil`: the share alone.
  public let room: MappedBudget?
  private var recent: [Entry] = []

  public init(
    reversesInput: Bool, matchBudget: Int = .max,
    entryLimit: Int = SearchTunables.recentEntryLimit,
    matchShare: Int = SearchTunables.recentMatchShare, matchFloor: Int = SearchTunables.recentMatchFloor,
    room: MappedBudget? = nil, summaryFront: Int = SearchTunables.sortLimit
  ) {
    self.room = room
    self.summaryFront = summaryFront
    self.reversesInput = reversesInput
    self.matchBudget = matchBudget
    self.entryLimit = entryLimit
    self.matchShare = max(matchShare, 1)
    self.matchFloor = matchFloor
  }

  /// How to answer `request`, whose query parses to `parsed`.
  public func plan(for request: SearchRequest, parsed: Query) -> Plan {
    guard request.items == nil else { return .fromScratch }
    if let hit = recent.last(where: {
      $0.parsed == parsed && $0.range == request.range && $0.exclusions == request.exclusions
    }) {
      return .cached(hit.answer.matches)
    }
    if let plan = extending(for: request, parsed: parsed) { return plan }
    return narrowing(for: request, parsed: parsed) ?? .fromScratch
  }

  /// The same query over fewer items, if there is one to extend.
  private func extending(for request: SearchRequest, parsed: Query) -> Plan? {
    guard request.excluded == nil && !reversesInput else { return nil }
    for entry in recent.reversed() where entry.parsed == parsed && entry.exclusions == request.exclusions {
      if entry.range.lowerBound == request.range.lowerBound
        && entry.range.upperBound < request.range.upperBound
      {
        return .extended(entry.answer.matches, newItems: entry.range.upperBound..<request.range.upperBound)
      }
    }
    return nil
  }

  /// The newest answer `parsed` narrows over a prefix of the same items, if
  /// it left out enough of them: its matches plus the items read since.
  private func narrowing(for request: SearchRequest, parsed: Query) -> Plan? {
    guard
      let base = recent.last(where: {
        $0.range.lowerBound == request.range.lowerBound
          && $0.range.upperBound <= request.range.upperBound && $0.exclusions == request.exclusions
          && parsed.narrows($0.parsed)
      }),
      // At most three quarters of the items matched.
      base.answer.count * 4 < base.range.count * 3
    else { return nil }
    var items = base.answer.itemsInInputOrder()
    for index in base.range.upperBound..<request.range.upperBound
    where request.excluded?.contains(index) != true {
      items.append(index)
    }
    return .narrowed(items)
  }

  /// Matches remembered at most when the input holds `inputBytes` bytes
  /// in `items` items: their keys (8 bytes each) take at most
  /// `matchShare`'s part of the input and what `room` leaves, never less
  /// than `matchFloor` matches, never more than `matchBudget`.
  public func matchBudget(inputBytes: Int, items: Int = 0) -> Int {
    let keyBytes = MemoryLayout<UInt64>.stride
    var share = inputBytes / (keyBytes * matchShare)
    if let room {
      let left = Int(room.footprint * Double(inputBytes)) - items * room.bytesPerItem - room.reserve
      share = min(share, left / keyBytes)
    }
    return min(matchBudget, max(share, matchFloor))
  }

  /// The keys an answer holds: none for every item in input order (the
  /// empty query), which must not push out the answers Backspace returns to.
  static func keptKeys(_ matches: RankedMatches) -> Int {
    if case .all = matches.storage { return 0 }
    return matches.count
  }

  /// Remembers the complete answer to `request` (never an abandoned one's
  /// partial matches) over an input of `inputBytes` bytes in `items` items
  /// so far. Past the budget, the oldest answers are cut down to their
  /// fronts (`RankedSummary`: Backspace to them still shows them at once),
  /// then dropped, oldest first. The newest is always kept whole: it is the
  /// one on screen, alive anyway; when it alone passes the budget, the
  /// others keep up to `matchFloor` words (over 100,000 paths the floor is
  /// the budget, and `li` alone passed it: Backspace to `l` searched again,
  /// 2.9 ms where fzf's cache answers in 0.8).
  public mutating func remember(
    _ request: SearchRequest, parsed: Query, matches: RankedMatches, inputBytes: Int, items: Int
  ) {
    guard request.items == nil else { return }
    // An answer given again (a cached one, on Backspace, perhaps to a query
    // of the same terms) moves to the newest place instead of being counted
    // twice against the budget.
    recent.removeAll {
      $0.parsed == parsed && $0.range == request.range && $0.exclusions == request.exclusions
    }
    recent.append(
      Entry(
        parsed: parsed, range: request.range, exclusions: request.exclusions,
        answer: .whole(matches)))
    if recent.count > entryLimit { recent.removeFirst(recent.count - entryLimit) }
    let budget = matchBudget(inputBytes: inputBytes, items: items)
    var total = recent.reduce(0) { $0 + $1.answer.words }
    for k in recent.indices.dropLast() where total > budget {
      guard case .whole(let whole) = recent[k].answer,
        let summary = whole.summary(frontLimit: summaryFront)
      else { continue }
      total -= recent[k].answer.words - summary.words
      recent[k].answer = .summary(summary)
    }
    // Dropping the others cannot bring an answer that alone passes the budget within it.
    let newest = recent[recent.count - 1].answer.words
    let othersAllowed = newest > budget ? min(budget, matchFloor) : budget - newest
    while total - newest > othersAllowed && recent.count > 1 {
      total -= recent.removeFirst().answer.words
    }
  }
}
