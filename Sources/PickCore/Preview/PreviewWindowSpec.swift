/// `--preview-window`: where the preview pane goes and how it looks, in
/// fzf 0.74's grammar.
///
/// The value is a list of words separated by `,` (or `:`, fzf's older
/// separator), applied left to right over the defaults `right,50%,border`:
///
/// - side: `right`, `left`, `up`/`top`, `down`/`bottom`;
/// - size: `N` (rows or columns) or `N%` of the screen (0–100);
/// - `border` (rounded corners), `border-rounded`, `border-sharp`,
///   `border-bold`, `border-double`, `border-block`, `border-thinblock`
///   (drawn as sharp), one or two sides: `border-top`, `border-bottom`,
///   `border-left`, `border-right`, `border-horizontal`, `border-vertical`,
///   `border-line` (the side facing the list), and `noborder`/`border-none`;
/// - `wrap` (and `wrap-word`, drawn as `wrap`) / `nowrap`;
/// - `hidden` / `nohidden`: start with the pane hidden (`toggle-preview`
///   shows it);
/// - `default`: back to `right,50%,border,nowrap,nohidden`.
///
/// Accepted and ignored, so that fzf configurations keep working: `cycle`,
/// `nocycle`, `follow`, `nofollow`, `info`, `noinfo`, scroll offsets
/// (`+N`, `+{2}-/2`), header lines (`~N`) and the alternative layout for
/// small screens (`<N(…)`). Anything else is an error naming the word.
public struct PreviewWindowSpec: Equatable, Sendable {
  public enum Side: String, Equatable, Sendable {
    case right, left, up, down

    /// Whether the pane is beside the list (left or right) rather than above or below it.
    public var isBeside: Bool { self == .left || self == .right }
  }

  public enum Size: Equatable, Sendable {
    case cells(Int)
    case percent(Int)

    /// The pane's share of `total` rows or columns.
    public func resolved(in total: Int) -> Int {
      switch self {
      case .cells(let n): return min(n, total)
      case .percent(let p): return total * p / 100
      }
    }
  }

  /// Which sides of the pane have a border, and the glyphs it is drawn with.
  public struct Border: Equatable, Sendable {
    public enum Glyphs: Equatable, Sendable { case rounded, sharp, bold, double }
    public var top = true, bottom = true, left = true, right = true
    public var glyphs = Glyphs.rounded

    public static let none = Border(top: false, bottom: false, left: false, right: false)
    public static let box = Border()

    public var isEmpty: Bool { !(top || bottom || left || right) }
  }

  public var side: Side = .right
  public var size: Size = .percent(50)
  public var border: Border = .box
  /// Set by `border-line`: the border goes on the side facing the list, whatever the side.
  public var borderFacesList = false
  public var wraps = false
  public var isHidden = false

  public init() {}

  /// The spec after `value`, starting from `self` (fzf applies repeated
  /// `--preview-window` options on top of each other).
  public func applying(_ value: [UInt8]) throws(InvalidValue) -> PreviewWindowSpec {
    var spec = self
    let text = String(decoding: value, as: UTF8.self)
    for word in text.split(whereSeparator: { $0 == "," || $0 == ":" }) {
      try spec.apply(word)
    }
    return spec
  }

  private mutating func apply(_ word: Substring) throws(InvalidValue) {
    switch word {
    case "right", "left": side = Side(rawValue: String(word)) ?? .right
    case "up", "top": side = .up
    case "down", "bottom": side = .down
    case "border", "border-rounded": setBorder(.box, glyphs: .rounded)
    case "border-sharp", "border-block", "border-thinblock": setBorder(.box, glyphs: .sharp)
    case "border-bold": setBorder(.box, glyphs: .bold)
    case "border-double": setBorder(.box, glyphs: .double)
    case "noborder", "border-none": setBorder(.none, glyphs: border.glyphs)
    case "border-top": setBorder(Border(top: true, bottom: false, left: false, right: false))
    case "border-bottom": setBorder(Border(top: false, bottom: true, left: false, right: false))
    case "border-left": setBorder(Border(top: false, bottom: false, left: true, right: false))
    case "border-right": setBorder(Border(top: false, bottom: false, left: false, right: true))
    case "border-horizontal": setBorder(Border(top: true, bottom: true, left: false, right: false))
    case "border-vertical": setBorder(Border(top: false, bottom: false, left: true, right: true))
    case "border-line":
      setBorder(.none, glyphs: border.glyphs)
      borderFacesList = true
    case "wrap", "wrap-word": wraps = true
    case "nowrap": wraps = false
    case "hidden": isHidden = true
    case "nohidden": isHidden = false
    case "default": self = PreviewWindowSpec()
    case "cycle", "nocycle", "follow", "nofollow", "info", "noinfo": break
    default:
      if word.first == "+" || word.first == "~" || word.first == "<" { return }
      if let size = Self.size(word) {
        self.size = size
        return
      }
      throw InvalidValue("unknown preview window option: \(word)")
    }
  }

  private mutating func setBorder(_ sides: Border, glyphs: Border.Glyphs = .sharp) {
    var sides = sides
    sides.glyphs = glyphs
    border = sides
    borderFacesList = false
  }

  private static func size(_ word: Substring) -> Size? {
    if word.last == "%" {
      guard let n = Int(word.dropLast()), n >= 0, n <= 100, word.first != "+" else { return nil }
      return .percent(n)
    }
    guard let n = Int(word), n >= 0, word.first != "+" else { return nil }
    return .cells(n)
  }

  /// The border's sides for this side of the screen (`border-line` faces the list).
  public var effectiveBorder: Border {
    guard borderFacesList else { return border }
    var sides = Border.none
    sides.glyphs = border.glyphs
    switch side {
    case .right: sides.left = true
    case .left: sides.right = true
    case .up: sides.bottom = true
    case .down: sides.top = true
    }
    return sides
  }
}
