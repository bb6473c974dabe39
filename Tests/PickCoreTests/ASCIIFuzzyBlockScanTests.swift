import CPick
import Testing

@testable import PickCore

// `ASCIIFuzzyScorer`'s block scans in C (`cpick_fuzzy.h`: first occurrences,
// last occurrence, each row's columns) against the general path, on items of
// every length around the block size, with the ASCII scorer tried before the
// byte filter: non-ASCII items must reach the general path, ASCII items that
// cannot match must be rejected by the scans alone.

/// Random items over `alphabet`: mostly 0-100 characters, some a few hundred.
private func randomItems(_ alphabet: [String], count: Int, using random: inout SeededGenerator) -> [[UInt8]] {
  (0..<count).map { k in
    let length = k % 16 == 0 ? Int.random(in: 100...400, using: &random) : Int.random(in: 0...100, using: &random)
    return Array((0..<length).map { _ in alphabet.randomElement(using: &random) ?? "a" }.joined().utf8)
  }
}

private let queries = ["li", "lib", "lib/", "lib/p", "LiB", "l/l", "ii", "b/", "li b", "p9 l"]

@Test(arguments: [Options.Scheme.default, .path])
func `the fuzzy block scans score ASCII items like the general path`(scheme: Options.Scheme) {
  var random = SeededGenerator(seed: 1517)
  let alphabet = ["l", "L", "i", "I", "b", "B", "/", "p", "9", "-", " ", "x", "x", "x", "x"]
  let items = randomItems(alphabet, count: 500, using: &random)
  for tiebreak in [[Options.Tiebreak.length], [Options.Tiebreak.end]] {
    for caseMode in [Options.CaseMode.smart, .sensitive, .insensitive] {
      var options = Options()
      options.scheme = scheme
      options.tiebreak = tiebreak
      options.caseMode = caseMode
      expectByteScansAgree(queries, items, options: options)
    }
  }
}

@Test func `the fuzzy block scans leave non-ASCII items to the general path`() {
  var random = SeededGenerator(seed: 1518)
  // `í` and `ｌ` fold to ASCII letters of the queries; `ł` and `写` fold to none.
  let alphabet = ["l", "i", "b", "/", "p", "í", "ｌ", "ł", "写", "\u{301}", "x", "x", "x"]
  var items = randomItems(alphabet, count: 500, using: &random)
  // Bytes that are not UTF-8 next to the characters of the queries.
  items += [
    [0xFF] + Array("lib".utf8), Array("li".utf8) + [0xC3],
    Array("l".utf8) + [UInt8](repeating: 0x80, count: 20) + Array("ib".utf8),
  ]
  expectByteScansAgree(queries, items, options: Options())
}

@Test func `the fuzzy block scans find every occurrence at every offset of a block`() {
  // "lb" with the `b` at each offset of items up to 40 long, `l` also repeated after it.
  var items: [[UInt8]] = []
  for length in 2...40 {
    for at in 1..<length {
      var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: length)
      bytes[0] = UInt8(ascii: "l")
      bytes[at] = UInt8(ascii: "b")
      items.append(bytes)
      items.append(bytes + Array("/lb".utf8))
    }
  }
  expectByteScansAgree(["lb", "xb", "lx"], items, options: Options())
}

