/// `FuzzyScorer` for an ASCII item, read straight from its bytes, visiting
/// only the cells where a pattern character occurs.
///
/// The general path first prepares the whole item (units, their lower-case
/// form, classes and bonuses: thirteen bytes written per byte read) and then
/// fills every cell of an m × width matrix. For the commonest search — a few
/// letters typed against ASCII paths or commands — both are most of the work,
/// and most cells only carry a gap along: where row `i`'s character does not
/// occur, its score is the cell to the left less a gap penalty, floored at 0.
/// Between two occurrences a row's scores therefore follow a closed form from
/// the last occurrence (`decayed`), and a cell of row `i` reads row `i - 1`
/// only one column back. So each row is kept as its occurrences alone, with
/// their scores, run states and whether they end inside a gap; the work per
/// item is one pass over the window plus the occurrences, not m × width.
///
/// The recurrence is `FuzzyScorer.fill`'s, unchanged, so scores, starts and
/// ends are identical (`ScorerTests` checks this on random items). Where the
/// general path keeps each cell's run length, an occurrence here keeps the
/// bonus of its run's first character (what the run length was used to look
/// up), or -1 when the cell ends no run.
struct ASCIIFuzzyScorer {
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

  /// One occurrence of a row's character in the window, after scoring.
  private struct Cell {
    var column: Int32
    var score: Int32
    /// The bonus of the first character of the run this cell ends, or -1.
    var runStart: Int32
    /// The cell's best is a gap (the next column's gap continues it).
    var inGap: Bool
  }

  /// Take the last of equally scored placements (`CompiledQuery.prefersLastOccurrence`).
  var prefersLast = false
  private let classOf: UnsafeMutablePointer<CharClass>
  private let matrix: UnsafeMutablePointer<Int32>
  private let initialClass: Int
  /// Columns where each row's character occurs: row `i` at `i * width`.
  private var columns = ScratchBuffer<Int32>()
  private var columnCounts = ScratchBuffer<Int>()
  /// The scored occurrences of the row above and of the row being scored.
  private var above = ScratchBuffer<Cell>()
  private var current = ScratchBuffer<Cell>()
  private var firsts = ScratchBuffer<Int>()

  init(lookup: BonusLookup) {
    classOf = lookup.asciiClasses
    matrix = lookup.matrix
    initialClass = Int(lookup.table.initialClass.rawValue)
  }

  /// Frees the scratch space; the owner calls this once.
  func release() {
    columns.release()
    columnCounts.release()
    above.release()
    current.release()
    firsts.release()
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
    collectColumns(text, occurrences, m: m, first: first, width: width)
    return align(m: m, text: text, first: first, width: width)
  }

  @inline(__always)
  static func fold(_ byte: UInt8, _ caseSensitive: Bool) -> UInt8 {
    caseSensitive || (byte &- 0x41) >= 26 ? byte : byte | 0x20
  }

  /// The bonus for matching the character at `index` of `text`.
  @inline(__always)
  private func bonus(_ text: UnsafeBufferPointer<UInt8>, at index: Int) -> Int32 {
    let previous = index > 0 ? Int(classOf[Int(text[index - 1])].rawValue) : initialClass
    return matrix[previous &* CharClass.count &+ Int(classOf[Int(text[index])].rawValue)]
  }

  /// A row's score `distance` columns after a cell of it, with no occurrence
  /// of its character between: the gap opens (or goes on, if the cell ended
  /// in one) and loses `gapExtension` a column, never below 0.
  @inline(__always)
  private static func decayed(_ cell: Cell, distance: Int32) -> Int32 {
    let opened = cell.score &+ (cell.inGap ? Scoring.gapExtension : Scoring.gapStart)
    return max(opened &+ (distance &- 1) &* Scoring.gapExtension, 0)
  }

  /// One pass over the window: the columns of each row's character, from the
  /// row's first possible column on.
  private mutating func collectColumns(
    _ text: UnsafeBufferPointer<UInt8>, _ occurrences: UnsafePointer<UInt64>, m: Int, first: Int,
    width: Int
  ) {
    columns.reserve(m * width)
    columnCounts.reserve(m)
    let counts = columnCounts.base
    counts.initialize(repeating: 0, count: m)
    let out = columns.base
    let f = firsts.base
    let rowMask: UInt64 = m == 64 ? ~0 : (1 << UInt64(m)) - 1
    for col in 0..<width {
      var bits = occurrences[Int(text[first + col])] & rowMask
      while bits != 0 {
        let i = bits.trailingZeroBitCount
        bits &= bits &- 1
        if first + col >= f[i] {
          out[i * width + counts[i]] = Int32(truncatingIfNeeded: col)
          counts[i] += 1
        }
      }
    }
  }

