import CPick

/// `SparseAlignment` for a short ASCII item, with each row's occurrences
/// held as bit masks of the item instead of lists.
///
/// The sparse alignment first lists every row's occurrences (a block scan
/// per row for its last possible column, another for its columns) and then,
/// for each cell, walks the row above's list to its last occurrence before
/// the cell. Words typed into a shell history (`git push origin`) match
/// lines of a hundred characters with their letters far apart: three terms
/// of a dozen cells each, where those scans and walks cost more than the
/// cells. Here one pass over the item gives every row's mask
/// (`cpick_fuzzy_masks_at`: sixteen bytes a comparison, or sixty-four
/// under AVX-512); the first and last possible columns are a count of
/// zeros each (and give the ceiling, `ScoreCeiling`), and the row above's
/// occurrence before a cell another, read from cells kept by column. A
/// pattern found whole at the item's strongest word start needs no cells
/// (`perfectRunEnd`). The cells are scored by `SparseAlignment.cell`, the
/// same step, so scores and ends are the same (`ScorerTests`,
/// `ASCIIFuzzyBlockScanTests`, `MatcherOracleTests`).
struct MaskedAlignment: ~Copyable {
  /// The longest item taken: four words of mask a row.
  static let maximumLength = 256
  private static let maximumWords = maximumLength / 64

  private var masks = ScratchBuffer<UInt64>(capacity: 64 * maximumWords)
  /// Each row's first and last possible columns.
  private var firsts = ScratchBuffer<Int>(capacity: 64)
  private var lasts = ScratchBuffer<Int>(capacity: 64)
  /// The cells of the row above and of the row being scored, by column.
  private var cells = ScratchBuffer<SparseAlignment.Cell>(capacity: 2 * maximumLength)

  /// What aligning a pattern over an item's masks gave.
  enum Placed {
    case none
    /// The pattern occurs, but its ceiling (`ceiling`) is below what the caller `needs`: not aligned.
    case below(ceiling: Int32)
    /// The best placement's score and where it ends, with the first
    /// occurrence of the pattern's first character (`ASCIIFuzzyScorer.match`'s start).
    case best(start: Int, score: Int32, end: Int)
  }

  /// The best placement of `pattern` (ASCII units, folded as the term
  /// asks; two or more) in `text` (ASCII, at most `maximumLength`).
  /// `bonus(k)` is the bonus for matching at `text[k]`; `bestBonus(first
  /// occurrence)` the most any character can earn, never below
  /// `bestBonusAtLeast` (`perfectRunEnd`). Where the caller `needs` a score
  /// (more than `.min`), its ceilings are asked first, from each row's
  /// first and last possible columns (`ScoreCeiling`) and then from the
  /// occurrences between them (`rowCeiling`), and a pattern that cannot
  /// reach it is not aligned.
  @inline(__always)
  mutating func match(
    _ pattern: UnsafeBufferPointer<UInt32>, in text: UnsafeBufferPointer<UInt8>, caseSensitive: Bool,
    prefersLast: Bool, bonus: (Int) -> Int32, bestBonusAtLeast: Int32,
    bestBonus: (_ firstOccurrence: Int) -> Int32, needs: Int32
  ) -> Placed {
    let m = pattern.count
    let n = text.count
    guard let bytes = text.baseAddress, let units = pattern.baseAddress, m >= 2, m <= n else { return .none }
    let words = (n + 63) >> 6
    // One more row for the quiet bytes where `rowCeiling` is asked: a
    // score is needed, and the rows fit in an integer.
    masks.reserve((m &+ 1) * words)
    firsts.reserve(m)
    lasts.reserve(m)
    let mask = masks.base
    let quiet = needs > .min && words <= 2 ? mask + m &* words : nil
    cpick_fuzzy_masks_at(-1, bytes, n, units, m, caseSensitive ? 1 : 0, mask, words, quiet)
    guard findBounds(m: m, n: n, words: words) else { return .none }
    let first = firsts.base
    let last = lasts.base
    // The item's best bonus, once asked (it may scan the item for white space).
    var known: Int32? = nil
    if needs > .min {
      let best = bestBonus(first[0])
      known = best
      let most = ScoreCeiling.of(length: m, bestBonus: best, earliest: { first[$0] }, latest: { last[$0] })
      if most < needs { return .below(ceiling: most) }
      if quiet != nil, case let tighter = rowCeiling(m: m, words: words, best: best), tighter < needs {
        return .below(ceiling: tighter)
      }
    }
    if let (end, best) = perfectRunEnd(
      m: m, words: words, prefersLast: prefersLast, bonus: bonus, atLeast: bestBonusAtLeast,
      best: { known ?? bestBonus($0) })
    {
      return .best(start: first[0], score: ScoringRules.perfectScore(length: m, bestBonus: best), end: end)
    }
    let (score, end) = align(m: m, words: words, prefersLast: prefersLast, bonus: bonus)
    return .best(start: first[0], score: score, end: end)
  }

