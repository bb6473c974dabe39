import CPick

/// A cheap test on an item's raw bytes that rejects most non-matches before
/// any decoding or scoring: do the term's characters occur in this order?
///
/// ASCII bytes are looked up in one table of flags per term character (is
/// this byte that character, in either case when the term ignores case?), a
/// single load and branch per byte. A non-ASCII character is decoded where it
/// stands and folded as the term folds (case, Latin accents), so the test is
/// exact: an item full of accents, CJK or emoji that cannot match is rejected
/// without being decoded whole, and one that passes needs no second check.
/// A byte that is not valid UTF-8 is a unit of its own, as everywhere.
///
/// Most term characters are ASCII, and almost no non-ASCII character folds to
/// ASCII (accented Latin letters, fullwidth forms and a few letter-like
/// symbols do). For an ASCII term character the table therefore also says
/// which non-ASCII bytes need decoding at all: the lead bytes of characters
/// that may fold to that character (`FoldSources.asciiLeads`: `C3` for `e`,
/// as `é` starts with it, but not for `z`). Every other byte of CJK,
/// Cyrillic or emoji text is skipped with the same single load and branch as
/// an ASCII byte.
struct ByteFilter: Sendable {
  /// What byte `b` means for term character `k`: `table[k * 256 + b]`.
  enum Step {
    /// Not character `k`, nor the start of a character that could fold to it.
    static let skip: UInt8 = 0
    /// The ASCII byte is character `k` (in either case when the term ignores case).
    static let matches: UInt8 = 1
    /// A non-ASCII byte: decode the character it starts and compare.
    static let decode: UInt8 = 2
  }

  /// One row per term character: `Step` values for each byte.
  let table: [UInt8]
  /// How to skip ahead to each term character, decided once per term.
  let sieves: [Sieve]

  /// What the block skip looks for, for one term character: computed when
  /// the query is compiled, so matching an item folds and looks up nothing.
  struct Sieve {
    enum Mode: UInt8 {
      /// An ASCII character: `bytes` (it, in either case) or a lead byte of a character that folds to ASCII.
      case asciiOrFoldLeads
      /// A non-ASCII character: `bytes`, its lead byte and those of the characters that fold to it.
      case leads
      /// A character too many others fold to (or an invalid byte): any non-ASCII byte.
      case anyNonASCII
      /// Kana, CJK, Hangul: nothing folds to them, so `memmem` finds their bytes.
      case ownBytes
      /// A two-byte character that only two-byte characters fold to, in at
      /// most four ways (`é`: `é` and `É`): a lead byte in `bytes` followed by
      /// the second byte at the same place in `seconds`. A Latin-1 text full
      /// of `C3` bytes is skipped where no `é` is, not stopped at every accent.
      case pairs
    }
    var mode: Mode
    var bytes: (UInt8, UInt8, UInt8, UInt8)
    /// For `pairs`, the second byte of each pair.
    var seconds: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
    /// For `asciiOrFoldLeads`, which lead bytes the C skips look at
    /// (`cpick_quiet_prefix`): all that may fold to ASCII, or all but C3 when
    /// nothing starting with C3 folds to this character.
    var foldLeads: Int32 = 0

