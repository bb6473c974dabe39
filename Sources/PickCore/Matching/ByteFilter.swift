/// A cheap test on an item's raw bytes that rejects most non-matches before
/// any decoding or scoring: can the term's characters appear in this order?
///
/// It must never reject a real match, so it over-approximates: an ASCII
/// letter in the term is also accepted at any byte that starts a multi-byte
/// character (`é` folds to `e`, the Kelvin sign to `k`), a non-ASCII term
/// character at any such byte, and a term unit standing for an invalid byte
/// only at that very byte. One table of 256 flags per term character makes
/// the scan a single load and branch per byte.
struct ByteFilter: Sendable {
  /// `table[k * 256 + byte]` is non-zero when `byte` may be term character `k`.
  private let table: [UInt8]
  let length: Int

  init(term: Term) {
    let units = term.units
    length = units.count
    var table = [UInt8](repeating: 0, count: max(units.count, 1) * 256)
    for (k, unit) in units.enumerated() {
      let row = k * 256
      if unit < 0x80 {
        table[row + Int(unit)] = 1
        let isLower = unit >= 0x61 && unit <= 0x7A
        if isLower && !term.isCaseSensitive { table[row + Int(unit - 32)] = 1 }
        let isLetter = isLower || (unit >= 0x41 && unit <= 0x5A)
        if isLetter && (!term.isCaseSensitive || term.normalizesItems) {
          for lead in 0xC0 ... 0xFF { table[row + lead] = 1 }
        }
      } else if unit < UTF8Decoding.invalidByteBase {
        for lead in 0xC0 ... 0xFF { table[row + lead] = 1 }
      } else {
        table[row + Int(unit - UTF8Decoding.invalidByteBase)] = 1
      }
    }
    self.table = table
  }

  /// Whether the term's characters may all occur in `bytes`, in order.
  @inline(__always)
  func mayMatch(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let m = length
    if m == 0 { return true }
    return table.withUnsafeBufferPointer { table in
      var row = 0
      var k = 0
      for byte in bytes where table[row &+ Int(byte)] != 0 {
        k &+= 1
        if k == m { return true }
        row &+= 256
      }
      return false
    }
  }
}
