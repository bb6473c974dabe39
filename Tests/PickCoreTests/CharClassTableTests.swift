import Testing

@testable import PickCore

// `CharClassTable` is generated from the standard library's Unicode data
// (Docs/tools/generate-text-tables.swift). Every scalar outside ASCII must
// get the class its properties give, read the slow way by the oracle's
// definition (`ReferenceScheme.charClass`): a toolchain with a newer
// Unicode fails this until the table is generated again.

@Test func `every scalar outside ASCII has the class its Unicode properties give`() {
  let reference = ReferenceScheme(.default)
  var wrong: [String] = []
  for value in UInt32(0x80)..<0x110000 {
    guard Unicode.Scalar(value) != nil else { continue }
    let expected = reference.charClass(value)
    if CharClass.ofNonASCII(value) != expected && wrong.count < 10 {
      wrong.append("U+\(String(value, radix: 16)): \(CharClass.ofNonASCII(value)), not \(expected)")
    }
  }
  #expect(wrong.isEmpty, "\(wrong)")
}

@Test func `surrogates and the units that stand for invalid bytes are not part of a word`() {
  for value: UInt32 in [0xD800, 0xDBFF, 0xDFFF, 0x110000, 0x110080, 0x1100FF, .max] {
    #expect(CharClass.ofNonASCII(value) == .nonWord, "\(value)")
  }
  // A few of each class, as a reader knows them.
  #expect(CharClass.ofNonASCII(0xE9) == .lower)  // é
  #expect(CharClass.ofNonASCII(0xC9) == .upper)  // É
  #expect(CharClass.ofNonASCII(0xAA) == .lower)  // ª: a letter of no case by category
  #expect(CharClass.ofNonASCII(0x5199) == .letter)  // 写
  #expect(CharClass.ofNonASCII(0x20000) == .letter)  // 𠀀, past the first two planes
  #expect(CharClass.ofNonASCII(0x0663) == .number)  // ٣
  #expect(CharClass.ofNonASCII(0x3000) == .white)  // ideographic space
  #expect(CharClass.ofNonASCII(0x2014) == .nonWord)  // —
  #expect(CharClass.ofNonASCII(0x1F600) == .nonWord)  // 😀
}
