import PickTestSupport
import Testing

@testable import PickCore

// Every execution path of the matcher against the brute-force reference
// (ReferenceMatcher.swift): exhaustively over a small alphabet that holds
// every character class, then on seeded random inputs beyond it.

/// One of each character class the scorer tells apart, plus the units that
/// fold: lower, upper, digit, a delimiter, other punctuation, white space, an
/// accented Latin letter, a combining mark, a letter of no case, an invalid byte.
private let itemAlphabet: [[UInt8]] = [
  Array("a".utf8), Array("A".utf8), Array("1".utf8), Array("/".utf8), Array("-".utf8), Array(" ".utf8),
  Array("é".utf8), Array("\u{301}".utf8), Array("写".utf8), [0xFF], Array("e".utf8),
]
/// What a user types against those: plain, upper (smart case), accented (no folding), a delimiter, a digit, CJK, an invalid byte.
private let queryAlphabet: [[UInt8]] = [
  Array("a".utf8), Array("A".utf8), Array("e".utf8), Array("é".utf8), Array("/".utf8), Array("1".utf8),
  Array("写".utf8), [0xFF],
]

/// Every item of up to two symbols, and `count` random ones of three to six.
private func shortAndSampled(_ count: Int, _ random: inout SeededGenerator) -> [[UInt8]] {
  sequences(itemAlphabet, upTo: 2)
    + (0..<count).map { _ in randomText(itemAlphabet, count: Int.random(in: 3...6, using: &random), &random) }
}

/// Every sequence of up to `length` symbols.
private func sequences(_ alphabet: [[UInt8]], upTo length: Int) -> [[UInt8]] {
  var all: [[UInt8]] = [[]]
  var last: [[UInt8]] = [[]]
  for _ in 0..<length {
    last = last.flatMap { prefix in alphabet.map { prefix + $0 } }
    all += last
  }
  return all
}

/// `count` symbols of `alphabet`, chosen at random.
private func randomText(_ alphabet: [[UInt8]], count: Int, _ random: inout SeededGenerator) -> [UInt8] {
  var text: [UInt8] = []
  for _ in 0..<count { text += alphabet[Int.random(in: 0..<alphabet.count, using: &random)] }
  return text
}

private func display(_ bytes: [UInt8]) -> String {
  String(decoding: bytes, as: UTF8.self).debugDescription + " \(bytes)"
}

/// What a sweep found: disagreements the matcher must not have, and how
/// often the two known ones (see the `withKnownIssue` tests below) showed.
private struct Tally {
  var cases = 0
  var problems = 0
  var belowBest = 0
  var positionsOff = 0
}

/// Checks every item against one query, recording the first few hard disagreements as issues.
private func sweep(
  _ query: [UInt8], _ items: [[UInt8]], options: Options = Options(), needsStart: Bool = false, into tally: inout Tally
) {
  let oracle = MatcherOracle(query, options: options, needsMatchStart: needsStart)
  for item in items {
    let verdict = oracle.check(item)
    tally.cases += 1
    if verdict.belowBest { tally.belowBest += 1 }
    if verdict.positionsOff { tally.positionsOff += 1 }
    if verdict.problems.isEmpty { continue }
    tally.problems += 1
    if tally.problems <= 5 { Issue.record("query \(display(query)) item \(display(item)): \(verdict.problems)") }
  }
}

@Test func `every fuzzy pattern of up to two characters agrees with the reference on every item of up to three`() {
  var tally = Tally()
  let items = sequences(itemAlphabet, upTo: 3)
  for query in sequences(queryAlphabet, upTo: 2) where !query.isEmpty {
    sweep(query, items, into: &tally)
  }
  #expect(tally.problems == 0)
  #expect(tally.cases == 72 * 1464)
  // The two known disagreements (the `withKnownIssue` tests below) showed in
  // 85 and 97 of these cases when this suite was written: more means a path
  // drifted further from the definition.
  #expect(tally.belowBest <= 85)
  #expect(tally.positionsOff <= 97)
}

/// The options that change how a term matches or which placement wins.
private let variants: [(name: String, options: Options, needsStart: Bool)] = {
  var insensitive = Options()
  insensitive.caseMode = .insensitive
  var sensitive = Options()
  sensitive.caseMode = .sensitive
  var literal = Options()
  literal.normalize = false
  var last = Options()
  last.tiebreak = [.end]
  var path = Options()
  path.scheme = .path
  var history = Options()
  history.scheme = .history
  return [
    ("-i", insensitive, false), ("+i", sensitive, false), ("--literal", literal, false),
    ("last occurrence", last, false), ("path scheme, real starts", path, true), ("history scheme", history, false),
  ]
}()

