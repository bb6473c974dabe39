/// `--color`: a base scheme and element looks, added up over every `--color`
/// option (the defaults' first, then the command line's).
///
/// The grammar is fzf 0.74's (`parseTheme`):
///
///     --color=[BASE][,ELEMENT:COMPONENT[:COMPONENT]...]...
///
/// - Entries are separated by commas and/or white space; case is ignored.
/// - BASE is a scheme name (`ColorScheme`: `default`, `dark`, `light`, `16`
///   or `base16`, `bw` or `no`, `high-contrast`). It starts over: the scheme
///   replaces the earlier one and drops every element look given before it,
///   in this option or an earlier one.
/// - ELEMENT is one of fzf's names (`ThemeElement`, with fzf's aliases such
///   as `fg+` and `input`), and needs at least one component.
/// - A component is a colour (`-1` for the terminal's default, `0`-`255`,
///   `#rrggbb`, or a name: `black` ... `white`, `bright-black` (`gray`,
///   `grey`) ... `bright-white`), an attribute (`bold` or `strong`, `dim`,
///   `italic`, `underline`, fzf's `underline-double|curly|dotted|dashed`
///   drawn as a plain underline, `blink`, `reverse`, `strikethrough`,
///   `strip`), `regular` (clear the attributes so far, and the scheme's
///   bold), or empty (`hl::bold`).
/// - An element given again adds to its earlier look: a later colour wins,
///   attributes add up until a `regular`.
///
/// Errors name the entry and the part of it that is wrong.
public struct ColorSpec: Equatable, Sendable {
  public var scheme: ColorScheme = .standard
  public var overrides: [ThemeElement: ElementLook] = [:]

  public init() {}

  /// The theme this spec describes; `bold: false` for `--no-bold`.
  public func theme(bold: Bool = true) -> Theme {
    Theme(scheme: scheme, overrides: overrides, bold: bold)
  }

  /// Adds one `--color` value.
  public mutating func apply(_ value: [UInt8]) throws(InvalidValue) {
    let text = String(decoding: value, as: UTF8.self).lowercased()
    let entries = text.split { $0 == "," || $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
    for entry in entries {
      if let scheme = ColorScheme.named(String(entry)) {
        self.scheme = scheme
        overrides = [:]
        continue
      }
      let (element, look) = try Self.entry(entry)
      overrides[element] = (overrides[element] ?? ElementLook()).adding(look)
    }
  }

  /// One `ELEMENT:COMPONENT...` entry.
  static func entry(_ entry: Substring) throws(InvalidValue) -> (ThemeElement, ElementLook) {
    let parts = entry.split(separator: ":", omittingEmptySubsequences: false)
    let name = String(parts[0])
    guard let element = ThemeElement.named(name) else {
      throw InvalidValue(unknownName(name, hasComponents: parts.count > 1))
    }
    guard parts.count > 1 else {
      throw InvalidValue("'\(name)' needs a colour or an attribute (\(name):COLOR[:ATTRIBUTE...])")
    }
    var look = ElementLook()
    for part in parts.dropFirst() {
      try add(String(part), to: &look, in: entry)
    }
    return (element, look)
  }

  /// Why `name` is neither an element nor (without components) a scheme, with the nearest name.
  private static func unknownName(_ name: String, hasComponents: Bool) -> String {
    let elements = ThemeElement.allCases.map(\.rawValue) + ThemeElement.aliases.keys.sorted()
    let schemes = ColorScheme.allCases.map(\.rawValue) + ColorScheme.aliases.keys.sorted()
    let what = hasComponents ? "colour element" : "colour scheme or element"
    let candidates = hasComponents ? elements : schemes + elements
    let hint = Suggestion.nearest(to: name, in: candidates).map { "; did you mean \($0)?" } ?? ""
    return "unknown \(what) '\(name)'\(hint)"
  }

  /// Adds one component (a colour, an attribute, `regular` or nothing) to `look`.
  private static func add(_ part: String, to look: inout ElementLook, in entry: Substring) throws(InvalidValue) {
    if part.isEmpty { return }
    if part == "regular" {
      look.attributes = []
      look.isRegular = true
    } else if let attribute = attributes[part] {
      look.attributes = (look.attributes ?? []).union(attribute)
    } else if let color = try color(part, in: entry) {
      look.color = color
    } else {
      throw InvalidValue("'\(entry)': '\(part)' is not a colour or an attribute")
    }
  }

  /// The colour a component names, nil when it names none.
  static func color(_ part: String, in entry: Substring) throws(InvalidValue) -> ElementLook.ColorChoice? {
    if let index = colorNames[part] { return .color(.palette(index)) }
    if part.first == "#" {
      let digits = part.dropFirst()
      guard digits.count == 6, digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16) else {
        return nil
      }
      return .color(.rgb(UInt8(value >> 16), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)))
    }
    guard part.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "-") }), let number = Int(part) else {
      return nil
    }
    guard number >= -1, number <= 255 else {
      throw InvalidValue("'\(entry)': colour \(part) is out of range (-1 to 255)")
    }
    return number == -1 ? .terminalDefault : .color(.palette(UInt8(number)))
  }

  static let attributes: [String: TextAttributes] = [
    "bold": .bold, "strong": .bold, "dim": .dim, "italic": .italic, "underline": .underline,
    "underline-double": .underline, "underline-curly": .underline, "underline-dotted": .underline,
    "underline-dashed": .underline, "blink": .blink, "reverse": .reverse, "strikethrough": .strikethrough,
    "strip": .strip,
  ]

  static let colorNames: [String: UInt8] = [
    "black": 0, "red": 1, "green": 2, "yellow": 3, "blue": 4, "magenta": 5, "cyan": 6, "white": 7,
    "bright-black": 8, "gray": 8, "grey": 8, "bright-red": 9, "bright-green": 10, "bright-yellow": 11,
    "bright-blue": 12, "bright-magenta": 13, "bright-cyan": 14, "bright-white": 15,
  ]
}
