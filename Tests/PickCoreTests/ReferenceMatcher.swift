// The matcher's oracle: the definition of a match and its score
// (Docs/Matching.md), written to be read, not to be fast. Shared by the
// sweeps (MatcherOracleTests.swift) and the fuzz harness
// (Tests/Fuzz/MatcherFuzz.swift, which run.sh compiles with it).
//
// It takes from PickCore only what defines the input, not how it is
// matched: the parsed query (`QueryParser`), the scoring constants
// (`Scoring`) and the case and accent tables (`CaseFolding`,
// `LatinFolding`, `CombiningMarks`, each tested against Unicode's data on its
// own). Decoding, character classes, bonuses, the folded text, every
// placement of a fuzzy term and the kinds' rules are written again here, from
// the documentation, with no matrix, window, sparse row or byte table.
@testable import PickCore

/// One item as the reference sees it: its units, where each starts in the
/// bytes, and each unit's class.
struct ReferenceItem {
  let units: [UInt32]
  let byteOffsets: [Int]
  let classes: [CharClass]
  /// The scheme its classes and a term's bonuses (`ReferenceText`) come from.
  let scheme: ReferenceScheme

  init(_ bytes: [UInt8], scheme: ReferenceScheme) {
    self.scheme = scheme
    var units: [UInt32] = []
    var offsets: [Int] = []
    var k = 0
    while k < bytes.count {
      offsets.append(k)
      if let (scalar, length) = Self.decode(bytes, at: k) {
        units.append(scalar)
        k += length
      } else {
        units.append(UTF8Decoding.invalidByteBase + UInt32(bytes[k]))
        k += 1
      }
    }
    self.units = units
    byteOffsets = offsets
    classes = units.map(scheme.charClass)
  }

  /// A well-formed UTF-8 sequence at `k` (Unicode's table 3-7), or `nil`:
  /// then only byte `k` is invalid and decoding goes on at `k + 1`.
  static func decode(_ bytes: [UInt8], at k: Int) -> (UInt32, Int)? {
    let lead = bytes[k]
    if lead < 0x80 { return (UInt32(lead), 1) }
    let (length, low, high): (Int, UInt8, UInt8)
    switch lead {
    case 0xC2...0xDF: (length, low, high) = (2, 0x80, 0xBF)
    case 0xE0: (length, low, high) = (3, 0xA0, 0xBF)
    case 0xE1...0xEC, 0xEE...0xEF: (length, low, high) = (3, 0x80, 0xBF)
    case 0xED: (length, low, high) = (3, 0x80, 0x9F)
    case 0xF0: (length, low, high) = (4, 0x90, 0xBF)
    case 0xF1...0xF3: (length, low, high) = (4, 0x80, 0xBF)
    case 0xF4: (length, low, high) = (4, 0x80, 0x8F)
    default: return nil
    }
    guard k + length <= bytes.count, (low...high).contains(bytes[k + 1]) else { return nil }
    var value = UInt32(lead) & (0x7F >> UInt32(length))
    for offset in 1..<length {
      let byte = bytes[k + offset]
      guard (0x80...0xBF).contains(byte) else { return nil }
      value = value << 6 | UInt32(byte & 0x3F)
    }
    return (value, length)
  }
}

/// A scheme's bonuses, from the table in Docs/Matching.md.
struct ReferenceScheme {
  let boundaryWhite: Int32
  let boundaryDelimiter: Int32
  let delimiters: Set<UInt32>
  let initialClass: CharClass

  init(_ scheme: Options.Scheme) {
    let b = Scoring.boundary
    switch scheme {
    case .default:
      (boundaryWhite, boundaryDelimiter, delimiters, initialClass) = (b + 4, b + 2, [47, 44, 58, 59, 124], .white)
    case .path: (boundaryWhite, boundaryDelimiter, delimiters, initialClass) = (b, b + 2, [47], .delimiter)
    case .history: (boundaryWhite, boundaryDelimiter, delimiters, initialClass) = (b, b, [47, 44, 58, 59, 124], .white)
    }
  }

