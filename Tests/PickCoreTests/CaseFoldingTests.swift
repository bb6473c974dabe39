import Testing

@testable import PickCore

@Test(arguments: [
  ("A", "a"), ("Z", "z"), ("a", "a"), ("0", "0"), ("É", "é"), ("Ω", "ω"), ("Ж", "ж"),
  ("Ǆ", "ǆ"), ("ǅ", "ǆ"), ("İ", "i"), ("ẞ", "ß"), ("Ꭰ", "ꭰ"), ("𐐀", "𐐨"), ("𞤀", "𞤢"),
])
func `capitals lower to their simple lowercase`(upper: Unicode.Scalar, lower: Unicode.Scalar) {
  #expect(CaseFolding.lower(upper.value) == lower.value)
}

@Test(arguments: ["ß", "ŉ", "ǰ", "ﬀ", "ς", "ΐ", "中", "é", "@", "[", "`", "{"] as [Unicode.Scalar])
func `letters without a one-to-one lowercase stay as they are`(scalar: Unicode.Scalar) {
  #expect(CaseFolding.lower(scalar.value) == scalar.value)
  #expect(!CaseFolding.isUpper(scalar.value))
}

@Test(arguments: [0x11_0000, 0x11_0000 + 0xC3, 0x11_00FF, 0xD800, 0xDFFF, UInt32.max] as [UInt32])
func `invalid-byte units and surrogate values are unchanged`(unit: UInt32) {
  #expect(CaseFolding.lower(unit) == unit)
  #expect(!CaseFolding.isUpper(unit))
}

@Test func `uppercase means having a different lowercase`() {
  #expect(CaseFolding.isUpper(UInt32(("A" as Unicode.Scalar).value)))
  #expect(CaseFolding.isUpper(0x00C9))  // É
  #expect(CaseFolding.isUpper(0x01C5))  // ǅ, titlecase
  #expect(!CaseFolding.isUpper(0x00E9))  // é
}

/// The generated table against the standard library's full lowercase
/// mapping, for every scalar where that mapping is a single scalar (where it
/// is longer, only İ, the simple mapping is the first scalar).
@Test func `lower agrees with the standard library for every scalar`() {
  var mismatches: [String] = []
  for value in UInt32(0)..<0x11_0000 {
    guard let scalar = Unicode.Scalar(value) else {
      if CaseFolding.lower(value) != value { mismatches.append("surrogate \(value)") }
      continue
    }
    let mapping = Array(scalar.properties.lowercaseMapping.unicodeScalars)
    let expected = mapping.count == 1 ? mapping[0].value : (value == 0x0130 ? 0x69 : value)
    if CaseFolding.lower(value) != expected {
      mismatches.append("U+\(String(value, radix: 16)) → \(CaseFolding.lower(value))")
    }
  }
  #expect(mismatches.count == 0, "first mismatches: \(mismatches.prefix(20))")
}

@Test func `the two-byte folding table agrees with case and accent folding`() {
  for variant in 0..<4 {
    for unit: UInt32 in 0..<0x800 {
      var folded = unit
      if variant & 1 == 0 { folded = CaseFolding.lower(folded) }
      if variant & 2 != 0 { folded = LatinFolding.base(folded) }
      #expect(TwoByteFolding.table[variant << 11 | Int(unit)] == folded)
    }
  }
}
