/// The sort key of a match, as fzf builds it: the score first, then up to
/// three `--tiebreak` criteria, each a 16-bit value where smaller is better;
/// input order decides what is still tied.
///
/// - `length`: the item's length in characters, white space at the ends not counted.
/// - `chunk`: the length of the space-delimited chunk that holds the match.
/// - `pathname`: how far the match starts after the last `/` (a match in the
///   file name beats one in a directory); a match before it ranks last.
/// - `begin`: how early the match ends (fzf's measure: the start of a fuzzy
///   match is not known without a backtrace), after leading white space.
/// - `end`: how close the match ends to the item's end, relative to its length.
/// - `index`: nothing more (input order).
public struct RankPoints: Sendable {
  public let criteria: [Options.Tiebreak]

  public init(criteria: [Options.Tiebreak]) {
    // `index` ends the list: input order is always the last word anyway.
    self.criteria = Array(criteria.prefix { $0 != .index }.prefix(3))
  }

  /// Whether the points need the item's characters (beyond the trimmed length).
  var needsUnits: Bool { criteria.contains { $0 != .length } }

  /// A key's top 16 bits for `score`: `0xFFFF - score`, so that a better
  /// score sorts first (negative scores count as 0). The C loops and the
  /// front's threshold pack keys with the same field.
  @inline(__always)
  static func scoreField(_ score: Int32) -> UInt64 { UInt64(0xFFFF - UInt16(clamping: max(score, 0))) }

  /// The score a narrow key's top 16 bits hold (`scoreField` undone; a
  /// negative score was kept as 0).
  @inline(__always)
  static func score(ofKey key: UInt64) -> Int32 { 0xFFFF - Int32(truncatingIfNeeded: key >> 48) }

  /// Packs score and criteria into 64 bits, most significant first.
  func points(
    for match: ItemMatch, trimmedLength: Int, units: UnsafeBufferPointer<UInt32>,
    classes: UnsafeBufferPointer<CharClass>
  ) -> UInt64 {
    var packed = Self.scoreField(match.score)
    for criterion in criteria {
      packed = packed << 16 | UInt64(value(of: criterion, match, trimmedLength, units, classes))
    }
    return packed << (16 * UInt64(3 - criteria.count))
  }

  private func value(
    of criterion: Options.Tiebreak, _ match: ItemMatch, _ trimmedLength: Int, _ units: UnsafeBufferPointer<UInt32>,
    _ classes: UnsafeBufferPointer<CharClass>
  ) -> UInt16 {
    let hasOffset = match.maxEnd >= 0
    switch criterion {
    case .length:
      return UInt16(clamping: trimmedLength)
    case .chunk:
      guard hasOffset else { return .max }
      var begin = match.minBegin
      var end = match.maxEnd
      while begin > 0 && classes[begin - 1] != .white { begin -= 1 }
      while end < classes.count && classes[end] != .white { end += 1 }
      return UInt16(clamping: end - begin)
    case .pathname:
      guard hasOffset else { return .max }
      var lastDelimiter = -1
      var k = units.count - 1
      while k >= 0 {
        if units[k] == 0x2F || units[k] == 0x5C {
          lastDelimiter = k
          break
        }
        k -= 1
      }
      return lastDelimiter <= match.minBegin ? UInt16(clamping: match.minBegin - lastDelimiter) : .max
    case .begin, .end:
      guard hasOffset else { return .max }
      var whitePrefix = 0
      while whitePrefix < classes.count && whitePrefix < match.minBegin && classes[whitePrefix] == .white {
        whitePrefix += 1
      }
      if criterion == .begin { return UInt16(clamping: match.minEnd - whitePrefix) }
      let span = 0xFFFF * (match.maxEnd - whitePrefix) / (trimmedLength + 1)
      return UInt16(clamping: 0xFFFF - span)
    case .index:
      return .max
    }
  }
}
