import Testing

@testable import PickCore

@Test(arguments: [
  ("é", "e"), ("è", "e"), ("ê", "e"), ("ë", "e"), ("ę", "e"), ("Å", "A"), ("ñ", "n"), ("Ñ", "N"),
  ("ł", "l"), ("Ł", "L"), ("ø", "o"), ("Ø", "O"), ("đ", "d"), ("Đ", "D"), ("ç", "c"), ("ş", "s"),
  ("ț", "t"), ("ő", "o"), ("ů", "u"), ("ž", "z"), ("ı", "i"), ("İ", "I"), ("ÿ", "y"), ("Ÿ", "Y"),
  ("Ā", "A"), ("ȁ", "a"), ("ḁ", "a"), ("ế", "e"), ("ự", "u"), ("ħ", "h"), ("ß", "s"), ("ẞ", "S"),
  ("ɐ", "a"), ("ɑ", "a"), ("ɛ", "e"), ("ᴀ", "a"), ("ₐ", "a"), ("ⁱ", "i"), ("ꝁ", "k"),
  ("\u{0363}", "a"),
])
func `accented and variant Latin letters fold to their plain letter`(
  letter: Unicode.Scalar, plain: Unicode.Scalar
) {
  #expect(LatinFolding.base(letter.value) == plain.value)
}

@Test(
  arguments: [
    "a", "Z", "0", "~", "æ", "Æ", "þ", "ð", "œ", "ĳ", "ǈ", "ꝺ", "×", "÷", "µ", "α", "Ω", "ж", "中",
    "\u{0301}", "😀",
  ] as [Unicode.Scalar])
func `other units are left alone`(scalar: Unicode.Scalar) {
  #expect(LatinFolding.base(scalar.value) == scalar.value)
}

@Test(arguments: [0x11_0000, 0x11_00E9, 0xD800, UInt32.max] as [UInt32])
func `invalid-byte units are left alone`(unit: UInt32) {
  #expect(LatinFolding.base(unit) == unit)
}

/// Every fold goes from a Latin letter to an ASCII letter of the same case,
/// so folding never turns a lowercase item letter into a capital or back.
@Test func `folds only Latin letters, to an ASCII letter of the same case`() {
  var problems: [String] = []
  for value in UInt32(0x80)..<0x11_0000 {
    let folded = LatinFolding.base(value)
    guard folded != value else { continue }
    guard let scalar = Unicode.Scalar(value), let name = scalar.properties.name else {
      problems.append("U+\(String(value, radix: 16)) has no name")
      continue
    }
    let isASCIILetter = (0x41...0x5A).contains(folded) || (0x61...0x7A).contains(folded)
    let isCapital = scalar.properties.generalCategory == .uppercaseLetter
    if !name.contains("LATIN") || !isASCIILetter || isCapital != (folded < 0x61) {
      problems.append("\(name) → \(folded)")
    }
  }
  #expect(problems.count == 0, "first problems: \(problems.prefix(20))")
}