  private mutating func align(m: Int, text: UnsafeBufferPointer<UInt8>, first: Int, width: Int)
    -> Outcome
  {
    above.reserve(width)
    current.reserve(width)
    let counts = columnCounts.base
    let cols = columns.base
    let f = firsts.base
    // Row 0: the first pattern character, its bonus doubled.
    var aboveCells = above.base
    var rowCells = current.base
    var aboveCount = counts[0]
    for k in 0..<aboveCount {
      let col = cols[k]
      let b = bonus(text, at: first + Int(col))
      aboveCells[k] = Cell(
        column: col, score: Scoring.match &+ b &* Scoring.firstCharMultiplier, runStart: b,
        inGap: false)
    }
    var bestScore: Int32 = 0
    var bestAt = first
    for i in 1..<m {
      let isLast = i == m - 1
      let rowColumns = cols + i * width
      let count = counts[i]
      // Before the row's first possible column its cells are 0, outside any gap.
      var left = Cell(column: Int32(f[i] - first) &- 1, score: 0, runStart: -1, inGap: false)
      var k = 0
      for c in 0..<count {
        let col = rowColumns[c]
        // This row one column back.
        let leftScore: Int32
        let leftInGap: Bool
        if left.column == col &- 1 {
          leftScore = left.score
          leftInGap = left.inGap
        } else {
          leftScore = Self.decayed(left, distance: col &- 1 &- left.column)
          leftInGap = leftScore > 0
        }
        let gapScore = leftScore &+ (leftInGap ? Scoring.gapExtension : Scoring.gapStart)
        // The row above one column back: its last occurrence at or before it.
        while k < aboveCount && aboveCells[k].column < col { k += 1 }
        var diagonal: Int32 = 0
        var continued: Int32 = -1
        if k > 0 {
          let cell = aboveCells[k - 1]
          if cell.column == col &- 1 {
            diagonal = cell.score
            continued = cell.runStart
          } else {
            diagonal = Self.decayed(cell, distance: col &- 1 &- cell.column)
          }
        }
        var matchScore = diagonal &+ Scoring.match
        let own = bonus(text, at: first + Int(col))
        var bonus = own
        var runStart = own
        if continued >= 0 && !(own >= Scoring.boundary && own > continued) {
          // The run goes on: it keeps the value of its first character.
          bonus = max(own, Scoring.consecutive, continued)
          runStart = continued
        }
        if matchScore &+ bonus < gapScore {
          matchScore &+= own
          runStart = -1
        } else {
          matchScore &+= bonus
        }
        let score = max(matchScore, gapScore, 0)
        let cell = Cell(column: col, score: score, runStart: runStart, inGap: matchScore < gapScore)
        rowCells[c] = cell
        left = cell
        if isLast && (score > bestScore || (prefersLast && score == bestScore && score > 0)) {
          bestScore = score
          bestAt = first + Int(col)
        }
      }
      swap(&aboveCells, &rowCells)
      aboveCount = count
    }
    return .matched(ScoredMatch(score: bestScore, start: first, end: bestAt + 1))
  }

  /// One character: the occurrence with the best bonus, in one pass.
  private func bestSingle(_ unit: UInt8, in text: UnsafeBufferPointer<UInt8>, caseSensitive: Bool)
    -> Outcome
  {
    var previous = initialClass
    var best: Int32 = -1
    var bestAt = -1
    for k in 0..<text.count {
      let byte = text[k]
      let current = Int(classOf[Int(byte)].rawValue)
      if Self.fold(byte, caseSensitive) == unit {
        let bonus = matrix[previous &* CharClass.count &+ current]
        if bonus > best || (prefersLast && bonus == best) {
          best = bonus
          bestAt = k
        }
      }
      previous = current
    }
    guard bestAt >= 0 else { return .noMatch }
    return .matched(
      ScoredMatch(
        score: Scoring.match + best * Scoring.firstCharMultiplier, start: bestAt, end: bestAt + 1))
  }
}