  /// A ceiling tighter than `ScoreCeiling`'s, which knows only each
  /// row's first and last possible columns, for an item of one or two
  /// words whose quiet bytes were made (`match`): here the rows'
  /// occurrences between them are read too, as bits, with the item's bytes
  /// that earn no bonus (`cpick_fuzzy_quiet`), and `best`, the most any
  /// character earns.
  ///
  /// Character `i` can continue a run only where it occurs right after an
  /// occurrence of character `i - 1`; where it never does, every placement
  /// has a gap before it and it earns its own bonus, nothing where its
  /// every occurrence is quiet. Where it may, it earns at most the most of
  /// its own, `Scoring.consecutive` and a bonus of the rows before it (the
  /// first of the run). Placements that restart from nothing are bounded
  /// as in `ScoreCeiling`: the best over every restart `k` of what
  /// characters `k` on earn less the gaps after `k`, here the total less
  /// the least sum before some `k`.
  @inline(__always)
  private func rowCeiling(m: Int, words: Int, best: Int32) -> Int32 {
    let (mask, first, last) = (masks.base, firsts.base, lasts.base)
    if words == 1 { return Self.rowCeiling(m: m, first: first, last: last, best: best, row: { mask[$0] }) }
    return Self.rowCeiling(m: m, first: first, last: last, best: best, row: { Self.twoWordRow(mask, $0) })
  }

  /// Row `i` of masks of two words a row, as one integer.
  @inline(__always)
  private static func twoWordRow(_ mask: UnsafeMutablePointer<UInt64>, _ i: Int) -> UInt128 {
    UInt128(mask[2 &* i]) | UInt128(mask[2 &* i &+ 1]) &<< 64
  }

  /// `rowCeiling` on rows of one or two words, `row(m)` the quiet bytes.
  @inline(__always)
  private static func rowCeiling<Row: FixedWidthInteger & UnsignedInteger>(
    m: Int, first: UnsafeMutablePointer<Int>, last: UnsafeMutablePointer<Int>, best: Int32, row: (Int) -> Row
  ) -> Int32 {
    // Row `i`'s occurrences between its first and last possible columns.
    @inline(__always) func between(_ i: Int) -> Row {
      row(i) & (Row.max &<< Row(first[i])) & (Row.max &>> Row(Row.bitWidth &- 1 &- last[i]))
    }
    let loud = ~row(m)
    var above = between(0)
    var runBonus: Int32 = above & loud != 0 ? best : 0
    var sum = ScoringRules.firstCharacter(bonus: runBonus)
    var least: Int32 = 0
    for i in 1..<m {
      let here = between(i)
      let follows = here & (above &<< 1) != 0
      let own: Int32 = here & loud != 0 ? best : 0
      sum &+= ScoreCeiling.leastPenalty(gap: max(first[i] &- last[i &- 1] &- 1, follows ? 0 : 1))
      least = min(least, sum)
      sum &+= Scoring.match &+ (follows ? max(own, Scoring.consecutive, runBonus) : own)
      runBonus = max(runBonus, own)
      above = here
    }
    return sum &- least
  }

