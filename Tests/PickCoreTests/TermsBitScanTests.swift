import CPick
import PickTestSupport
import Testing

@testable import PickCore

// The scan that finds, for a whole run of items at once, those that may
// hold every term of a query (`TermsBitScan`, `cpick_terms.c`): it must pass
// exactly the items where each term's characters occur in order, a
// character that may fold to ASCII read as any, or a fullwidth form as its
// ASCII character when asked (those items flagged when they are not ASCII), in each of its builds (baseline,
// AVX2, AVX-512: those the processor has), whatever the items' lengths
// against its blocks of 64 bytes and chunks of 4 KiB. And the ranker that
// uses it must rank as the general path ranks each item.

/// `count` items of pieces that are term characters in either case, their
/// neighbours, separators of words, and bytes that are not ASCII; some
/// items long enough to straddle several blocks, and a few empty.
private func termItems(count: Int, seed: UInt64) -> [[UInt8]] {
  var random = SeededGenerator(seed: seed)
  // Non-ASCII: characters that may fold to ASCII (`é`, fullwidth `ｇ`,
  // `ṡ`) and some that cannot (`写`, an emoji, a dash), whole or cut short.
  let pieces = [
    "g", "G", "i", "t", "p", "u", "s", "h", "o", "r", "n", "x", " ", "/", "-", "é", "写", "\r", "ｇ", "ṡ", "😀",
    "—",
  ]
  // Fullwidth forms, in every third item: `ｉ` and `Ｏ` fold to `i` and `o`;
  // `！` and a halfwidth katakana (`ｱ`, `EF BD B1`) start like them and
  // fold to no ASCII character.
  let fullwidth = ["ｉ", "Ｏ", "ｎ", "ｐ", "ｕ", "ｓ", "ｱ", "！"]
  let words = ["git", "push", "origin", "GIT", "-o", "s/"]
  return (0..<count).map { k in
    let length = k % 97 == 0 ? Int.random(in: 60...300, using: &random) : Int.random(in: 0...30, using: &random)
    var parts = (0..<length).map { _ in pieces.randomElement(using: &random) ?? "x" }
    // Every few items, the words people type, in any order among the rest.
    if k % 5 == 1 { parts += words.shuffled(using: &random).prefix(3) }
    if k % 3 == 0 { parts += (0..<3).map { _ in fullwidth.randomElement(using: &random) ?? "ｉ" } }
    return Array(parts.shuffled(using: &random).joined().utf8)
  }
}

/// Whether every term's bytes occur in `item` in order, each term on its
/// own, ignoring case for lower-case letters; a character that may fold
/// to ASCII (by its lead byte, or its lead and the byte after) is read as
/// whichever term character comes next, any other non-ASCII byte as none.
/// With `fullwidth`, a fullwidth letter (U+FF21-FF3A, U+FF41-FF5A) is read
/// as its ASCII letter, decoded here, and another form U+FF00-FF7F as none.
private func holdsTerms(_ item: [UInt8], _ terms: [[UInt8]], fullwidth: Bool = false, latin1: Bool = false) -> Bool {
  terms.allSatisfy { term in
    var k = 0
    for (i, byte) in item.enumerated() where k < term.count {
      var folded = byte &- 0x41 < 26 ? byte | 0x20 : byte
      let next = i + 1 < item.count ? item[i + 1] : 0
      var wildcard =
        byte >= 0x80 && ByteFilter.mayStartASCIIFold(byte)
        && (byte < 0xE0 || ByteFilter.mayFoldToASCII(lead: byte, second: next))
      // With `latin1`, a Latin-1 letter is read as the characters one folds to.
      if latin1, byte == 0xC3 {
        wildcard = TermsBitScan.latin1MayBe(UInt32(term[k]), Folding(caseSensitive: false, normalize: true))
      }
      if fullwidth, byte == 0xEF, i + 2 < item.count,
        let scalar = String(decoding: item[i..<i + 3], as: UTF8.self).unicodeScalars.first,
        (0xFF00..<0xFF80).contains(scalar.value)
      {
        let ascii = UInt8(scalar.value - 0xFF00 + 0x20)
        let isLetter = ascii &- 0x41 < 26 || ascii &- 0x61 < 26
        folded = isLetter ? ascii | 0x20 : 0x80
        wildcard = false
      }
      if wildcard || folded == term[k] || byte == term[k] { k += 1 }
    }
    return k == term.count
  }
}

