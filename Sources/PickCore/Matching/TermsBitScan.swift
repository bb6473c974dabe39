import CPick

/// The items of a run that may hold every term of a query, found for the
/// whole run at once (`cpick_terms_pass`, sixty-four bytes a step, one bit
/// a byte) instead of item by item.
///
/// For several terms typed into a shell history (`git push origin`) the
/// query's rarest letter is in a quarter of the lines or more, so the
/// ranker's skip stops every few lines and `AllTermsScan` reads each such
/// line a byte at a time, an addition that waits for the one before: most
/// of the search. Here every item of the run is decided in one pass whose
/// work is a few operations per character of the query for every sixty-four
/// bytes. What passes is exact for an ASCII item (every term's characters
/// occur in order, as `AllTermsScan` decides); an item that is not ASCII is
/// read as `AllTermsScan` reads it (a character that may fold to ASCII
/// stands for any term character, any other for none; a fullwidth letter,
/// `ｇ`, for its ASCII letter when the folding makes it that) and, if it
/// passes, is flagged for the matcher to decide.
///
/// The same holds for one term whose rarest letter is common (`push`, `gc`
/// over a history): the skip stopped at each line holding it.
///
/// The query must suit `AllTermsScan` (positive ASCII terms, no
/// alternatives), with at least two terms or one of at least two characters
/// (one character is the one-character loop's), and at most
/// `CPICK_TERMS_MAX` characters.
final class TermsBitScan {
  /// For each of the terms' characters in order, the two bytes that are it.
  private var lower: [UInt8] = []
  private var upper: [UInt8] = []
  /// Set on each term's last character.
  private var ends: [UInt8] = []
  /// Whether the scan reads a fullwidth letter (`ｇ`) as its ASCII letter,
  /// and the other forms U+FF00-FF7F as none: when every term's folding
  /// folds them so (`foldsFullwidthAsASCII`), as accent folding does.
  private var fullwidth = true
  /// For each character, whether some Latin-1 letter (`é`, lead byte C3)
  /// folds to it under its term's folding: the scan reads such a letter as
  /// those characters only (`e`, never `f`), not as any.
  private var latin1: [UInt8] = []
  /// The ordinals of the items that passed.
  private var passed = ScratchBuffer<UInt32>()
  /// What the scans so far learned about the terms (`cpick_terms_pass`).
  private var memory = cpick_terms_memory()

  init?(_ terms: borrowing TermTable) {
    guard terms.count >= 2 || terms.count == 1 && terms.entries[0].units.count >= 2 else { return nil }
    for k in 0..<terms.count {
      let term = terms.entries[k]
      guard AllTermsScan.suits(terms, k), !term.units.isEmpty else { return nil }
      for unit in term.units {
        var (a, b): (UInt8, UInt8) = (0, 0)
        cpick_fuzzy_bytes(unit, term.folding.isCaseSensitive ? 1 : 0, &a, &b)
        lower.append(a)
        upper.append(b)
        latin1.append(Self.latin1MayBe(unit, term.folding) ? 1 : 0)
        ends.append(0)
      }
      ends[ends.count - 1] = 1
      fullwidth = fullwidth && Self.foldsFullwidthAsASCII(term.folding)
    }
    guard ends.count <= Int(CPICK_TERMS_MAX) else { return nil }
  }

  /// The ordinals (0 for the first) of the items of `run` that may match:
  /// `run` is the bytes of consecutive items of a store whose separator is
  /// `separator`, each followed by it but the last (whose separator is not
  /// read), and `items` is how many. Valid until the next call.
  func pass(_ run: UnsafeBufferPointer<UInt8>, items: Int, separator: UInt8) -> UnsafeBufferPointer<UInt32> {
    passed.reserve(items)
    guard let text = run.baseAddress, items > 0 else { return UnsafeBufferPointer(start: passed.base, count: 0) }
    let count = lower.withUnsafeBufferPointer { lower in
      upper.withUnsafeBufferPointer { upper in
        ends.withUnsafeBufferPointer { ends in
          latin1.withUnsafeBufferPointer { latin1 in
            cpick_terms_pass(
              text, run.count, separator, lower.baseAddress, upper.baseAddress, ends.baseAddress, ends.count,
              fullwidth ? 1 : 0, latin1.baseAddress, &memory, passed.base, items)
          }
        }
      }
    }
    return UnsafeBufferPointer(start: passed.base, count: count)
  }

  /// Whether `folding` folds each fullwidth letter (U+FF21-FF3A,
  /// U+FF41-FF5A) as it folds its ASCII letter, and no other form of
  /// U+FF00-FF7F (`EF BC xx`, `EF BD xx`) to ASCII: read off the folding
  /// itself, once for each of the four.
  static func foldsFullwidthAsASCII(_ folding: Folding) -> Bool { fullwidthFoldings[folding.index] }

  /// Whether some Latin-1 letter (U+00C0-U+00FF) folds to what `unit`
  /// folds to under `folding`; read off the folding itself, once for each
  /// of the four and each ASCII unit.
  static func latin1MayBe(_ unit: UInt32, _ folding: Folding) -> Bool {
    unit < 0x80 ? latin1Foldings[folding.index][Int(unit)] : true
  }

  /// The Latin-1 letters' folds, each once (64 a folding), then each
  /// ASCII unit's fold looked up among them: folding both of every pair
  /// again (8,192 pairs a folding) took 0.2 ms of every search through the
  /// bit scan, before its threads started (a tenth of a search over a
  /// thousand lines).
  private static let latin1Foldings: [[Bool]] = Folding.all.map { folding in
    let folded = Set((UInt32(0xC0)...0xFF).map { folding.fold($0) })
    return (UInt32(0)..<0x80).map { folded.contains(folding.fold($0)) }
  }

  private static let fullwidthFoldings: [Bool] = Folding.all.map { folding in
    (UInt32(0xFF00)..<0xFF80).allSatisfy { value in
      let isLetter = (0xFF21...0xFF3A).contains(value) || (0xFF41...0xFF5A).contains(value)
      return isLetter ? folding.fold(value) == folding.fold(value - 0xFF00 + 0x20) : folding.fold(value) >= 0x80
    }
  }
}