  /// Where a placement in one piece that scores what no placement can
  /// exceed ends, when one does, and the bonus its characters earn; `nil`
  /// otherwise, and the cells decide.
  ///
  /// Words typed whole (`git push origin`, `src main`) mostly occur whole
  /// at a word's start. A run whose first character earns the most any
  /// character of the item can (`best(first occurrence)`: `ScoreCeiling`'s
  /// bonus) gets that much on every character after it too (`runStep`: no
  /// character's own bonus exceeds it to start a new run), which is the
  /// perfect score, the ceiling of every placement. Any other placement
  /// reaching it would earn the most on every character with no gap, so it
  /// is such a run too: the first of them (the last, `prefersLast`) is the
  /// one the cells would choose. The runs are the bits set in every row
  /// shifted back by its index (one AND a word a row); `best` (which may
  /// scan the item) is asked only for a run whose first character earns
  /// `atLeast`, the least it can answer.
  @inline(__always)
  private func perfectRunEnd(
    m: Int, words: Int, prefersLast: Bool, bonus: (Int) -> Int32, atLeast: Int32, best: (Int) -> Int32
  ) -> (end: Int, bestBonus: Int32)? {
    var wanted: Int32? = nil
    var w = prefersLast ? words &- 1 : 0
    while w >= 0 && w < words {
      var bits = runStarts(inWord: w, m: m, words: words)
      while bits != 0 {
        let bit = prefersLast ? 63 &- bits.leadingZeroBitCount : bits.trailingZeroBitCount
        bits &= ~(1 << UInt64(bit))
        let start = w << 6 | bit
        let earned = bonus(start)
        guard earned >= atLeast else { continue }
        let most = wanted ?? best(firsts.base[0])
        wanted = most
        if earned == most { return (start &+ m, most) }
      }
      w &+= prefersLast ? -1 : 1
    }
    return nil
  }

  /// The columns of word `w` where the whole pattern occurs in one piece:
  /// row `i`'s mask shifted back by `i` (its next word's low bits coming
  /// in), ANDed over the rows.
  @inline(__always)
  private func runStarts(inWord w: Int, m: Int, words: Int) -> UInt64 {
    let mask = masks.base
    var bits = mask[w]
    var i = 1
    while i < m && bits != 0 {
      let row = mask + i &* words
      let next = w &+ 1 < words ? row[w &+ 1] << UInt64(64 &- i) : 0
      bits &= row[w] >> UInt64(i) | next
      i &+= 1
    }
    return bits
  }

  /// The alignment over the rows' masks, each row from its first possible
  /// column to its last; `SparseAlignment.align`'s loop.
  ///
  /// Row 0 is not scored ahead: its cell at an occurrence is the first
  /// character's score alone (no gap carried from the left), so row 1
  /// reads it only at the occurrence right before each of its own, and
  /// scores it there (`fill`). A first character that occurs often
  /// (`s` in a path) costs nothing where no second character follows it.
  @inline(__always)
  private func align(m: Int, words: Int, prefersLast: Bool, bonus: (Int) -> Int32)
    -> (score: Int32, end: Int)
  {
    let first = firsts.base
    var above = cells.base
    var row = cells.base + Self.maximumLength
    // The rows between keep no best: only the last row's cells end a placement.
    for i in 1..<(m &- 1) {
      fill(row: i, words: words, above: above, into: row, bonus: bonus) { _, _ in }
      swap(&above, &row)
    }
    var bestScore: Int32 = 0
    var bestColumn = first[0]
    fill(row: m &- 1, words: words, above: above, into: row, bonus: bonus) { col, cell in
      if cell.score > bestScore || (prefersLast && cell.score == bestScore && cell.score > 0) {
        bestScore = cell.score
        bestColumn = col
      }
    }
    return (bestScore, bestColumn &+ 1)
  }

  /// Scores row `i`'s cells from its first possible column to its last
  /// into `row`, from the row above's (`above`; for row 1, row 0's cells
  /// scored where they are read), and shows each to `visit`.
  @inline(__always)
  private func fill(
    row i: Int, words: Int, above: UnsafeMutablePointer<SparseAlignment.Cell>,
    into row: UnsafeMutablePointer<SparseAlignment.Cell>, bonus: (Int) -> Int32,
    visit: (Int, SparseAlignment.Cell) -> Void
  ) {
    let rowMask = masks.base + i &* words
    let aboveMask = masks.base + (i &- 1) &* words
    let first = firsts.base[i]
    // Before the row's first possible column its cells are 0, outside any gap.
    var left = SparseAlignment.Cell(column: Int32(truncatingIfNeeded: first) &- 1, score: 0, runStart: -1, inGap: false)
    Self.forEach(rowMask, words: words, from: first, through: lasts.base[i]) { col in
      // The row above's last occurrence before this column: one exists
      // (its first is before this row's first), and it is not past the
      // row's last possible column (the last before the last of this row).
      let p = Self.highest(aboveMask, atMost: col &- 1)
      let up =
        i == 1 ? SparseAlignment.firstRowCell(column: Int32(truncatingIfNeeded: p), bonus: bonus(p)) : above[p]
      let cell = SparseAlignment.cell(
        column: Int32(truncatingIfNeeded: col), left: left, above: up, bonus: bonus(col))
      row[col] = cell
      left = cell
      visit(col, cell)
    }
  }