/// The ordinals the scan must pass over `items` (`holdsTerms`), each
/// flagged when the item is not ASCII.
private func reference(_ items: [[UInt8]], _ terms: [[UInt8]], fullwidth: Bool = false, latin1: Bool = false)
  -> [UInt32]
{
  items.indices.filter { holdsTerms(items[$0], terms, fullwidth: fullwidth, latin1: latin1) }.map { k in
    items[k].contains { $0 >= 0x80 } ? UInt32(k) | CPICK_TERMS_NOT_ASCII : UInt32(k)
  }
}

/// The ordinals `cpick_terms_pass_at` passes over `items` joined by `separator`, at `level`.
private func passed(
  _ items: [[UInt8]], _ terms: [[UInt8]], separator: UInt8, level: Int32, fullwidth: Bool = false,
  latin1: Bool = false, memory: UnsafeMutablePointer<cpick_terms_memory>? = nil
) -> [UInt32] {
  let text = Array(items.map { $0 }.joined(separator: [separator]))
  var lower: [UInt8] = []
  var upper: [UInt8] = []
  var ends: [UInt8] = []
  var mayBe: [UInt8] = []
  for term in terms {
    for byte in term {
      var (a, b): (UInt8, UInt8) = (0, 0)
      cpick_fuzzy_bytes(UInt32(byte), 0, &a, &b)
      lower.append(a)
      upper.append(b)
      mayBe.append(TermsBitScan.latin1MayBe(UInt32(byte), Folding(caseSensitive: false, normalize: true)) ? 1 : 0)
      ends.append(0)
    }
    ends[ends.count - 1] = 1
  }
  var out = [UInt32](repeating: 0, count: items.count)
  let count = text.withUnsafeBufferPointer { text in
    out.withUnsafeMutableBufferPointer { out in
      mayBe.withUnsafeBufferPointer { mayBe in
        cpick_terms_pass_at(
          level, text.baseAddress, text.count, separator, lower, upper, ends, ends.count, fullwidth ? 1 : 0,
          latin1 ? mayBe.baseAddress : nil, memory, out.baseAddress, items.count)
      }
    }
  }
  return Array(out.prefix(count))
}

@Test(arguments: [UInt8(0x0A), 0])
func `every build of the scan passes exactly the ASCII items that hold the terms, and flags the rest`(
  separator: UInt8
) {
  let items = termItems(count: 6000, seed: UInt64(separator) + 5)
  for query in [
    ["git"], ["git", "push"], ["git", "push", "origin"], ["g", "h"], ["h", "g"], ["xx", "s/"], ["-", "o-"],
  ] {
    let terms = query.map { Array($0.utf8) }
    let expected = reference(items, terms)
    #expect(expected.contains { $0 & CPICK_TERMS_NOT_ASCII != 0 }, "query \(query) flags some item")
    #expect(expected.contains { $0 & CPICK_TERMS_NOT_ASCII == 0 }, "query \(query) passes some ASCII item")
    // Fullwidth letters read as their ASCII letters, other forms as none;
    // a Latin-1 letter (`é`) as the characters one folds to: none of these.
    let exact = reference(items, terms, fullwidth: true)
    let latin1 = reference(items, terms, latin1: true)
    #expect(exact.count < expected.count, "query \(query): a fullwidth letter is no longer any character")
    #expect(latin1.count < expected.count, "query \(query): a Latin-1 letter is no longer any character")
    for level: Int32 in [0, 1, 2] {
      #expect(passed(items, terms, separator: separator, level: level) == expected, "query \(query) level \(level)")
      let found = passed(items, terms, separator: separator, level: level, fullwidth: true)
      #expect(found == exact, "query \(query) level \(level), fullwidth forms")
      let foundLatin1 = passed(items, terms, separator: separator, level: level, latin1: true)
      #expect(foundLatin1 == latin1, "query \(query) level \(level), Latin-1 letters")
    }
  }
}

