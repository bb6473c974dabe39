/// Select Graphic Rendition: what the parameters of `ESC [ … m` do to a
/// `Style`. One interpreter for every place pick reads colours from text it
/// was given: items under `--ansi` (`ANSIFilter`) and a preview's output
/// (`PreviewText`).
///
/// ## Grammar
///
/// Parameters are separated by `;`; a parameter may carry sub-parameters
/// after `:` (ITU T.416, as kitty and newer terminals send them). An empty
/// parameter counts as 0 (a reset), as on xterm, and so does an empty list
/// (`ESC [ m`).
///
/// | code | effect |
/// |---|---|
/// | 0 | reset to the terminal's defaults |
/// | 1, 2, 3, 4, 5 (6), 7, 9 | bold, dim, italic, underline, blink, reverse, strikethrough |
/// | 4:0 / 4:N | underline off / on (every underline style draws as one) |
/// | 21 | double underline, drawn as underline |
/// | 22, 23, 24, 25, 27, 29 | the attributes off again (22: bold and dim) |
/// | 30–37, 90–97 / 40–47, 100–107 | the 8 + 8 foreground / background colours |
/// | 39 / 49 | default foreground / background |
/// | 38;5;N, 38:5:N (48 for the background) | palette colour N (0–255) |
/// | 38;2;R;G;B, 38:2:R:G:B, 38:2:CS:R:G:B | 24-bit colour, kept as `.rgb` |
/// | 58 … | underline colour: read and ignored (pick does not draw it) |
///
/// A colour with a component outside 0–255, or cut short, changes nothing;
/// every other code is ignored. Reading allocates nothing: it runs for each
/// coloured item of a large input.
public enum SGR {
  /// Applies the parameter bytes of one SGR sequence (between `ESC [` and
  /// `m`) to `style`. Bytes other than digits, `;` and `:` end the reading.
  public static func apply(_ parameters: UnsafeBufferPointer<UInt8>, to style: inout Style) {
    var reader = Reader(bytes: parameters)
    guard !reader.isAtEnd else {
      style = .plain
      return
    }
    while let (value, separator) = reader.parameter() {
      let code = value ?? 0
      var hasSubparameters = separator == UInt8(ascii: ":")
      switch code {
      case 38, 48, 58:
        let color = hasSubparameters ? reader.colorFromSubparameters() : reader.colorFromParameters()
        hasSubparameters = false
        if code == 38, let color { style.foreground = color }
        if code == 48, let color { style.background = color }
      case 4 where hasSubparameters:
        let (kind, _) = reader.parameter() ?? (nil, 0)
        style.underline = (kind ?? 0) != 0
      default:
        applyPlain(code, to: &style)
      }
      if hasSubparameters { reader.skipSubparameters() }
    }
  }

  /// Applies `parameters` given as bytes (tests, fixed text).
  public static func apply(_ parameters: [UInt8], to style: inout Style) {
    parameters.withUnsafeBufferPointer { apply($0, to: &style) }
  }

  /// The codes that take no arguments.
  private static func applyPlain(_ code: Int, to style: inout Style) {
    switch code {
    case 0: style = .plain
    case 1: style.bold = true
    case 2: style.dim = true
    case 3: style.italic = true
    case 4, 21: style.underline = true
    case 5, 6: style.blink = true
    case 7: style.reverse = true
    case 9: style.strikethrough = true
    case 22:
      style.bold = false
      style.dim = false
    case 23: style.italic = false
    case 24: style.underline = false
    case 25: style.blink = false
    case 27: style.reverse = false
    case 29: style.strikethrough = false
    case 30...37: style.foreground = .palette(UInt8(code - 30))
    case 39: style.foreground = nil
    case 40...47: style.background = .palette(UInt8(code - 40))
    case 49: style.background = nil
    case 90...97: style.foreground = .palette(UInt8(code - 90 + 8))
    case 100...107: style.background = .palette(UInt8(code - 100 + 8))
    default: break
    }
  }

  /// Reads parameters one at a time, without allocating.
  struct Reader {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    /// The separator after the last parameter read (`;`, `:`, or 0 at the end).
    var lastSeparator: UInt8 = 0

    var isAtEnd: Bool { index >= bytes.count }

    /// The next parameter (`nil` when empty) and the separator that ends it
    /// (0 at the end); `nil` when there is none left.
    mutating func parameter() -> (Int?, UInt8)? {
      guard index < bytes.count || lastSeparator != 0 else { return nil }
      var value: Int? = nil
      while index < bytes.count {
        let byte = bytes[index]
        index += 1
        if byte == UInt8(ascii: ";") || byte == UInt8(ascii: ":") {
          lastSeparator = byte
          return (value, byte)
        }
        guard byte &- UInt8(ascii: "0") < 10 else {
          // Not a parameter byte: nothing more is read.
          index = bytes.count
          break
        }
        // Saturate: a 30-digit parameter is no colour, and must not overflow.
        value = min((value ?? 0) * 10 + Int(byte &- UInt8(ascii: "0")), 1 << 20)
      }
      lastSeparator = 0
      return (value, 0)
    }

    /// Skips what is left of the current parameter's sub-parameters.
    mutating func skipSubparameters() {
      while lastSeparator == UInt8(ascii: ":"), parameter() != nil {}
    }

    /// `38;5;N` or `38;2;R;G;B`: the colour in the parameters that follow.
    mutating func colorFromParameters() -> Color? {
      guard lastSeparator == UInt8(ascii: ";"), let (kind, _) = parameter() else { return nil }
      switch kind {
      case 5:
        guard let (n, _) = parameter() else { return nil }
        return SGR.palette(n)
      case 2:
        guard let (r, _) = parameter(), let (g, _) = parameter(), let (b, _) = parameter() else { return nil }
        return SGR.rgb(r, g, b)
      default: return nil
      }
    }

    /// `38:5:N`, `38:2:R:G:B` or `38:2:CS:R:G:B` (with a colour-space id,
    /// often empty): the colour in the sub-parameters. Consumes them all.
    mutating func colorFromSubparameters() -> Color? {
      var values: (Int?, Int?, Int?, Int?, Int?) = (nil, nil, nil, nil, nil)
      var count = 0
      while lastSeparator == UInt8(ascii: ":"), let (value, _) = parameter() {
        switch count {
        case 0: values.0 = value
        case 1: values.1 = value
        case 2: values.2 = value
        case 3: values.3 = value
        case 4: values.4 = value
        default: break
        }
        count += 1
      }
      switch (values.0, count) {
      case (5, 2...): return SGR.palette(values.1)
      case (2, 4): return SGR.rgb(values.1, values.2, values.3)
      case (2, 5...): return SGR.rgb(values.2, values.3, values.4)
      default: return nil
      }
    }
  }

  static func palette(_ n: Int?) -> Color? {
    guard let n, n <= 255 else { return nil }
    return .palette(UInt8(n))
  }

  static func rgb(_ r: Int?, _ g: Int?, _ b: Int?) -> Color? {
    guard let r, let g, let b, r <= 255, g <= 255, b <= 255 else { return nil }
    return .rgb(UInt8(r), UInt8(g), UInt8(b))
  }
}
