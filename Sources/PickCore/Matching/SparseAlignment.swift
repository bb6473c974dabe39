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
  static func decayed(_ cell: Cell, distance: Int32) -> Int32 {
    let opened = cell.score &+ (cell.inGap ? Scoring.gapExtension : Scoring.gapStart)
    return max(opened &+ (distance &- 1) &* Scoring.gapExtension, 0)
  }

  /// The first row's cell at column `col`, an occurrence of the first
  /// character whose bonus is `bonus`: that character's score alone (no
  /// gap carried from the left), a run starting there.
  @inline(__always)
  static func firstRowCell(column col: Int32, bonus: Int32) -> Cell {
    Cell(column: col, score: ScoringRules.firstCharacter(bonus: bonus), runStart: bonus, inGap: false)
  }

  /// The cell of a row at column `col`, an occurrence of its character
  /// whose bonus is `own`: `left` is the row's cell before it (its last
  /// occurrence, or the column before the row's first possible one), and
  /// `above` the row above's last occurrence before `col` (`nil` when it
  /// has none). `FuzzyScorer.fill`'s step for one cell, with the cells
  /// between read through `decayed`.
  @inline(__always)
  static func cell(column col: Int32, left: Cell, above: Cell?, bonus own: Int32) -> Cell {
    // This row one column back.
    let leftScore: Int32
    let leftInGap: Bool
    if left.column == col &- 1 {
      leftScore = left.score
      leftInGap = left.inGap
    } else {
      leftScore = decayed(left, distance: col &- 1 &- left.column)
      leftInGap = leftScore > 0
    }
    let gapScore = leftScore &+ (leftInGap ? Scoring.gapExtension : Scoring.gapStart)
    // The row above one column back.
    var diagonal: Int32 = 0
    var continued: Int32 = -1
    if let above {
      if above.column == col &- 1 {
        diagonal = above.score
        continued = above.runStart
      } else {
        diagonal = decayed(above, distance: col &- 1 &- above.column)
      }
    }
    var matchScore = diagonal &+ Scoring.match
    let step = ScoringRules.runStep(own: own, runStart: continued)
    var runStart = step.continues ? continued : own
    if matchScore &+ step.bonus < gapScore {
      matchScore &+= own
      runStart = -1
    } else {
      matchScore &+= step.bonus
    }
    let score = max(matchScore, gapScore, 0)
    return Cell(column: col, score: score, runStart: runStart, inGap: matchScore < gapScore)
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
      aboveCells[k] = Self.firstRowCell(column: col, bonus: bonus(Int(col)))
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
        // The row above one column back: its last occurrence at or before it.
        while k < aboveCount && aboveCells[k].column < col { k &+= 1 }
        let cell = Self.cell(
          column: col, left: left, above: k > 0 ? aboveCells[k &- 1] : nil, bonus: bonus(Int(col)))
        rowCells[c] = cell
        left = cell
        if isLast && (cell.score > bestScore || (prefersLast && cell.score == bestScore && cell.score > 0)) {
          bestScore = cell.score
          bestColumn = Int(col)
        }
      }
      swap(&aboveCells, &rowCells)
      aboveCount = count
    }
    return (bestScore, bestColumn)
  }
}
