/// `--tmux[=OPTS]` / `--popup[=OPTS]`: run the picker in a tmux popup, with
/// fzf 0.74's grammar `[center|top|bottom|left|right][,SIZE[%]][,SIZE[%]][,border-native]`
/// (`,` or `:` between the parts; default `center,50%`).
///
/// One size is the popup's height at the top or bottom (the width is then the
/// whole window), its width on the left or right (the height is then the whole
/// window), and both in the centre; two sizes are the width and the height.
/// How the popup is run is in Docs/Popup.md.
public struct PopupSpec: Equatable, Sendable {
  /// Where tmux places the popup in the window.
  public enum Position: String, Equatable, Sendable {
    case center, top, bottom, left, right
  }

  /// A width or height: cells, or a percentage of the window.
  public struct Size: Equatable, Sendable, CustomStringConvertible {
    public var value: Int
    public var isPercent: Bool

    public init(_ value: Int, percent: Bool) {
      self.value = value
      self.isPercent = percent
    }

    /// As tmux's `-w`/`-h` take it: `50%` or `80`.
    public var description: String { isPercent ? "\(value)%" : "\(value)" }
  }

  public var position = Position.center
  public var width = Size(50, percent: true)
  public var height = Size(50, percent: true)
  /// `border-native`: tmux draws the popup's border, and pick draws none of its own.
  public var nativeBorder = false

  /// `center,50%`, what `--tmux` alone means.
  public static let standard = PopupSpec()

  public init(
    position: Position = .center, width: Size = Size(50, percent: true),
    height: Size = Size(50, percent: true), nativeBorder: Bool = false
  ) {
    self.position = position
    self.width = width
    self.height = height
    self.nativeBorder = nativeBorder
  }

  /// The grammar, for error messages and `--help`.
  public static let grammar = "[center|top|bottom|left|right][,SIZE[%]][,SIZE[%]][,border-native]"

  /// Parses an attached value (`--tmux=bottom,40%`).
  public static func parse(_ value: [UInt8]) throws(InvalidValue) -> PopupSpec {
    let text = String(decoding: value, as: UTF8.self)
    let failure = InvalidValue("expected \(grammar)")
    var tokens = text.split(omittingEmptySubsequences: false) { $0 == "," || $0 == ":" }.map(String.init)
    // fzf splits on runs of separators: `top,,40%` is `top,40%`.
    tokens = tokens.enumerated().filter { $0.offset == 0 || !$0.element.isEmpty }.map(\.element)
    var spec = PopupSpec()
    if let index = tokens.firstIndex(of: "border-native") {
      tokens.remove(at: index)
      spec.nativeBorder = true
    }
    if let first = tokens.first, let position = Self.position(named: first) {
      tokens.removeFirst()
      spec.position = position
    }
    guard tokens.count <= 2 else { throw failure }
    let sizes = try tokens.map { token throws(InvalidValue) in try Self.size(token) }
    spec.applyDefaults(sizes: sizes)
    return spec
  }

  /// fzf's spellings; `up` and `down` are its aliases of `top` and `bottom`.
  private static func position(named name: String) -> Position? {
    switch name {
    case "up": return .top
    case "down": return .bottom
    default: return Position(rawValue: name)
    }
  }

  /// `N` cells (at least 1) or `N%` (1 to 100).
  private static func size(_ token: String) throws(InvalidValue) -> Size {
    var digits = Substring(token)
    let isPercent = digits.last == "%"
    if isPercent { digits = digits.dropLast() }
    guard !digits.isEmpty, digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let number = Int(digits),
      number >= 1
    else {
      throw InvalidValue("expected \(grammar); a SIZE is N cells or N% (at least 1)")
    }
    if isPercent && number > 100 {
      throw InvalidValue("expected \(grammar); a SIZE is at most 100%")
    }
    return Size(number, percent: isPercent)
  }

  /// The sizes the position implies, then the ones given (see the type's comment).
  private mutating func applyDefaults(sizes: [Size]) {
    switch position {
    case .top, .bottom: width = Size(100, percent: true)
    case .left, .right: height = Size(100, percent: true)
    case .center: break
    }
    if sizes.count == 2 {
      width = sizes[0]
      height = sizes[1]
    } else if let size = sizes.first {
      switch position {
      case .top, .bottom: height = size
      case .left, .right: width = size
      case .center:
        width = size
        height = size
      }
    }
  }
}
