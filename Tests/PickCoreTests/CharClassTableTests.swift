import Testing

@testable import PickCore

// `CharClassTable` is generated from the standard library's Unicode data
// (Docs/tools/generate-text-tables.swift). Every scalar outside ASCII must
// get the class its properties give, read the slow way here: a toolchain
// with a newer Unicode fails this until the table is generated again.

/// The class by the definition: case first (ª and ʰ are lower case, though
/// letters of no case by category), then the general category, then white
/// space; anything else is not part of a word.
private func classByProperties(_ scalar: Unicode.Scalar) -> CharClass {
  let properties = scalar.properties
  if properties.isLowercase { return .lower }
  if properties.isUppercase { return .upper }
  switch properties.generalCategory {
  case .decimalNumber, .letterNumber, .otherNumber: return .number
  case .lowercaseLetter: return .lower
  case .uppercaseLetter, .titlecaseLetter: return .upper
  case .modifierLetter, .otherLetter: return .letter
  default: return properties.isWhitespace ? .white : .nonWord
  }
}

@Test func `every scalar outside ASCII has the class its Unicode properties give`() {
  var wrong: [String] = []
  for value in UInt32(0x80)..<0x110000 {
    guard let scalar = Unicode.Scalar(value) else { continue }
    let expected = classByProperties(scalar)
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
