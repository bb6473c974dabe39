import CPick
import Testing

@testable import PickCore

/// What `ASCIIFuzzyScorer.match` gives for `pattern` in `item`, asked for
/// `needs` or not at all.
private func outcome(
  _ scorer: inout ASCIIFuzzyScorer, _ pattern: String, _ item: [UInt8], needs: Int32 = .min
) -> ASCIIFuzzyScorer.Outcome {
  let units = pattern.utf8.map { UInt32($0) }
  return units.withUnsafeBufferPointer { units in
    item.withUnsafeBufferPointer { scorer.match(units, in: $0, caseSensitive: false, needs: needs) }
  }
}

/// The bonuses of `scheme`, as a query compiled with it looks them up.
private func bonusLookup(_ scheme: Options.Scheme) -> BonusLookup {
  var options = Options()
  options.scheme = scheme
  return BonusLookup(CompiledQuery(Array("li".utf8), options: options).table)
}

/// Item `k` of a sweep: characters of `alphabet`, one item in ten of a
/// `long` length, the others `short`.
private func sweepItem(
  _ k: Int, of alphabet: [String], short: ClosedRange<Int>, long: ClosedRange<Int>,
  using random: inout SeededGenerator
) -> [UInt8] {
  let length = Int.random(in: k % 10 == 0 ? long : short, using: &random)
  return Array((0..<length).map { _ in alphabet.randomElement(using: &random) ?? "x" }.joined().utf8)
}

/// The ceiling is never below the score the alignment gives, whatever the
/// gaps (long ones reset a placement's score to zero, `ScoreCeiling`), the
/// schemes' bonuses and the tie rule; asked for less than the ceiling, the
/// scorer aligns as if nothing had been asked (over masks, unless the
/// rows' occurrences give a lower ceiling, `MaskedAlignment.rowCeiling`).
/// Both ways of finding the ceiling's columns: the block scans and the
/// masks (`alignsOverMasks`).
@Test(arguments: [Options.Scheme.default, .path, .history], [false, true])
func `a match's ceiling is at least its score`(scheme: Options.Scheme, overMasks: Bool) {
  var random = SeededGenerator(seed: 1601)
  let alphabet = ["l", "L", "i", "b", "/", "p", "y", "-", " ", "_", "x", "x", "x", "x", "x", "x"]
  let lookup = bonusLookup(scheme)
  var scorer = ASCIIFuzzyScorer(lookup: lookup, alignsOverMasks: overMasks)
  var (compared, belowPerfect) = (0, 0)
  for k in 0..<3_000 {
    let item = sweepItem(k, of: alphabet, short: 2...60, long: 60...300, using: &random)
    for pattern in ["li", "lib", "lib/py", "l/p", "ly", "pyl", "bb"] {
      guard case .matched(let scored) = outcome(&scorer, pattern, item) else { continue }
      guard case .cannotReach(let ceiling) = outcome(&scorer, pattern, item, needs: .max) else {
        Issue.record("no ceiling for \(pattern) in \(String(decoding: item, as: UTF8.self))")
        continue
      }
      compared += 1
      #expect(ceiling >= scored.score, "\(pattern) in \(String(decoding: item, as: UTF8.self))")
      let perfect = ScoringRules.perfectScore(length: pattern.utf8.count, bestBonus: lookup.bestBonus)
      #expect(ceiling <= perfect)
      if ceiling < perfect { belowPerfect += 1 }
      // Asked for no more than the ceiling, the scorer aligns; over masks
      // the rows' occurrences may give a lower ceiling, never below the score.
      switch outcome(&scorer, pattern, item, needs: ceiling) {
      case .cannotReach(let lower) where overMasks:
        #expect(lower >= scored.score && lower < ceiling, "\(pattern) in \(String(decoding: item, as: UTF8.self))")
      case let other: #expect("\(other)" == "\(Outcome.matched(scored))")
      }
    }
  }
  #expect(compared > 5_000)
  // The ceiling tells many of these matches from a perfect one.
  #expect(belowPerfect * 3 > compared)
  typealias Outcome = ASCIIFuzzyScorer.Outcome
}

