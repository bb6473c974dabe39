/// How a term compares an item's characters with its own: with or without
/// case (smart case decides per term), and with or without folding accented
/// Latin letters to their base letter. Each term asks for one of the four;
/// an item is folded once for each that the query's terms ask for.
struct Folding: Equatable, Hashable, Sendable, BitwiseCopyable {
  /// Upper and lower case are different characters.
  let isCaseSensitive: Bool
  /// Accented Latin letters match their base letter (`é` → `e`), and a
  /// combining mark after a Latin letter is dropped.
  let normalizes: Bool

  @inline(__always)
  init(caseSensitive: Bool, normalize: Bool) {
    isCaseSensitive = caseSensitive
    normalizes = normalize
  }

  /// The folding's place among the four, in the tables laid out per folding
  /// (`TwoByteFolding.table`, `FoldSources.asciiLeads`, `PreparedText`'s
  /// folded units): bit 0 is case sensitivity, bit 1 accent folding.
  @inline(__always)
  var index: Int { (isCaseSensitive ? 1 : 0) | (normalizes ? 2 : 0) }

  /// The folding at `index` (the inverse of `index`).
  @inline(__always)
  init(index: Int) {
    self.init(caseSensitive: index & 1 != 0, normalize: index & 2 != 0)
  }

  /// The four foldings, in `index` order.
  static let all = (0..<4).map(Folding.init(index:))

  /// `unit` folded as this folding asks: lower-cased unless case
  /// sensitive, then its accents folded when it normalizes. The definition
  /// the tables are built from (`TwoByteFolding.table`) and the fold of
  /// characters above them (`PreparedText.fold`); hot loops that hold the
  /// two flags apart write the same two steps.
  @inline(__always)
  func fold(_ unit: UInt32) -> UInt32 {
    var out = unit
    if !isCaseSensitive { out = CaseFolding.lower(out) }
    if normalizes { out = LatinFolding.base(out) }
    return out
  }
}

extension Term {
  /// The folding this term compares items with.
  var folding: Folding { Folding(caseSensitive: isCaseSensitive, normalize: normalizesItems) }
}

extension Folding {
  /// Case folded, accents kept: for ASCII text, every case-insensitive folding.
  static let caseFolded = Folding(caseSensitive: false, normalize: false)
}
