/// Which characters fold to a given non-ASCII character, by their first
/// byte: the byte filter skips, sixteen bytes at a time, text holding none
/// of them (a query for `é` need only look where a `C3` byte is, since
/// `É` and `é` both start with it).
///
/// Built once, on first use, from the folding tables themselves (about 1 500
/// characters fold to another non-ASCII one, all below U+20000; the tests
/// check both facts against every character), so it cannot drift from them.
enum FoldSources {
  /// For each non-ASCII character that another one folds to (lower-casing,
  /// accent folding or both), the distinct lead bytes of those others.
  static let leads: [UInt32: [UInt8]] = {
    var map: [UInt32: [UInt8]] = [:]
    for value: UInt32 in 0x80..<limit where !(0xD800..<0xE000).contains(value) {
      let lowered = CaseFolding.lower(value)
      for folded in [lowered, LatinFolding.base(value), LatinFolding.base(lowered)]
      where folded != value && folded >= 0x80 {
        let lead = leadByte(value)
        if map[folded]?.contains(lead) != true { map[folded, default: []].append(lead) }
      }
    }
    // A source that starts like the character itself needs no byte of its own.
    for (target, sources) in map { map[target] = sources.filter { $0 != leadByte(target) } }
    return map
  }()

  /// For each folding (`Folding.index`) and ASCII character, the lead bytes (bit `lead - 0xC0`) that may start a
  /// character folding to it: the two-byte characters that do, read off
  /// `TwoByteFolding.table`, and every three- and four-byte lead that
  /// `ByteFilter.mayStartASCIIFold` accepts. `asciiLeads[folding.index << 7 | unit]`.
  /// A term looking for `z` then skips the `C3` of `é` without decoding it.
  static let asciiLeads: [UInt64] = {
    var masks = [UInt64](repeating: 0, count: 4 << 7)
    var longLeads: UInt64 = 0
    for lead in 0xE0...0xFF where ByteFilter.mayStartASCIIFold(UInt8(lead)) {
      longLeads |= 1 << UInt64(lead - 0xC0)
    }
    let table = TwoByteFolding.table
    for variant in 0..<4 {
      for unit in 0..<128 { masks[variant << 7 | unit] = longLeads }
      for unit in 0x80..<0x800 {
        let folded = table[variant << 11 | unit]
        if folded < 0x80 {
          masks[variant << 7 | Int(folded)] |= 1 << UInt64(leadByte(UInt32(unit)) - 0xC0)
        }
      }
    }
    return masks
  }()

  /// No character at or above this folds to another.
  static let limit: UInt32 = 0x2_0000

  /// The first byte of `unit`'s UTF-8 encoding (0 for a unit that stands for an invalid byte).
  static func leadByte(_ unit: UInt32) -> UInt8 {
    switch unit {
    case 0..<0x80: return UInt8(unit)
    case 0x80..<0x800: return 0xC0 | UInt8(unit >> 6)
    case 0x800..<0x1_0000: return 0xE0 | UInt8(unit >> 12)
    case 0x1_0000..<0x11_0000: return 0xF0 | UInt8(unit >> 18)
    default: return 0
    }
  }
}