@Test func `items that end at a block's edge, or run past a chunk of blocks, are decided like the others`() {
  // Items of every length around 64 and 4096 bytes, the terms at either end.
  var items: [[UInt8]] = []
  for length in [0, 1, 2, 62, 63, 64, 65, 126, 127, 128, 4094, 4095, 4096, 4097, 9000] {
    items.append(Array(repeating: UInt8(ascii: "."), count: length))
    if length >= 2 {
      var item = items[items.count - 1]
      item[0] = UInt8(ascii: "a")
      item[length - 1] = UInt8(ascii: "b")
      items.append(item)
      item[length - 1] = UInt8(ascii: "a")
      items.append(item)
    }
  }
  for shift in 0..<3 {
    let run = Array(repeating: [UInt8(ascii: "z")], count: shift) + items
    let terms = [Array("a".utf8), Array("b".utf8)]
    let expected = run.indices.filter { holdsTerms(run[$0], terms) }.map { UInt32($0) }
    #expect(expected.count > 10)
    for level: Int32 in [0, 1, 2] {
      #expect(passed(run, terms, separator: 0x0A, level: level) == expected, "shift \(shift) level \(level)")
    }
  }
}

/// Whether the matcher for `text` has the scan.
private func scans(_ text: String) -> Bool {
  ItemMatcher(CompiledQuery(Array(text.utf8), options: Options())).termsBitScan != nil
}

@Test func `the scan takes queries of positive terms, one of at least two characters too`() {
  #expect(scans("git push"))
  #expect(scans("'git ^push origin$"))
  #expect(scans("GIT push"))
  #expect(scans("git"))
  #expect(scans("gc"))
  // One character: the one-character loop's.
  #expect(!scans("g"))
  #expect(!scans("git !push"))
  #expect(!scans("git | push x"))
  #expect(!scans("café x"))
}

@Test(arguments: [false, true])
func `a search of one or several terms ranks as the general path ranks each item`(tac: Bool) throws {
  let items = termItems(count: 12_000, seed: tac ? 8 : 7)
  let store = try ItemStore(separator: 0x0A, byteLimit: 1 << 22, itemLimit: 1 << 15)
  try store.append(items.flatMap { $0 + [0x0A] })
  try store.finish()
  let general = { (query: CompiledQuery) in
    ItemMatcher(query, detail: .trimmedLength, strategy: .prepared(longItemsFromBytes: false))
  }
  for text in ["git push", "gi pu or", "h g", "s/ -o", "GIT push", "push", "gh", "s/o"] {
    let query = CompiledQuery(Array(text.utf8), options: Options())
    #expect(scans(text), "query \(text)")
    for taskSize in [7, 8192] {
      var ranker = Ranker(order: Ranker.Order(reversesInput: tac), workers: 2)
      ranker.taskSize = taskSize
      let matches = ranker.rank(store, range: 0..<store.count, query: query)
      let reference = general(query)
      var expected: [(key: UInt64, index: Int)] = []
      for (index, bytes) in items.enumerated() {
        let item = bytes.last == 0x0D ? Array(bytes.dropLast()) : bytes
        guard let found = item.withUnsafeBufferPointer({ reference.matchForRanking($0) }) else { continue }
        let order = tac ? items.count - 1 - index : index
        let points = RankPoints(criteria: [.length]).points(
          for: found.match, trimmedLength: found.trimmedLength, units: found.units, classes: found.classes)
        expected.append((points & 0xFFFF_FFFF_0000_0000 | UInt64(order), index))
      }
      let order = expected.sorted { $0.key < $1.key }.map(\.index)
      #expect((0..<matches.count).map { matches.itemIndex(at: $0) } == order, "query \(text) tasks \(taskSize)")
    }
  }
}