    init(unit: UInt32, caseSensitive: Bool, normalize: Bool) {
      if unit < 0x80 {
        let lower = UInt8(truncatingIfNeeded: unit)
        let upper = !caseSensitive && lower &- 0x61 < 26 ? lower &- 0x20 : lower
        mode = .asciiOrFoldLeads
        bytes = (lower, upper, lower, upper)
        let folding = Folding(caseSensitive: caseSensitive, normalize: normalize)
        let leads = FoldSources.asciiLeads[folding.index << 7 | Int(unit)]
        foldLeads = leads & (1 << (0xC3 - 0xC0)) == 0 ? CPICK_FOLD_LEADS_BUT_C3 : 1
        if let (afterBC, afterBD) = Self.fullwidthThirds(unit, folding) {
          let thirds = UInt32(afterBC) << 16 | UInt32(afterBD) << 24
          foldLeads |= CPICK_FOLD_LEADS_FULLWIDTH | Int32(bitPattern: thirds)
        }
        return
      }
      if ByteFilter.isFoldClosed(unit) {
        // Its UTF-8 bytes (the fourth is 0 for a three-byte character), for the ranker's skip.
        mode = .ownBytes
        bytes =
          unit < 0x1_0000
          ? (0xE0 | UInt8(unit >> 12), 0x80 | UInt8((unit >> 6) & 0x3F), 0x80 | UInt8(unit & 0x3F), 0)
          : (
            0xF0 | UInt8(unit >> 18), 0x80 | UInt8((unit >> 12) & 0x3F), 0x80 | UInt8((unit >> 6) & 0x3F),
            0x80 | UInt8(unit & 0x3F)
          )
        return
      }
      let own = FoldSources.leadByte(unit)
      let sources = caseSensitive && !normalize ? [] : FoldSources.leads[unit] ?? []
      if let pairs = Self.twoBytePairs(unit, sources: sources, caseSensitive: caseSensitive, normalize: normalize) {
        mode = .pairs
        bytes = (pairs[0].0, pairs[1 % pairs.count].0, pairs[2 % pairs.count].0, pairs[3 % pairs.count].0)
        seconds = (pairs[0].1, pairs[1 % pairs.count].1, pairs[2 % pairs.count].1, pairs[3 % pairs.count].1)
        return
      }
      guard own != 0, sources.count <= 3 else {
        mode = .anyNonASCII
        bytes = (0, 0, 0, 0)
        return
      }
      mode = .leads
      bytes = (
        own, sources.first ?? own, sources.count > 1 ? sources[1] : own,
        sources.count > 2 ? sources[2] : own
      )
    }

    /// The third bytes of the fullwidth forms (U+FF00-FF7F: `EF BC xx` and
    /// `EF BD xx`, the only ones that may fold to ASCII) that are the ASCII
    /// `unit` once folded as the term folds (as `ByteFilter` decodes them),
    /// after `BC` and after `BD`, 0 for none: `ｑ` and `Ｑ` for `q`
    /// ignoring case and accents. `nil` when more than one follows either,
    /// which the skip's one comparison could not tell.
    static func fullwidthThirds(_ unit: UInt32, _ folding: Folding) -> (UInt8, UInt8)? {
      var afterBC: UInt8 = 0
      var afterBD: UInt8 = 0
      for value: UInt32 in 0xFF00..<0xFF80 where folding.fold(value) == unit {
        let third = 0x80 | UInt8(value & 0x3F)
        if value < 0xFF40 {
          guard afterBC == 0 else { return nil }
          afterBC = third
        } else {
          guard afterBD == 0 else { return nil }
          afterBD = third
        }
      }
      return (afterBC, afterBD)
    }

    /// The same test over items that are all ASCII (`ItemStore.isASCII`):
    /// no lead byte of a character that folds to ASCII can be there, so the
    /// skip compares each block with the character alone.
    var inASCII: Sieve {
      var sieve = self
      if mode == .asciiOrFoldLeads { sieve.foldLeads = 0 }
      return sieve
    }

    /// The same test on single bytes: a lead byte where the character's
    /// bytes are looked for together (`ownBytes`, `pairs`, a lead judged with
    /// the byte after it). It passes every
    /// item this one passes, and every item that holds the character once
    /// other bytes between its own are taken out (`VisibleText`: an escape
    /// sequence inside a character).
    var bytewise: Sieve {
      var sieve = self
      switch mode {
      case .ownBytes:
        sieve.mode = .leads
        sieve.bytes = (bytes.0, bytes.0, bytes.0, bytes.0)
      case .pairs:
        sieve.mode = .leads
      case .asciiOrFoldLeads:
        if sieve.foldLeads != 0 { sieve.foldLeads |= CPICK_FOLD_LEADS_ALONE }
      case .leads, .anyNonASCII: break
      }
      return sieve
    }

