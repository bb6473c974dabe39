import Testing

@testable import PickCore

// The one-character scan (`SingleCharacterScan`, C blocks of sixteen bytes)
// against the general path (`FuzzyScorer` on the prepared item): items of
// every length around the block size, so that whole blocks, the overlapping
// last block and the padded short item are all exercised, with non-ASCII
// bytes anywhere (the scan must hand those items to the general path).

/// Random items over `alphabet`, 0-80 characters, some past `Scoring.longItemUnits`.
private func randomItems(_ alphabet: [String], count: Int, using random: inout SeededGenerator) -> [[UInt8]] {
  (0..<count).map { k in
    let length = k % 10 == 0 ? Int.random(in: 300...700, using: &random) : Int.random(in: 0...80, using: &random)
    return Array((0..<length).map { _ in alphabet.randomElement(using: &random) ?? "a" }.joined().utf8)
  }
}

@Test(arguments: [Options.Scheme.default, .path, .history])
func `the one-character block scan scores ASCII items like the general path`(scheme: Options.Scheme) {
  var random = SeededGenerator(seed: 1515)
  // Few letters, so items hold several occurrences competing for the best bonus.
  let alphabet = ["l", "L", "i", "/", "-", "_", ".", " ", "\t", "\r", "9", "x", "X", ":", ","]
  var items = randomItems(alphabet, count: 600, using: &random)
  // Longer than `Scoring.longItemUnits`: the general path takes its long-item scorer.
  items += [
    Array((String(repeating: "x/", count: 40_000) + "l").utf8),
    Array(("L" + String(repeating: "-x", count: 40_000)).utf8),
  ]
  for tiebreak in [[Options.Tiebreak.length], [Options.Tiebreak.end], [Options.Tiebreak.index]] {
    for (query, caseMode) in [
      ("l", Options.CaseMode.smart), ("L", .smart), ("l", .sensitive), ("L", .insensitive), ("/", .smart),
      ("9", .smart), (" ", .smart),
    ] {
      var options = Options()
      options.scheme = scheme
      options.tiebreak = tiebreak
      options.caseMode = caseMode
      expectByteScansAgree([query], items, options: options)
    }
  }
}

@Test func `the one-character block scan scores non-ASCII items from their compact text like the general path`() {
  var random = SeededGenerator(seed: 1516)
  // `ł` and `Ł` fold to nothing ASCII; `é`, `ｌ` (fullwidth) and `Ｌ` fold to ASCII letters.
  let alphabet = ["l", "L", "e", "/", " ", "é", "ł", "Ł", "ｌ", "Ｌ", "写", "\u{301}", "\u{FF}", "x", "x", "x"]
  var items = randomItems(alphabet, count: 600, using: &random)
  // Bytes that are not UTF-8, alone and at either end of a block.
  let x = UInt8(ascii: "x")
  let l = UInt8(ascii: "l")
  items += [[0x80], [UInt8](repeating: x, count: 15) + [0xFF, l], [0xC3] + [UInt8](repeating: l, count: 16)]
  for query in ["l", "e", "/", "x"] {
    expectByteScansAgree([query], items, options: Options())
  }
}

@Test func `the one-character block scan finds the occurrence at every offset of a block`() {
  // One `l` at each position of items 1-48 long, after a word character and after a delimiter.
  var items: [[UInt8]] = []
  for length in 1...48 {
    for at in 0..<length {
      let filler = Array(repeating: "x", count: length)
      var plain = filler
      plain[at] = "l"
      items.append(Array(plain.joined().utf8))
      var bounded = filler
      bounded[at] = "l"
      if at > 0 { bounded[at - 1] = "/" }
      items.append(Array((bounded.joined() + "l").utf8))
    }
  }
  for tiebreak in [[Options.Tiebreak.length], [Options.Tiebreak.end]] {
    var options = Options()
    options.tiebreak = tiebreak
    expectByteScansAgree(["l"], items, options: options)
  }
}