  func charClass(_ unit: UInt32) -> CharClass {
    guard let scalar = Unicode.Scalar(unit) else { return .nonWord }  // an invalid byte
    if unit < 0x80 {
      switch unit {
      case 0x61...0x7A: return .lower
      case 0x41...0x5A: return .upper
      case 0x30...0x39: return .number
      case 0x20, 0x09...0x0D: return .white
      default: return delimiters.contains(unit) ? .delimiter : .nonWord
      }
    }
    let properties = scalar.properties
    if properties.isLowercase { return .lower }
    if properties.isUppercase { return .upper }
    switch properties.generalCategory {
    case .decimalNumber, .letterNumber, .otherNumber: return .number
    case .lowercaseLetter: return .lower
    case .uppercaseLetter, .titlecaseLetter: return .upper
    case .modifierLetter, .otherLetter: return .letter
    default: return properties.isWhitespace ? .white : .nonWord
    }
  }

  func bonus(previous: CharClass, current: CharClass) -> Int32 {
    let isWord = [.lower, .upper, .letter, .number].contains(current)
    if isWord && previous == .white { return boundaryWhite }
    if isWord && previous == .delimiter { return boundaryDelimiter }
    if isWord && previous == .nonWord { return Scoring.boundary }
    if previous == .lower && current == .upper { return Scoring.camel123 }
    if previous != .number && current == .number { return Scoring.camel123 }
    if current == .nonWord || current == .delimiter { return Scoring.nonWord }
    if current == .white { return boundaryWhite }
    return 0
  }
}

/// One term's view of an item: the folded units it compares with, for
/// each the index of the item's unit it came from (accent folding drops a
/// combining mark after a Latin letter), and its bonus, from the class of
/// the unit before it in this view (as if a dropped mark had never been
/// there: a decomposed `é` scores as the precomposed one).
struct ReferenceText {
  let units: [UInt32]
  let origins: [Int]
  let bonuses: [Int32]

  init(_ item: ReferenceItem, caseSensitive: Bool, normalize: Bool) {
    var units: [UInt32] = []
    var origins: [Int] = []
    for (k, unit) in item.units.enumerated() {
      if normalize && k > 0 && CombiningMarks.isCombining(unit) && Self.isLatinLetter(item.units[k - 1]) { continue }
      var folded = unit
      if !caseSensitive { folded = CaseFolding.lower(folded) }
      if normalize { folded = LatinFolding.base(folded) }
      units.append(folded)
      origins.append(k)
    }
    self.units = units
    self.origins = origins
    bonuses = origins.indices.map { i in
      let previous = i == 0 ? item.scheme.initialClass : item.classes[origins[i - 1]]
      return item.scheme.bonus(previous: previous, current: item.classes[origins[i]])
    }
  }

  static func isLatinLetter(_ unit: UInt32) -> Bool {
    (0x41...0x5A).contains(unit) || (0x61...0x7A).contains(unit)
      || ((0xC0...0x24F).contains(unit) && unit != 0xD7 && unit != 0xF7)
  }
}

/// How one positive term matched, in units of the item (not of the folded text).
struct ReferenceTermMatch: Equatable {
  var score: Int32
  /// Where `ItemMatch.minBegin` starts this term's match when no positions
  /// are asked for: for a fuzzy term of two or more characters, the first
  /// occurrence of its first character (`CompiledQuery.needsMatchStart`);
  /// otherwise the first unit of the placement.
  var start: Int
  /// One past the last unit of the chosen placement.
  var end: Int
  /// Every placement with the best score that ends at `end`: any may be the
  /// one highlighted. Each is the item's unit indices, in order.
  var placements: [[Int]]
  /// The ends of every placement with the best score, `end` among them.
  var tiedEnds: Set<Int> = []
}

/// The brute-force matcher: every placement of every term, scored by the
/// rules of Docs/Matching.md, the best kept by the documented tie rules.
struct ReferenceMatcher {
  let query: Query
  let scheme: ReferenceScheme
  /// Among equally good placements take the last (`CompiledQuery.prefersLastOccurrence`).
  let prefersLast: Bool

  init(_ query: Query, scheme: Options.Scheme, prefersLast: Bool) {
    self.query = query
    self.scheme = ReferenceScheme(scheme)
    self.prefersLast = prefersLast
  }

  /// The item's match: the score summed over groups and, per group settled by
  /// a positive term, that term's match; `nil` when a group is not satisfied.
  /// A group is settled by its first term that matches (a positive term) or
  /// is satisfied by its first inverse term that does not match, which adds
  /// nothing and lets a later positive term still settle it (fzf's rule).
  func match(_ bytes: [UInt8]) -> (score: Int32, terms: [ReferenceTermMatch])? {
    match(decoded: decode(bytes))
  }