@Test(arguments: 0..<6)
func `every option that changes matching agrees with the reference`(variant: Int) {
  let (name, options, needsStart) = variants[variant]
  var tally = Tally()
  var random = SeededGenerator(seed: 14)
  let items = shortAndSampled(100, &random)
  let queries = sequences([Array("a".utf8), Array("A".utf8), Array("é".utf8), Array("/".utf8)], upTo: 2)
  for query in queries where !query.isEmpty {
    sweep(query, items, options: options, needsStart: needsStart, into: &tally)
  }
  #expect(tally.problems == 0, "\(name)")
}

@Test func `every term kind and negation agrees with the reference`() {
  var tally = Tally()
  var random = SeededGenerator(seed: 13)
  let items = shortAndSampled(60, &random)
  let patterns = sequences([Array("a".utf8), Array("é".utf8), Array("-".utf8), Array("写".utf8)], upTo: 2)
  for pattern in patterns where !pattern.isEmpty {
    for (before, after) in [("'", ""), ("'", "'"), ("^", ""), ("", "$"), ("^", "$"), ("!", ""), ("!^", ""), ("!'", "")]
    {
      sweep(Array(before.utf8) + pattern + Array(after.utf8), items, into: &tally)
    }
  }
  #expect(tally.problems == 0)
}

@Test func `queries of several terms and groups agree with the reference`() {
  var tally = Tally()
  let items = sequences(itemAlphabet, upTo: 3)
  for query in ["a /", "a | 写", "!a e", "^a 1$", "a a", "!é | a -", "'a | ^e 写", "e\\ a"] {
    sweep(Array(query.utf8), items, into: &tally)
  }
  #expect(tally.problems == 0)
}

/// Queries of several plain terms take the one-pass filter (`AllTermsScan`),
/// which decodes non-ASCII items only when the terms fold alike: items of
/// up to three symbols, so every fold, mark and invalid byte meets each term.
@Test func `queries of several plain terms agree with the reference`() {
  var tally = Tally()
  let items = sequences(itemAlphabet, upTo: 3)
  for query in ["a e", "e a1", "A e", "e/ -", "1 a a", "a 'e", "^a e$"] {
    sweep(Array(query.utf8), items, into: &tally)
    var options = Options()
    options.normalize = false
    sweep(Array(query.utf8), items, options: options, into: &tally)
  }
  #expect(tally.problems == 0)
}

/// Non-ASCII bytes in the one-pass filter: a character that may fold to
/// ASCII stands for any term character, by its lead byte alone (`ḁ`, `é`)
/// or by the byte after it (fullwidth `ａ`, the Kelvin sign, a dash that
/// folds to nothing, an emoji, a mathematical `𝐚`); every other one for
/// none (`写`). Lead bytes cut short, at the end of an item or before
/// ASCII, are where the look at the next byte could read too far.
private let foldLeadAlphabet: [[UInt8]] = [
  Array("a".utf8), Array("k".utf8), Array(" ".utf8), Array("\u{FF41}".utf8), Array("\u{212A}".utf8),
  Array("\u{2014}".utf8), Array("😀".utf8), Array("\u{1D41A}".utf8), Array("\u{1E01}".utf8), Array("é".utf8),
  Array("写".utf8), [0xEF], [0xF0], [0xC3],
]

@Test func `several plain terms over characters that may fold to ASCII agree with the reference`() {
  var tally = Tally()
  let items = sequences(foldLeadAlphabet, upTo: 3)
  for query in ["a k", "k a", "ak a", "a a", "k k a", "A k"] {
    sweep(Array(query.utf8), items, into: &tally)
    var options = Options()
    options.normalize = false
    sweep(Array(query.utf8), items, options: options, into: &tally)
  }
  #expect(tally.problems == 0)
}

