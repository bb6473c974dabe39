/// A cheap test on an item's raw bytes that rejects most non-matches before
/// any decoding or scoring: do the term's characters occur in this order?
///
/// ASCII bytes are looked up in one table of flags per term character (is
/// this byte that character, in either case when the term ignores case?), a
/// single load and branch per byte. A non-ASCII character is decoded where it
/// stands and folded as the term folds (case, Latin accents), so the test is
/// exact: an item full of accents, CJK or emoji that cannot match is rejected
/// without being decoded whole, and one that passes needs no second check.
/// A byte that is not valid UTF-8 is a unit of its own, as everywhere.
struct ByteFilter: Sendable {
  /// `table[k * 256 + byte]` is non-zero when the ASCII `byte` is term character `k`.
  let table: [UInt8]
  private let units: [UInt32]
  private let isCaseSensitive: Bool
  private let normalizes: Bool

  init(term: Term) {
    let units = term.units
    self.units = units
    isCaseSensitive = term.isCaseSensitive
    normalizes = term.normalizesItems
    var table = [UInt8](repeating: 0, count: max(units.count, 1) * 256)
    for (k, unit) in units.enumerated() where unit < 0x80 {
      let row = k * 256
      table[row + Int(unit)] = 1
      if unit >= 0x61 && unit <= 0x7A && !term.isCaseSensitive { table[row + Int(unit - 32)] = 1 }
    }
    self.table = table
  }

  /// Whether the term's characters occur in `bytes`, in order, folded as the term folds.
  func mayMatch(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    table.withUnsafeBufferPointer { table in
      units.withUnsafeBufferPointer { units in
        Self.mayMatchExactly(
          bytes, table: table.baseAddress!, units: units, caseSensitive: isCaseSensitive, normalize: normalizes)
      }
    }
  }
}

extension ByteFilter {
  /// The exact test: can `units` occur in order in `bytes`, folded as the term
  /// folds? ASCII bytes go through the table (exact for them); a non-ASCII
  /// character is decoded where it stands and folded, so an item full of
  /// accents, CJK or emoji is rejected without decoding all of it.
  @inline(__always)
  static func mayMatchExactly(
    _ bytes: UnsafeBufferPointer<UInt8>, table: UnsafePointer<UInt8>, units: UnsafeBufferPointer<UInt32>,
    caseSensitive: Bool, normalize: Bool
  ) -> Bool {
    let m = units.count
    if m == 0 { return true }
    guard let base = bytes.baseAddress else { return false }
    let n = bytes.count
    var row = 0
    var k = 0
    var i = 0
    while i < n {
      let byte = base[i]
      if byte < 0x80 {
        if table[row &+ Int(byte)] != 0 {
          k &+= 1
          if k == m { return true }
          row &+= 256
        }
        i &+= 1
        continue
      }
      let length = UTF8Decoding.validSequenceLength(base + i, available: n - i)
      var unit: UInt32
      if length == 0 {
        unit = UTF8Decoding.invalidByteBase + UInt32(byte)
        i &+= 1
      } else {
        unit = UTF8Decoding.scalarValue(base + i, length: length)
        i &+= length
        if !caseSensitive { unit = CaseFolding.lower(unit) }
        if normalize { unit = LatinFolding.base(unit) }
      }
      if unit == units[k] {
        k &+= 1
        if k == m { return true }
        row &+= 256
      }
    }
    return false
  }
}