/// A gap long enough to use up what a placement had earned resets it to
/// zero; the ceiling allows for that (the best of the sums from each
/// character on), so a far-off first character does not make it too low.
@Test func `the ceiling allows for a score that restarts after a long gap`() {
  let lookup = BonusLookup(CompiledQuery(Array("ab".utf8), options: Options()).table)
  var scorer = ASCIIFuzzyScorer(lookup: lookup)
  let item = Array(("a" + String(repeating: "x", count: 200) + "bcd").utf8)
  guard case .matched(let scored) = outcome(&scorer, "abcd", item),
    case .cannotReach(let ceiling) = outcome(&scorer, "abcd", item, needs: .max)
  else {
    Issue.record("abcd should match")
    return
  }
  // Without the restart the gap alone (about 210) would take the sum below
  // what `bcd` in one piece scores.
  #expect(scored.score > 3 * Scoring.match)
  #expect(ceiling >= scored.score)
}

/// Which bytes are white space for the ceiling: those the bonus table
/// calls white, and the compact text's stand-in for white space that is
/// not ASCII, at every place in an item (the block and the bytes after).
@Test func `white space is found at every place of an item`() {
  let standIn = CompactText.standIn(.white)
  let lookup = BonusLookup(BonusTable(scheme: .default))
  for byte in 0...255 {
    let isWhite = byte < 128 ? lookup.asciiClasses[byte] == .white : UInt8(byte) == standIn
    for length in [1, 15, 16, 17, 40] {
      for at in [0, length / 2, length - 1] {
        var item = [UInt8](repeating: UInt8(ascii: "x"), count: length)
        item[at] = UInt8(byte)
        let found = item.withUnsafeBufferPointer { cpick_fuzzy_has_white($0.baseAddress, length, standIn) }
        #expect((found != 0) == isWhite, "byte \(byte) at \(at) of \(length)")
      }
    }
  }
}

/// The ceiling from the rows' occurrences between their bounds
/// (`MaskedAlignment.rowCeiling`: a character that never follows the one
/// before it pays for a gap and earns only its own bonus, none where it
/// is quiet) never cuts a match that reaches what is asked: asked for its
/// own score, every match is aligned; asked for one more, a match is cut
/// only by a ceiling no lower than its score. Items of one, two and three
/// words of masks (the last have no row ceiling), in every scheme, with
/// upper-case letters and digits for the quiet bytes and the humps.
@Test(arguments: [Options.Scheme.default, .path, .history])
func `the row ceiling never cuts a match that reaches what is asked`(scheme: Options.Scheme) {
  var random = SeededGenerator(seed: 1602)
  let alphabet = ["l", "L", "i", "b", "/", "p", "y", "P", "1", "-", " ", "_", "x", "x", "x", "a", "a", "y"]
  let lookup = bonusLookup(scheme)
  var scorer = ASCIIFuzzyScorer(lookup: lookup, alignsOverMasks: true)
  var (compared, cutByRows) = (0, 0)
  for k in 0..<3_000 {
    let item = sweepItem(k, of: alphabet, short: 2...64, long: 65...190, using: &random)
    let text = String(decoding: item, as: UTF8.self)
    for pattern in ["li", "lib", "lib/py", "l/p", "ly", "pyl", "bb", "ll1", "lpy"] {
      guard case .matched(let scored) = outcome(&scorer, pattern, item),
        case .cannotReach(let plain) = outcome(&scorer, pattern, item, needs: .max)
      else { continue }
      compared += 1
      let aligned = "\(ASCIIFuzzyScorer.Outcome.matched(scored))"
      #expect("\(outcome(&scorer, pattern, item, needs: scored.score))" == aligned, "\(pattern) in \(text)")
      switch outcome(&scorer, pattern, item, needs: scored.score + 1) {
      case .cannotReach(let ceiling):
        #expect(ceiling >= scored.score, "\(pattern) in \(text)")
        if plain > scored.score { cutByRows += 1 }
      case let other: #expect("\(other)" == aligned, "\(pattern) in \(text)")
      }
    }
  }
  #expect(compared > 5_000)
  // The rows cut many matches whose bounds alone left room above their score.
  #expect(cutByRows * 20 > compared, "\(cutByRows) of \(compared)")
}
