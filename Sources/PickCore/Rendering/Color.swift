/// A colour a span is drawn in.
///
/// `palette` is an index into the terminal's 256-colour palette: 0-7 are the
/// standard colours, 8-15 their bright forms, 16-231 a 6×6×6 cube and 232-255
/// a grey ramp, sent as `38;5;N` / `48;5;N`, which every terminal pick
/// targets understands (the theme decides what they look like). `rgb` is a
/// 24-bit colour, sent as `38;2;R;G;B`: it comes only from the user (`--ansi`
/// items, `--color fg:#rrggbb`, a preview's own escapes), who chose it for a
/// terminal that draws it.
public enum Color: Hashable, Sendable {
  case palette(UInt8)
  case rgb(UInt8, UInt8, UInt8)

  public static let black = Color.palette(0)
  public static let red = Color.palette(1)
  public static let green = Color.palette(2)
  public static let yellow = Color.palette(3)
  public static let blue = Color.palette(4)
  public static let magenta = Color.palette(5)
  public static let cyan = Color.palette(6)
  public static let white = Color.palette(7)
}
