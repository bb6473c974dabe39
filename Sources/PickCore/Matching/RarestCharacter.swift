/// Which character of a query the ranker skips to (`ItemMatcher.candidateSieve`,
/// `Ranker`): one that every match must contain and that few items do. The
/// ranking of ASCII characters is a guess at how often they occur in paths and
/// command lines; a wrong guess costs speed, never a match.
extension CompiledQuery {
  /// The block skip for the rarest character of the terms every match must
  /// contain (groups of one positive term): kana, CJK or Hangul if there is
  /// one, else the ASCII character that occurs least often in paths and text.
  var rarestRequiredCharacter: ByteFilter.Sieve? { rarestRequiredCharacter(census: nil) }

  /// The same, with ASCII characters ranked by how many of the sampled
  /// items hold them (`census`), the guess breaking ties.
  func rarestRequiredCharacter(census: ByteCensus?) -> ByteFilter.Sieve? {
    var best: (rarity: Int, sieve: ByteFilter.Sieve)? = nil
    for (g, group) in query.groups.enumerated() where group.count == 1 && !group[0].isInverse {
      let term = group[0]
      for (k, unit) in term.units.enumerated() {
        let sieve = filters[g][0].sieves[k]
        // Kana, CJK and Hangul are found by their own bytes (memmem), an
        // accented letter by its byte pairs, and one such character is
        // rarer than any ASCII letter.
        let rarity =
          unit < 0x80
          ? (census?.items(holding: UInt8(unit)) ?? 0) * 64 + Self.asciiRarity(UInt8(unit))
          : sieve.mode == .ownBytes || sieve.mode == .pairs ? 0 : nil
        if let rarity, rarity < best?.rarity ?? Int.max { best = (rarity, sieve) }
      }
    }
    return best?.sieve
  }

  /// The lower-case letters, the rarest in paths and command lines first.
  private static let lettersRarestFirst = Array("qjzxvkwyfbghpmudcltnrsoiae".utf8)

  /// How common an ASCII character is in paths and command lines: lower is rarer.
  static func asciiRarity(_ byte: UInt8) -> Int {
    let lower = byte &- 0x41 < 26 ? byte | 0x20 : byte
    if let rank = lettersRarestFirst.firstIndex(of: lower) { return 4 + rank }
    switch lower {
    case 0x30...0x39: return 14
    case UInt8(ascii: "_"), UInt8(ascii: "-"): return 20
    case UInt8(ascii: "."), UInt8(ascii: "/"), UInt8(ascii: " "): return 40
    default: return 8
    }
  }
}
