import Testing

@testable import PickCore

// Preferences of the scorer, written with its named constants (as fzy's tests are).
private let white = BonusTable(scheme: .default).boundaryWhite
private let delimiter = BonusTable(scheme: .default).boundaryDelimiter

@Test func `a whole-word match at the start scores every bonus`() {
  // a: match + first-char bonus; b, c: consecutive, carrying the run's start bonus.
  let expected = 3 * Scoring.match + white * Scoring.firstCharMultiplier + 2 * white
  #expect(matchScore("abc", "abc") == expected)
}

@Test func `gaps cost a start penalty then an extension per character`() {
  // a at the start; "bc" skipped; d in the middle of a word.
  let expected =
    Scoring.match + white * Scoring.firstCharMultiplier + Scoring.gapStart + Scoring.gapExtension + Scoring.match
  #expect(matchScore("ad", "abcd") == expected)
}

@Test func `a word start after a slash earns the delimiter bonus`() {
  let expected = Scoring.match + white * Scoring.firstCharMultiplier + Scoring.gapStart + Scoring.match + delimiter
  #expect(matchScore("ab", "a/b") == expected)
}

@Test func `camel humps earn the camel bonus`() {
  let expected =
    Scoring.match + white * Scoring.firstCharMultiplier + Scoring.gapStart + Scoring.gapExtension
    + Scoring.match + Scoring.camel123
  #expect(matchScore("fb", "fooBar") == expected)
}

@Test(arguments: [
  // (query, preferred, other)
  ("fb", "foo-bar", "foobar"),  // word starts
  ("foob", "foobar", "foo-bar"),  // consecutive
  ("oob", "out-of-bound", "foobar"),  // a run counts its first character's bonus
  ("br", "fo-bar", "foob-r"),  // the first character's bonus counts double
  ("ff", "fuzzy-blurry-finder", "fuzzyfinder"),  // a word start is worth a gap of a dozen characters
  ("ff", "fuzzyfinder", "fuzzy-blurry-hurry-curry-finder"),  // but long gaps eat the bonus
  ("conf", "conf.h", "src/c/o/n/f"),
  ("ab", "a/b", "a.b"),  // after a delimiter beats after other punctuation
  ("ab", "a b", "a/b"),  // after white space beats after a delimiter
  ("abc", "xx abc", "xa_b_c"),
])
func `the ranking prefers`(query: String, preferred: String, other: String) throws {
  #expect(try filter([other, preferred], query) == [preferred, other])
}

@Test func `the best placement wins over the first one`() throws {
  // The first "a" and "b" are mid-word; the later ones start words.
  #expect(matchPositions("ab", "xaxb a b") == [5, 7])
}

@Test func `positions of a fuzzy match are the characters that produced the score`() {
  #expect(matchPositions("fb", "foo-bar") == [0, 4])
  #expect(matchPositions("sndc", "src/net/dev.c") == [0, 4, 8, 12])
}

@Test func `exact kinds score like a consecutive run`() throws {
  let exact = try #require(matchScore("'abc", "abc"))
  let fuzzy = try #require(matchScore("abc", "abc"))
  #expect(exact == fuzzy)
  let prefix = try #require(matchScore("^abc", "abc def"))
  #expect(prefix == fuzzy)
}

@Test func `the whole-item kind scores as every character at a word start`() {
  #expect(matchScore("^ab$", "ab") == (Scoring.match + white) * 2 + (Scoring.firstCharMultiplier - 1) * white)
}

@Test func `boundary matches prefer spaces to underscores`() throws {
  let space = try #require(matchScore("'abc'", "x abc y"))
  let underscore = try #require(matchScore("'abc'", "x_abc_y"))
  #expect(space > underscore)
  #expect(matchScore("'abc'", "xabcy") == nil)
}

@Test func `prefix and suffix skip surrounding white space and a trailing CR`() {
  #expect(matchScore("^abc", "  abc") != nil)
  #expect(matchScore("abc$", "abc  ") != nil)
  #expect(matchScore("abc$", "abc\r") != nil)
  #expect(matchScore("^abc$", " abc\r") != nil)
}

