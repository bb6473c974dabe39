/// What goes around pick's frame: `--margin`, `--border` (with its label)
/// and `--padding`, from the outside in.
///
/// The layout draws its frame in the content rectangle that is left, and
/// the decoration places it there: a pure wrapping, so the frame's rows,
/// the text cursor and mouse clicks all move by the same offsets
/// (`Geometry.content`). As in fzf:
///
/// - a side with a vertical line takes two columns (the glyph and a space),
///   a horizontal line one row; margins are outside the line, paddings
///   inside it, each N cells or N% of the screen's height (top, bottom) or
///   width (left, right);
/// - when the screen is too small for all of it, margins and paddings shrink
///   in proportion so that the content keeps at least 4 columns and 3 rows
///   (the lines themselves never shrink); a screen too small even for the
///   lines is drawn without any decoration.
///
/// One rule is pick's own (Docs/Design.md, Drawing): nothing ambiguous-width
/// goes in the last two columns, and box-drawing glyphs are East Asian
/// ambiguous. So a border whose lines reach the right edge (a right side, or
/// a top or bottom line) keeps a right margin of at least two columns: its
/// right side is drawn in the third column from the edge, as a right-hand
/// preview pane stops.
public struct FrameDecoration: Equatable, Hashable, Sendable {
  public var shape: BorderShape = .none
  /// `--no-unicode`: the lines in ASCII whatever the shape (fzf's `+`, `-`, `|`).
  public var usesASCII = false
  public var label = BorderLabel()
  public var margin = EdgeSizes.zero
  public var padding = EdgeSizes.zero
  /// The lines' style: the info line's grey until `--color` sets `border`.
  public var borderStyle = Style(foreground: .palette(8))
  /// The label's style: plain until `--color` sets `label`.
  public var labelStyle = Style.plain

  public init() {}

  /// A rectangle of frame cells, 0-based.
  public struct Rectangle: Equatable, Sendable {
    public var top, left, width, height: Int
  }

  /// Where the border's box and the content go on a screen.
  public struct Geometry: Equatable, Sendable {
    /// The border's outer edge (inside the margins).
    public var box: Rectangle
    /// What the layout draws in (inside the lines and paddings).
    public var content: Rectangle
  }

  /// The smallest content the margins and paddings shrink to leave.
  static let minimumContentColumns = 4
  static let minimumContentRows = 3

  /// Whether the decoration leaves every frame as it is.
  public var isEmpty: Bool {
    shape == .none && margin == .zero && padding == .zero
  }

  /// Where the box and content go on a `width` × `height` screen; nil when
  /// the lines alone do not fit (the frame is then drawn undecorated).
  public func geometry(width: Int, height: Int) -> Geometry? {
    let lines = (
      top: shape.hasTop ? 1 : 0, right: shape.hasRight ? 2 : 0,
      bottom: shape.hasBottom ? 1 : 0, left: shape.hasLeft ? 2 : 0
    )
    let reachesRight = shape.hasRight || shape.hasTop || shape.hasBottom
    let rows = Self.fitted(
      outer: (margin.top.cells(of: height), margin.bottom.cells(of: height)),
      inner: (padding.top.cells(of: height), padding.bottom.cells(of: height)),
      floor: (0, 0), available: height - lines.top - lines.bottom, minimum: Self.minimumContentRows)
    let columns = Self.fitted(
      outer: (margin.left.cells(of: width), margin.right.cells(of: width)),
      inner: (padding.left.cells(of: width), padding.right.cells(of: width)),
      floor: (0, reachesRight ? 2 : 0), available: width - lines.left - lines.right,
      minimum: Self.minimumContentColumns)
    guard let rows, let columns else { return nil }
    let box = Rectangle(
      top: rows.outer.0, left: columns.outer.0,
      width: width - columns.outer.0 - columns.outer.1, height: height - rows.outer.0 - rows.outer.1)
    let content = Rectangle(
      top: box.top + lines.top + rows.inner.0, left: box.left + lines.left + columns.inner.0,
      width: box.width - lines.left - lines.right - columns.inner.0 - columns.inner.1,
      height: box.height - lines.top - lines.bottom - rows.inner.0 - rows.inner.1)
    guard content.width >= 1, content.height >= 1 else { return nil }
    return Geometry(box: box, content: content)
  }

  /// fzf's shrinking along one axis: when the margins (`outer`) and
  /// paddings (`inner`) leave less than `minimum` of `available`, each is
  /// scaled down in proportion, a margin never below its `floor`.
  private static func fitted(
    outer: (Int, Int), inner: (Int, Int), floor: (Int, Int), available: Int, minimum: Int
  ) -> (outer: (Int, Int), inner: (Int, Int))? {
    var outer = (max(outer.0, floor.0), max(outer.1, floor.1))
    var inner = inner
    let total = outer.0 + outer.1 + inner.0 + inner.1
    let minimum = min(minimum, available - floor.0 - floor.1)
    guard minimum >= 1 else { return nil }
    if available - total < minimum {
      let desired = available - minimum
      func scaled(_ value: Int) -> Int { Int(Double(desired) * Double(value) / Double(total)) }
      inner = (scaled(inner.0), scaled(inner.1))
      outer = (max(floor.0, scaled(outer.0)), max(floor.1, scaled(outer.1)))
    }
    return (outer, inner)
  }
}
