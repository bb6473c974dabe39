/// A parsed query made ready to run: each term with its byte pre-filter, and
/// the scheme's bonus table. Built once per query and shared by all workers.
public struct CompiledQuery: Sendable {
  public let query: Query
  let table: BonusTable
  /// `filters[group][term]`.
  let filters: [[ByteFilter]]
  /// Whether any term is a positive one (so the item must be decoded and scored).
  let hasPositiveTerms: Bool
  /// `--with-nth`: the text that is searched is these fields of the item.
  let shownFields: FieldSelection?
  /// `--nth`: each term must match within one of these fields of the searched text.
  let searchedFields: FieldSelection?
  /// Among equally good placements of a term, take the last rather than the
  /// first. fzf does this when `end` or `pathname` is the first tiebreak that
  /// looks at where the match is, so that those criteria measure the match
  /// nearest the end.
  let prefersLastOccurrence: Bool
  /// Whether ranking needs where each fuzzy match really starts (the
  /// `pathname` and `chunk` tiebreaks), which costs a walk back through the
  /// score matrix; otherwise the first occurrence of the first character stands in.
  let needsMatchStart: Bool
  /// `--algo=v1`: a fuzzy term takes its first placement, shortened from its
  /// end (`GreedyScorer`), not the best one.
  let placesGreedily: Bool

  public init(
    _ query: Query, scheme: Options.Scheme, shownFields: FieldSelection? = nil, searchedFields: FieldSelection? = nil,
    prefersLastOccurrence: Bool = false, needsMatchStart: Bool = false, algorithm: Options.Algorithm = .v2
  ) {
    self.query = query
    placesGreedily = algorithm == .v1
    self.prefersLastOccurrence = prefersLastOccurrence
    self.needsMatchStart = needsMatchStart
    self.shownFields = shownFields
    self.searchedFields = (searchedFields?.searchesWholeText ?? true) ? nil : searchedFields
    table = BonusTable(scheme: scheme)
    filters = query.groups.map { $0.map(ByteFilter.init(term:)) }
    hasPositiveTerms = query.groups.contains { $0.contains { !$0.isInverse } }
  }

  /// Compiles the query text as the options say (`--filter`/`--query`, case,
  /// `--exact`, `--scheme`, `-d`, `--nth`, `--with-nth`).
  public init(_ text: [UInt8], options: Options) {
    let splitter = FieldSplitter(delimiter: options.delimiter)
    self.init(
      QueryParser(options: options).parse(text), scheme: options.scheme,
      shownFields: options.withNth.map { FieldSelection($0, splitter: splitter) },
      searchedFields: options.nth.isEmpty ? nil : FieldSelection(options.nth, splitter: splitter),
      prefersLastOccurrence: Self.prefersLastOccurrence(options.effectiveTiebreak),
      needsMatchStart: options.effectiveTiebreak.contains { $0 == .pathname || $0 == .chunk },
      algorithm: options.algorithm)
  }

  /// fzf's rule: the first of `begin`, `end` and `pathname` in the tiebreak
  /// list decides; `end` and `pathname` want the last occurrence.
  static func prefersLastOccurrence(_ tiebreak: [Options.Tiebreak]) -> Bool {
    for criterion in tiebreak {
      switch criterion {
      case .begin: return false
      case .end, .pathname: return true
      default: continue
      }
    }
    return false
  }

  /// Whether matched items are ranked by score; a query of only inverse terms
  /// (or no terms) keeps input order, as fzf.
  public var ranksByScore: Bool { hasPositiveTerms }
}

/// How one item matched a whole query.
public struct ItemMatch: Equatable, Sendable {
  /// Sum of the matched terms' scores.
  public var score: Int32
  /// Smallest start of a term's match (in units of the item's text), or -1 if none has a position.
  public var minBegin: Int
  /// Smallest end of a term's match.
  public var minEnd: Int
  /// Largest end of a term's match.
  public var maxEnd: Int

  public init(score: Int32, minBegin: Int, minEnd: Int, maxEnd: Int) {
    self.score = score
    self.minBegin = minBegin
    self.minEnd = minEnd
    self.maxEnd = maxEnd
  }
}
