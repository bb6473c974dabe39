/// What a matcher's caller reads of a match besides its score and ends.
/// It decides which strategies may serve the caller: the byte scans know
/// an item's trimmed length but keep none of its characters.
public enum MatchDetail: Sendable {
  /// Nothing more: highlighting, `--no-sort`.
  case scoreOnly
  /// The item's length without white space at its ends (the `length` tiebreak).
  case trimmedLength
  /// The item's characters and their classes too (the other tiebreaks).
  case characters
}

/// How an `ItemMatcher` matches the items of one query, chosen once when the
/// matcher is made (`choose`), from the query and what its caller reads of a
/// match. `Docs/Matching.md` ("The dispatch") has the table: which
/// strategy, when, why, and which file holds it.
///
/// Within a strategy, an item may still take a narrower path: an item that
/// is not ASCII is scored by the byte scans from its `CompactText`, or, when
/// that cannot stand for it, leaves them for the prepared text; a non-ASCII
/// item scored without positions has its fuzzy terms aligned lazily
/// (`FuzzyScorer.matchLazily`); an ASCII item longer than
/// `Scoring.longItemUnits` is scored from its bytes where the strategy
/// allows it (`scoresLongItemsFromBytes`). Matching with positions (for
/// highlighting) always takes the prepared text or the long-item path.
enum MatchStrategy: Equatable, Sendable {
  /// The query is one plain ASCII character: one pass over an ASCII item's
  /// bytes finds the best occurrence and the trimmed length
  /// (`ItemMatcher+ByteScans`).
  case singleASCIICharacter(UInt8, caseSensitive: Bool)
  /// Every group is one positive fuzzy term of ASCII characters: after the
  /// byte filter, `ASCIIFuzzyScorer` scores an ASCII item from its bytes
  /// (`ItemMatcher+ByteScans`).
  case asciiFuzzyTerms
  /// Every other query: the byte filter, then the item decoded and folded
  /// (`PreparedText`) and each term scored (`ItemMatcher+Prepared`).
  case prepared(longItemsFromBytes: Bool)
  /// `--nth`: as `prepared`, but each term is scored field by field, the
  /// first field that holds it deciding.
  case nthChunks

  /// The strategy for `compiled` when the caller reads `detail` of each match.
  static func choose(for compiled: CompiledQuery, detail: MatchDetail) -> MatchStrategy {
    if compiled.searchedFields != nil { return .nthChunks }
    // The byte scans keep none of an item's characters, and cannot find
    // the real start of a fuzzy match or see `--with-nth`'s text.
    let scansBytes = detail != .characters
    // `--algo=v1` places terms greedily, on the prepared text.
    guard scansBytes, compiled.shownFields == nil, !compiled.needsMatchStart, !compiled.placesGreedily else {
      return .prepared(longItemsFromBytes: scansBytes)
    }
    let groups = compiled.query.groups
    if groups.count == 1, groups[0].count == 1 {
      let term = groups[0][0]
      if term.kind == .fuzzy, !term.isInverse, term.units.count == 1, term.units[0] < 0x80 {
        return .singleASCIICharacter(UInt8(term.units[0]), caseSensitive: term.isCaseSensitive)
      }
    }
    let byteScored =
      !groups.isEmpty
      && groups.allSatisfy { group in
        group.count == 1 && group[0].kind == .fuzzy && !group[0].isInverse
          && group[0].units.count <= ASCIIFuzzyScorer.maximumPattern && group[0].units.allSatisfy { $0 < 0x80 }
      }
    return byteScored ? .asciiFuzzyTerms : .prepared(longItemsFromBytes: true)
  }

  /// Whether an ASCII item longer than `Scoring.longItemUnits` is scored
  /// from its bytes (`ItemMatcher+LongItems`): when nothing reads the
  /// prepared arrays afterwards and no `--nth` fields cut the text.
  var scoresLongItemsFromBytes: Bool {
    switch self {
    case .singleASCIICharacter, .asciiFuzzyTerms: return true
    case .prepared(let longItemsFromBytes): return longItemsFromBytes
    case .nthChunks: return false
    }
  }
}
