/// How many cells the virtual terminal gives a character: a deliberately
/// simple rule, close to what terminals do, so tests can build frames whose
/// widths the virtual terminal agrees with.
///
/// - 2 for the East Asian wide ranges: U+1100–115F, U+2E80–A4CF, U+AC00–D7A3,
///   U+F900–FAFF, U+FE30–FE4F, U+FF00–FF60, U+FFE0–FFE6, U+1F300–1F64F,
///   U+1F900–1F9FF, U+20000–3FFFD;
/// - 0 for combining marks (general categories Mn and Me), format characters
///   (Cf: ZWJ, bidi marks, …) and variation selectors;
/// - 1 for everything else.
public enum CellWidth {
  public static func of(_ scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x300 { return 1 }
    if isWide(value) { return 2 }
    if (0xFE00...0xFE0F).contains(value) || (0xE0100...0xE01EF).contains(value) { return 0 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: return 1
    }
  }

  /// The columns `text` takes: the sum of its characters' widths.
  public static func of(_ text: String) -> Int {
    text.unicodeScalars.reduce(0) { $0 + of($1) }
  }

  private static func isWide(_ value: UInt32) -> Bool {
    switch value {
    case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
      0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
      return true
    default:
      return false
    }
  }
}