/// Characters a compact text (`CompactText`) must stand for with one byte:
/// ASCII, accented letters of either case, characters that fold to ASCII
/// from outside Latin-1 (the Kelvin sign, long s), white space, digits and
/// letters of no case outside ASCII, an emoji, a character above the cached
/// planes, a combining mark, an invalid byte and a sequence cut short.
private let compactAlphabet: [[UInt8]] = [
  Array("a".utf8), Array("K".utf8), Array("s".utf8), Array("/".utf8), Array("-".utf8), Array("é".utf8),
  Array("É".utf8), Array("\u{212A}".utf8), Array("\u{17F}".utf8), Array("\u{A0}".utf8),
  Array("\u{3000}".utf8), Array("\u{663}".utf8), Array("写".utf8), Array("😃".utf8), Array("\u{20000}".utf8),
  Array("\u{301}".utf8), [0xFF], [0xC3],
]

/// ASCII queries take the byte scans, and non-ASCII items their compact
/// text: every pattern of up to two characters, each folding, on every item
/// of up to two symbols and random longer ones.
@Test(arguments: 0..<4)
func `ASCII queries agree with the reference on items of every kind of character`(variant: Int) {
  var options = Options()
  options.caseMode = [.smart, .insensitive, .sensitive, .smart][variant]
  options.normalize = variant != 3
  var random = SeededGenerator(seed: 17)
  let items =
    sequences(compactAlphabet, upTo: 2)
    + (0..<200).map { _ in randomText(compactAlphabet, count: Int.random(in: 3...8, using: &random), &random) }
  var tally = Tally()
  let letters = ["a", "e", "k", "K", "s", "E", "/", "1"].map { Array($0.utf8) }
  for query in sequences(letters, upTo: 2) + [Array("k s".utf8), Array("K e".utf8)] where !query.isEmpty {
    sweep(query, items, options: options, into: &tally)
  }
  #expect(tally.problems == 0)
}

/// Random queries (up to four symbols, operators and spaces among them) on
/// random items of up to twelve, under random options.
@Test func `random queries and longer items agree with the reference`() {
  var random = SeededGenerator(seed: 15)
  var tally = Tally()
  let querySymbols =
    queryAlphabet + [
      Array(" ".utf8), Array("'".utf8), Array("^".utf8), Array("$".utf8), Array("!".utf8), Array("|".utf8),
    ]
  for _ in 0..<300 {
    let query = randomText(querySymbols, count: Int.random(in: 1...4, using: &random), &random)
    var options = variants.randomElement(using: &random)?.options ?? Options()
    options.exact = random.chance(0.1)
    let items = (0..<30).map { _ in
      randomText(itemAlphabet, count: Int.random(in: 4...12, using: &random), &random)
        + (random.chance(0.1) ? [0x0D] : [])
    }
    sweep(query, items, options: options, needsStart: random.chance(0.2), into: &tally)
  }
  #expect(tally.problems == 0)
}

/// Items over `Scoring.longItemUnits` take the greedy scan, and ASCII ones
/// the long-item path that scores from the bytes: both must agree with each
/// other and, for every kind but fuzzy, with the reference. White space in
/// front keeps the bonuses of the item's end as they were.
@Test func `long items agree with the reference on every path`() {
  var random = SeededGenerator(seed: 16)
  var tally = Tally()
  let padding = [UInt8](repeating: 0x20, count: Scoring.longItemUnits)
  let ascii = itemAlphabet.filter { $0.allSatisfy { $0 < 0x80 } }
  for query in ["a-", "'a1", "^a", "a$", "!a a/", "A"] {
    let items = (0..<2).map { _ in
      padding + randomText(ascii, count: Int.random(in: 2...10, using: &random), &random)
    }
    sweep(Array(query.utf8), items, into: &tally)
  }
  #expect(tally.problems == 0)
  #expect(tally.cases == 12)
}

// Where the definition (Docs/Matching.md: "among all the ways to place them,
// the best one counts") and the matcher disagree. Both come from fzf's v2
// recurrence, which pick follows (fzf 0.74's `algo.go`), so they are recorded
// here and not changed by this suite.

@Test func `a fuzzy score is the best placement's, even when a later first character scores less`() {
  // Row 0 of the recurrence takes each occurrence of the first character
  // afresh instead of keeping the better decayed score of an earlier one:
  // `a` at 0 (a word start, 72) then `b` after a gap scores 94; the matrix
  // keeps only `a` at 1 (32) and its run with `b`: 75.
  withKnownIssue("fzf's v2 recurrence: the first row does not keep the best earlier placement") {
    #expect(matchScore("ab", "aab") == 94)
  }
  // What the matcher gives today, so a change shows.
  #expect(matchScore("ab", "aab") == 75)
}

