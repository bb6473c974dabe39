import PickTestSupport
import Testing

@testable import PickCore

// The ranker's loops over runs of items (`Ranker+RunKeys`): the
// one-character loop (`cpick_rank_single_ascii`), the loop that leaves
// matches unscored (`cpick_rank_unscored_ascii`) and the one that scores
// those it cannot leave (`ItemMatcher.scoredKeys`) write the keys of whole
// runs of items themselves. Their ranking must be the one the general path
// gives item by item: the same matches, scores and trimmed lengths, so the
// same order, whether the run holds non-ASCII items (handed back one at a
// time), items ending in CR, white space at either end, items too long for
// the byte scans, runs cut into small tasks, `--tac`, or offsets past the
// narrow table.

/// Items that give the character different bonuses and the items different
/// lengths, with non-ASCII bytes and invalid UTF-8 among them.
private func mixedItems(count: Int, seed: UInt64) -> [[UInt8]] {
  var random = SeededGenerator(seed: seed)
  let pieces = ["l", "L", "lib", "/", "-", "_", "x", "X", "9", " ", "\t", "é", "ł", "写", "\r", "."]
  return (0..<count).map { k in
    var bytes = Array(
      (0..<Int.random(in: 0...40, using: &random)).map { _ in
        pieces.randomElement(using: &random) ?? "x"
      }.joined().utf8)
    if k % 13 == 0 { bytes.append(0x0D) }
    if k % 17 == 0 { bytes.insert(0xFF, at: Int.random(in: 0...bytes.count, using: &random)) }
    return bytes
  }
}

/// The ranking the general path gives: every item matched on its own by a
/// matcher that scans no bytes, its key packed as the ranker packs it.
private func expectedOrder(_ items: [[UInt8]], query: CompiledQuery, tac: Bool) -> [Int] {
  let general = ItemMatcher(query, detail: .trimmedLength, strategy: .prepared(longItemsFromBytes: false))
  let points = RankPoints(criteria: [.length])
  var keys: [UInt64] = []
  for (index, bytes) in items.enumerated() {
    let item = bytes.last == 0x0D ? Array(bytes.dropLast()) : bytes
    guard let found = item.withUnsafeBufferPointer({ general.matchForRanking($0) }) else { continue }
    let p = points.points(
      for: found.match, trimmedLength: found.trimmedLength, units: found.units, classes: found.classes)
    let order = tac ? items.count - 1 - index : index
    keys.append(p & 0xFFFF_FFFF_0000_0000 | UInt64(order))
  }
  return keys.sorted().map { key in
    let order = Int(key & 0xFFFF_FFFF)
    return tac ? items.count - 1 - order : order
  }
}

private func ranked(_ store: ItemStore, _ query: CompiledQuery, tac: Bool, taskSize: Int) -> [Int] {
  var ranker = Ranker(order: Ranker.Order(reversesInput: tac), workers: 2)
  ranker.taskSize = taskSize
  let matches = ranker.rank(store, range: 0..<store.count, query: query)
  return (0..<matches.count).map { matches.itemIndex(at: $0) }
}

/// `items` in a store, one a line, bytes as they are.
private func lineStore(_ items: [[UInt8]]) throws -> ItemStore {
  let store = try ItemStore(separator: 0x0A, byteLimit: 1 << 22, itemLimit: 1 << 16)
  try store.append(items.flatMap { $0 + [0x0A] })
  try store.finish()
  return store
}

/// `query` ranked over `store` (or its `list` of items) in tasks of
/// `taskSize` items twice: by a ranker that sorts only a front of `front`
/// matches, as the picker's does (the rest may be left unscored), and by
/// one that sorts everything. Each as items in ranked order, and whether
/// the first left matches unscored.
private func frontAndFull(
  _ store: ItemStore, _ query: String, tac: Bool, taskSize: Int, front: Int, list: [Int]? = nil
) -> (ranked: [Int], expected: [Int], leftUnscored: Bool) {
  let compiled = CompiledQuery(Array(query.utf8), options: Options())
  var full = Ranker(order: Ranker.Order(reversesInput: tac), workers: 2)
  full.taskSize = taskSize
  var partial = full
  partial.sortLimit = front
  func rank(_ ranker: Ranker) -> RankedMatches {
    list.map { ranker.rank(store, items: $0, query: compiled) }
      ?? ranker.rank(store, range: 0..<store.count, query: compiled)
  }
  let (ranked, expected) = (rank(partial), rank(full))
  return (
    (0..<ranked.count).map { ranked.itemIndex(at: $0) }, (0..<expected.count).map { expected.itemIndex(at: $0) },
    ranked.leftMatchesUnscored
  )
}

