/// `FuzzyScorer.fill`'s alignment, computed only at the cells where a
/// pattern character occurs, for callers that need the score and the end of
/// the best placement but not its positions.
///
/// Most cells of the m × width matrix only carry a gap along: where row
/// `i`'s character does not occur, its score is the cell to the left less a
/// gap penalty, floored at 0. Between two occurrences a row's scores
/// therefore follow a closed form from the last occurrence (`decayed`), and
/// a cell of row `i` reads row `i - 1` only one column back. So each row is
/// kept as its occurrences alone, with their scores, run states and whether
/// they end inside a gap: the work per item is one pass over the window to
/// list the occurrences, plus the occurrences, not m × width. A few letters
/// typed against paths occur a few times each in a line of sixty characters.
///
/// The recurrence is `FuzzyScorer.fill`'s, unchanged, so scores and ends are
/// identical (`ScorerTests` checks this on random items). Where the dense
/// matrix keeps each cell's run length, an occurrence here keeps the bonus of
/// its run's first character (what the run length was used to look up), or
/// -1 when the cell ends no run.
struct SparseAlignment: ~Copyable {
  /// One occurrence of a row's character in the window, after scoring.
  struct Cell {
    var column: Int32
    var score: Int32
    /// The bonus of the first character of the run this cell ends, or -1.
    var runStart: Int32
    /// The cell's best is a gap (the next column's gap continues it).
    var inGap: Bool
  }

  /// Take the last of equally scored placements (`CompiledQuery.prefersLastOccurrence`).
  var prefersLast = false
  /// Columns (window offsets) where each row's character occurs, from the
  /// row's first possible column on: row `i` at `i * width`. The caller
  /// fills them after `prepare`.
  private(set) var columns = ScratchBuffer<Int32>()
  private(set) var columnCounts = ScratchBuffer<Int>()
  /// The scored occurrences of the row above and of the row being scored.
  private var above = ScratchBuffer<Cell>()
  private var current = ScratchBuffer<Cell>()

  /// Makes room for an m × width window and empties every row's column list.
  mutating func prepare(m: Int, width: Int) {
    columns.reserve(m * width)
    columnCounts.reserve(m)
    columnCounts.base.initialize(repeating: 0, count: m)
    above.reserve(width)
    current.reserve(width)
  }

  /// Adds window column `col` to row `row`'s occurrences (in increasing column order).
  @inline(__always)
  func add(column col: Int, row: Int, width: Int) {
    let counts = columnCounts.base
    columns.base[row &* width &+ counts[row]] = Int32(truncatingIfNeeded: col)
    counts[row] &+= 1
  }

  /// A row's score `distance` columns after a cell of it, with no occurrence
  /// of its character between: the gap opens (or goes on, if the cell ended
  /// in one) and loses `gapExtension` a column, never below 0.
  @inline(__always)
  private static func decayed(_ cell: Cell, distance: Int32) -> Int32 {
    let opened = cell.score &+ (cell.inGap ? Scoring.gapExtension : Scoring.gapStart)
    return max(opened &+ (distance &- 1) &* Scoring.gapExtension, 0)
  }

  /// The best placement's score and the window column where it ends.
  /// `startColumns[i]` is row `i`'s first possible column; `bonus(col)` is
  /// the bonus for matching at window column `col`.
  @inline(__always)
  func align(
    m: Int, width: Int, startColumns: (Int) -> Int, bonus: (Int) -> Int32
  ) -> (score: Int32, endColumn: Int) {
    let counts = columnCounts.base
    let cols = columns.base
    var aboveCells = above.base
    var rowCells = current.base
    // Row 0: the first pattern character, its bonus doubled.
    var aboveCount = counts[0]
    for k in 0..<aboveCount {
      let col = cols[k]
      let b = bonus(Int(col))
      aboveCells[k] = Cell(
        column: col, score: ScoringRules.firstCharacter(bonus: b), runStart: b,
        inGap: false)
    }
    var bestScore: Int32 = 0
    var bestColumn = 0
    for i in 1..<m {
      let isLast = i == m - 1
      let rowColumns = cols + i &* width
      let count = counts[i]
      // Before the row's first possible column its cells are 0, outside any gap.
      var left = Cell(
        column: Int32(truncatingIfNeeded: startColumns(i)) &- 1, score: 0, runStart: -1,
        inGap: false)
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
        while k < aboveCount && aboveCells[k].column < col { k &+= 1 }
        var diagonal: Int32 = 0
        var continued: Int32 = -1
        if k > 0 {
          let cell = aboveCells[k &- 1]
          if cell.column == col &- 1 {
            diagonal = cell.score
            continued = cell.runStart
          } else {
            diagonal = Self.decayed(cell, distance: col &- 1 &- cell.column)
          }
        }
        var matchScore = diagonal &+ Scoring.match
        let own = bonus(Int(col))
        let step = ScoringRules.runStep(own: own, runStart: continued)
        var runStart = step.continues ? continued : own
        if matchScore &+ step.bonus < gapScore {
          matchScore &+= own
          runStart = -1
        } else {
          matchScore &+= step.bonus
        }
        let score = max(matchScore, gapScore, 0)
        let cell = Cell(column: col, score: score, runStart: runStart, inGap: matchScore < gapScore)
        rowCells[c] = cell
        left = cell
        if isLast && (score > bestScore || (prefersLast && score == bestScore && score > 0)) {
          bestScore = score
          bestColumn = Int(col)
        }
      }
      swap(&aboveCells, &rowCells)
      aboveCount = count
    }
    return (bestScore, bestColumn)
  }
}
