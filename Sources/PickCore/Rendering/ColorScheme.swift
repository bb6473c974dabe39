/// The base colour schemes `--color` names: pick's own, fzf's four, and a
/// high-contrast one.
///
/// A scheme gives some elements a look; the others inherit from their parent
/// (`ThemeElement.parent`). `emphasized` elements are also drawn bold, unless
/// `--no-bold` is given or the user's entry for the element says `regular`
/// (fzf's "boldify", which bolds the same six elements in its schemes).
///
/// - `default`: pick's look before themes existed, and still its default:
///   the 16 standard colours (blue prompt, green matches, red pointer,
///   magenta marker, grey info and borders), bold for what must stand out.
/// - `dark`, `light`, `16` (`base16`), `bw` (`no`): fzf 0.74's schemes, with
///   its 256-colour numbers. fzf picks `dark` or `16` by the terminal; pick
///   keeps its own default unless asked.
/// - `high-contrast`: pick's own, for low vision and bright rooms. It uses no
///   colour at all, only the terminal's default foreground and background:
///   the one pair every palette makes readable against each other, so the
///   scheme follows whatever palette the user chose. Meaning is carried by
///   attributes that survive without colour (and `NO_COLOR`): the current row
///   is reversed and bold, matches are bold and underlined (reversed too on
///   the current row), selected rows bold. Nothing is dim.
public enum ColorScheme: String, CaseIterable, Sendable {
  case standard = "default"
  case dark, light
  case base16 = "16"
  case bw
  case highContrast = "high-contrast"

  /// fzf's other spellings of some names.
  static let aliases: [String: ColorScheme] = ["base16": .base16, "no": .bw]

  /// The scheme a name (or alias) stands for; nil for any other word.
  public static func named(_ name: String) -> ColorScheme? {
    ColorScheme(rawValue: name) ?? aliases[name]
  }

  /// The looks the scheme gives; elements not listed inherit.
  var looks: [ThemeElement: ElementLook] {
    switch self {
    case .standard:
      return [
        .prompt: .palette(4), .hl: .palette(2), .currentHl: .palette(2), .pointer: .palette(1), .marker: .palette(5),
        .info: .palette(8), .spinner: .palette(8), .border: .palette(8),
        .ghost: .attributes(.dim), .nomatch: .attributes(.dim),
      ]
    case .dark:
      return Self.fzf256(
        currentBg: 236, prompt: 110, hl: 108, currentFg: 254, currentHl: 151, spinner: 148, info: 144,
        header: 109, border: 59, label: 145)
    case .light:
      return Self.fzf256(
        currentBg: 251, prompt: 25, hl: 66, currentFg: 237, currentHl: 23, spinner: 65, info: 101,
        header: 31, border: 145, label: 59)
    case .base16:
      return [
        .currentBg: .palette(8), .prompt: .palette(4), .hl: .palette(2), .currentFg: .palette(15),
        .currentHl: .palette(10), .spinner: .palette(2), .info: .palette(3), .pointer: .palette(1),
        .marker: .palette(5), .header: .palette(6), .footer: .palette(6),
        .border: .attributes(.dim), .ghost: .attributes(.dim), .nomatch: .attributes(.dim),
      ]
    case .bw:
      return [
        .hl: .attributes(.underline), .currentFg: .attributes(.reverse),
        .currentHl: .attributes([.reverse, .underline]), .border: .attributes(.dim),
        .gutter: .attributes(.dim), .ghost: .attributes(.dim), .nomatch: .attributes(.dim),
      ]
    case .highContrast:
      return [
        .hl: .attributes(.underline), .currentFg: .attributes(.reverse),
        .currentHl: .attributes([.reverse, .underline]), .ghost: .attributes(.italic),
        .nomatch: .attributes(.italic),
      ]
    }
  }

  /// The elements the scheme draws bold.
  var emphasized: Set<ThemeElement> {
    switch self {
    case .standard: return [.prompt, .hl, .currentHl, .pointer, .marker, .currentFg]
    case .dark, .light, .base16, .bw: return [.currentFg, .currentHl, .prompt, .query, .pointer, .spinner]
    case .highContrast:
      return [.currentFg, .currentHl, .prompt, .query, .pointer, .marker, .spinner, .hl, .selectedFg, .label]
    }
  }

  /// fzf's `dark` and `light`: the same elements, different 256-colour numbers.
  private static func fzf256(
    currentBg: UInt8, prompt: UInt8, hl: UInt8, currentFg: UInt8, currentHl: UInt8, spinner: UInt8,
    info: UInt8, header: UInt8, border: UInt8, label: UInt8
  ) -> [ThemeElement: ElementLook] {
    [
      .currentBg: .palette(currentBg), .prompt: .palette(prompt), .hl: .palette(hl),
      .currentFg: .palette(currentFg), .currentHl: .palette(currentHl), .spinner: .palette(spinner),
      .info: .palette(info), .pointer: .palette(161), .marker: .palette(168), .header: .palette(header),
      .footer: .palette(header), .border: .palette(border), .label: .palette(label),
      .ghost: .attributes(.dim), .nomatch: .attributes(.dim),
    ]
  }
}
