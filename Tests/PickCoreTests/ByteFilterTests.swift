import PickTestSupport
import Testing

@testable import PickCore

@Test(arguments: [
  ("conf", "config.go", true), ("conf", "xyz", false), ("cafe", "café", true),
  ("CAFE", "CAFÉ", true), ("写真", "資料/写真.png", true), ("写真", "資料/音楽.png", false),
  ("zq", "日本語のファイル", false), ("k", "\u{212A}elvin", true), ("ж", "Жук", true),
  ("é", "É", true), ("conf", "ｃｏｎｆ", true),
])
func `the byte filter accepts exactly the items whose characters occur in order`(
  query: String, item: String, mayMatch: Bool
) {
  let compiled = CompiledQuery(QueryParser().parse(Array(query.utf8)), scheme: .default)
  let bytes = Array(item.utf8)
  let filterSays = bytes.withUnsafeBufferPointer { compiled.filters[0][0].mayMatch($0) }
  let matches = bytes.withUnsafeBufferPointer { ItemMatcher(compiled).match($0) } != nil
  #expect(filterSays == mayMatch)
  #expect(!matches || filterSays)
  // Fuzzy terms: the filter is exact, so it agrees with the matcher.
  #expect(filterSays == matches)
}

/// The byte filter skips non-ASCII characters that cannot fold to an ASCII
/// term character by their first bytes alone; this must hold for every
/// character and every folding a term can ask for.
@Test func `every character that folds to ASCII is one the byte filter decodes`() {
  var checked = 0
  for value: UInt32 in 0x80...0x10_FFFF where !(0xD800..<0xE000).contains(value) {
    let folds = [
      CaseFolding.lower(value), LatinFolding.base(value),
      LatinFolding.base(CaseFolding.lower(value)),
    ]
    guard folds.contains(where: { $0 < 0x80 }), let scalar = Unicode.Scalar(value) else { continue }
    let bytes = Array(String(Character(scalar)).utf8)
    #expect(ByteFilter.mayStartASCIIFold(bytes[0]), "U+\(String(value, radix: 16))")
    if bytes.count >= 3 {
      #expect(
        ByteFilter.mayFoldToASCII(lead: bytes[0], second: bytes[1]), "U+\(String(value, radix: 16))"
      )
    }
    checked += 1
  }
  // Latin-1 and Latin Extended letters, fullwidth forms, letter-like symbols...
  #expect(checked > 500)
}

/// The block skips (the byte filter's and the ranker's) must stop at every
/// character that folds to the ASCII character they look for, under every
/// folding: each such character, after a run of filler, is found.
@Test func `the block skips stop at every character that folds to an ASCII character`() {
  var checked = 0
  for value: UInt32 in 0x80...0x10_FFFF where !(0xD800..<0xE000).contains(value) {
    guard let scalar = Unicode.Scalar(value) else { continue }
    for variant in 0..<4 {
      var folded = value
      if variant & 1 == 0 { folded = CaseFolding.lower(folded) }
      if variant & 2 != 0 { folded = LatinFolding.base(folded) }
      guard folded < 0x80 else { continue }
      let sieve = ByteFilter.Sieve(unit: folded, caseSensitive: variant & 1 != 0, normalize: variant & 2 != 0)
      let filler: UInt8 = folded == 0x23 ? 0x25 : 0x23
      // The character sits inside a whole block of sixteen, which the vector loops test.
      let item =
        [UInt8](repeating: filler, count: 37) + Array(String(Character(scalar)).utf8)
        + [UInt8](repeating: filler, count: 24)
      item.withUnsafeBufferPointer { bytes in
        let base = bytes.baseAddress!
        #expect(
          ByteFilter.quietPrefix(base, count: bytes.count, sieve) <= 37,
          "U+\(String(value, radix: 16)) variant \(variant)")
        #expect(
          ByteFilter.nextCandidate(base, count: bytes.count, sieve) == 37,
          "U+\(String(value, radix: 16)) variant \(variant)")
      }
      checked += 1
    }
  }
  #expect(checked > 1000)
}

