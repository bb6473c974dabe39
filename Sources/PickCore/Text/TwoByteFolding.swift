/// Case and accent folding of the characters below U+0800 (the two-byte
/// UTF-8 range: Latin-1, Latin Extended, Greek, Cyrillic, Hebrew, Arabic...)
/// by one lookup, for the hot loops that fold every character of an item:
/// `CaseFolding.lower` and `LatinFolding.base` each walk a two-level table.
///
/// Built once, on first use, from those two functions (2 048 characters times
/// four foldings), so it cannot disagree with them; the tests compare every entry.
enum TwoByteFolding {
  /// `table[folding.index << 11 | unit]` for `unit` below 0x800 (`Folding.index`).
  static let table: [UInt32] = {
    var table = [UInt32](repeating: 0, count: 4 << 11)
    for folding in Folding.all {
      for unit: UInt32 in 0..<0x800 {
        var folded = unit
        if !folding.isCaseSensitive { folded = CaseFolding.lower(folded) }
        if folding.normalizes { folded = LatinFolding.base(folded) }
        table[folding.index << 11 | Int(unit)] = folded
      }
    }
    return table
  }()
}
