/// `FuzzyScorer` for an ASCII item, read straight from its bytes.
///
/// The general path first prepares the whole item (units, their lower-case
/// form, classes and bonuses: thirteen bytes written per byte read) and then
/// aligns the pattern. For the commonest search — a few letters typed
/// against ASCII paths or commands — the preparation is most of the work.
/// Here one table lookup per byte of the window finds where each pattern
/// character occurs, bonuses are computed only at those places, and
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
  private var sparse = SparseAlignment()
  private var firsts = ScratchBuffer<Int>()

  init(lookup: BonusLookup) {
    classOf = lookup.asciiClasses
    matrix = lookup.matrix
    initialClass = Int(lookup.table.initialClass.rawValue)
  }

  /// Which pattern positions each ASCII byte matches, as bits, folded as the
  /// term asks: what `match` reads for the pattern. `table` has room for 128.
  static func fillOccurrenceTable(
    _ table: UnsafeMutablePointer<UInt64>, pattern: UnsafeBufferPointer<UInt32>, caseSensitive: Bool
  ) {
    for byte in 0..<128 {
      let folded = UInt32(fold(UInt8(byte), caseSensitive))
      var bits: UInt64 = 0
      for (i, unit) in pattern.prefix(maximumPattern).enumerated() where unit == folded {
        bits |= 1 << UInt64(i)
      }
      table[byte] = bits
    }
  }

  /// Scores `pattern` (ASCII units, folded as the term asks; at most
  /// `maximumPattern`) in the ASCII item `text`, given the pattern's
  /// occurrence table. The caller keeps items longer than
  /// `Scoring.longItemUnits` for the general path.
  mutating func match(
    _ pattern: UnsafeBufferPointer<UInt32>, in text: UnsafeBufferPointer<UInt8>,
    occurrences: UnsafePointer<UInt64>, caseSensitive: Bool
  ) -> Outcome {
    let m = pattern.count
    let n = text.count
    guard m > 0 else { return .matched(ScoredMatch(score: 0, start: 0, end: 0)) }
    guard m <= n else { return .noMatch }
    if m == 1 {
      return bestSingle(
        UInt8(truncatingIfNeeded: pattern[0]), in: text, caseSensitive: caseSensitive)
    }
    // The first occurrence of each character in order: rejects non-matches
    // and bounds the window, as in `FuzzyScorer.match`.
    firsts.reserve(m)
    let f = firsts.base
    var p = 0
    var j = 0
    var wanted: UInt64 = 1
    while j < n {
      if occurrences[Int(text[j])] & wanted != 0 {
        f[p] = j
        p += 1
        if p == m { break }
        wanted <<= 1
      }
      j += 1
    }
    guard p == m else { return .noMatch }
    let lastBit: UInt64 = 1 << UInt64(m - 1)
    var last = n - 1
    while occurrences[Int(text[last])] & lastBit == 0 { last -= 1 }
    let first = f[0]
    let width = last - first + 1
    if width * m > Scoring.maximumCells { return .tooLarge }
    // One pass over the window: the columns of each row's character, from
    // the row's first possible column on.
    sparse.prepare(m: m, width: width)
    let rowMask: UInt64 = m == 64 ? ~0 : (1 << UInt64(m)) - 1
    for col in 0..<width {
      var bits = occurrences[Int(text[first + col])] & rowMask
      while bits != 0 {
        let i = bits.trailingZeroBitCount
        bits &= bits &- 1
        if first + col >= f[i] { sparse.add(column: col, row: i, width: width) }
      }
    }
    let best = sparse.align(
      m: m, width: width, startColumns: { f[$0] - first }, bonus: { bonus(text, at: first + $0) })
    return .matched(ScoredMatch(score: best.score, start: first, end: first + best.endColumn + 1))
  }

  @inline(__always)
  static func fold(_ byte: UInt8, _ caseSensitive: Bool) -> UInt8 {
    caseSensitive || (byte &- 0x41) >= 26 ? byte : byte | 0x20
  }

  /// The bonus for matching the character at `index` of `text`.
  @inline(__always)
  private func bonus(_ text: UnsafeBufferPointer<UInt8>, at index: Int) -> Int32 {
    let previous = index > 0 ? Int(classOf[Int(text[index - 1])].rawValue) : initialClass
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