@Test(arguments: [false, true], [1, 7, 8192])
func `the one-character loop ranks runs of items as the general path ranks each item`(tac: Bool, taskSize: Int)
  throws
{
  let items = mixedItems(count: 3000, seed: UInt64(taskSize) + (tac ? 100 : 0))
  let store = try ItemStore(separator: 0x0A, byteLimit: 1 << 20, itemLimit: 1 << 13)
  try store.append(items.flatMap { $0 + [0x0A] })
  try store.finish()
  for text in ["l", "L", "/", "9", "x"] {
    var options = Options()
    options.scheme = .path
    options.tiebreak = [.length]
    let query = CompiledQuery(Array(text.utf8), options: options)
    let matcher = ItemMatcher(query, detail: .trimmedLength)
    #expect(matcher.singleScan != nil, "query \(text) takes the one-character scan")
    #expect(ranked(store, query, tac: tac, taskSize: taskSize) == expectedOrder(items, query: query, tac: tac))
  }
}

/// Non-ASCII items are scored inside the one-character loop from their
/// compact text (`cpick_scan_single_compact`), or handed back where the
/// compact text needs the general path's help: a block of the table not
/// filled yet (the first `ｌ`, `K`, `写`...), a mark dropped after a Latin
/// letter (`l̂`), a character above the cached planes (`𠀀`), an item longer
/// than the loop's room. Either way the ranking is the general path's.
@Test(arguments: [false, true])
func `the one-character loop scores non-ASCII items as the general path does`(tac: Bool) throws {
  var random = SeededGenerator(seed: tac ? 31 : 30)
  let pieces = [
    "l", "L", "k", "e", "/", " ", "é", "É", "\u{FF4C}", "\u{212A}", "l\u{302}", "😃", "\u{20000}", "写", "ł",
    "\u{3000}", "\u{663}",
  ]
  var items = (0..<2500).map { _ in
    Array(
      (0..<Int.random(in: 0...30, using: &random)).map { _ in
        pieces.randomElement(using: &random) ?? "x"
      }.joined().utf8)
  }
  // Longer than the loop's room for a compact text: mostly CJK (a short
  // compact text) and mostly ASCII (as long as the item).
  items[1200] = Array((String(repeating: "写x", count: CompactText.runCapacity / 4) + "l").utf8)
  items[1300] = Array((String(repeating: "x", count: CompactText.runCapacity) + "写 l").utf8)
  let store = try ItemStore(separator: 0x0A, byteLimit: 1 << 20, itemLimit: 1 << 13)
  try store.append(items.flatMap { $0 + [0x0A] })
  try store.finish()
  for text in ["l", "k", "e", "/", "L"] {
    for taskSize in [5, 8192] {
      let query = CompiledQuery(Array(text.utf8), options: Options())
      #expect(ItemMatcher(query, detail: .trimmedLength).singleScan != nil, "query \(text)")
      let same = ranked(store, query, tac: tac, taskSize: taskSize) == expectedOrder(items, query: query, tac: tac)
      #expect(same, "query \(text), tasks of \(taskSize)")
    }
  }
}

