/// `--pointer`, `--marker`, `--gutter`: what is drawn before each item's
/// text, and where the text starts.
///
/// pick's defaults are `>` on the cursor row and `*` on selected rows, in
/// ASCII, so that neither depends on colour or on the terminal's font
/// (fzf's are `▌` and `┃`: Docs/fzf-compatibility.md, row 19). The pointer
/// and the marker each take their own display width, 0 to 2 columns (fzf's
/// limit); the rows without one get as many blanks (the pointer's first
/// column is the gutter's character). With pick's own signs one blank
/// column follows before the text (`>  item`); a user who gives a pointer
/// or a marker chooses the spacing with it, as in fzf (`--pointer '> '`),
/// so fzf defaults carried over draw as fzf draws them.
public struct ItemMarks: Equatable, Hashable, Sendable {
  public private(set) var pointer = ">"
  /// The marker as drawn: as given, padded to `markerColumns`.
  public private(set) var marker = "*"
  /// The character of the pointer's first column on the other rows.
  public private(set) var gutter = " "
  public private(set) var pointerColumns = 1
  public private(set) var markerColumns = 1
  /// The blank column before the text: pick's spacing for its own signs.
  public private(set) var gapColumns = 1
  /// The marker as given, and its width.
  private var givenMarker = "*"
  private var givenMarkerColumns = 1
  /// `--marker-multi-line` as given (top, middle, bottom) and the width of
  /// each; nil: fzf's default (ItemMarks+MultiLine.swift).
  private(set) var givenMultiLine: [String]? = nil
  private var givenMultiLineColumns = 0

  public init() {}

  /// The column where an item's text starts: after the pointer, the marker and the gap.
  public var textColumn: Int { pointerColumns + markerColumns + gapColumns }

  /// What the pointer's columns hold on a row that is not the cursor's.
  var pointerBlank: String {
    pointerColumns == 0 ? "" : gutter + String(repeating: " ", count: pointerColumns - 1)
  }

  /// What the marker's columns hold on a row that is not selected.
  var markerBlank: String { String(repeating: " ", count: markerColumns) }

  public mutating func setPointer(_ value: [UInt8]) throws(InvalidValue) {
    (pointer, pointerColumns) = try Self.sign(value, name: "pointer")
    gapColumns = 0
  }

  public mutating func setMarker(_ value: [UInt8]) throws(InvalidValue) {
    (givenMarker, givenMarkerColumns) = try Self.sign(value, name: "marker")
    gapColumns = 0
    fitMarkerColumns()
  }

  /// `--marker-multi-line`: fzf's grammar, three signs of equal width in
  /// one string (3 or 6 columns in all, or empty for none).
  public mutating func setMarkerMultiLine(_ value: [UInt8]) throws(InvalidValue) {
    let text = try OptionValues.printableText(value, "multi-line marker")
    (givenMultiLine, givenMultiLineColumns) = try Self.multiLineSigns(text)
    fitMarkerColumns()
  }

  /// The marker's columns: the wider of the marker and the multi-line
  /// signs (fzf pads the narrower with spaces).
  private mutating func fitMarkerColumns() {
    markerColumns = max(givenMarkerColumns, givenMultiLine == nil ? 0 : givenMultiLineColumns)
    marker = givenMarker + String(repeating: " ", count: markerColumns - givenMarkerColumns)
  }

  public mutating func setGutter(_ value: [UInt8]) throws(InvalidValue) {
    let (text, columns) = try Self.sign(value, name: "gutter")
    guard columns == 1 else { throw InvalidValue("the gutter must be one column wide") }
    gutter = text
  }

  /// The signs measured with `--ambidouble`'s width of East Asian
  /// ambiguous characters (`▶`, `●`): the options are read before it is
  /// known. A gutter that grows wider than its one column becomes a blank.
  public func measured(ambiguous: AmbiguousWidth) -> ItemMarks {
    var marks = self
    marks.pointerColumns = DisplayWidth.columns(of: pointer, ambiguous: ambiguous)
    marks.givenMarkerColumns = DisplayWidth.columns(of: givenMarker, ambiguous: ambiguous)
    marks.fitMarkerColumns()
    if DisplayWidth.columns(of: gutter, ambiguous: ambiguous) != 1 { marks.gutter = " " }
    return marks
  }

  /// `--accessible`: the signs with a visible character each, so that the
  /// current and the selected rows say so in text a screen reader reads.
  /// A pointer or marker given empty or blank becomes pick's own (`>`,
  /// `*`); any other sign the user gave stays.
  public var withTextSigns: ItemMarks {
    var marks = self
    let replaces = pointer.allSatisfy(\.isWhitespace) || givenMarker.allSatisfy(\.isWhitespace)
    if replaces && gapColumns == 0 { marks.gapColumns = 1 }
    if pointer.allSatisfy(\.isWhitespace) {
      (marks.pointer, marks.pointerColumns) = (">", 1)
    }
    if givenMarker.allSatisfy(\.isWhitespace) {
      (marks.givenMarker, marks.givenMarkerColumns) = ("*", 1)
      marks.fitMarkerColumns()
    }
    return marks
  }

  /// A sign's text and width: printable, at most two columns.
  private static func sign(_ value: [UInt8], name: String) throws(InvalidValue) -> (String, Int) {
    let text = try OptionValues.printableText(value, name)
    let columns = DisplayWidth.columns(of: text)
    guard columns <= 2 else { throw InvalidValue("the \(name) must be at most two columns wide") }
    return (text, columns)
  }
}
