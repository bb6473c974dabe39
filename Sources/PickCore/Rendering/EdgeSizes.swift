/// `--margin` and `--padding`: a size for each edge (top, right, bottom,
/// left), each a number of cells or a percentage of the screen.
///
/// The grammar is fzf's: one value for every edge (`TRBL`), two for top and
/// bottom, then right and left (`TB,RL`), three for top, right and left,
/// bottom (`T,RL,B`), four in clockwise order (`T,R,B,L`). A size is a
/// whole number (`2`) or a number with `%` (`5%`, `2.5%`), at most 49%:
/// two opposite edges must leave something between them.
public struct EdgeSizes: Equatable, Hashable, Sendable {
  /// One edge's size.
  public enum Size: Equatable, Hashable, Sendable {
    case cells(Int)
    /// Per cent of the screen's height (top, bottom) or width (right, left).
    case percent(Double)

    /// The size in cells on a screen whose extent along this edge's axis
    /// is `extent` (never more than the extent).
    public func cells(of extent: Int) -> Int {
      switch self {
      case .cells(let count): return min(count, max(extent, 0))
      case .percent(let share): return Int(Double(max(extent, 0)) * share / 100)
      }
    }
  }

  public var top: Size, right: Size, bottom: Size, left: Size

  public init(top: Size, right: Size, bottom: Size, left: Size) {
    self.top = top
    self.right = right
    self.bottom = bottom
    self.left = left
  }

  /// No space on any edge.
  public static let zero = EdgeSizes(top: .cells(0), right: .cells(0), bottom: .cells(0), left: .cells(0))

  /// The largest percentage an edge may take.
  public static let maximumPercent = 49.0

  /// Parses `TRBL`, `TB,RL`, `T,RL,B` or `T,R,B,L`.
  public static func parse(_ bytes: [UInt8]) throws(InvalidValue) -> EdgeSizes {
    let text = String(decoding: bytes, as: UTF8.self)
    var sizes: [Size] = []
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      sizes.append(try size(part))
    }
    switch sizes.count {
    case 1: return EdgeSizes(top: sizes[0], right: sizes[0], bottom: sizes[0], left: sizes[0])
    case 2: return EdgeSizes(top: sizes[0], right: sizes[1], bottom: sizes[0], left: sizes[1])
    case 3: return EdgeSizes(top: sizes[0], right: sizes[1], bottom: sizes[2], left: sizes[1])
    case 4: return EdgeSizes(top: sizes[0], right: sizes[1], bottom: sizes[2], left: sizes[3])
    default: throw InvalidValue("expected 1 to 4 comma-separated sizes: TRBL, TB,RL, T,RL,B or T,R,B,L")
    }
  }

  /// One size: digits, or digits with an optional fraction and `%`.
  private static func size(_ text: Substring) throws(InvalidValue) -> Size {
    let digits = { (part: Substring) in !part.isEmpty && part.allSatisfy { $0.isASCII && $0.isNumber } }
    if text.hasSuffix("%") {
      let number = text.dropLast()
      let pieces = number.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
      guard pieces.allSatisfy(digits), let share = Double(number) else {
        throw InvalidValue("a size is N or N% (N a non-negative number)")
      }
      guard share <= maximumPercent else { throw InvalidValue("at most \(Int(maximumPercent))%") }
      return .percent(share)
    }
    guard digits(text), let count = Int(text) else {
      throw InvalidValue("a size is N or N% (N a non-negative whole number)")
    }
    return .cells(count)
  }
}
