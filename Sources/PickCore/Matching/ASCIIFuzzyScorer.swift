import CPick

/// `FuzzyScorer` for an ASCII item, read straight from its bytes.
///
/// The general path first prepares the whole item (units, their lower-case
/// form, classes and bonuses: thirteen bytes written per byte read) and then
/// aligns the pattern. For the commonest search — a few letters typed
/// against ASCII paths or commands — the preparation is most of the work.
/// Here block scans in C (`cpick_fuzzy.h`, sixteen bytes a comparison) find
/// where each pattern character occurs, bonuses are computed only at those
/// places, and
/// `SparseAlignment` scores them: the same scores, starts and ends as the
/// general path (`ScorerTests` checks this on random items).
struct ASCIIFuzzyScorer: ~Copyable {
  /// What scoring an item gave.
  enum Outcome {
    case noMatch
    case matched(ScoredMatch)
    /// The window is too large for the alignment: the general path scores
    /// it (with its greedy fallback).
    case tooLarge
    /// The pattern occurs, but no placement can score `needs` (`match`):
    /// not aligned; the ceiling of its score (`ScoreCeiling`).
    case cannotReach(ceiling: Int32)
  }

  /// Patterns longer than this are left to the general path (a row is a bit of `UInt64`).
  static let maximumPattern = 64

  /// Take the last of equally scored placements (`CompiledQuery.prefersLastOccurrence`).
  var prefersLast = false {
    didSet { sparse.prefersLast = prefersLast }
  }
  private let classOf: UnsafeMutablePointer<CharClass>
  private let matrix: BonusMatrix
  private let initialClass: Int
  /// The largest bonus any character can earn, and one that is not white
  /// space nor follows it can (`ScoreCeiling`).
  private let bestBonus: Int32
  private let bestBonusAwayFromWhite: Int32
  private var sparse = SparseAlignment()
  private var masked = MaskedAlignment()
  private var firsts = ScratchBuffer<Int>()
  /// Each row's last possible column plus one (`cpick_fuzzy_ends`).
  private var ends = ScratchBuffer<Int>()

  /// Whether every short item is aligned over its masks, found or not,
  /// scored or not (`match`).
  private let alignsOverMasks: Bool

  /// `alignsOverMasks`: by default where the masks are made under AVX-512
  /// (`cpick_fuzzy_masks_at`), one load and one comparison a row for every
  /// 64 bytes, which find a missing character as soon as the block scans.
  init(lookup: BonusLookup, alignsOverMasks: Bool = cpick_fuzzy_masks_are_wide() != 0) {
    self.alignsOverMasks = alignsOverMasks
    classOf = lookup.asciiClasses
    matrix = lookup.matrix
    initialClass = Int(lookup.table.initialClass.rawValue)
    bestBonus = lookup.bestBonus
    bestBonusAwayFromWhite = lookup.bestBonusAwayFromWhite
  }

  /// Scores `pattern` (ASCII units, folded as the term asks; at most
  /// `maximumPattern`) in the ASCII item `text`. The caller keeps items
  /// longer than `Scoring.longItemUnits` for the general path. A short
  /// item is aligned over its masks (`MaskedAlignment`) where they are made
  /// under AVX-512 (`alignsOverMasks`), or else where the caller has
  /// `found` the pattern in it (through the byte filter or the bit scan)
  /// and needs no score: the masks built by 16-byte blocks cost more than
  /// the block scans below when the pattern is not there, or when the
  /// ceiling spares the alignment, and less when it is aligned. `needs`:
  /// a score the caller has no use for below (the picker's front,
  /// `FrontThreshold`); a pattern of two or more characters whose ceiling
  /// (`ScoreCeiling`) is below it is not aligned (`.cannotReach`).
  mutating func match(
    _ pattern: UnsafeBufferPointer<UInt32>, in text: UnsafeBufferPointer<UInt8>, caseSensitive: Bool,
    found: Bool = false, needs: Int32 = .min
  ) -> Outcome {
    let m = pattern.count
    let n = text.count
    guard m > 0 else { return .matched(ScoredMatch(score: 0, start: 0, end: 0)) }
    guard m <= n else { return .noMatch }
    if m == 1 {
      return bestSingle(
        UInt8(truncatingIfNeeded: pattern[0]), in: text, caseSensitive: caseSensitive)
    }
    if n <= MaskedAlignment.maximumLength && (alignsOverMasks || found && needs == .min) {
      return matchMasked(pattern, in: text, caseSensitive: caseSensitive, needs: needs)
    }
    // The first occurrence of each character in order (rejects non-matches
    // and bounds the window, as in `FuzzyScorer.match`), then the columns of
    // each row's character from the row's first possible column on: block
    // scans in C (`cpick_fuzzy.h`).
    firsts.reserve(m)
    let f = firsts.base
    guard let bytes = text.baseAddress, let units = pattern.baseAddress else { return .noMatch }
    let sensitive: Int32 = caseSensitive ? 1 : 0
    var last = 0
    guard cpick_fuzzy_firsts(bytes, n, units, m, sensitive, f, &last) != 0 else { return .noMatch }
    let first = f[0]
    let width = last - first + 1
    if width * m > Scoring.maximumCells { return .tooLarge }
    ends.reserve(m)
    let e = ends.base
    cpick_fuzzy_ends(bytes, first, width, units, m, sensitive, e)
    if needs > .min {
      let ceiling = Self.ceiling(
        of: m, in: text, bestBonus: bestBonus, awayFromWhite: bestBonusAwayFromWhite, earliest: { f[$0] },
        latest: { e[$0] &- 1 })
      if ceiling < needs { return .cannotReach(ceiling: ceiling) }
    }
    sparse.prepare(m: m, width: width)
    cpick_fuzzy_columns(
      bytes, first, width, units, m, sensitive, f, e, sparse.columns.base, sparse.columnCounts.base)
    let best = sparse.align(
      m: m, width: width, startColumns: { f[$0] - first }, bonus: { bonus(text, at: first + $0) })
    return .matched(ScoredMatch(score: best.score, start: first, end: first + best.endColumn + 1))
  }