/// A pattern the caller has found is aligned over the item's masks
/// (`MaskedAlignment`) up to its longest item, by the block scans beyond:
/// both must give the score, start and end of the scans' own alignment,
/// for either tie rule, across the words of the masks.
@Test func `the alignment over masks scores a found pattern as the block scans do`() {
  var random = SeededGenerator(seed: 1519)
  let alphabet = ["l", "L", "i", "b", "/", "p", "9", "-", " ", "_", "x", "x", "x"]
  let items =
    randomItems(alphabet, count: 800, using: &random)
    + [Array(repeating: UInt8(ascii: "l"), count: MaskedAlignment.maximumLength)]
  let bonuses = BonusLookup(CompiledQuery(Array("li".utf8), options: Options()).table)
  for prefersLast in [false, true] {
    var masked = ASCIIFuzzyScorer(lookup: bonuses, alignsOverMasks: false)
    var scanned = ASCIIFuzzyScorer(lookup: bonuses, alignsOverMasks: false)
    masked.prefersLast = prefersLast
    scanned.prefersLast = prefersLast
    var aligned = 0
    for pattern in ["li", "lib", "l/p", "ll", "lllll", "b_l", "9l", "p9"] {
      let units = pattern.utf8.map { UInt32($0) }
      for item in items where item.count <= MaskedAlignment.maximumLength {
        let (a, b) = units.withUnsafeBufferPointer { units in
          item.withUnsafeBufferPointer { text in
            (
              masked.match(units, in: text, caseSensitive: false, found: true),
              scanned.match(units, in: text, caseSensitive: false, found: false)
            )
          }
        }
        if case .matched = a { aligned += 1 }
        #expect(
          "\(a)" == "\(b)", "pattern \(pattern) item \(String(decoding: item, as: UTF8.self)) last \(prefersLast)")
      }
    }
    #expect(aligned > 500)
  }
}

/// Whole words in items, at word starts of every strength, in one word of
/// the masks or across two: a run that earns the most any character can
/// is taken without aligning the cells (`MaskedAlignment.perfectRunEnd`),
/// and must give the score and end the block scans' alignment gives, the
/// first of equal runs or the last (`prefersLast`), with or without white
/// space in the item and whatever the scheme.
@Test(arguments: [Options.Scheme.default, .path, .history])
func `a pattern found whole at the strongest word start scores as the cells would`(scheme: Options.Scheme) {
  var random = SeededGenerator(seed: 1523)
  let before = ["", " ", "/", "_", "-", "x", "a", ".", "X"]
  let words = ["lib", "Lib", "LIB", "li", "lb", "l-ib"]
  var items: [[UInt8]] = []
  for k in 0..<1200 {
    let length = k % 4 == 0 ? Int.random(in: 50...MaskedAlignment.maximumLength, using: &random) : 40
    let filler = (0..<length).map { _ in ["x", "a", "i", "/", "_"].randomElement(using: &random) ?? "x" }
    var item = Array(filler.joined().utf8)
    for _ in 0..<Int.random(in: 1...3, using: &random) {
      let piece = Array(
        ((before.randomElement(using: &random) ?? "") + (words.randomElement(using: &random) ?? "")).utf8)
      let at = Int.random(in: 0...item.count, using: &random)
      item.insert(contentsOf: piece, at: at)
    }
    items.append(Array(item.prefix(MaskedAlignment.maximumLength)))
  }
  var options = Options()
  options.scheme = scheme
  let lookup = BonusLookup(CompiledQuery(Array("lib".utf8), options: options).table)
  for prefersLast in [false, true] {
    var masked = ASCIIFuzzyScorer(lookup: lookup, alignsOverMasks: false)
    var scanned = ASCIIFuzzyScorer(lookup: lookup, alignsOverMasks: false)
    masked.prefersLast = prefersLast
    scanned.prefersLast = prefersLast
    var perfect = 0
    for pattern in ["lib", "li", "ib"] {
      let units = pattern.utf8.map { UInt32($0) }
      let best = [lookup.bestBonus, lookup.bestBonusAwayFromWhite].map {
        ScoringRules.perfectScore(length: units.count, bestBonus: $0)
      }
      for item in items {
        let (a, b) = units.withUnsafeBufferPointer { units in
          item.withUnsafeBufferPointer { text in
            (
              masked.match(units, in: text, caseSensitive: false, found: true),
              scanned.match(units, in: text, caseSensitive: false, found: false)
            )
          }
        }
        if case .matched(let found) = a, best.contains(found.score) { perfect += 1 }
        #expect(
          "\(a)" == "\(b)", "pattern \(pattern) item \(String(decoding: item, as: UTF8.self)) last \(prefersLast)")
      }
    }
    #expect(perfect > 300)
  }
}

