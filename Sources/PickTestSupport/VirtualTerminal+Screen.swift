// Screen operations: printing, moving, erasing, scrolling, screens.

extension VirtualTerminal {
  mutating func printCharacter(_ scalar: Unicode.Scalar) {
    let characterWidth = CellWidth.of(scalar)
    if characterWidth == 0 {
      joinPreviousCell(scalar)
      return
    }
    if isWrapPending {
      isWrapPending = false
      cursorColumn = 0
      lineFeed()
    }
    if characterWidth > width { return }
    if cursorColumn + characterWidth > width {
      if isAutowrapOn {
        cursorColumn = 0
        lineFeed()
      } else {
        cursorColumn = width - characterWidth
      }
    }
    cells[cursorRow][cursorColumn] = Cell(text: String(scalar), width: characterWidth, style: pen)
    if characterWidth == 2 {
      cells[cursorRow][cursorColumn + 1] = Cell(text: "", width: 0, style: pen)
    }
    repairWideCharacters(inRow: cursorRow)
    cursorColumn += characterWidth
    if cursorColumn >= width {
      cursorColumn = width - 1
      isWrapPending = isAutowrapOn
    }
  }

  /// A zero-width character joins the character before the cursor (the one
  /// under it when a wrap is pending); at the start of a row it is dropped.
  private mutating func joinPreviousCell(_ scalar: Unicode.Scalar) {
    var column = isWrapPending ? cursorColumn : cursorColumn - 1
    guard column >= 0 else { return }
    if cells[cursorRow][column].width == 0, column > 0 { column -= 1 }
    cells[cursorRow][column].text.unicodeScalars.append(scalar)
  }

  /// Blanks half-overwritten or half-erased wide characters in `row`.
  private mutating func repairWideCharacters(inRow row: Int) {
    for column in 0..<width {
      let cell = cells[row][column]
      if cell.width == 0, column == 0 || cells[row][column - 1].width != 2 {
        cells[row][column] = Cell(text: " ", width: 1, style: cell.style)
      } else if cell.width == 2, column + 1 == width || cells[row][column + 1].width != 0 {
        cells[row][column] = Cell(text: " ", width: 1, style: cell.style)
      }
    }
  }

  mutating func moveTo(row: Int, column: Int) {
    isWrapPending = false
    cursorRow = min(max(row, 0), height - 1)
    cursorColumn = min(max(column, 0), width - 1)
  }

  mutating func lineFeed() {
    isWrapPending = false
    if cursorRow == height - 1 {
      cells.removeFirst()
      cells.append(Array(repeating: Cell(), count: width))
      linesScrolled += 1
    } else {
      cursorRow += 1
    }
  }

  mutating func reverseLineFeed() {
    isWrapPending = false
    if cursorRow == 0 {
      cells.removeLast()
      cells.insert(Array(repeating: Cell(), count: width), at: 0)
    } else {
      cursorRow -= 1
    }
  }

  /// A blank cell as erasing leaves it: the current background, nothing else.
  private var erasedCell: Cell {
    Cell(text: " ", width: 1, style: CellStyle(background: pen.background))
  }

  private mutating func erase(row: Int, columns: Range<Int>) {
    for column in columns { cells[row][column] = erasedCell }
    repairWideCharacters(inRow: row)
  }

  /// `CSI K`: 0 cursor to end of line, 1 start of line to cursor, 2 whole line.
  mutating func eraseInLine(_ mode: Int) {
    switch mode {
    case 0: erase(row: cursorRow, columns: cursorColumn..<width)
    case 1: erase(row: cursorRow, columns: 0..<(cursorColumn + 1))
    case 2: erase(row: cursorRow, columns: 0..<width)
    default: break
    }
  }

  /// `CSI J`: 0 cursor to end of screen, 1 start of screen to cursor, 2 whole screen.
  mutating func eraseInDisplay(_ mode: Int) {
    switch mode {
    case 0:
      erase(row: cursorRow, columns: cursorColumn..<width)
      for row in (cursorRow + 1)..<height { erase(row: row, columns: 0..<width) }
    case 1:
      for row in 0..<cursorRow { erase(row: row, columns: 0..<width) }
      erase(row: cursorRow, columns: 0..<(cursorColumn + 1))
    case 2:
      for row in 0..<height { erase(row: row, columns: 0..<width) }
    default:
      break
    }
  }

  mutating func saveCursor() {
    savedCursor = SavedCursor(row: cursorRow, column: cursorColumn, pen: pen)
  }

  mutating func restoreCursor() {
    let saved = savedCursor ?? SavedCursor()
    moveTo(row: saved.row, column: saved.column)
    pen = saved.pen
  }

  mutating func switchScreen(toAlternate alternate: Bool) {
    guard alternate != isAlternateScreen else { return }
    swap(&cells, &inactiveCells)
    isAlternateScreen = alternate
  }
}
