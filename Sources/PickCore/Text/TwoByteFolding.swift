/// Case and accent folding of the characters below U+0800 (the two-byte
/// UTF-8 range: Latin-1, Latin Extended, Greek, Cyrillic, Hebrew, Arabic...)
/// by one lookup, for the hot loops that fold every character of an item:
/// `CaseFolding.lower` and `LatinFolding.base` each walk a two-level table.
///
/// Built once, on first use, from those two functions (2 048 characters times
/// four foldings), so it cannot disagree with them; the tests compare every entry.
enum TwoByteFolding {
  /// `table[variant << 11 | unit]` for `unit` below 0x800, where `variant`
  /// is `(caseSensitive ? 1 : 0) | (normalize ? 2 : 0)`.
  static let table: [UInt32] = {
    var table = [UInt32](repeating: 0, count: 4 << 11)
    for variant in 0..<4 {
      for unit: UInt32 in 0..<0x800 {
        var folded = unit
        if variant & 1 == 0 { folded = CaseFolding.lower(folded) }
        if variant & 2 != 0 { folded = LatinFolding.base(folded) }
        table[variant << 11 | Int(unit)] = folded
      }
    }
    return table
  }()
}