@Test func `a Latin-1 letter may be the letters it folds to, and none without accent folding`() {
  let folds = Folding(caseSensitive: false, normalize: true)
  let literal = Folding(caseSensitive: false, normalize: false)
  for unit in "aceinouyAEC".unicodeScalars { #expect(TermsBitScan.latin1MayBe(unit.value, folds), "\(unit)") }
  for unit in "fbgjklmpqrtvwxz0/ -".unicodeScalars {
    #expect(!TermsBitScan.latin1MayBe(unit.value, folds), "\(unit)")
  }
  for unit in "aeiou".unicodeScalars { #expect(!TermsBitScan.latin1MayBe(unit.value, literal), "\(unit)") }
}

/// Every Latin-1 letter and its neighbours among ASCII words: the ranker's
/// bit scan must let through every item the general path matches.
@Test(arguments: ["cafe", "fe", "zq", "Cafe", "na ce", "caf e", "ss", "y"])
func `a query over Latin-1 letters ranks as the general path ranks each item`(text: String) throws {
  var random = SeededGenerator(seed: 31)
  let latin1 = (UInt32(0xC0)...0xFF).compactMap { Unicode.Scalar($0).map(String.init) }
  let pieces = latin1 + ["c", "a", "f", "e", "z", "q", "n", "s", "y", " ", "/", "\u{301}"]
  let items: [[UInt8]] = (0..<6000).map { k in
    let length = k % 50 == 0 ? Int.random(in: 60...200, using: &random) : Int.random(in: 0...12, using: &random)
    return Array((0..<length).map { _ in pieces.randomElement(using: &random) ?? "x" }.joined().utf8)
  }
  let store = try ItemStore(separator: 0x0A, byteLimit: 1 << 22, itemLimit: 1 << 15)
  try store.append(items.flatMap { $0 + [0x0A] })
  try store.finish()
  let query = CompiledQuery(Array(text.utf8), options: Options())
  let reference = ItemMatcher(query, detail: .trimmedLength, strategy: .prepared(longItemsFromBytes: false))
  var ranker = Ranker(order: Ranker.Order(), workers: 2)
  ranker.taskSize = 64
  let matches = ranker.rank(store, range: 0..<store.count, query: query)
  let expected = items.indices.filter { index in
    items[index].withUnsafeBufferPointer { reference.matchForRanking($0) } != nil
  }
  #expect(!expected.isEmpty, "query \(text) matches some item")
  #expect(Set((0..<matches.count).map { matches.itemIndex(at: $0) }) == Set(expected), "query \(text)")
}

@Test func `fullwidth letters are read as ASCII under accent folding, and as any character without it`() {
  #expect(TermsBitScan.foldsFullwidthAsASCII(Folding(caseSensitive: false, normalize: true)))
  #expect(!TermsBitScan.foldsFullwidthAsASCII(Folding(caseSensitive: false, normalize: false)))
}

@Test(arguments: [["ab", "cd"], ["cd", "ab"], ["a", "cd", "b"], ["dc", "ba", "c"], ["xy", "cd"]])
func `a term that no item of a chunk holds decides the chunk, and items across chunks still pass`(query: [String]) {
  // Long runs of items without `c` or `d`, then a few with them, and
  // some long enough to run from one chunk of 4096 bytes into the next,
  // their letters (never `x` nor `y`) only near their start or only near
  // their end: on either side of the chunk's edge.
  var random = SeededGenerator(seed: 11)
  let common = Array("ab.xyz/".utf8)
  let rare = Array("abcdxy".utf8)
  func letters(_ count: Int, from set: [UInt8]) -> [UInt8] {
    (0..<count).map { _ in set.randomElement(using: &random) ?? UInt8(ascii: ".") }
  }
  let items: [[UInt8]] = (0..<40_000).map { k in
    guard k % 421 != 0 else {
      let filler = [UInt8](repeating: UInt8(ascii: "."), count: Int.random(in: 500...6000, using: &random))
      let ends = letters(Int.random(in: 1...12, using: &random), from: Array("abcd".utf8))
      return k % 2 == 0 ? ends + filler : filler + ends
    }
    return letters(Int.random(in: 0...40, using: &random), from: (1...2).contains(k % 701) ? rare : common)
  }
  let terms = query.map { Array($0.utf8) }
  let expected = reference(items, terms)
  #expect(expected.count > 40, "query \(query) passes some items")
  #expect(expected.count < items.count / 20, "query \(query) passes few items")
  for level: Int32 in [0, 1, 2] {
    let found = passed(items, terms, separator: 0x0A, level: level)
    // The items decided wrongly, if any: a short list to read.
    let wrong = Set(found).symmetricDifference(expected).sorted()
    #expect(wrong.isEmpty && found == expected, "query \(query) level \(level)")
    // In runs, each scan starting from what the one before learned.
    var memory = cpick_terms_memory()
    var inRuns: [UInt32] = []
    for start in stride(from: 0, to: items.count, by: 7000) {
      let run = Array(items[start..<min(start + 7000, items.count)])
      inRuns += passed(run, terms, separator: 0x0A, level: level, memory: &memory).map { $0 + UInt32(start) }
    }
    #expect(inRuns == expected, "query \(query) level \(level), in runs")
    #expect(memory.order_set == 1 && memory.decided > memory.chunks / 2, "query \(query): the reading was split")
  }
}