/// The same for fuzzy terms (`ItemMatcher.scoredKeys`), under `--filter`
/// (every match scored) and in the picker (a front, and what cannot reach
/// it left unscored): a non-ASCII item is scored from its compact text in
/// the loop, or handed back where the compact text needs the general path.
@Test(arguments: [false, true])
func `the scored loop takes non-ASCII items as the general path does`(front: Bool) throws {
  var random = SeededGenerator(seed: front ? 41 : 40)
  let pieces = [
    "l", "a", "k", "e", "/", " ", "la", "é", "É", "\u{FF4C}", "\u{212A}", "l\u{302}", "😃", "\u{20000}", "写",
    "\u{3000}",
  ]
  let items = (0..<2500).map { _ in
    Array(
      (0..<Int.random(in: 0...24, using: &random)).map { _ in
        pieces.randomElement(using: &random) ?? "x"
      }.joined().utf8)
  }
  let store = try ItemStore(separator: 0x0A, byteLimit: 1 << 20, itemLimit: 1 << 13)
  try store.append(items.flatMap { $0 + [0x0A] })
  try store.finish()
  for text in ["la", "l k", "ek", "/l", "a a"] {
    let query = CompiledQuery(Array(text.utf8), options: Options())
    #expect(ItemMatcher(query, detail: .trimmedLength).scoresRuns, "query \(text)")
    let expected = expectedOrder(items, query: query, tac: false)
    for taskSize in [5, 8192] {
      var ranker = Ranker(order: Ranker.Order(), workers: 2)
      ranker.taskSize = taskSize
      if front { ranker.sortLimit = 20 }
      let matches = ranker.rank(store, range: 0..<store.count, query: query)
      // The matches' order is read only when their count is right: past
      // the count there is no match to read.
      let shown = front ? min(20, expected.count) : expected.count
      let same =
        matches.count == expected.count
        && (0..<shown).map { matches.itemIndex(at: $0) } == Array(expected.prefix(shown))
      #expect(same, "query \(text), tasks of \(taskSize)")
    }
  }
}

@Test func `the one-character loop leaves items past the narrow offsets to the general path`() throws {
  // Offsets widen after 2,000 bytes: the runs that reach them are ranked item by item.
  let items = mixedItems(count: 400, seed: 77)
  let store = try ItemStore(separator: 0x0A, byteLimit: 1 << 20, itemLimit: 1 << 12, wideningOffset: 2000)
  try store.append(items.flatMap { $0 + [0x0A] })
  try store.finish()
  let query = CompiledQuery(Array("l".utf8), options: Options())
  #expect(ranked(store, query, tac: false, taskSize: 16) == expectedOrder(items, query: query, tac: false))
}

@Test func `the one-character loop takes a last item that came without its separator`() throws {
  let items: [[UInt8]] = [Array("xl".utf8), Array("l".utf8), Array("a/l".utf8), Array("zzl".utf8)]
  let store = try ItemStore(separator: 0x0A, byteLimit: 1 << 16, itemLimit: 1 << 8)
  try store.append(Array("xl\nl\na/l\nzzl".utf8))
  try store.finish()
  let query = CompiledQuery(Array("l".utf8), options: Options())
  let order = ranked(store, query, tac: false, taskSize: 8192)
  #expect(order == expectedOrder(items, query: query, tac: false))
  #expect(order.count == 4)
}

/// Many items with the perfect score for "ab" (at the start, or after a
/// delimiter), of many lengths, and items the loop must hand back: not
/// ASCII, too long for the byte scans, ending in CR, with white space
/// around, or matching only with a gap.
private func pruningItems(count: Int, seed: UInt64, ascii: Bool = false) -> [[UInt8]] {
  var random = SeededGenerator(seed: seed)
  let fillers = ["x", "y", "/", " ", "z"]
  return (0..<count).map { k in
    let filler = (0..<Int.random(in: 0...30, using: &random)).map { _ in
      fillers.randomElement(using: &random) ?? "x"
    }.joined()
    var text: String
    switch k % 6 {
    case 0: text = "ab" + filler
    case 1: text = filler + "/ab"
    case 2: text = "a" + filler + "b"
    case 3: text = " ab" + filler + " "
    case 4: text = filler
    default: text = "xab" + filler
    }
    // Upper case, which a lower-case query matches too.
    if k % 5 == 0 { text = text.uppercased() }
    if k % 11 == 0 { text += "\r" }
    // Two-byte characters in some items, so that bytes and characters give different lengths.
    if k % 7 == 0 && !ascii { text += k % 2 == 0 ? "é" : "łł" }
    if k == 7 { text = "ab" + String(repeating: "x", count: Scoring.longItemUnits + 5) }
    // Short enough for the byte scans, too wide a window for the alignment.
    if k == 8 { text = "a" + String(repeating: "x", count: Scoring.maximumCells / 2) + "b" }
    return Array(text.utf8)
  }
}

