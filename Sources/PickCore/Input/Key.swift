/// A key the user pressed, with the modifiers the terminal reported.
///
/// `code` says what the key is; `shift`, `alt` and `ctrl` are modifiers
/// beyond what `code` already says: Ctrl-A is `.control("a")` with no flag
/// set, Ctrl-Left is `.left` with `ctrl`, Shift-Tab is `.tab` with `shift`,
/// Alt-A is `.character("a")` with `alt`.
///
/// Backspace follows fzf 0.74 on Unix: the byte 0x7F is `bspace`, the byte
/// 0x08 is `ctrl-bspace` (`.backspace` with `ctrl`). fzf makes `ctrl-h` a
/// second name for that key, since a terminal sends 0x08 for both Ctrl-H and
/// (in xterm and most others) Ctrl-Backspace; a keymap should do the same.
public struct Key: Hashable, Sendable {
  public enum Code: Hashable, Sendable {
    /// Printable text, space included; never a control character (C0, DEL, C1).
    case character(Unicode.Scalar)
    case enter, tab, backspace, delete, insert, escape
    case up, down, left, right, home, end, pageUp, pageDown
    /// F1 ... F12.
    case function(Int)
    /// Ctrl-A ... Ctrl-Z as "a" ... "z", Ctrl-Space as " ", and Ctrl-\ Ctrl-]
    /// Ctrl-^ Ctrl-/ as "\\" "]" "^" "/" (0x1C ... 0x1F; Ctrl-_ sends 0x1F too).
    case control(Unicode.Scalar)
  }

  public var code: Code
  public var shift = false
  public var alt = false
  public var ctrl = false

  public init(_ code: Code, shift: Bool = false, alt: Bool = false, ctrl: Bool = false) {
    self.code = code
    self.shift = shift
    self.alt = alt
    self.ctrl = ctrl
  }

  /// fzf 0.74's name for the key, as `--bind` and `--expect` spell it.
  ///
  /// Modifiers come first in fzf's order (`ctrl-alt-shift-up`); a plain
  /// printable character is its own name (`a`, `A`, `é`), except space.
  /// Where fzf accepts several spellings the short one is used for the bare
  /// key (`del`, `pgup`, `pgdn`, `bspace`, `esc`) and the only one fzf has
  /// for the modified forms (`ctrl-delete`, `shift-page-up`, `alt-bspace`).
  /// Alt-Tab is `ctrl-alt-i`, fzf's name for ESC followed by 0x09. Keys fzf
  /// cannot bind (Ctrl-F5, Alt-Insert, ...) get a name of the same pattern.
  public var name: String {
    let modified = shift || alt || ctrl
    let base: String
    switch code {
    case .character(let scalar):
      if scalar == " " {
        base = "space"
      } else if !modified {
        return String(Character(scalar))
      } else {
        base = String(Character(scalar))
      }
    case .control(let scalar):
      base = scalar == " " ? "space" : String(Character(scalar))
      return prefix(ctrl: true, alt: alt, shift: shift) + base
    case .enter: base = "enter"
    case .tab:
      if alt && !ctrl && !shift { return "ctrl-alt-i" }
      base = "tab"
    case .backspace: base = "bspace"
    case .delete: base = modified ? "delete" : "del"
    case .insert: base = "insert"
    case .escape: base = "esc"
    case .up: base = "up"
    case .down: base = "down"
    case .left: base = "left"
    case .right: base = "right"
    case .home: base = "home"
    case .end: base = "end"
    case .pageUp: base = modified ? "page-up" : "pgup"
    case .pageDown: base = modified ? "page-down" : "pgdn"
    case .function(let number): base = "f\(number)"
    }
    return prefix(ctrl: ctrl, alt: alt, shift: shift) + base
  }

  private func prefix(ctrl: Bool, alt: Bool, shift: Bool) -> String {
    (ctrl ? "ctrl-" : "") + (alt ? "alt-" : "") + (shift ? "shift-" : "")
  }
}
