/// A small terminal emulator for tests: feed it the bytes pick writes and look
/// at the screen, the cursor and the modes they leave behind.
///
/// It follows xterm where it matters for checking a renderer:
///
/// - Printable UTF-8 takes `CellWidth.of` cells; a wide character that does
///   not fit wraps first (autowrap on) or is drawn in the last two cells
///   (autowrap off); a zero-width character joins the cell before the cursor.
///   Overwriting half of a wide character blanks the other half.
/// - Autowrap on: writing in the last column leaves the cursor there with a
///   wrap pending; the next printable character wraps, scrolling at the
///   bottom (counted in `linesScrolled`). Autowrap off: the cursor stays in the
///   last column and each further character overwrites the last cell.
/// - Erasing (`CSI K`, `CSI J`) fills with the current background colour, as
///   terminals do, so a colour left on before an erase shows in `style(atRow:column:)`.
/// - `CSI ?1049l` restores the saved cursor even when the alternate screen is
///   not active (home when nothing was saved), as xterm does.
/// - Queries are answered into `responses`: cursor position (`CSI 6n`) and
///   DECRQM for bracketed paste (`CSI ?2004$p`).
///
/// Understood: CR, LF, BS, TAB, `ESC 7`/`ESC 8`, `ESC D`/`ESC M`/`ESC E`,
/// `ESC c`; CSI `H f A B C D E F G d K J m s u n`, DEC private modes 25, 7,
/// 47, 1047, 1049, 2004 and the mouse modes 1000, 1002, 1003, 1006. Any other
/// CSI, OSC, DCS, SOS, PM, APC or escape sequence is parsed whole and ignored.
public struct VirtualTerminal {
  /// Colours and attributes of one cell. Colours are palette indices (SGR
  /// 30–37, 90–97, 38;5;N and the background forms); a direct colour
  /// `38;2;R;G;B` is recorded as `0x100_0000 | 0xRRGGBB`.
  public struct CellStyle: Hashable, Sendable {
    public var bold = false
    public var dim = false
    public var underline = false
    public var reverse = false
    public var foreground: Int?
    public var background: Int?

    public init(
      bold: Bool = false, dim: Bool = false, underline: Bool = false, reverse: Bool = false,
      foreground: Int? = nil, background: Int? = nil
    ) {
      self.bold = bold
      self.dim = dim
      self.underline = underline
      self.reverse = reverse
      self.foreground = foreground
      self.background = background
    }

    public static let plain = CellStyle()
  }

  struct Cell {
    /// The character and any zero-width characters after it; empty for the
    /// right half of a wide character.
    var text = " "
    /// 1, 2 for a wide character's left half, 0 for its right half.
    var width = 1
    var style = CellStyle.plain
  }

  struct SavedCursor {
    var row = 0
    var column = 0
    var pen = CellStyle.plain
  }

  public let width: Int
  public let height: Int
  var cells: [[Cell]]
  /// The screen not shown: the main one while the alternate screen is active.
  var inactiveCells: [[Cell]]
  var cursorRow = 0
  var cursorColumn = 0
  var isWrapPending = false
  var pen = CellStyle.plain
  var savedCursor: SavedCursor?
  var savedCursorForAlternateScreen: SavedCursor?
  var parser = Parser()

  public internal(set) var isCursorVisible = true
  public internal(set) var isAlternateScreen = false
  public internal(set) var isAutowrapOn = true
  public internal(set) var isBracketedPasteOn = false
  /// The mouse modes that are on (1000, 1002, 1003, 1006).
  public internal(set) var mouseModes: Set<Int> = []
  /// How many times the screen scrolled up because a line feed or a wrap
  /// happened on the last row.
  public internal(set) var linesScrolled = 0
  /// What the terminal answered to queries, in order, as a terminal would
  /// send them to the program.
  public var responses: [UInt8] = []

  public init(width: Int, height: Int) {
    self.width = max(1, width)
    self.height = max(1, height)
    cells = Self.blankScreen(width: self.width, height: self.height)
    inactiveCells = cells
  }

  /// The cursor, 0-based.
  public var cursor: (row: Int, column: Int) { (cursorRow, cursorColumn) }

  public var isMouseReportingOn: Bool { !mouseModes.isDisjoint(with: [1000, 1002, 1003]) }

  /// The screen as text: rows padded with spaces to the width, joined with
  /// "\n" (the format of `Frame.plainText`).
  public var screenText: String {
    (0..<height).map(row).joined(separator: "\n")
  }

  /// Row `r` (0-based) as text, padded with spaces to the width.
  public func row(_ r: Int) -> String {
    var text = ""
    for cell in cells[r] { text += cell.text }
    return text
  }

  /// The style of a cell (0-based); the right half of a wide character has
  /// its left half's style.
  public func style(atRow row: Int, column: Int) -> CellStyle {
    cells[row][column].style
  }

  /// Interprets `bytes`; a sequence or character split across calls is
  /// handled as if it came in one.
  public mutating func feed(_ bytes: [UInt8]) {
    for byte in bytes { consume(byte) }
  }

  /// Interprets the UTF-8 of `text`.
  public mutating func feed(_ text: String) {
    feed(Array(text.utf8))
  }

  static func blankScreen(width: Int, height: Int) -> [[Cell]] {
    Array(repeating: Array(repeating: Cell(), count: width), count: height)
  }
}