/// The lead bytes a term's ASCII character decodes at are read off the
/// two-byte folding table; every character of any length that folds to it,
/// under every folding, must start with one of them.
@Test func `every character that folds to an ASCII character starts with one of its lead bytes`() {
  var checked = 0
  for value: UInt32 in 0x80...0x10_FFFF where !(0xD800..<0xE000).contains(value) {
    guard let scalar = Unicode.Scalar(value) else { continue }
    let lead = Array(String(Character(scalar)).utf8)[0]
    for variant in 0..<4 {
      var folded = value
      if variant & 1 == 0 { folded = CaseFolding.lower(folded) }
      if variant & 2 != 0 { folded = LatinFolding.base(folded) }
      guard folded < 0x80 else { continue }
      let mask = FoldSources.asciiLeads[variant << 7 | Int(folded)]
      #expect(mask & (1 << UInt64(lead - 0xC0)) != 0, "U+\(String(value, radix: 16)) variant \(variant)")
      checked += 1
    }
  }
  #expect(checked > 1000)
  // The point of the masks: `é` does not start anything that folds to `z`.
  #expect(FoldSources.asciiLeads[2 << 7 | Int(UInt8(ascii: "z"))] & (1 << (0xC3 - 0xC0)) == 0)
  #expect(FoldSources.asciiLeads[2 << 7 | Int(UInt8(ascii: "e"))] & (1 << (0xC3 - 0xC0)) != 0)
}

@Test(arguments: [
  ("zq", "“quoted” — z…q", true), ("kz", "\u{212A}ž", true), ("az", "ａｚ", true),
  ("ae", "a\u{1E9B}e", true),
  ("ab", "日本\u{FF41}語b", true), ("ab", "日本語\u{2019}b", false), ("gy", "\u{1DF02}y", true),
  ("xy", "\u{1D431}y", false),
  ("ab", "a\u{E6}\u{41}b", true), ("ab", "\u{E6}b", false),
])
func `non-ASCII characters are skipped or decoded as their folding needs`(
  query: String, item: String, mayMatch: Bool
) {
  let compiled = CompiledQuery(QueryParser().parse(Array(query.utf8)), scheme: .default)
  let bytes = Array(item.utf8)
  let filterSays = bytes.withUnsafeBufferPointer { compiled.filters[0][0].mayMatch($0) }
  let matches = bytes.withUnsafeBufferPointer { ItemMatcher(compiled).match($0) } != nil
  #expect(filterSays == mayMatch)
  #expect(filterSays == matches)
}

@Test func `an invalid byte before an ASCII character does not hide it`() {
  let compiled = CompiledQuery(QueryParser().parse(Array("ab".utf8)), scheme: .default)
  for bytes: [UInt8] in [
    [0xE6, 0x61, 0x62], [0xE2, 0x61, 0x80, 0x62], [0xF0, 0x9D, 0x61, 0x62],
    [0xFF, 0x61, 0xC3, 0x62],
  ] {
    let filterSays = bytes.withUnsafeBufferPointer { compiled.filters[0][0].mayMatch($0) }
    #expect(filterSays, "\(bytes)")
  }
}

/// Items long enough for the sixteen-byte block skip, with characters from
/// every class the filter treats differently: the filtered and unfiltered
/// matchers must agree on every one.
@Test func `the block skip never hides a character the matcher would find`() {
  var random = SeededGenerator(seed: 16)
  let pieces: [[UInt8]] =
    [
      "a", "B", "z", "/", " ", "é", "É", "e\u{301}", "写", "真", "ｚ", "\u{212A}", "ж", "“", "—", "😀",
      "ẞ", "ǅ", "\u{1DF02}",
    ]
    .map { Array($0.utf8) } + [[0xFF], [0xE5], [0x80], [0xC3]]
  let queries = ["z", "az", "k", "写真", "é", "ж", "g", "zz", "Z", "ǆ", "ab/z"]
  for _ in 0..<1500 {
    var item: [UInt8] = []
    for _ in 0..<Int.random(in: 10...60, using: &random) {
      item += pieces.randomElement(using: &random)!
    }
    let query = queries.randomElement(using: &random)!
    let compiled = CompiledQuery(QueryParser().parse(Array(query.utf8)), scheme: .default)
    let filtered = ItemMatcher(compiled)
    let unfiltered = ItemMatcher(compiled, strategy: nil, filtersBytes: false)
    let a = item.withUnsafeBufferPointer { filtered.match($0) }
    let b = item.withUnsafeBufferPointer { unfiltered.match($0) }
    #expect(a == b, "query \(query) item \(item)")
  }
}

/// The byte filter finds kana, CJK and Hangul by their bytes alone: that is
/// exact only if no other character folds to one of them.
@Test func `no character folds to a character the filter finds by its bytes`() {
  for value: UInt32 in 0...0x10_FFFF where !(0xD800..<0xE000).contains(value) {
    for folded in [
      CaseFolding.lower(value), LatinFolding.base(value),
      LatinFolding.base(CaseFolding.lower(value)),
    ]
    where folded != value {
      #expect(
        !ByteFilter.isFoldClosed(folded),
        "U+\(String(value, radix: 16)) folds to U+\(String(folded, radix: 16))")
    }
  }
}