    /// The (lead, second) bytes of every character that is `unit` once
    /// folded, `unit` among them, when all are two-byte characters and there
    /// are at most four; otherwise `nil`. `sources` are the lead bytes of
    /// what folds to `unit` under any folding.
    private static func twoBytePairs(
      _ unit: UInt32, sources: [UInt8], caseSensitive: Bool, normalize: Bool
    ) -> [(UInt8, UInt8)]? {
      guard (0x80..<0x800).contains(unit), sources.allSatisfy({ $0 < 0xE0 }) else { return nil }
      let folding = Folding(caseSensitive: caseSensitive, normalize: normalize).index << 11
      let table = TwoByteFolding.table
      var pairs: [(UInt8, UInt8)] = []
      for value in 0x80..<0x800 where value == Int(unit) || table[folding | value] == unit {
        pairs.append((0xC0 | UInt8(value >> 6), 0x80 | UInt8(value & 0x3F)))
      }
      return pairs.count <= 4 ? pairs : nil
    }
  }
  private let units: [UInt32]
  private let isCaseSensitive: Bool
  private let normalizes: Bool

  init(term: Term) {
    let units = term.units
    self.units = units
    isCaseSensitive = term.isCaseSensitive
    normalizes = term.normalizesItems
    var table = [UInt8](repeating: 0, count: max(units.count, 1) * 256)
    for (k, unit) in units.enumerated() {
      let row = k * 256
      guard unit < 0x80 else {
        // Any non-ASCII byte may start (or, when invalid, be) this character.
        for byte in 0x80..<256 { table[row + byte] = Step.decode }
        continue
      }
      table[row + Int(unit)] = Step.matches
      if unit >= 0x61 && unit <= 0x7A && !term.isCaseSensitive {
        table[row + Int(unit - 32)] = Step.matches
      }
      let leads = FoldSources.asciiLeads[
        term.folding.index << 7 | Int(unit)]
      for byte in 0xC0..<256 where leads & (1 << UInt64(byte - 0xC0)) != 0 {
        table[row + byte] = Step.decode
      }
    }
    self.table = table
    sieves = units.map {
      Sieve(unit: $0, caseSensitive: term.isCaseSensitive, normalize: term.normalizesItems)
    }
  }

  /// Whether `lead` begins the UTF-8 encoding of a character that folds to
  /// ASCII (lower-casing, Latin accent folding, or both). Continuation and
  /// invalid bytes never do: as units they are themselves. The set is
  /// written in C, beside the vector loops that test it sixteen bytes at a
  /// time; `FoldLeadTests` holds both equal to the set read off the folding
  /// tables (reading it at startup would cost a millisecond).
  static func mayStartASCIIFold(_ lead: UInt8) -> Bool {
    cpick_is_ascii_fold_lead(lead) != 0
  }

  /// For the three- and four-byte leads that `mayStartASCIIFold` accepts,
  /// whether the second byte keeps the character in a block that folds to
  /// ASCII (Latin Extended Additional, letter-like symbols, fullwidth forms,
  /// mathematical alphanumerics...). Common punctuation such as curly quotes
  /// and dashes (`E2 80`) is skipped without decoding.
  @inline(__always)
  static func mayFoldToASCII(lead: UInt8, second: UInt8) -> Bool {
    guard second & 0xC0 == 0x80 else { return false }
    let bit: UInt64 = 1 << UInt64(second & 0x3F)
    switch lead {
    case 0xE1: return bit & 0x0FF0_0000_0000_0000 != 0  // B4-BB
    case 0xE2: return bit & 0x0002_0000_0000_0056 != 0  // 81, 82, 84, 86, B1
    case 0xEA: return bit & 0x0000_3000_F000_0000 != 0  // 9C-9F, AC, AD
    case 0xEF: return bit & 0x3000_0000_0000_0000 != 0  // BC, BD
    case 0xF0: return bit & 0x0000_0000_2000_0000 != 0  // 9D
    default: return true
    }
  }

