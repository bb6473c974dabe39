/// `--border[=STYLE]`: which sides of pick's area get a line, and which
/// glyphs draw it. The names and glyphs are fzf 0.74's.
///
/// A side with a vertical line takes two columns, the glyph and a space
/// (fzf's spacing); a horizontal line takes one row. `line` is a single line
/// where fzf puts it: none full screen, the top line inline (`--height`); it
/// is resolved once the mode is known (`resolved(isInline:)`). `inline`
/// is for the header and footer sections only: drawn inside the list's box,
/// parted from the list by a line with T-junctions (`SectionPlan`).
public enum BorderShape: String, Equatable, Hashable, Sendable, CaseIterable {
  case rounded, sharp, bold, double, dashed, block, thinblock
  case horizontal, vertical, top, bottom, left, right, line, inline, none

  /// The glyphs of the lines: horizontal top and bottom, vertical left and
  /// right, and the corners. Every one is a single column wide (`DisplayWidth`).
  public struct Glyphs: Equatable, Sendable {
    public var top, bottom, left, right: String
    public var topLeft, topRight, bottomLeft, bottomRight: String
    /// The T-junctions where a line across the box meets its left and right
    /// sides (an inline section's line).
    public var leftMid = "├", rightMid = "┤"
  }

  /// The shape with `line` replaced by what it draws in this mode.
  public func resolved(isInline: Bool) -> BorderShape {
    guard self == .line else { return self }
    return isInline ? .top : .none
  }

  /// Whether the shape draws a line along that side.
  public var hasTop: Bool { Self.boxes.contains(self) || self == .horizontal || self == .top }
  public var hasBottom: Bool { Self.boxes.contains(self) || self == .horizontal || self == .bottom }
  public var hasLeft: Bool { Self.boxes.contains(self) || self == .vertical || self == .left }
  public var hasRight: Bool { Self.boxes.contains(self) || self == .vertical || self == .right }

  /// Whether a label can go on the shape (it needs a horizontal line).
  public var hasHorizontalLine: Bool { hasTop || hasBottom }

  /// The shapes that draw all four sides.
  private static let boxes: Set<BorderShape> = [.rounded, .sharp, .bold, .double, .dashed, .block, .thinblock]

  public var glyphs: Glyphs {
    switch self {
    case .sharp: return Glyphs(top: "─", bottom: "─", left: "│", right: "│", corners: "┌┐└┘")
    case .bold: return Glyphs(top: "━", bottom: "━", left: "┃", right: "┃", corners: "┏┓┗┛", mids: "┣┫")
    case .double: return Glyphs(top: "═", bottom: "═", left: "║", right: "║", corners: "╔╗╚╝", mids: "╠╣")
    case .dashed: return Glyphs(top: "╶", bottom: "╶", left: "┆", right: "┆", corners: "╭╮╰╯")
    case .block: return Glyphs(top: "▀", bottom: "▄", left: "▌", right: "▐", corners: "▛▜▙▟", mids: "▌▐")
    case .thinblock:
      return Glyphs(top: "▔", bottom: "▁", left: "▏", right: "▕", corners: "🭽🭾🭼🭿", mids: "▏▕")
    default: return Glyphs(top: "─", bottom: "─", left: "│", right: "│", corners: "╭╮╰╯")
    }
  }

  /// The glyphs to draw with: the shape's, or ASCII under `--no-unicode`.
  public func glyphs(ascii: Bool) -> Glyphs { ascii ? .ascii : glyphs }
}

extension BorderShape.Glyphs {
  /// Every shape's lines under `--no-unicode`.
  public static let ascii = BorderShape.Glyphs(
    top: "-", bottom: "-", left: "|", right: "|", corners: "++++", mids: "++")

  /// Corners given in reading order: top-left, top-right, bottom-left,
  /// bottom-right; then the left and right T-junctions (fzf's).
  init(top: String, bottom: String, left: String, right: String, corners: String, mids: String = "├┤") {
    let corner = corners.unicodeScalars.map { String($0) }
    let mid = mids.unicodeScalars.map { String($0) }
    self.init(
      top: top, bottom: bottom, left: left, right: right,
      topLeft: corner[0], topRight: corner[1], bottomLeft: corner[2], bottomRight: corner[3],
      leftMid: mid[0], rightMid: mid[1])
  }
}
