import CPick

/// The one-character query scored straight from an ASCII item's bytes, in C
/// (`cpick_scan_single_ascii`), sixteen bytes at a time.
///
/// The first key typed matches nearly every item, so every item is scored:
/// at 10 million paths this scan is most of the first key's time. The score
/// of one character is the best bonus among its occurrences, so the scan
/// finds the occurrences with one vector comparison per block and looks up
/// classes only there. Same answer as `FuzzyScorer` (and the byte loop this
/// replaced): `SingleCharacterScanTests` compares them on random items.
///
/// A plain value (no reference to count per item): it points into the
/// `BonusLookup` it was made from, which its owner must keep alive.
struct SingleCharacterScan {
  /// What the scan found in an ASCII item.
  struct Found {
    /// The match, `nil` when the character does not occur.
    var match: ItemMatch?
    /// The item's length without white space at either end.
    var trimmedLength: Int
  }

  private let rules: cpick_single_rules

  /// The scan for `unit` (ASCII, folded as the term asks), with `lookup`'s
  /// bonuses; `nil` if `CharClass` values are not stored as their raw values
  /// (the C code reads `lookup.asciiClasses` as bytes).
  init?(unit: UInt8, caseSensitive: Bool, lookup: BonusLookup, prefersLast: Bool) {
    guard Self.classesAreRawBytes else { return nil }
    // Ignoring case, a byte matches when it lower-cases to `unit`: an upper-case
    // `unit` then matches nothing (0x80 is no ASCII byte, and the scan stops at it).
    let isUpper = (unit &- 0x41) < 26
    let isLower = (unit &- 0x61) < 26
    let lower: UInt8 = caseSensitive || !isUpper ? unit : 0x80
    let upper: UInt8 = !caseSensitive && isLower ? unit - 0x20 : lower
    rules = cpick_single_rules(
      lower: lower, upper: upper, initial_class: lookup.table.initialClass.rawValue,
      prefers_last: prefersLast ? 1 : 0,
      classes: UnsafeRawPointer(lookup.asciiClasses).assumingMemoryBound(to: UInt8.self),
      matrix: lookup.matrix.base, class_count: Int32(CharClass.count))
  }

  /// Whether each `CharClass` is stored as the byte of its raw value.
  static let classesAreRawBytes: Bool = (0..<UInt8(CharClass.count)).allSatisfy { raw in
    guard let value = CharClass(rawValue: raw) else { return false }
    return withUnsafeBytes(of: value) { $0.count == 1 && $0[0] == raw }
  }

  /// Scans `bytes`; `nil` when the item is not ASCII (the general path
  /// takes it) and `compact` is false. With `compact`, `bytes` are a
  /// `CompactText`'s: one byte per character of a non-ASCII item.
  @inline(__always)
  func scan(_ bytes: UnsafeBufferPointer<UInt8>, compact: Bool = false) -> Found? {
    guard let base = bytes.baseAddress else { return Found(match: nil, trimmedLength: 0) }
    var out = cpick_single_scan()
    let scanned = withUnsafePointer(to: rules) {
      cpick_scan_single_ascii(base, bytes.count, $0, compact ? 1 : 0, &out) != 0
    }
    guard scanned else { return nil }
    let trimmed = Int(out.trimmed_length)
    guard out.best_at >= 0 else { return Found(match: nil, trimmedLength: trimmed) }
    let at = Int(out.best_at)
    let score = Scoring.match + out.best_bonus * Scoring.firstCharMultiplier
    return Found(
      match: ItemMatch(score: score, minBegin: at, minEnd: at + 1, maxEnd: at + 1), trimmedLength: trimmed)
  }

  /// Writes the ranker's keys (`--tiebreak=length`) for the items of
  /// `run` into `keys`, in one C loop (`cpick_rank_single_ascii`): the first key typed over millions of
  /// items spends most of its time here. An item that is not ASCII is
  /// scored there from its compact text when `compact` is given, as the
  /// general path would score it; the loop stops before one it cannot take
  /// so (or any, without `compact`), which the caller matches the general
  /// way. Returns the items taken and the keys written, or `nil` when the
  /// character is the separator or CR (which that pass would find between
  /// the items). `level`: the loop's build (`cpick_rank_single_ascii`;
  /// -1, the widest this processor runs).
  @inline(__always)
  func rankKeys(
    _ run: ItemStore.NarrowRun, separator: UInt8, firstOrder: Int, descending: Bool,
    into keys: UnsafeMutablePointer<UInt64>, compact: CompactText?, level: Int32 = -1
  ) -> (taken: Int, written: Int)? {
    guard run.count > 0 else { return (0, 0) }
    let between = { (unit: UInt8) in unit == separator || unit == 0x0D }
    guard !between(rules.lower) && !between(rules.upper) else { return nil }
    var items = run.forKeys(
      firstOrder: firstOrder, descending: descending, into: keys, matchScore: Scoring.match,
      multiplier: Scoring.firstCharMultiplier)
    var written = 0
    let taken = withUnsafePointer(to: rules) { rules in
      guard var target = compact?.runTarget() else {
        return cpick_rank_single_ascii(level, &items, rules, nil, &written)
      }
      return cpick_rank_single_ascii(level, &items, rules, &target, &written)
    }
    return (taken, written)
  }
}