@Test func `long items match with the greedy scan and stay correct`() throws {
  let long = String(repeating: "x", count: 100_000) + "a-b-c" + String(repeating: "y", count: 1000)
  let score = try #require(matchScore("abc", long))
  #expect(score > 0)
  #expect(matchScore("abz", long) == nil)
}

@Test func `accented letters in items match plain query letters`() {
  #expect(matchScore("cafe", "café") != nil)
  #expect(matchScore("cafe", "cafe\u{301}") != nil)  // decomposed
  #expect(matchScore("cafe$", "cafe\u{301}") != nil)
  #expect(matchScore("café", "cafe") == nil)  // an accented query letter is literal
  #expect(matchScore("CAFE", "CAFÉ") != nil)
  #expect(matchScore("strasse", "Straße") == nil)
}

@Test func `an invalid byte matches only itself`() {
  let compiled = CompiledQuery(QueryParser().parse([0xFF]), scheme: .default)
  let matcher = ItemMatcher(compiled)
  #expect([UInt8]([0x61, 0xFF]).withUnsafeBufferPointer { matcher.match($0) } != nil)
  #expect(Array("ÿ".utf8).withUnsafeBufferPointer { matcher.match($0) } == nil)
  let accented = CompiledQuery(QueryParser().parse(Array("ÿ".utf8)), scheme: .default)
  #expect([UInt8]([0xFF]).withUnsafeBufferPointer { ItemMatcher(accented).match($0) } == nil)
}

@Test func `the byte filter never rejects what the matcher accepts`() {
  var random = SeededGenerator(seed: 7)
  let alphabet: [String] = ["a", "b", "C", "é", "É", "e\u{301}", "/", " ", "_", "写", "ｃ", "\u{212A}", "k", "ß"]
  let queries = ["a", "ab", "c", "e", "k", "写", "é", "ck", "a b", "^a", "b$", "'ab", "!a", "ｃ", "K"]
  for _ in 0..<3000 {
    let item = (0..<Int.random(in: 0...8, using: &random)).map { _ in alphabet.randomElement(using: &random)! }.joined()
    let query = queries.randomElement(using: &random)!
    let compiled = CompiledQuery(QueryParser().parse(Array(query.utf8)), scheme: .default)
    let filtered = ItemMatcher(compiled)
    let unfiltered = ItemMatcher(compiled, strategy: nil, filtersBytes: false)
    let bytes = Array(item.utf8)
    let a = bytes.withUnsafeBufferPointer { filtered.match($0) }
    let b = bytes.withUnsafeBufferPointer { unfiltered.match($0) }
    #expect(a == b, "query \(query) item \(item)")
  }
}

@Test func `the byte scorer for fuzzy terms scores exactly like the general path`() {
  var random = SeededGenerator(seed: 33)
  // Few distinct letters, so items hold many competing placements and runs.
  let alphabet = Array("aAbBlLiI /-_.:9x\t\r")
  let queries = [
    "ab", "ba", "abb", "lib", "li/", "aaa", "a/b", "AB", "aB", "l9", "a b", "li ab", "b a x", "/ l", "xx",
    "ab.", "iLi",
  ]
  for tiebreak in [[Options.Tiebreak.length], [Options.Tiebreak.end], [Options.Tiebreak.index]] {
    for scheme in [Options.Scheme.default, .path, .history] {
      for query in queries {
        var options = Options()
        options.tiebreak = tiebreak
        options.scheme = scheme
        let compiled = CompiledQuery(Array(query.utf8), options: options)
        let fast = ItemMatcher(compiled, detail: .trimmedLength)
        #expect(fast.strategy == .asciiFuzzyTerms, "query \(query)")
        let general = ItemMatcher(compiled, detail: .trimmedLength, strategy: .general(for: compiled))
        for _ in 0..<250 {
          let length = Int.random(in: 0...60, using: &random)
          let item = String((0..<length).map { _ in alphabet.randomElement(using: &random)! })
          let bytes = Array(item.utf8)
          let a = bytes.withUnsafeBufferPointer { fast.matchForRanking($0) }
          let b = bytes.withUnsafeBufferPointer { general.matchForRanking($0) }
          // The full matrix (positions asked for), not the sparse alignment.
          let full = bytes.withUnsafeBufferPointer { general.match($0, positions: PositionList()) }
          let context = "query \(query) item \(item.debugDescription) tiebreak \(tiebreak) scheme \(scheme)"
          #expect(a?.match == b?.match, "\(context)")
          #expect(a?.match.scoreAndEnds == full?.scoreAndEnds, "\(context)")
          #expect(a?.trimmedLength == b?.trimmedLength, "\(item.debugDescription)")
        }
      }
    }
  }
}