  /// The ceiling of a pattern of `m` characters in `text`, each row `i`
  /// from `earliest(i)` to `latest(i)` (`ScoreCeiling`).
  @inline(__always)
  private static func ceiling(
    of m: Int, in text: UnsafeBufferPointer<UInt8>, bestBonus: Int32, awayFromWhite: Int32,
    earliest: (Int) -> Int, latest: (Int) -> Int
  ) -> Int32 {
    let best = Self.bestBonus(
      in: text, firstOccurrence: earliest(0), bestBonus: bestBonus, awayFromWhite: awayFromWhite)
    return ScoreCeiling.of(length: m, bestBonus: best, earliest: earliest, latest: latest)
  }

  /// The largest bonus a character of `text` can earn when the pattern's
  /// first character occurs first at `firstOccurrence`: without white space
  /// in the item nor a match at its start (after the class assumed before
  /// it), no character is or follows white space; where that bonus is no
  /// larger than the others (`--scheme=path`, `history`), the item is not
  /// scanned for it.
  @inline(__always)
  private static func bestBonus(
    in text: UnsafeBufferPointer<UInt8>, firstOccurrence: Int, bestBonus: Int32, awayFromWhite: Int32
  ) -> Int32 {
    let noWhite =
      awayFromWhite < bestBonus && firstOccurrence > 0
      && cpick_fuzzy_has_white(text.baseAddress, text.count, CompactText.standIn(.white)) == 0
    return noWhite ? awayFromWhite : bestBonus
  }

  /// `match` over the item's masks (`MaskedAlignment`). Kept out of
  /// `match`, whose sparse alignment, inlined there, a larger body left
  /// uninlined (one-term searches 5 % slower).
  @inline(never)
  private mutating func matchMasked(
    _ pattern: UnsafeBufferPointer<UInt32>, in text: UnsafeBufferPointer<UInt8>, caseSensitive: Bool, needs: Int32
  ) -> Outcome {
    let (classOf, matrix, initialClass) = (classOf, matrix, initialClass)
    let (bestBonus, awayFromWhite) = (bestBonus, bestBonusAwayFromWhite)
    let placed = masked.match(
      pattern, in: text, caseSensitive: caseSensitive, prefersLast: prefersLast,
      bonus: { Self.bonus(text, at: $0, classOf: classOf, matrix: matrix, initialClass: initialClass) },
      bestBonusAtLeast: min(bestBonus, awayFromWhite),
      bestBonus: {
        Self.bestBonus(in: text, firstOccurrence: $0, bestBonus: bestBonus, awayFromWhite: awayFromWhite)
      }, needs: needs)
    switch placed {
    case .none: return .noMatch
    case .below(let ceiling): return .cannotReach(ceiling: ceiling)
    case .best(let start, let score, let end): return .matched(ScoredMatch(score: score, start: start, end: end))
    }
  }

  /// Whether `pattern` occurs in `text` at all, without scoring it: the
  /// first pass of `match` alone. The ranker asks this of an item that
  /// cannot reach the best matches whatever its score (`FrontThreshold`).
  static func occurs(
    _ pattern: UnsafeBufferPointer<UInt32>, in text: UnsafeBufferPointer<UInt8>, caseSensitive: Bool
  ) -> Bool {
    guard let units = pattern.baseAddress else { return true }
    guard let bytes = text.baseAddress else { return false }
    return cpick_fuzzy_occurs(bytes, text.count, units, pattern.count, caseSensitive ? 1 : 0) != 0
  }

  @inline(__always)
  static func fold(_ byte: UInt8, _ caseSensitive: Bool) -> UInt8 {
    caseSensitive || (byte &- 0x41) >= 26 ? byte : byte | 0x20
  }

  /// The bonus for matching the character at `index` of `text`.
  @inline(__always)
  private func bonus(_ text: UnsafeBufferPointer<UInt8>, at index: Int) -> Int32 {
    Self.bonus(text, at: index, classOf: classOf, matrix: matrix, initialClass: initialClass)
  }

  /// The bonus lookup itself, for a closure that must not capture the
  /// scorer (`matchMasked` mutates it meanwhile).
  @inline(__always)
  private static func bonus(
    _ text: UnsafeBufferPointer<UInt8>, at index: Int, classOf: UnsafeMutablePointer<CharClass>, matrix: BonusMatrix,
    initialClass: Int
  ) -> Int32 {
    let previous = index > 0 ? Int(classOf[Int(text[index &- 1])].rawValue) : initialClass
    return matrix[previous, Int(classOf[Int(text[index])].rawValue)]
  }

  /// One character: the occurrence with the best bonus, in one pass.
  private func bestSingle(_ unit: UInt8, in text: UnsafeBufferPointer<UInt8>, caseSensitive: Bool)
    -> Outcome
  {
    var previous = initialClass
    var best = BestSingleOccurrence(prefersLast: prefersLast)
    for k in 0..<text.count {
      let byte = text[k]
      let current = Int(classOf[Int(byte)].rawValue)
      if Self.fold(byte, caseSensitive) == unit { best.consider(matrix[previous, current], at: k) }
      previous = current
    }
    return best.match.map(Outcome.matched) ?? .noMatch
  }
}
