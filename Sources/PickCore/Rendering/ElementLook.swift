/// Text attributes a theme element can carry (`--color hl:red:underline`).
public struct TextAttributes: OptionSet, Hashable, Sendable {
  public let rawValue: UInt16
  public init(rawValue: UInt16) { self.rawValue = rawValue }

  public static let bold = TextAttributes(rawValue: 1 << 0)
  public static let dim = TextAttributes(rawValue: 1 << 1)
  public static let italic = TextAttributes(rawValue: 1 << 2)
  public static let underline = TextAttributes(rawValue: 1 << 3)
  public static let blink = TextAttributes(rawValue: 1 << 4)
  public static let reverse = TextAttributes(rawValue: 1 << 5)
  public static let strikethrough = TextAttributes(rawValue: 1 << 6)
  /// fzf's `strip`: the text's own colours (`--ansi`) are dropped.
  public static let strip = TextAttributes(rawValue: 1 << 7)
}

/// How a scheme or a `--color` entry styles one element: a colour and
/// attributes, each either given or left to the element's parent.
///
/// `nil` means "not given", which is not the same as "the terminal's
/// default": `fg:-1` gives the default colour (`.terminalDefault`) and stops
/// `fg` from inheriting anything.
public struct ElementLook: Equatable, Sendable {
  /// A colour that was given: the terminal's default (`-1`) or a colour.
  public enum ColorChoice: Equatable, Sendable {
    case terminalDefault
    case color(Color)

    var color: Color? {
      if case .color(let color) = self { return color }
      return nil
    }
  }

  public var color: ColorChoice?
  public var attributes: TextAttributes?
  /// `regular` was given: the attributes start from nothing, and a scheme's
  /// bold (fzf's "boldify") is not added.
  public var isRegular = false

  public init(color: ColorChoice? = nil, attributes: TextAttributes? = nil, isRegular: Bool = false) {
    self.color = color
    self.attributes = attributes
    self.isRegular = isRegular
  }

  /// A look with a palette colour and, optionally, attributes.
  static func palette(_ index: UInt8, _ attributes: TextAttributes? = nil) -> ElementLook {
    ElementLook(color: .color(.palette(index)), attributes: attributes)
  }

  /// A look with attributes only.
  static func attributes(_ attributes: TextAttributes) -> ElementLook {
    ElementLook(attributes: attributes)
  }

  /// This look with `other` laid over it, the way a later `--color` entry
  /// for the same element adds to an earlier one (fzf's `mergeAttr`): a
  /// colour replaces the colour, attributes add up, `regular` clears them.
  func adding(_ other: ElementLook) -> ElementLook {
    var look = self
    if let color = other.color { look.color = color }
    if other.isRegular {
      look.attributes = other.attributes ?? []
      look.isRegular = true
    } else if let attributes = other.attributes {
      look.attributes = (look.attributes ?? []).union(attributes)
    }
    return look
  }
}

/// An element's look once resolved: its colour (nil: the terminal's
/// default) and attributes.
public struct ElementStyle: Equatable, Sendable {
  public var color: Color?
  public var attributes: TextAttributes

  public init(color: Color? = nil, attributes: TextAttributes = []) {
    self.color = color
    self.attributes = attributes
  }

  /// This style with `look` laid over it: a given colour replaces the
  /// colour; given attributes replace the attributes, or are added to them
  /// when `adds` is set (and `regular` was not given).
  func overlaid(with look: ElementLook?, adds: Bool = false) -> ElementStyle {
    guard let look else { return self }
    var style = self
    if let color = look.color { style.color = color.color }
    if let attributes = look.attributes {
      style.attributes = adds && !look.isRegular ? style.attributes.union(attributes) : attributes
    } else if look.isRegular {
      style.attributes = []
    }
    return style
  }
}