@Test(arguments: [
  ("写真", "資料/写真.png", true), ("写真", "真写", false), ("写a真", "写xA真", true),
  ("真", "\u{FF}\u{E7}\u{9C}\u{9F}", true),
  ("真", "\u{E7}\u{9C}", false), ("가", "한국어 가나", true), ("𠀋", "x𠀋", true), ("a写", "写a写", true),
])
func `characters found by their bytes match where the decoder finds them`(
  query: String, item: String, mayMatch: Bool
) {
  let compiled = CompiledQuery(QueryParser().parse(Array(query.utf8)), scheme: .default)
  // Strings in the table stand for bytes: \u{80}-\u{FF} are single bytes here.
  let bytes: [UInt8] =
    item.unicodeScalars.allSatisfy({ $0.value < 0x100 })
      && item.unicodeScalars.contains(where: { $0.value >= 0x80 })
    ? item.unicodeScalars.map { UInt8($0.value) } : Array(item.utf8)
  let filterSays = bytes.withUnsafeBufferPointer { compiled.filters[0][0].mayMatch($0) }
  let matches = bytes.withUnsafeBufferPointer { ItemMatcher(compiled).match($0) } != nil
  #expect(filterSays == mayMatch)
  #expect(filterSays == matches)
}

/// The block skip for a non-ASCII term character looks only for the lead
/// bytes `FoldSources` lists: every character that folds to it must start
/// with one of them (or with the character's own lead byte).
@Test func `every character that folds to a non-ASCII one starts with a byte FoldSources lists`() {
  var pairs = 0
  for value: UInt32 in 0x80...0x10_FFFF where !(0xD800..<0xE000).contains(value) {
    let lowered = CaseFolding.lower(value)
    for folded in [lowered, LatinFolding.base(value), LatinFolding.base(lowered)]
    where folded != value {
      #expect(
        value < FoldSources.limit, "U+\(String(value, radix: 16)) folds but is past the limit")
      guard folded >= 0x80 else { continue }
      let lead = FoldSources.leadByte(value)
      #expect(
        lead == FoldSources.leadByte(folded) || FoldSources.leads[folded]?.contains(lead) == true,
        "U+\(String(value, radix: 16)) → U+\(String(folded, radix: 16))")
      pairs += 1
    }
  }
  #expect(pairs > 1000)
}

/// The vector skips judge a three- or four-byte lead with the byte after it,
/// as `ByteFilter.mayFoldToASCII` does: they stop exactly where it says a
/// character may fold to ASCII, so emoji, curly quotes and dingbats in an
/// item do not stop the search for `z`. Each pair is tried in the middle
/// and at the last lane of a block (whose next byte is in the next block).
@Test func `the block skips judge each three- and four-byte lead by its second byte as the filter does`() {
  let sieve = ByteFilter.Sieve(unit: UInt32(UInt8(ascii: "z")), caseSensitive: false, normalize: true)
  for lead: UInt8 in [0xE1, 0xE2, 0xEA, 0xEF, 0xF0] {
    for second: UInt8 in 0x80...0xBF {
      for lane in [5, 15] {
        var item = [UInt8](repeating: UInt8(ascii: "#"), count: 64)
        item[16 + lane] = lead
        item[16 + lane + 1] = second
        // A fullwidth form is judged by its third byte as well (the next
        // test): this one's, `#`, makes none.
        let fullwidth = lead == 0xEF && (second == 0xBC || second == 0xBD)
        let stops = item.withUnsafeBufferPointer { ByteFilter.quietPrefix($0.baseAddress!, count: 64, sieve) } == 16
        #expect(
          stops == (ByteFilter.mayFoldToASCII(lead: lead, second: second) && !fullwidth),
          "\(String(lead, radix: 16)) \(String(second, radix: 16)) at lane \(lane)")
      }
    }
  }
}

