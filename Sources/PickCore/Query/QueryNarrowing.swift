/// When a new query can only match items the previous one matched, so that a
/// search may look at the previous matches alone (typing one more character
/// into a term is the common case, and every further key searches fewer items).
///
/// A query narrows another when every group of the previous query is implied
/// by some group of the new one. A group of one positive term implies another
/// such group when its term implies the other's: same kind, same case and
/// accent rules, and
/// - fuzzy: the old characters are a subsequence of the new ones (`ab` → `abc`, `ac` → `abc`);
/// - exact (`'ab`): the old text is a substring of the new;
/// - prefix (`^ab`): a prefix of the new; suffix (`ab$`): a suffix;
/// - whole item (`^ab$`) and boundary (`'ab'`): the same text.
/// Anything else must be the same group exactly: `!a` → `!ab` matches more
/// items, not fewer, and `abc` → `abc | d` too; `'ab` → `'ab'` changes the kind.
extension Query {
  public func narrows(_ previous: Query) -> Bool {
    previous.groups.allSatisfy { old in groups.contains { Self.group($0, implies: old) } }
  }

  private static func group(_ new: [Term], implies old: [Term]) -> Bool {
    if new == old { return true }
    guard new.count == 1, old.count == 1 else { return false }
    return term(new[0], implies: old[0])
  }

  private static func term(_ new: Term, implies old: Term) -> Bool {
    guard !new.isInverse, !old.isInverse, new.kind == old.kind, new.isCaseSensitive == old.isCaseSensitive,
      new.normalizesItems == old.normalizesItems
    else { return false }
    switch new.kind {
    case .fuzzy: return isSubsequence(old.units, of: new.units)
    case .exact: return contains(new.units, old.units)
    case .prefix: return new.units.starts(with: old.units)
    case .suffix: return new.units.reversed().starts(with: old.units.reversed())
    case .equal, .exactBoundary: return new.units == old.units
    }
  }

  private static func isSubsequence(_ small: [UInt32], of large: [UInt32]) -> Bool {
    var k = 0
    for unit in large where k < small.count && unit == small[k] { k += 1 }
    return k == small.count
  }

  private static func contains(_ large: [UInt32], _ small: [UInt32]) -> Bool {
    guard small.count <= large.count else { return false }
    if small.isEmpty { return true }
    for start in 0...(large.count - small.count) where Array(large[start..<start + small.count]) == small {
      return true
    }
    return false
  }
}

extension RankedMatches {
  /// The matched items in ascending item order (the candidates for a narrower
  /// query): a bitmap over the searched span, read in order, so no sort is
  /// needed. It runs between a key and the search it starts (2.4 million
  /// matches of 10 million paths), so the loops read raw memory.
  public func itemsInInputOrder() -> [Int] {
    let bits = offsetBitmap()
    guard let items else { return Self.setBits(bits, count: count, base: base, list: nil) }
    return items.withUnsafeBufferPointer { Self.setBits(bits, count: count, base: 0, list: $0) }
  }

  /// The item at each offset whose bit is set in `bits` (at most `count`),
  /// ascending: `list[offset]`, or `base + offset` without a list. Past
  /// `parallelListing` matches the words are cut in parts, each counted
  /// first and then written at its place, on every core.
  static func setBits(_ bits: [UInt64], count: Int, base: Int, list: UnsafeBufferPointer<Int>?) -> [Int] {
    bits.withUnsafeBufferPointer { words in
      [Int](unsafeUninitializedCapacity: count) { out, initialized in
        guard count >= parallelListing else {
          initialized = fill(out, from: 0, count: count, words: words, 0..<words.count, base: base, list: list)
          return
        }
        let parts = 4 * Parallel.processorCount
        let size = (words.count + parts - 1) / parts
        let ranges = (0..<parts).map { min($0 * size, words.count)..<min(($0 + 1) * size, words.count) }
        // Where each part's items start in `out`.
        var starts = [0]
        for range in ranges {
          starts.append(starts[starts.count - 1] + words[range].reduce(0) { $0 + $1.nonzeroBitCount })
        }
        let box = UnsafeSendable((words, out, starts, list))
        Parallel.run(tasks: parts, workers: Parallel.processorCount) { part, _ in
          let (words, out, starts, list) = box.value
          _ = fill(out, from: starts[part], count: count, words: words, ranges[part], base: base, list: list)
        }
        initialized = min(starts[parts], count)
      }
    }
  }

  /// Writes from `out[from]` on the item of each bit set in `words[range]`
  /// (`setBits`), stopping at `count`; returns where it stopped. The loop
  /// is written once for a list and once without, so neither tests which
  /// for every item.
  @inline(__always)
  private static func fill(
    _ out: UnsafeMutableBufferPointer<Int>, from: Int, count: Int, words: UnsafeBufferPointer<UInt64>,
    _ range: Range<Int>, base: Int, list: UnsafeBufferPointer<Int>?
  ) -> Int {
    @inline(__always)
    func fill(_ index: (Int) -> Int) -> Int {
      var n = from
      for word in range {
        var remaining = words[word]
        while remaining != 0 && n < count {
          out[n] = index(word << 6 | remaining.trailingZeroBitCount)
          n += 1
          remaining &= remaining - 1
        }
      }
      return n
    }
    guard let list else { return fill { base + $0 } }
    return fill { list[$0] }
  }
}