@Test(arguments: ["ab", "ab y", "a b", "yb", "x/a"], [false, true])
func `the loop that leaves matches unscored ranks as the general path does`(query: String, tac: Bool) throws {
  // Over an input that is all ASCII the loop tests no item for ASCII
  // (`NarrowRun.isASCII`) and passes over an item without a match before
  // measuring it.
  for ascii in [false, true] {
    let items = pruningItems(count: 20_000, seed: (tac ? 3 : 4) + (ascii ? 2 : 0), ascii: ascii)
    let store = try lineStore(items)
    #expect(store.isASCII == ascii)
    // A front that reaches past the shortest items, to those of a few characters.
    let (ranked, expected, leftUnscored) = frontAndFull(store, query, tac: tac, taskSize: 500, front: 400)
    if query == "ab" { #expect(leftUnscored, "many items have the perfect score") }
    #expect(ranked.count == expected.count)
    #expect(ranked.prefix(400) == expected.prefix(400))
    #expect(ranked == expected, "ASCII input: \(ascii)")
    // The full ranking (its terms scored a run at a time, `--filter`'s
    // way) is the general path's, item by item.
    let compiled = CompiledQuery(Array(query.utf8), options: Options())
    #expect(expected == expectedOrder(items, query: compiled, tac: tac))
  }
}

@Test(arguments: [false, true])
func `the loops rank a list of items as the general path does`(tac: Bool) throws {
  // A narrowed search ranks the previous query's matches: every other item here.
  let store = try lineStore(pruningItems(count: 30_000, seed: 9))
  let list = Array(stride(from: 0, to: store.count, by: 2))
  for query in ["ab", "b", "a b"] {
    let (ranked, expected, leftUnscored) = frontAndFull(
      store, query, tac: tac, taskSize: 300, front: 400, list: list)
    if query == "ab" { #expect(leftUnscored) }
    #expect(ranked == expected)
  }
}

/// A query no item holds in one piece never fills the front with perfect
/// scores; the ceiling of each match (`ScoreCeiling`) lets the loop leave
/// unscored those that cannot enter it, and the ranking is still the full
/// one, front and rest.
@Test(arguments: [false, true])
func `matches whose ceiling cannot reach the front are left unscored`(tac: Bool) throws {
  var random = SeededGenerator(seed: tac ? 21 : 22)
  let parts = ["lib", "/", "x", "p", "y", "src", "-", "a"]
  let items = (0..<20_000).map { _ in
    (0..<Int.random(in: 3...25, using: &random)).map { _ in parts.randomElement(using: &random) ?? "x" }.joined()
  }.filter { !$0.contains("libpy") }.map { Array($0.utf8) }
  let store = try lineStore(items)
  let (ranked, expected, leftUnscored) = frontAndFull(store, "libpy", tac: tac, taskSize: 500, front: 100)
  #expect(expected.count > 1_000)
  #expect(leftUnscored, "no perfect score, yet matches were left unscored")
  #expect(ranked.count == expected.count)
  #expect(ranked == expected)
}

/// Where the query's rarest letter is in few items, the ranker skips to it
/// a block at a time; in an ASCII input each candidate that holds the
/// terms is scored as the run loop scores it (`scoredKeys`, told the terms
/// are there). The ranking is still the general path's, with a front or
/// without, in either order.
@Test(arguments: [false, true])
func `candidates the skip finds in an ASCII input rank as the general path ranks them`(tac: Bool) throws {
  var random = SeededGenerator(seed: tac ? 41 : 42)
  let parts = ["lib", "/", "x", "-", "a", "src", " ", "b", "B", "\r"]
  let rare = ["q", "zq", "q/b", "Qa", " q-b ", "qqb"]
  let items = (0..<20_000).map { k in
    var text = (0..<Int.random(in: 1...12, using: &random)).map { _ in
      parts.randomElement(using: &random) ?? "x"
    }
    if k % 25 == 0 {
      text.insert(rare.randomElement(using: &random) ?? "q", at: Int.random(in: 0...text.count, using: &random))
    }
    return Array(text.joined().utf8)
  }
  let store = try lineStore(items)
  #expect(store.isASCII)
  for query in ["qb", "zq", "q a", "q b x"] {
    let (ranked, expected, _) = frontAndFull(store, query, tac: tac, taskSize: 4096, front: 50)
    #expect(ranked == expected, "query \(query)")
    let compiled = CompiledQuery(Array(query.utf8), options: Options())
    #expect(expected == expectedOrder(items, query: compiled, tac: tac), "query \(query)")
    #expect(expected.count > 50, "query \(query)")
  }
}

/// A key's score field read back (`RankPoints.score(ofKey:)`, which the
/// front's threshold uses) is the score it was made from, a negative one
/// as 0, whatever the tiebreak and order bits below it.
@Test func `a key's score field reads back as its score`() {
  for score: Int32 in [-40, -1, 0, 1, 17, 332, 4096, 0xFFFE, 0xFFFF] {
    let key = RankPoints.scoreField(score) << 48 | 0x0000_BEEF_DEAD_F00D
    #expect(RankPoints.score(ofKey: key) == max(score, 0), "score \(score)")
  }
}

/// Every build of the one-character loop (`cpick_rank_single_ascii`, by `level`:
/// the baseline's sixteen-byte blocks, AVX-512's masked loads where the
/// processor has them) writes the keys that scanning each item on its own
/// gives (`SingleCharacterScan.scan`, through the bonus matrix): items
/// across the 64-byte blocks, white space, CR, non-ASCII items (where the
/// loop stops), each scheme, either case, and the last of equals.
@Test func `each build of the one-character loop writes the keys of each item scanned alone`() throws {
  var items = mixedItems(count: 600, seed: 0x5151_0001)
  var random = SeededGenerator(seed: 0x5151_0002)
  // Longer items, so that blocks of 64 and 128 bytes end inside them.
  for k in stride(from: 0, to: items.count, by: 7) {
    let length = Int.random(in: 55...140, using: &random)
    items[k] = Array((0..<length).map { _ in Array("lL/ x9-".utf8).randomElement(using: &random) ?? 0x78 })
  }
  let store = try lineStore(items)
  let run = try #require(store.narrowRun(0..<store.count))
  var keys = [UInt64](repeating: 0, count: items.count)
  for scheme in [Options.Scheme.default, .path, .history] {
    let lookup = BonusLookup(BonusTable(scheme: scheme))
    for (unit, caseSensitive, prefersLast) in [
      (UInt8(ascii: "l"), false, false), (UInt8(ascii: "l"), true, true), (UInt8(ascii: "L"), true, false),
      (UInt8(ascii: "/"), false, true), (UInt8(ascii: " "), false, false), (UInt8(ascii: "9"), false, false),
    ] {
      let scan = try #require(
        SingleCharacterScan(unit: unit, caseSensitive: caseSensitive, lookup: lookup, prefersLast: prefersLast))
      let expected = singleKeys(items, scan: scan)
      for level: Int32 in [0, 2] {
        var got: [UInt64] = []
        var k = 0
        while k < items.count {
          let (taken, written) = try #require(
            keys.withUnsafeMutableBufferPointer { buffer in
              buffer.baseAddress.flatMap {
                scan.rankKeys(
                  run.dropFirst(k), separator: 0x0A, firstOrder: k, descending: false, into: $0, compact: nil,
                  level: level)
              }
            })
          got += keys[0..<written]
          // The loop stops before a non-ASCII item: step over it, as the ranker's general path does.
          k += taken + 1
        }
        #expect(
          got == expected, "scheme \(scheme) unit \(unit) case \(caseSensitive) last \(prefersLast) level \(level)")
      }
    }
  }
}

/// The keys the one-character loop writes, from each ASCII item scanned
/// on its own (non-ASCII items skipped, as the test above steps over them).
private func singleKeys(_ items: [[UInt8]], scan: SingleCharacterScan) -> [UInt64] {
  var keys: [UInt64] = []
  for (order, bytes) in items.enumerated() {
    let item = bytes.last == 0x0D ? Array(bytes.dropLast()) : bytes
    guard let found = item.withUnsafeBufferPointer({ scan.scan($0) }), let match = found.match else { continue }
    let field = UInt64(0xFFFF - max(0, min(Int(match.score), 0xFFFF)))
    keys.append(field << 48 | UInt64(min(found.trimmedLength, 0xFFFF)) << 32 | UInt64(order))
  }
  return keys
}
