/// A cheap test on an item's raw bytes that rejects most non-matches before
/// any decoding or scoring: can the term's characters appear in this order?
///
/// It must never reject a real match, so it over-approximates:
/// - an ASCII letter is also accepted at the first byte of any character that
///   folds to an ASCII letter (`é` to `e`, the Kelvin sign to `k`, fullwidth
///   `ｃ` to `c`) — but not at a CJK, Greek or Cyrillic one;
/// - a non-ASCII character is accepted at its own first byte, and, when it is
///   a lower-case letter in a case-insensitive term, at the first bytes of
///   the characters that lower-case to it (its upper- and title-case forms,
///   and four oddities such as the Ohm sign; a test checks every character);
/// - a unit standing for an invalid byte only at that very byte.
/// One table of 256 flags per term character makes the scan a single load
/// and branch per byte.
struct ByteFilter: Sendable {
  /// `table[k * 256 + byte]` is non-zero when `byte` may be term character `k`.
  let table: [UInt8]
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
          for lead in Self.asciiFoldingLeadBytes { table[row + Int(lead)] = 1 }
        }
      } else if unit < UTF8Decoding.invalidByteBase, let scalar = Unicode.Scalar(unit) {
        if !term.isCaseSensitive && scalar.properties.isLowercase {
          for lead in Self.leadBytes(foldingTo: scalar) { table[row + Int(lead)] = 1 }
        } else {
          table[row + Int(Self.leadByte(of: unit))] = 1
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
  func mayMatch(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    table.withUnsafeBufferPointer { Self.mayMatch(bytes, table: $0.baseAddress!, length: length) }
  }

  /// The scan itself, on a table the caller keeps alive (the matcher's hot loop).
  @inline(__always)
  static func mayMatch(_ bytes: UnsafeBufferPointer<UInt8>, table: UnsafePointer<UInt8>, length m: Int) -> Bool {
    if m == 0 { return true }
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

  /// The first bytes of the UTF-8 encodings of every character that case or
  /// accent folding turns into an ASCII letter (`é`, `İ`, the Kelvin sign,
  /// fullwidth `ｃ`). A test derives the set from the tables, so it cannot go stale.
  static let asciiFoldingLeadBytes: [UInt8] = [
    0xC3, 0xC4, 0xC5, 0xC6, 0xC7, 0xC8, 0xC9, 0xCA, 0xCD, 0xE1, 0xE2, 0xEA, 0xEF, 0xF0,
  ]

  /// The first bytes of every character whose simple lower-case form is `scalar`.
  static func leadBytes(foldingTo scalar: Unicode.Scalar) -> [UInt8] {
    var leads = [leadByte(of: scalar.value)]
    for mapping in [scalar.properties.uppercaseMapping, scalar.properties.titlecaseMapping] {
      if let first = mapping.unicodeScalars.first { leads.append(leadByte(of: first.value)) }
    }
    // Characters whose lower-case form is not the other way round:
    // ϴ → θ (0xCF), ẞ → ß (0xE1), Ω (Ohm) → ω and Å (Angstrom) → å (0xE2).
    switch scalar.value {
    case 0x3B8: leads.append(0xCF)
    case 0xDF: leads.append(0xE1)
    case 0x3C9, 0xE5: leads.append(0xE2)
    default: break
    }
    return leads
  }

  /// The first byte of a scalar's UTF-8 encoding.
  static func leadByte(of unit: UInt32) -> UInt8 {
    switch unit {
    case ..<0x80: return UInt8(unit)
    case ..<0x800: return UInt8(0xC0 | unit >> 6)
    case ..<0x10000: return UInt8(0xE0 | unit >> 12)
    default: return UInt8(0xF0 | unit >> 18)
    }
  }
}
