/// Combining diacritical marks, which the matcher skips after a Latin base
/// letter when accent folding.
///
/// macOS writes file names decomposed (NFD): `é` arrives as `e` followed by
/// U+0301 COMBINING ACUTE ACCENT. Skipping the mark lets `cafe` find such a
/// `café` exactly as it finds the precomposed one, which `LatinFolding`
/// handles.
///
/// The blocks covered are the combining diacritical marks proper and their
/// extensions and supplements: U+0300–036F, U+1AB0–1AFF, U+1DC0–1DFF,
/// U+20D0–20FF (marks for symbols) and U+FE20–FE2F (half marks). Marks of
/// other scripts (Hebrew points, Devanagari signs, ...) are letters' parts
/// there and are not listed.
public enum CombiningMarks {
  /// Whether `unit` is in one of the combining diacritical mark blocks.
  @inlinable
  public static func isCombining(_ unit: UInt32) -> Bool {
    // One comparison rejects ASCII, Latin-1 and everything above the last block.
    guard unit >= 0x0300, unit <= 0xFE2F else { return false }
    if unit <= 0x036F { return true }
    if unit < 0x1AB0 { return false }
    return unit <= 0x1AFF
      || (0x1DC0...0x1DFF).contains(unit)
      || (0x20D0...0x20FF).contains(unit)
      || unit >= 0xFE20
  }
}