@Test func `the sparse alignment scores Unicode items exactly like the full matrix`() {
  var random = SeededGenerator(seed: 34)
  // Runs of filler let gaps decay to nothing, where a wrong cell would show.
  let alphabet = [
    "a", "b", "é", "e\u{301}", "É", "ß", "写", "/", " ", "-", "K", "\u{212A}", "e", "c", "f", "\u{FF41}",
    "xxxxxxxxxxxx", "ｘｘｘｘｘｘｘ",
  ]
  let queries = ["cafe", "ab", "ée", "写a", "kk", "a/b", "bb", "e e", "写 ab", "aé写", "eee"]
  for scheme in [Options.Scheme.default, .path] {
    for tiebreak in [[Options.Tiebreak.length], [Options.Tiebreak.end]] {
      for query in queries {
        var options = Options()
        options.scheme = scheme
        options.tiebreak = tiebreak
        let compiled = CompiledQuery(Array(query.utf8), options: options)
        let general = ItemMatcher(compiled, strategy: .general(for: compiled))
        for _ in 0..<200 {
          let item = (0..<Int.random(in: 0...24, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
            .joined()
          let bytes = Array(item.utf8)
          let a = bytes.withUnsafeBufferPointer { general.match($0) }
          // Asked for positions, the matcher fills the full matrix.
          let b = bytes.withUnsafeBufferPointer { general.match($0, positions: PositionList()) }
          #expect(a?.scoreAndEnds == b?.scoreAndEnds, "query \(query) item \(item.debugDescription)")
        }
      }
    }
  }
}

@Test func `items prepared eagerly for a term's folding match as when prepared lazily`() {
  var random = SeededGenerator(seed: 35)
  let alphabet = [
    "a", "e", "c", "f", "é", "e\u{301}", "E\u{301}", "\u{301}", "É", "ß", "写", "/", " ", "K", "\u{212A}",
    "o\u{308}\u{301}", "ö", "xxxxxxxx", "CAFExAfe/",
  ]
  let queries = ["cafe", "ee", "e é", "Cafe", "'ee", "^e", "e$", "!a ee", "k写", "éo"]
  for query in queries {
    let compiled = CompiledQuery(Array(query.utf8), options: Options())
    let eager = ItemMatcher(compiled, strategy: .general(for: compiled))
    let lazies = Folding.all.map { ItemMatcher(compiled, strategy: .general(for: compiled), eagerFolding: $0) }
    for _ in 0..<300 {
      let item = (0..<Int.random(in: 0...16, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
        .joined()
      let bytes = Array(item.utf8)
      let expected = bytes.withUnsafeBufferPointer { eager.match($0) }
      let expectedPositions = PositionList()
      _ = bytes.withUnsafeBufferPointer { eager.match($0, positions: expectedPositions) }
      for lazy in lazies {
        #expect(
          bytes.withUnsafeBufferPointer { lazy.match($0) } == expected, "query \(query) item \(item.debugDescription)")
        let positions = PositionList()
        _ = bytes.withUnsafeBufferPointer { lazy.match($0, positions: positions) }
        #expect(positions.values == expectedPositions.values, "query \(query) item \(item.debugDescription)")
      }
    }
  }
}

@Test func `the byte scorer leaves non-ASCII and oversized items to the general path`() {
  let compiled = CompiledQuery(Array("cafe".utf8), options: Options())
  let fast = ItemMatcher(compiled, detail: .trimmedLength)
  let general = ItemMatcher(compiled, strategy: .general(for: compiled))
  // Accents fold to the ASCII query only on the general path; a window over
  // `Scoring.maximumCells` takes its greedy scan.
  let wide = "c" + String(repeating: "x", count: Scoring.maximumCells) + "afe"
  for item in ["café", "CAFÉ crème", "c a f e", "cafe\u{301}", wide, "ca" + wide] {
    let bytes = Array(item.utf8)
    let a = bytes.withUnsafeBufferPointer { fast.match($0) }
    let b = bytes.withUnsafeBufferPointer { general.match($0) }
    #expect(a != nil)
    #expect(a == b, "\(item.prefix(20))")
  }
}

@Test func `the one-character scan scores exactly like the general path`() {
  var random = SeededGenerator(seed: 21)
  let alphabet = Array("aAbB /-_.cx\t\r")
  for tiebreak in [[Options.Tiebreak.length], [Options.Tiebreak.end]] {
    for query in ["a", "A", "b", "/", "x"] {
      var options = Options()
      options.tiebreak = tiebreak
      let compiled = CompiledQuery(Array(query.utf8), options: options)
      let fast = ItemMatcher(compiled, detail: .trimmedLength)
      #expect(
        fast.strategy
          == .singleASCIICharacter(
            UInt8(ascii: query.unicodeScalars.first ?? "a"), caseSensitive: query != query.lowercased()))
      let general = ItemMatcher(compiled, detail: .trimmedLength, strategy: .general(for: compiled))
      for _ in 0..<500 {
        let item = String(
          (0..<Int.random(in: 0...12, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
        let bytes = Array(item.utf8)
        let a = bytes.withUnsafeBufferPointer { fast.matchForRanking($0) }
        let b = bytes.withUnsafeBufferPointer { general.matchForRanking($0) }
        #expect(a?.match == b?.match, "query \(query) item \(item.debugDescription)")
        #expect(a?.trimmedLength == b?.trimmedLength, "\(item.debugDescription)")
      }
    }
  }
}

@Test func `a long ASCII item scored from its bytes scores and highlights like the prepared text`() {
  var random = SeededGenerator(seed: 36)
  // Past `Scoring.longItemUnits`: short random pieces scattered through filler.
  let pieces = ["ab", "a/b", "AB", " b_a", "lib/", "x-a", "Ab9", "\t", "ba ", "_ab_", "cab"]
  let queries = [
    "ab", "b", "AB", "'ab", "'ab'", "^ab", "ab$", "a | zz", "!cab ab", "ab ba", "^x", "x$", "'b_a'", "lib/", "qq",
  ]
  let lengths = [Scoring.longItemUnits + 1, Scoring.longItemUnits + 999]
  for scheme in [Options.Scheme.default, .path] {
    for query in queries {
      var options = Options()
      options.scheme = scheme
      let compiled = CompiledQuery(Array(query.utf8), options: options)
      let long = ItemMatcher(compiled, detail: .trimmedLength)
      let prepared = ItemMatcher(compiled, detail: .trimmedLength, strategy: .general(for: compiled))
      for _ in 0..<12 {
        var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: lengths.randomElement(using: &random) ?? 0)
        for _ in 0..<Int.random(in: 0...6, using: &random) {
          let piece = Array((pieces.randomElement(using: &random) ?? "").utf8)
          let at = Int.random(in: 0...(bytes.count - piece.count), using: &random)
          bytes.replaceSubrange(at..<at + piece.count, with: piece)
        }
        let (a, aAt, aLength) = matched(long, bytes)
        let (b, bAt, bLength) = matched(prepared, bytes)
        #expect(a == b, "query \(query)")
        #expect(aAt == bAt, "query \(query)")
        if a != nil { #expect(aLength == bLength, "query \(query)") }
      }
    }
  }
}

/// The match, the highlighted positions and the trimmed length.
private func matched(_ matcher: ItemMatcher, _ bytes: [UInt8]) -> (ItemMatch?, [Int], Int) {
  let positions = PositionList()
  let found = bytes.withUnsafeBufferPointer { matcher.match($0, positions: positions) }
  // Without positions too: the ranker's call.
  let unpositioned = bytes.withUnsafeBufferPointer { matcher.match($0) }
  #expect(found == unpositioned)
  let length = bytes.withUnsafeBufferPointer { matcher.matchForRanking($0)?.trimmedLength } ?? 0
  return (found, positions.values, length)
}