  /// Whether the term's characters occur in `bytes`, in order, folded as the term folds.
  func mayMatch(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    table.withUnsafeBufferPointer { table in
      units.withUnsafeBufferPointer { units in
        sieves.withUnsafeBufferPointer { sieves in
          TwoByteFolding.table.withUnsafeBufferPointer { folding in
            Self.mayMatchExactly(
              bytes, table: table.baseAddress!, units: units, sieves: sieves.baseAddress!,
              folding: folding.baseAddress!, caseSensitive: isCaseSensitive, normalize: normalizes)
          }
        }
      }
    }
  }
}

extension ByteFilter {
  /// The exact test: can `units` occur in order in `bytes`, folded as the term
  /// folds? ASCII bytes go through the table (exact for them); a non-ASCII
  /// character is decoded where it stands and folded, so an item full of
  /// accents, CJK or emoji is rejected without decoding all of it.
  @inline(__always)
  static func mayMatchExactly(
    _ bytes: UnsafeBufferPointer<UInt8>, table: UnsafePointer<UInt8>,
    units: UnsafeBufferPointer<UInt32>, sieves: UnsafePointer<Sieve>,
    folding twoByteFolding: UnsafePointer<UInt32>, caseSensitive: Bool, normalize: Bool
  ) -> Bool {
    let m = units.count
    if m == 0 { return true }
    guard let base = bytes.baseAddress else { return false }
    let n = bytes.count
    var row = 0
    var k = 0
    var i = 0
    // `TwoByteFolding.table`'s part for this term's folding.
    let folding = twoByteFolding + Folding(caseSensitive: caseSensitive, normalize: normalize).index << 11
    while i < n {
      let want = units[k]
      let sieve = sieves[k]
      // A character that nothing else folds to (CJK) is found by its bytes.
      if sieve.mode == .ownBytes {
        guard let end = find(want, in: base + i, count: n &- i) else { return false }
        i &+= end
        k &+= 1
        if k == m { return true }
        row &+= 256
        continue
      }
      // Skip, sixteen bytes at a time, what the current character cannot
      // be in; then look at one block byte by byte.
      i &+= quietPrefix(base + i, count: n &- i, sieve)
      let blockEnd = min(i &+ 16, n)
      while i < blockEnd {
        let byte = base[i]
        let step = table[row &+ Int(byte)]
        if step == Step.skip {
          i &+= 1
          continue
        }
        if step == Step.matches {
          k &+= 1
          if k == m { return true }
          row &+= 256
          i &+= 1
          continue
        }
        // A non-ASCII byte worth a look. For an ASCII term character, a
        // three- or four-byte character outside the folding blocks is skipped
        // a byte at a time (its continuation bytes are `skip`).
        if byte >= 0xE0 && units[k] < 0x80
          && (i &+ 1 >= n || !mayFoldToASCII(lead: byte, second: base[i &+ 1]))
        {
          i &+= 1
          continue
        }
        var unit: UInt32
        // Two-byte characters (accented Latin, Greek, Cyrillic...): one lookup.
        if byte >= 0xC2 && byte < 0xE0 && i &+ 1 < n && base[i &+ 1] & 0xC0 == 0x80 {
          let value = Int(byte & 0x1F) << 6 | Int(base[i &+ 1] & 0x3F)
          unit = folding[value]
          i &+= 2
          if unit == units[k] {
            k &+= 1
            if k == m { return true }
            row &+= 256
          }
          continue
        }
        let length = UTF8Decoding.validSequenceLength(base + i, available: n - i)
        if length == 0 {
          unit = UTF8Decoding.invalidByteBase + UInt32(byte)
          i &+= 1
        } else {
          unit = UTF8Decoding.scalarValue(base + i, length: length)
          i &+= length
          if !caseSensitive { unit = CaseFolding.lower(unit) }
          if normalize { unit = LatinFolding.base(unit) }
        }
        if unit == units[k] {
          k &+= 1
          if k == m { return true }
          row &+= 256
        }
      }
    }
    return false
  }

