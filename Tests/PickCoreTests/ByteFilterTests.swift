import Testing

@testable import PickCore

/// The lead bytes of every scalar that case folding or accent folding turns into an ASCII letter.
private func computedFoldingLeadBytes() -> Set<UInt8> {
  var leads = Set<UInt8>()
  for value in UInt32(0x80) ..< 0x110000 {
    guard let scalar = Unicode.Scalar(value) else { continue }
    let lowered = CaseFolding.lower(value)
    let folded = LatinFolding.base(value)
    let loweredFolded = LatinFolding.base(lowered)
    guard [lowered, folded, loweredFolded].contains(where: { $0 < 0x80 && (($0 | 0x20) &- 0x61) < 26 }) else { continue }
    leads.insert(Array(String(scalar).utf8)[0])
  }
  return leads
}

@Test func `the folding lead bytes cover every scalar that folds to an ASCII letter`() {
  let computed = computedFoldingLeadBytes()
  #expect(computed == Set(ByteFilter.asciiFoldingLeadBytes), "computed: \(computed.sorted().map { String($0, radix: 16) })")
}

@Test func `only lower-case letters can be the case fold of another character`() {
  // ByteFilter relies on this: a non-ASCII query character that is not a
  // lower-case letter can only be matched by itself.
  for value in UInt32(0x80) ..< 0x110000 {
    let lowered = CaseFolding.lower(value)
    guard lowered != value, let target = Unicode.Scalar(lowered) else { continue }
    #expect(target.properties.isLowercase || lowered < 0x80, "U+\(String(value, radix: 16)) lowers to U+\(String(lowered, radix: 16))")
  }
}

@Test(arguments: [
  ("conf", "config.go", true), ("conf", "xyz", false), ("cafe", "café", true),
  ("CAFE", "CAFÉ", true), ("写真", "資料/写真.png", true), ("写真", "資料/音楽.png", false),
  ("zq", "日本語のファイル", false), ("k", "\u{212A}elvin", true), ("ж", "Жук", true),
  ("é", "É", true), ("conf", "ｃｏｎｆ", true),
])
func `the byte filter never rejects a match and rejects plain misses`(query: String, item: String, mayMatch: Bool) {
  let compiled = CompiledQuery(QueryParser().parse(Array(query.utf8)), scheme: .default)
  let bytes = Array(item.utf8)
  let filterSays = bytes.withUnsafeBufferPointer { compiled.filters[0][0].mayMatch($0) }
  let matches = bytes.withUnsafeBufferPointer { ItemMatcher(compiled).match($0) } != nil
  #expect(filterSays == mayMatch)
  #expect(!matches || filterSays)
}

@Test func `every character that lower-cases to a letter starts with one of that letter's lead bytes`() {
  for value in UInt32(0x80) ..< 0x110000 {
    let lowered = CaseFolding.lower(value)
    guard lowered != value, lowered >= 0x80, let target = Unicode.Scalar(lowered) else { continue }
    #expect(
      ByteFilter.leadBytes(foldingTo: target).contains(ByteFilter.leadByte(of: value)),
      "U+\(String(value, radix: 16)) lowers to U+\(String(lowered, radix: 16))")
  }
}