  /// Each row's first possible column (its first occurrence after the row
  /// above's) into `firsts` and last (its last before the row below's)
  /// into `lasts`; false when the pattern does not occur. An item of one
  /// or two words takes them by bits (`bounds`), a longer one word by word.
  @inline(__always)
  private func findBounds(m: Int, n: Int, words: Int) -> Bool {
    let (mask, first, last) = (masks.base, firsts.base, lasts.base)
    if words == 1 { return Self.bounds(m: m, first: first, last: last, row: { mask[$0] }) }
    if words == 2 { return Self.bounds(m: m, first: first, last: last, row: { Self.twoWordRow(mask, $0) }) }
    var from = 0
    for i in 0..<m {
      guard let column = Self.lowest(mask + i &* words, words: words, from: from) else { return false }
      first[i] = column
      from = column &+ 1
    }
    var below = n
    for i in stride(from: m &- 1, through: 0, by: -1) {
      below = Self.highest(mask + i &* words, atMost: below &- 1)
      last[i] = below
    }
    return true
  }

  /// Each row's first and last possible columns for an item of one or two
  /// words (`row(i)`, all of row `i`'s bits), as the loop by words finds
  /// them; false when a row has no occurrence after the row above's first.
  /// The occurrence found is kept as its bit, not its column: the bits
  /// after it are then a shift and a negation away, and the count of zeros
  /// that names its column is off the chain from row to row.
  @inline(__always)
  private static func bounds<Row: FixedWidthInteger & UnsignedInteger>(
    m: Int, first: UnsafeMutablePointer<Int>, last: UnsafeMutablePointer<Int>, row: (Int) -> Row
  ) -> Bool {
    // The bits after the row above's first occurrence (all of them for row 0).
    var after = Row.max
    for i in 0..<m {
      let bits = row(i) & after
      guard bits != 0 else { return false }
      let lowest = bits & (0 &- bits)
      first[i] = lowest.trailingZeroBitCount
      after = 0 &- (lowest &<< 1)
    }
    // The bits before the row below's last occurrence (all of them for the last row).
    var before = Row.max
    for i in stride(from: m &- 1, through: 0, by: -1) {
      let highest = Row.bitWidth &- 1 &- (row(i) & before).leadingZeroBitCount
      last[i] = highest
      before = (1 &<< Row(highest)) &- 1
    }
    return true
  }

  /// The lowest set bit of the row at or after `from`; `nil` when none.
  @inline(__always)
  private static func lowest(_ row: UnsafeMutablePointer<UInt64>, words: Int, from: Int) -> Int? {
    var w = from >> 6
    guard w < words else { return nil }
    var bits = row[w] & (UInt64.max << UInt64(from & 63))
    while bits == 0 {
      w &+= 1
      guard w < words else { return nil }
      bits = row[w]
    }
    return w << 6 | bits.trailingZeroBitCount
  }

  /// The highest set bit of the row at or before `atMost`, which the caller knows exists.
  @inline(__always)
  private static func highest(_ row: UnsafeMutablePointer<UInt64>, atMost: Int) -> Int {
    var w = atMost >> 6
    var bits = row[w] & (UInt64.max >> UInt64(63 &- (atMost & 63)))
    while bits == 0 && w > 0 {
      w &-= 1
      bits = row[w]
    }
    return w << 6 | (63 &- bits.leadingZeroBitCount)
  }

  /// Calls `body` with each set bit of the row from `from` through `through`, ascending.
  @inline(__always)
  private static func forEach(
    _ row: UnsafeMutablePointer<UInt64>, words: Int, from: Int, through: Int, _ body: (Int) -> Void
  ) {
    guard from <= through else { return }
    let lastWord = through >> 6
    var w = from >> 6
    var bits = row[w] & (UInt64.max << UInt64(from & 63))
    while true {
      if w == lastWord { bits &= UInt64.max >> UInt64(63 &- (through & 63)) }
      while bits != 0 {
        body(w << 6 | bits.trailingZeroBitCount)
        bits &= bits &- 1
      }
      w &+= 1
      guard w <= lastWord else { return }
      bits = row[w]
    }
  }
}