/// Aligned over its masks whether the caller found the pattern or not, and
/// with a score to reach or none (`alignsOverMasks`, the default under
/// AVX-512), a short item gets what the block scans give: no match where
/// a character is missing or out of order, the same ceiling where it
/// cannot reach what is asked, the same score, start and end otherwise.
/// But for one difference: the masks' tighter ceiling from the rows'
/// occurrences (`MaskedAlignment.rowCeiling`) may leave unaligned a match
/// the block scans align and find below what is asked; its ceiling is
/// then below what is asked, and no lower than the score.
@Test(arguments: [Options.Scheme.default, .path])
func `every short item aligned over its masks scores as the block scans do`(scheme: Options.Scheme) {
  var random = SeededGenerator(seed: 1531)
  let alphabet = ["l", "L", "i", "b", "/", "p", "y", "9", "-", " ", "_", "x", "x", "x", "x"]
  let items =
    randomItems(alphabet, count: 1500, using: &random).filter { $0.count <= MaskedAlignment.maximumLength }
  var options = Options()
  options.scheme = scheme
  let lookup = BonusLookup(CompiledQuery(Array("li".utf8), options: options).table)
  for prefersLast in [false, true] {
    var masked = ASCIIFuzzyScorer(lookup: lookup, alignsOverMasks: true)
    var scanned = ASCIIFuzzyScorer(lookup: lookup, alignsOverMasks: false)
    masked.prefersLast = prefersLast
    scanned.prefersLast = prefersLast
    var seen = (none: 0, below: 0, matched: 0)
    for pattern in ["li", "lib", "lib/py", "l/p", "yl", "LIB", "9-", "ll"] {
      let units = pattern.lowercased().utf8.map { UInt32($0) }
      let perfect = ScoringRules.perfectScore(length: units.count, bestBonus: lookup.bestBonus)
      for item in items {
        for needs in [Int32.min, perfect / 2, perfect &- 20, perfect] {
          let (a, b) = units.withUnsafeBufferPointer { units in
            item.withUnsafeBufferPointer { text in
              (
                masked.match(units, in: text, caseSensitive: false, needs: needs),
                scanned.match(units, in: text, caseSensitive: false, needs: needs)
              )
            }
          }
          switch a {
          case .noMatch: seen.none += 1
          case .cannotReach: seen.below += 1
          case .matched: seen.matched += 1
          case .tooLarge: break
          }
          let text = String(decoding: item, as: UTF8.self)
          if case .cannotReach(let ceiling) = a, case .matched(let scored) = b, scored.score < needs {
            #expect(ceiling >= scored.score && ceiling < needs, "\(pattern) needs \(needs) in \(text)")
            continue
          }
          #expect("\(a)" == "\(b)", "\(pattern) needs \(needs) in \(text) last \(prefersLast)")
        }
      }
    }
    #expect(seen.none > 1000 && seen.below > 1000 && seen.matched > 1000, "\(seen)")
  }
}

/// The masks made under AVX-512 (`cpick_fuzzy_masks_at` at level 2, where
/// the processor has it) and by the baseline are each byte's comparison
/// with each row, at every length across the words of the masks: letters
/// either case, a unit no byte is (upper case ignoring case, non-ASCII),
/// NUL among the bytes and as a unit, bytes past the item never read.
@Test func `the masks hold every occurrence of every row at every length`() {
  var random = SeededGenerator(seed: 1537)
  let bytes: [UInt8] = [0, 0x20, 0x2F, 0x41, 0x42, 0x61, 0x62, 0x7A, 0x5A, 0x80, 0xC3, 0xFF]
  let patterns: [[UInt32]] = [[0x61, 0x62], [0x41, 0x62, 0x7A], [0, 0x2F], [0xE9, 0x61], [0x5A, 0x20, 0xFF]]
  for length in 0...(MaskedAlignment.maximumLength) {
    // The item sits before bytes that are every row's unit, which no mask may show.
    let item = (0..<length).map { _ in bytes.randomElement(using: &random) ?? 0 }
    let buffer = item + [0x61, 0x62, 0x41, 0, 0x2F, 0x7A]
    let words = (length + 63) / 64
    for pattern in patterns {
      for sensitive in [Int32(0), 1] {
        var expected = [UInt64](repeating: 0, count: pattern.count * words)
        for (i, unit) in pattern.enumerated() {
          for (k, byte) in item.enumerated() {
            let folds = sensitive == 0 && (0x61...0x7A).contains(unit)
            let noByte = unit >= 0x80 || sensitive == 0 && (0x41...0x5A).contains(unit)
            let hit = !noByte && (UInt32(byte) == unit || folds && UInt32(byte) == unit - 0x20)
            if hit { expected[i * words + k / 64] |= 1 << UInt64(k % 64) }
          }
        }
        for level in [Int32(0), 2] {
          var masks = [UInt64](repeating: .max, count: max(pattern.count * words, 1))
          buffer.withUnsafeBufferPointer { text in
            pattern.withUnsafeBufferPointer { units in
              masks.withUnsafeMutableBufferPointer { out in
                cpick_fuzzy_masks_at(
                  level, text.baseAddress, length, units.baseAddress, pattern.count, sensitive, out.baseAddress, words,
                  nil)
              }
            }
          }
          #expect(Array(masks.prefix(pattern.count * words)) == expected, "length \(length) \(pattern) level \(level)")
        }
      }
    }
  }
}

