/// Case and accent folding of the characters below U+0800 (the two-byte
/// UTF-8 range: Latin-1, Latin Extended, Greek, Cyrillic, Hebrew, Arabic...)
/// by one lookup, for the hot loops that fold every character of an item:
/// `CaseFolding.lower` and `LatinFolding.base` each walk a two-level table.
///
/// Built once, on first use, from `Folding.fold` (2 048 characters times
/// four foldings), so it cannot disagree with them; the tests compare every entry.
enum TwoByteFolding {
  /// `table[folding.index << 11 | unit]` for `unit` below 0x800 (`Folding.index`).
  static let table: [UInt32] = {
    var table = [UInt32](repeating: 0, count: 4 << 11)
    for folding in Folding.all {
      for unit: UInt32 in 0..<0x800 {
        table[folding.index << 11 | Int(unit)] = folding.fold(unit)
      }
    }
    return table
  }()
}