/// A fullwidth form (`EF BC xx`, `EF BD xx`) stops the skips for an ASCII
/// character only when it folds to that character (`ｑ` and `Ｑ` for `q`),
/// under every folding: fullwidth text does not stop the search for `q`
/// at every `ｓ`. Each form is tried in the middle and at the last two
/// lanes of a block (whose next bytes are in the next block), and where
/// the block's third bytes run past the item (judged by the lead alone).
@Test func `the block skips stop at a fullwidth form only when it folds to the character`() {
  var stopped = 0
  for unit: UInt32 in 0x21..<0x7F {
    for variant in 0..<4 {
      let (caseSensitive, normalize) = (variant & 1 != 0, variant & 2 != 0)
      let sieve = ByteFilter.Sieve(unit: unit, caseSensitive: caseSensitive, normalize: normalize)
      let filler: UInt8 = unit == 0x23 ? 0x25 : 0x23
      for value: UInt32 in 0xFF00..<0xFF80 {
        var folded = value
        if !caseSensitive { folded = CaseFolding.lower(folded) }
        if normalize { folded = LatinFolding.base(folded) }
        let form: [UInt8] = [0xEF, 0x80 | UInt8((value >> 6) & 0x3F), 0x80 | UInt8(value & 0x3F)]
        for lane in [5, 14, 15] {
          var item = [UInt8](repeating: filler, count: 64)
          item.replaceSubrange(16 + lane..<16 + lane + 3, with: form)
          let stops = item.withUnsafeBufferPointer { ByteFilter.quietPrefix($0.baseAddress!, count: 64, sieve) } == 16
          #expect(
            stops == (folded == unit), "U+\(String(value, radix: 16)) for \(unit) variant \(variant) lane \(lane)")
          if stops { stopped += 1 }
        }
        // The form in the last block, its third byte the item's last: the lead alone stops it.
        var last = [UInt8](repeating: filler, count: 32)
        last.replaceSubrange(29..<32, with: form)
        let found = last.withUnsafeBufferPointer { ByteFilter.nextCandidate($0.baseAddress!, count: 32, sieve) }
        #expect(found == 29 || (folded != unit && found == 32), "U+\(String(value, radix: 16)) at the end")
      }
    }
  }
  // Letters and digits, in both cases, under four foldings.
  #expect(stopped > 300)
}

/// An accented letter that only two-byte characters fold to is skipped to by
/// its byte pairs (`é`: `C3 A9` or `C3 89`), in the ranker and in the
/// filter's block skip: over items full of other `C3` pairs, cut pairs and
/// invalid bytes, the ranker must find exactly the items a matcher without
/// the byte filter matches.
@Test func `the skip to an accented letter's byte pairs finds every match`() throws {
  var random = SeededGenerator(seed: 0xC3A9)
  let pieces: [[UInt8]] =
    ["a", "e", "/", " ", "é", "É", "è", "ñ", "Ñ", "e\u{301}", "ж", "Ж", "写", "😀"].map { Array($0.utf8) }
    + [[0xC3], [0xA9], [0x89], [0xFF]]
  let store = try ItemStore(separator: 0x0A, byteLimit: 1 << 22, itemLimit: 1 << 16)
  var items: [[UInt8]] = []
  for _ in 0..<6000 {
    var item: [UInt8] = []
    // Mostly items without the letter, so that the skip pays and is kept.
    for _ in 0..<Int.random(in: 0...40, using: &random) {
      let piece = pieces.randomElement(using: &random)!
      if piece == Array("é".utf8) && Int.random(in: 0..<8, using: &random) != 0 { continue }
      item += piece
    }
    items.append(item)
    try store.append(item + [0x0A])
  }
  try store.finish()
  for query in ["é", "É", "ñ", "ae", "éa", "ж", "eé"] {
    let compiled = CompiledQuery(Array(query.utf8), options: Options())
    let unfiltered = ItemMatcher(compiled, strategy: nil, filtersBytes: false)
    let expected = items.indices.filter { k in items[k].withUnsafeBufferPointer { unfiltered.match($0) } != nil }
    var ranker = Ranker(order: Ranker.Order())
    ranker.taskSize = 1000
    let ranked = ranker.rank(store, range: 0..<store.count, query: compiled)
    #expect(Set((0..<ranked.count).map { ranked.itemIndex(at: $0) }) == Set(expected), "query \(query)")
  }
}

/// `FoldSources.leads`, built from the units the folding tables change,
/// is what reading every unit below its limit gives.
@Test func `the fold sources read off the tables' changing blocks are those of every character`() {
  var expected: [UInt32: Set<UInt8>] = [:]
  for value: UInt32 in 0x80..<FoldSources.limit where !(0xD800..<0xE000).contains(value) {
    let lowered = CaseFolding.lower(value)
    for folded in [lowered, LatinFolding.base(value), LatinFolding.base(lowered)]
    where folded != value && folded >= 0x80 && FoldSources.leadByte(value) != FoldSources.leadByte(folded) {
      expected[folded, default: []].insert(FoldSources.leadByte(value))
    }
  }
  let found = FoldSources.leads.mapValues { Set($0) }.filter { !$0.value.isEmpty }
  #expect(found == expected)
  #expect(expected.count > 200)
  #expect(FoldSources.leads.values.allSatisfy { Set($0).count == $0.count }, "no lead listed twice")
}