  /// The item's text (without a trailing CR), decoded.
  func decode(_ bytes: [UInt8]) -> ReferenceItem {
    ReferenceItem(bytes.last == 0x0D ? Array(bytes.dropLast()) : bytes, scheme: scheme)
  }

  /// `match` for an item `decode` made.
  func match(decoded: ReferenceItem) -> (score: Int32, terms: [ReferenceTermMatch])? {
    var score: Int32 = 0
    var terms: [ReferenceTermMatch] = []
    for group in query.groups {
      var satisfied = false
      for term in group {
        let found = match(term, in: decoded)
        if term.isInverse {
          if found == nil { satisfied = true }
          continue
        }
        if let found {
          satisfied = true
          score &+= found.score
          terms.append(found)
          break
        }
      }
      if !satisfied { return nil }
    }
    return (score, terms)
  }

  /// One term, positive or not, as if it were positive.
  func match(_ term: Term, in item: ReferenceItem) -> ReferenceTermMatch? {
    let text = ReferenceText(item, caseSensitive: term.isCaseSensitive, normalize: term.normalizesItems)
    let m = term.units.count
    let candidates: [(score: Int32, placement: [Int])]
    switch term.kind {
    case .fuzzy: candidates = everyPlacement(term.units, in: text).map { (score($0, text, item), $0) }
    case .exact: candidates = substrings(term.units, text, item, atBoundaries: false)
    case .exactBoundary: candidates = substrings(term.units, text, item, atBoundaries: true)
    case .prefix:
      let start = isWhite(term.units.first) ? 0 : leadingWhite(text, item)
      candidates = occurs(term.units, text, at: start) ? [region(start, m, text, item)] : []
    case .suffix:
      let end = text.units.count - (isWhite(term.units.last) ? 0 : trailingWhite(text, item))
      candidates = occurs(term.units, text, at: end - m) ? [region(end - m, m, text, item)] : []
    case .equal:
      let start = isWhite(term.units.first) ? 0 : leadingWhite(text, item)
      let end = text.units.count - (isWhite(term.units.last) ? 0 : trailingWhite(text, item))
      let whole =
        (Scoring.match + scheme.boundaryWhite) * Int32(m) + (Scoring.firstCharMultiplier - 1) * scheme.boundaryWhite
      candidates = end - start == m && occurs(term.units, text, at: start) ? [(whole, Array(start..<end))] : []
    }
    return best(candidates, term: term, text: text)
  }

  /// The best candidate; among equals the first or last (by end for fuzzy
  /// terms, by start for substrings) as `prefersLast` says.
  private func best(_ candidates: [(score: Int32, placement: [Int])], term: Term, text: ReferenceText)
    -> ReferenceTermMatch?
  {
    guard let top = candidates.map(\.score).max() else { return nil }
    let winners = candidates.filter { $0.score == top }.map(\.placement)
    let fuzzy = term.kind == .fuzzy
    let key: ([Int]) -> Int = { fuzzy ? $0.last ?? 0 : $0.first ?? 0 }
    let chosenKey = prefersLast ? winners.map(key).max() ?? 0 : winners.map(key).min() ?? 0
    let chosen = winners.filter { key($0) == chosenKey }
    let inItem = chosen.map { $0.map { text.origins[$0] } }
    guard let placement = inItem.first, let last = placement.last, let first = placement.first else {
      return ReferenceTermMatch(score: top, start: 0, end: 0, placements: [[]])
    }
    var start = first
    if fuzzy && term.units.count > 1, let occurrence = text.units.firstIndex(of: term.units[0]) {
      start = text.origins[occurrence]
    }
    let tiedEnds = fuzzy ? Set(winners.compactMap { $0.last.map { text.origins[$0] + 1 } }) : [last + 1]
    return ReferenceTermMatch(score: top, start: start, end: last + 1, placements: inItem, tiedEnds: tiedEnds)
  }

  /// Every strictly increasing sequence of positions where the pattern's units occur in order.
  func everyPlacement(_ pattern: [UInt32], in text: ReferenceText) -> [[Int]] {
    guard !pattern.isEmpty else { return [[]] }
    var all: [[Int]] = []
    func extend(_ prefix: [Int], from: Int) {
      let i = prefix.count
      if i == pattern.count {
        all.append(prefix)
        return
      }
      for j in from..<text.units.count where text.units[j] == pattern[i] { extend(prefix + [j], from: j + 1) }
    }
    extend([], from: 0)
    return all
  }