/// The quiet bytes (`cpick_fuzzy_quiet`, which `MaskedAlignment`'s row
/// ceiling gives nothing) earn no bonus in any scheme: every pair of bytes,
/// the compact text's stand-ins among them, by both builds of the masks.
/// The first byte is never quiet (the class before it is white space or a
/// delimiter, after which a word character earns a bonus).
@Test(arguments: [Options.Scheme.default, .path, .history])
func `a quiet byte earns no bonus after any byte`(scheme: Options.Scheme) {
  let lookup = BonusLookup(BonusTable(scheme: scheme))
  var quietPairs = 0
  for level in [Int32(0), 2] {
    for first in 0...255 {
      for second in 0...255 {
        let item: [UInt8] = [UInt8(first), UInt8(second)]
        var quiet: UInt64 = .max
        var mask: UInt64 = 0
        item.withUnsafeBufferPointer { text in
          cpick_fuzzy_masks_at(level, text.baseAddress, 2, nil, 0, 0, &mask, 1, &quiet)
        }
        #expect(quiet & ~0b10 == 0, "\(item) level \(level)")
        guard quiet & 0b10 != 0 else { continue }
        quietPairs += 1
        let previous = Int(lookup.asciiClasses[first].rawValue)
        let current = Int(lookup.asciiClasses[second].rawValue)
        #expect(lookup.matrix[previous, current] == 0, "\(item) level \(level)")
      }
    }
  }
  // Each build: a lower-case letter after any of 62 letters and digits, an
  // upper-case one after 36 upper-case letters and digits, a digit after 10 digits.
  #expect(quietPairs == 2 * (26 * 62 + 26 * 36 + 10 * 10))
}

/// Both builds find the same quiet bytes in items of every length across
/// the words of the masks, a word character's class carried from one word
/// into the next.
@Test func `both builds find the same quiet bytes at every length`() {
  var random = SeededGenerator(seed: 1538)
  let bytes = Array("aZ09/ _-.zA\u{7F}".utf8) + [0x80, 0x9A, 0xFF, 0]
  for length in 0...(MaskedAlignment.maximumLength) {
    let item = (0..<length).map { _ in bytes.randomElement(using: &random) ?? 0 }
    let buffer = item + Array("abc".utf8)
    let words = max((length + 63) / 64, 1)
    var found: [[UInt64]] = []
    for level in [Int32(0), 2] {
      var quiet = [UInt64](repeating: .max, count: words)
      var masks = [UInt64](repeating: 0, count: words)
      buffer.withUnsafeBufferPointer { text in
        cpick_fuzzy_masks_at(level, text.baseAddress, length, nil, 0, 0, &masks, words, &quiet)
      }
      found.append(length == 0 ? [0] : quiet)
    }
    #expect(found[0] == found[1], "length \(length)")
    // A letter after a letter at a word's first byte: the class carried over.
    if length > 64 && (0x61...0x7A).contains(item[64]) && (0x61...0x7A).contains(item[63]) {
      #expect(found[0][1] & 1 == 1)
    }
  }
}
