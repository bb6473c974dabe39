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
    // Each (folded character, source's lead byte) in the order the sources
    // come, then grouped by folded character: one dictionary write for
    // each, not one for each source.
    var pairs: [(folded: UInt32, lead: UInt8, order: Int)] = []
    for value in foldedUnits where !(0xD800..<0xE000).contains(value) {
      let lowered = CaseFolding.lower(value)
      for folded in [lowered, LatinFolding.base(value), LatinFolding.base(lowered)]
      where folded != value && folded >= 0x80 {
        pairs.append((folded, leadByte(value), pairs.count))
      }
    }
    pairs.sort { ($0.folded, $0.order) < ($1.folded, $1.order) }
    var map: [UInt32: [UInt8]] = [:]
    var start = 0
    while start < pairs.count {
      let target = pairs[start].folded
      var end = start
      var sources: [UInt8] = []
      while end < pairs.count && pairs[end].folded == target {
        let lead = pairs[end].lead
        // A source that starts like the character itself needs no byte of its own.
        if lead != leadByte(target) && !sources.contains(lead) { sources.append(lead) }
        end += 1
      }
      map[target] = sources
      start = end
    }
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

  /// The non-ASCII units, ascending, that lie in a block of 64 where
  /// lower-casing or accent folding changes some unit: every unit either
  /// folding changes is among them. `leads` reads these few thousand
  /// rather than every unit below `limit`, which took a millisecond at the
  /// first non-ASCII query.
  static var foldedUnits: [UInt32] {
    let size: UInt32 = 64
    let blocks = (0..<limit / size).map { $0 * size..<($0 + 1) * size }
    return blocks.filter(tableBlockChanges).flatMap { max($0.lowerBound, 0x80)..<$0.upperBound }
  }

  /// Whether either folding table's block holding `units` (64 of them,
  /// aligned) changes any unit: read off the tables' shared blocks, each
  /// judged once.
  private static func tableBlockChanges(_ units: Range<UInt32>) -> Bool {
    let first = units.lowerBound
    if first < CaseFoldingTable.limit {
      let block = Int(CaseFoldingTable.blocks[Int(first >> CaseFoldingTable.shift)])
      if caseBlockChanges[block] { return true }
    }
    if first < LatinFoldingTable.limit {
      let block = Int(LatinFoldingTable.blocks[Int(first >> LatinFoldingTable.shift)])
      if latinBlockChanges[block] { return true }
    }
    return false
  }

  /// For each distinct block of the case table, whether a unit in it has a delta.
  private static let caseBlockChanges: [Bool] = {
    let size = 1 << Int(CaseFoldingTable.shift)
    let (indices, deltas) = (CaseFoldingTable.deltaIndices, CaseFoldingTable.deltas)
    return (0..<indices.count / size).map { block in
      (block * size..<(block + 1) * size).contains { deltas[Int(indices[$0])] != 0 }
    }
  }()

  /// For each distinct block of the accent table, whether a unit in it has a letter.
  private static let latinBlockChanges: [Bool] = {
    let size = 1 << Int(LatinFoldingTable.shift)
    return (0..<LatinFoldingTable.letters.count / size).map { block in
      (block * size..<(block + 1) * size).contains { LatinFoldingTable.letters[$0] != 0 }
    }
  }()

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