  /// A placement's score (positions in the folded text): each character
  /// earns `match` and its position's bonus, the first character's bonus
  /// counted `firstCharMultiplier` times. A gap costs `gapStart` plus
  /// `gapExtension` per further skipped character, and a score never falls
  /// below zero. Inside a run of consecutive characters each earns at least
  /// `consecutive` and the bonus of the run's first character, except that a
  /// word start stronger than the run's first character starts a new run.
  func score(_ placement: [Int], _ text: ReferenceText, _ item: ReferenceItem) -> Int32 {
    var total: Int32 = 0
    var runStart = 0
    for (i, j) in placement.enumerated() {
      let own = text.bonuses[j]
      if i == 0 {
        total = Scoring.match + own * Scoring.firstCharMultiplier
        runStart = j
        continue
      }
      let skipped = j - placement[i - 1] - 1
      if skipped > 0 {
        total = max(0, total + Scoring.gapStart + Int32(skipped - 1) * Scoring.gapExtension)
        total += Scoring.match + own
        runStart = j
        continue
      }
      let runBonus = text.bonuses[runStart]
      if own >= Scoring.boundary && own > runBonus {
        runStart = j
        total += Scoring.match + own
      } else {
        total += Scoring.match + max(own, Scoring.consecutive, runBonus)
      }
    }
    return total
  }

  /// `'abc` and `'abc'`: each occurrence, ranked by the bonus of its first
  /// character. A boundary match needs a word boundary at both ends and is
  /// scored by its own formula: a boundary at `_` counts less than one at a
  /// space or `/`, and the base makes it comparable with the other kinds.
  private func substrings(_ pattern: [UInt32], _ text: ReferenceText, _ item: ReferenceItem, atBoundaries: Bool)
    -> [(score: Int32, placement: [Int])]
  {
    let m = pattern.count
    let n = text.units.count
    guard m > 0, m <= n else { return m == 0 ? [(0, [])] : [] }
    var found: [(score: Int32, placement: [Int])] = []
    for s in 0...(n - m) where occurs(pattern, text, at: s) {
      let bonus = text.bonuses[s]
      guard atBoundaries else {
        found.append((bonus, Array(s..<s + m)))
        continue
      }
      let separated = { (k: Int) in item.classes[text.origins[k]].rawValue <= CharClass.delimiter.rawValue }
      guard bonus >= Scoring.boundary, s == 0 || separated(s - 1), s + m == n || separated(s + m) else { continue }
      found.append((bonus, Array(s..<s + m)))
    }
    // The best first-character bonus wins, the first (or last) of equals; its score is its own.
    guard let top = found.map(\.score).max() else { return [] }
    let equals = found.filter { $0.score == top }
    return [(prefersLast ? equals.last : equals.first)].compactMap { $0 }.map { candidate in
      let s = candidate.placement[0]
      guard atBoundaries else { return (score(candidate.placement, text, item), candidate.placement) }
      var total = top
      var deduct = top - Scoring.boundary + 1
      if s > 0 && text.units[s - 1] == 0x5F {
        total -= deduct + 1
        deduct = 1
      }
      if s + m < n && text.units[s + m] == 0x5F { total -= deduct }
      total += Scoring.match * Int32(m) + scheme.boundaryWhite * Int32(m + 1)
      return (total, candidate.placement)
    }
  }

  private func region(_ start: Int, _ m: Int, _ text: ReferenceText, _ item: ReferenceItem)
    -> (score: Int32, placement: [Int])
  {
    let placement = Array(start..<start + m)
    return (m == 0 ? 0 : score(placement, text, item), placement)
  }

  private func occurs(_ pattern: [UInt32], _ text: ReferenceText, at s: Int) -> Bool {
    s >= 0 && s + pattern.count <= text.units.count && Array(text.units[s..<s + pattern.count]) == pattern
  }

  private func isWhite(_ unit: UInt32?) -> Bool {
    guard let unit, let scalar = Unicode.Scalar(unit) else { return false }
    return scalar.properties.isWhitespace
  }

  private func leadingWhite(_ text: ReferenceText, _ item: ReferenceItem) -> Int {
    text.origins.prefix { item.classes[$0] == .white }.count
  }

  private func trailingWhite(_ text: ReferenceText, _ item: ReferenceItem) -> Int {
    text.origins.reversed().prefix { item.classes[$0] == .white }.count
  }
}