@Test func `highlighted positions are a placement that earns the score`() {
  // `aAb`: `A` is a camel hump (15), and the run `Ab` keeps it: 109, which the
  // matrix finds; walking it back takes the left `a` (row 0 is not
  // monotonic), a placement that scores 94.
  #expect(matchScore("ab", "aAb") == 109)
  withKnownIssue("the backtrace leaves the cell that earned the score when the cell to its left is higher") {
    #expect(matchPositions("ab", "aAb") == [1, 2])
  }
}

@Test func `a combining mark typed after a Latin letter asks for that accent, as a precomposed one does`() {
  // With accents folded, an item's combining mark after a Latin letter is
  // dropped (`e` U+0301 is `e`). A term that kept folding with its own mark
  // could never match (found by the Matcher fuzz target), and the byte
  // filter passed items the scorer then rejected. Such a term does not fold
  // accents, so the filter is exact and the decomposed item matches.
  let compiled = CompiledQuery(Array("ae\u{301}".utf8), options: Options())
  #expect(compiled.query.groups[0][0].normalizesItems == false)
  let matcher = ItemMatcher(compiled)
  let term = matcher.terms.entries[0]
  for (item, matches) in [("ae\u{301}", true), ("xae\u{301}y", true), ("ae", false), ("aé", false)] {
    let bytes = Array(item.utf8)
    let passes = bytes.withUnsafeBufferPointer {
      ByteFilter.mayMatchExactly(
        $0, table: term.filter, units: term.units, sieves: term.sieves, folding: matcher.lookup.twoByteFolding,
        caseSensitive: term.folding.isCaseSensitive, normalize: term.folding.normalizes)
    }
    #expect(passes == matches, "\(item)")
    #expect((matchScore("ae\u{301}", item) != nil) == matches, "\(item)")
  }
  // A plain term still folds: `ae` finds the decomposed item.
  #expect(matchScore("ae", "ae\u{301}") != nil)
}

@Test func `a decomposed accented name scores as the precomposed one`() {
  // macOS writes names decomposed: `É` as `E` U+0301. With accents folded
  // the mark is dropped, and the letter after it scores as after a
  // precomposed `É`, not as a word start after punctuation. Without
  // positions the compact text scores the items, with them the general path.
  let names = [("Élysée", "E\u{301}lyse\u{301}e"), ("résumé.pdf", "re\u{301}sume\u{301}.pdf")]
  for (precomposed, decomposed) in names {
    for query in ["lysee", "elysee", "ly", "sume", "resume", "e", "pdf", "lysee pdf"] {
      let matcher = ItemMatcher(CompiledQuery(QueryParser().parse(Array(query.utf8)), scheme: .default))
      for positions in [nil, PositionList()] {
        let score = { (item: String) in
          Array(item.utf8).withUnsafeBufferPointer { matcher.match($0, positions: positions)?.score }
        }
        #expect(score(decomposed) == score(precomposed), "\(query) in \(decomposed)")
      }
    }
  }
  #expect(matchScore("lysee", "E\u{301}lyse\u{301}e") != nil)
  // Not folding accents (`--literal`), the mark is a character of its own,
  // as in fzf: the letter after it starts a word.
  var literal = Options()
  literal.normalize = false
  let matcher = ItemMatcher(CompiledQuery(Array("lys".utf8), options: literal))
  let score = { (item: String) in Array(item.utf8).withUnsafeBufferPointer { matcher.match($0)?.score } }
  #expect(score("E\u{301}lyse\u{301}e")! > score("Élysée")!)
}

@Test func `a tie the recurrence does not see is one of the known disagreements`() {
  // Found by the Matcher fuzz target: `c/b` in `src/a?brc//(b`. `c/` then `b`
  // after two skipped characters scores 117 at both ends (7 and 13), but at
  // the second `/` the recurrence goes on as a match (70) rather than the
  // equal gap, so the next skipped character starts a new gap and the
  // second placement reaches only 108. With `--tiebreak=end` the reference
  // takes the last of the equal placements, the matcher the only one it sees.
  var options = Options()
  options.tiebreak = [.end]
  let oracle = MatcherOracle(Array("c/b".utf8), options: options, needsMatchStart: false)
  let verdict = oracle.check(Array("src/a?brc//(b".utf8))
  #expect(verdict.problems.isEmpty, "\(verdict.problems)")
  #expect(verdict.belowBest)
}
