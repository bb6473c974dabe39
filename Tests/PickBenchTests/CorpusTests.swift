import PickTestSupport
import Testing

@testable import pick_bench

/// FNV-1a, 64 bits: a fingerprint of a corpus that any machine computes alike.
private func fingerprint(_ bytes: [UInt8]) -> UInt64 {
  var hash: UInt64 = 0xCBF2_9CE4_8422_2325
  for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
  return hash
}

private func lines(_ bytes: [UInt8]) -> [String] {
  String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    .map(String.init)
}

@Test func `SplitMix64 gives the reference sequence`() {
  // The first outputs of Vigna's splitmix64.c seeded with 0.
  var random = SeededGenerator(seed: 0)
  #expect(random.next() == 0xE220_A839_7B1D_CDAF)
  #expect(random.next() == 0x6E78_9E6A_A1B9_65F4)
  #expect(random.next() == 0x06C4_5D18_8009_454F)
}

@Test func `skewed picks favour the front and stay in range`() {
  var random = SeededGenerator(seed: 7)
  var counts = [Int](repeating: 0, count: 10)
  for _ in 0..<10_000 { counts[random.skewedIndex(10)] += 1 }
  #expect(counts[0] > counts[5] && counts[5] > counts[9] && counts[9] > 0)
}

@Test(arguments: CorpusKind.allCases)
func `a corpus has exactly N non-empty lines of valid UTF-8`(kind: CorpusKind) {
  let bytes = kind.generate(count: 5_000, seed: 42)
  #expect(bytes.last == UInt8(ascii: "\n"))
  let items = lines(bytes)
  #expect(items.count == 5_000)
  #expect(items.allSatisfy { !$0.isEmpty })
  #expect(Array(String(decoding: bytes, as: UTF8.self).utf8) == bytes, "invalid UTF-8 would be replaced")
}

@Test(arguments: CorpusKind.allCases)
func `a corpus depends on its seed only`(kind: CorpusKind) {
  #expect(kind.generate(count: 1_000, seed: 42) == kind.generate(count: 1_000, seed: 42))
  #expect(kind.generate(count: 1_000, seed: 42) != kind.generate(count: 1_000, seed: 43))
}

/// Pins the bytes: if a change to a generator moves one of these, bump
/// `CorpusKind.generatorVersion` (cached corpora are named after it) and
/// update the value here.
@Test(arguments: [
  (CorpusKind.paths, 0x2EAE_17E3_BA34_C65F as UInt64),
  (CorpusKind.history, 0x9E8F_9CDD_D013_E4B1 as UInt64),
  (CorpusKind.unicode, 0xBD77_1438_BD0D_E96A as UInt64),
])
func `corpora are the same bytes on every machine`(kind: CorpusKind, expected: UInt64) {
  let hash = fingerprint(kind.generate(count: 2_000, seed: 42))
  #expect(hash == expected, "\(kind): 0x\(String(hash, radix: 16, uppercase: true))")
  #expect(CorpusKind.generatorVersion == 1)
}

@Test func `the unicode corpus holds the text that breaks byte and column counting`() {
  let text = String(decoding: CorpusKind.unicode.generate(count: 20_000, seed: 42), as: UTF8.self)
  let scalars = Set(text.unicodeScalars.map(\.value))
  #expect(scalars.contains(0x301), "decomposed accents (NFD)")
  #expect(text.contains("é"), "precomposed accents (NFC)")
  #expect(scalars.contains(0x200D), "ZWJ sequences")
  #expect(scalars.contains(0x1F1EF), "flags (regional indicators)")
  #expect(scalars.contains(0xFE0F), "VS16")
  #expect(scalars.contains(where: { (0xFF01...0xFF5E).contains($0) }), "fullwidth Latin")
  #expect(scalars.contains(where: { (0x4E00...0x9FFF).contains($0) }), "CJK ideographs")
}

@Test func `decomposition splits accents off and keeps the rest`() {
  #expect(Array(UnicodeNames.decompose("café").unicodeScalars) == ["c", "a", "f", "e", "\u{301}"])
  #expect(UnicodeNames.decompose("Straße") == "Straße")
  #expect(String(decoding: UnicodeNames.fullwidth(Array("ab1".utf8)), as: UTF8.self) == "ａｂ１")
}

@Test func `default queries are one, two, four, twelve characters and a no-match`() {
  // The paths queries are those pick was first compared with fzf and fzy on (Docs/Benchmarks.md).
  #expect(CorpusKind.paths.defaultQueries == ["s", "ut", "conf", "src/net/dev.c", "zzqx"])
  #expect(CorpusKind.history.defaultQueries.map(\.count) == [1, 2, 4, 12, 4])
  #expect(CorpusKind.unicode.defaultQueries.map(\.count) == [1, 2, 4, 12, 4])
}