  /// Whether no other character folds to `unit` (by case, accents or both),
  /// so that it occurs exactly where its UTF-8 bytes do: kana, CJK
  /// ideographs and Hangul syllables. Checked against every character by
  /// `ByteFilterTests`.
  @inline(__always)
  static func isFoldClosed(_ unit: UInt32) -> Bool {
    (0x3040...0x9FFF).contains(unit) || (0xAC00...0xD7A3).contains(unit)
      || (0x2_0000...0x3_FFFF).contains(unit)
  }

  /// Where the first occurrence of `unit`'s UTF-8 encoding in `bytes` ends,
  /// or `nil`. (A lead byte is never a continuation byte, so wherever the
  /// bytes of a valid character occur, decoding finds that character.)
  @inline(__always)
  static func find(_ unit: UInt32, in bytes: UnsafePointer<UInt8>, count: Int) -> Int? {
    var encoded: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
    let length: Int
    if unit < 0x1_0000 {
      encoded = (
        0xE0 | UInt8(unit >> 12), 0x80 | UInt8((unit >> 6) & 0x3F), 0x80 | UInt8(unit & 0x3F), 0
      )
      length = 3
    } else {
      encoded = (
        0xF0 | UInt8(unit >> 18), 0x80 | UInt8((unit >> 12) & 0x3F),
        0x80 | UInt8((unit >> 6) & 0x3F),
        0x80 | UInt8(unit & 0x3F)
      )
      length = 4
    }
    return withUnsafeBytes(of: &encoded) { needle in
      guard let hit = cpick_memmem(bytes, count, needle.baseAddress, length) else { return nil }
      return UnsafeRawPointer(hit) - UnsafeRawPointer(bytes) + length
    }
  }

  /// Where the first byte in `bytes` that may start (an occurrence of) the
  /// character `sieve` was made for is; `count` when there is none.
  @inline(__always)
  static func nextCandidate(_ bytes: UnsafePointer<UInt8>, count: Int, _ sieve: Sieve) -> Int {
    if sieve.mode == .ownBytes {
      // Kana, CJK, Hangul: where the character's own bytes are.
      var encoded = sieve.bytes
      let length = encoded.3 == 0 ? 3 : 4
      return withUnsafeBytes(of: &encoded) { needle in
        guard let hit = cpick_memmem(bytes, count, needle.baseAddress, length) else { return count }
        return UnsafeRawPointer(hit) - UnsafeRawPointer(bytes)
      }
    }
    if sieve.mode == .pairs {
      var (leads, seconds) = (sieve.bytes, sieve.seconds)
      return withUnsafeBytes(of: &leads) { leads in
        withUnsafeBytes(of: &seconds) { seconds in
          cpick_next_pair(
            bytes, count, leads.baseAddress!.assumingMemoryBound(to: UInt8.self),
            seconds.baseAddress!.assumingMemoryBound(to: UInt8.self))
        }
      }
    }
    guard sieve.mode == .asciiOrFoldLeads || sieve.mode == .leads else { return 0 }
    var wanted = sieve.bytes
    return withUnsafeBytes(of: &wanted) {
      cpick_next_candidate(bytes, count, $0.baseAddress!.assumingMemoryBound(to: UInt8.self), sieve.foldLeads)
    }
  }

  /// How many bytes from `bytes`, in whole blocks of sixteen, cannot hold
  /// (the start of) the term character `sieve` was made for.
  @inline(__always)
  static func quietPrefix(_ bytes: UnsafePointer<UInt8>, count: Int, _ sieve: Sieve) -> Int {
    switch sieve.mode {
    case .anyNonASCII, .ownBytes:
      return cpick_ascii_prefix(bytes, count)
    case .pairs:
      // Whole blocks before the block holding the first candidate pair.
      return nextCandidate(bytes, count: count, sieve) & ~15
    case .asciiOrFoldLeads, .leads:
      var wanted = sieve.bytes
      return withUnsafeBytes(of: &wanted) {
        cpick_quiet_prefix(
          bytes, count, $0.baseAddress!.assumingMemoryBound(to: UInt8.self), sieve.foldLeads)
      }
    }
  }

}
