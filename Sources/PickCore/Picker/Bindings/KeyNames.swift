/// fzf 0.74's key names, each mapped to the one name `Key.name` gives the
/// key the decoder produces for it, so that a binding table keyed by name
/// finds every spelling: `ctrl-h`, `ctrl-bs` and `ctrl-backspace` are all
/// `ctrl-bspace`; `return` and `ctrl-m` are `enter`; `ctrl-i` is `tab`.
///
/// Named keys are case-insensitive (`CTRL-A`); a single character is
/// case-sensitive (`A` is not `a`), and so is the character of `alt-X`.
/// Mouse events have names too (`left-click`, `double-click`, ...); fzf's
/// events (`start`, `change`, ...) are `BindingEvent`s.
public enum KeyNames {
  /// The mouse events `--bind` names, as fzf 0.74.
  public static let mouse: Set<String> = [
    "left-click", "right-click", "double-click", "shift-left-click", "shift-right-click",
    "scroll-up",
    "scroll-down", "shift-scroll-up", "shift-scroll-down", "preview-scroll-up",
    "preview-scroll-down",
  ]

  /// Spellings that are another name's synonym, lower case.
  private static let synonyms: [String: String] = [
    "return": "enter", "ctrl-m": "enter",
    "ctrl-i": "tab",
    "btab": "shift-tab",
    "backspace": "bspace", "bs": "bspace", "ctrl-h": "ctrl-bspace",
    "ctrl-backspace": "ctrl-bspace", "ctrl-bs": "ctrl-bspace",
    "alt-backspace": "alt-bspace", "alt-bs": "alt-bspace",
    "ctrl-alt-backspace": "ctrl-alt-bspace", "ctrl-alt-bs": "ctrl-alt-bspace",
    "ctrl-alt-h": "ctrl-alt-bspace",
    "alt-return": "alt-enter", "ctrl-alt-m": "alt-enter",
    "delete": "del",
    "page-up": "pgup", "page-down": "pgdn",
    "ctrl-6": "ctrl-^", "ctrl-_": "ctrl-/",
  ]

  /// Named keys that are their own canonical name (lower case).
  static let named: Set<String> = {
    var names: Set<String> = [
      "up", "down", "left", "right", "enter", "space", "bspace", "ctrl-space", "ctrl-^", "ctrl-/",
      "ctrl-\\",
      "ctrl-]", "alt-enter", "alt-space", "alt-bspace", "ctrl-bspace", "ctrl-alt-bspace", "tab",
      "shift-tab",
      "esc", "del", "home", "end", "insert", "pgup", "pgdn", "f10", "f11", "f12",
    ]
    // The arrows and editing keys with modifiers, as fzf lists them.
    let keys = ["up", "down", "left", "right", "home", "end", "delete", "page-up", "page-down"]
    for key in keys {
      for modifiers in [
        "alt-", "ctrl-", "shift-", "alt-shift-", "ctrl-alt-", "ctrl-shift-", "ctrl-alt-shift-",
      ] {
        names.insert(modifiers + key)
      }
    }
    return names
  }()

  /// fzf accepts two orders for these modifier pairs.
  private static let swappedModifiers: [(String, String)] = [
    ("shift-alt-", "alt-shift-"), ("alt-ctrl-", "ctrl-alt-"), ("shift-ctrl-", "ctrl-shift-"),
  ]

  /// The canonical name of the key (or mouse event) `spelling` names, or nil
  /// when fzf would not accept it ("unsupported key").
  public static func canonical(_ spelling: String) -> String? {
    let lower = spelling.lowercased()
    if let synonym = synonyms[lower] { return synonym }
    if named.contains(lower) || mouse.contains(lower) { return lower }
    for (from, to) in swappedModifiers where lower.hasPrefix(from) {
      let swapped = to + lower.dropFirst(from.count)
      if named.contains(swapped) { return swapped }
    }
    let scalars = Array(spelling.unicodeScalars)
    let bytes = Array(lower.utf8)
    // ctrl-alt-[a-z] (ctrl-alt-h was taken above).
    if bytes.count == 10, lower.hasPrefix("ctrl-alt-"), isLetter(bytes[9]) { return lower }
    // ctrl-[a-z]; ctrl-h, ctrl-i and ctrl-m were taken above.
    if bytes.count == 6, lower.hasPrefix("ctrl-"), isLetter(bytes[5]) { return lower }
    // alt-X for any one character X (case kept).
    if scalars.count == 5, lower.hasPrefix("alt-") {
      return scalars[4] == " " ? "alt-space" : "alt-" + String(Character(scalars[4]))
    }
    // f1 ... f9 (f10-f12 are named above).
    if bytes.count == 2, bytes[0] == UInt8(ascii: "f"), (0x31...0x39).contains(bytes[1]) {
      return lower
    }
    // Any one character.
    if scalars.count == 1 { return scalars[0] == " " ? "space" : spelling }
    return nil
  }

  private static func isLetter(_ byte: UInt8) -> Bool { byte >= 0x61 && byte <= 0x7A }
}
