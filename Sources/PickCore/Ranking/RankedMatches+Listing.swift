/// The matches of an answer listed in input order: the candidates of the
/// search that narrows it (`SearchPlanner`, "narrow"). The list sits
/// between a key and the search it starts, over every match of a broad
/// answer (2.4 million of 10 million paths for `lib/p`), so it is made
/// from a bitmap of the searched span, which needs no sort, on every core
/// past `parallelListing` matches, over raw memory.
extension RankedMatches {
  /// The matched items in ascending item order: the span's bitmap read in order.
  public func itemsInInputOrder() -> [Int] {
    let bits = offsetBitmap()
    guard let items else { return Self.setBits(bits, count: count, base: base, list: nil) }
    return items.withUnsafeBufferPointer { Self.setBits(bits, count: count, base: 0, list: $0) }
  }

  /// One bit per offset in the span, set for the matches shown from
  /// `position` on (0: all of them, `itemsInInputOrder`; past the front, a
  /// summary's). Packed keys are read as they are, sorted or not, over raw
  /// memory: this runs over every match of a broad answer.
  func offsetBitmap(from position: Int = 0) -> [UInt64] {
    let words = max((span + 63) / 64, 1)
    return [UInt64](unsafeUninitializedCapacity: words) { bits, initialized in
      bits.initialize(repeating: 0)
      initialized = words
      let (reversed, span) = (reversed, span)
      let packed = withKeysUnordered { keys in
        let keys = UnsafeBufferPointer(rebasing: keys[min(position, keys.count)...])
        if keys.count < Self.parallelListing || Parallel.processorCount < 2 {
          Self.markOffsets(of: keys, in: bits, reversed: reversed, span: span)
        } else {
          Self.markOffsetsInParallel(of: keys, in: bits, reversed: reversed, span: span)
        }
      }
      guard !packed else { return }
      for shown in min(position, count)..<count {
        let offset = itemOffset(at: shown)
        bits[offset >> 6] |= 1 << UInt64(offset & 63)
      }
    }
  }

  /// Matches from which listing them takes every core (`offsetBitmap`,
  /// `setBits`): 2.4 million of 10 million paths (`lib/p`) took 17.5 ms
  /// on one, between the key and the search it starts.
  static let parallelListing = 1 << 20

  /// Sets the bit of each key's offset in `bits` (also a summary's front, `RankedSummary`).
  static func markOffsets(
    of keys: UnsafeBufferPointer<UInt64>, in bits: UnsafeMutableBufferPointer<UInt64>, reversed: Bool, span: Int
  ) {
    for key in keys {
      let offset = offset(ofKey: key, reversed: reversed, span: span)
      bits[offset >> 6] |= 1 << UInt64(offset & 63)
    }
  }

  /// `markOffsets` on two threads, each over half the keys into a bitmap of
  /// its own (two keys may share a word), the second then merged into `bits`.
  private static func markOffsetsInParallel(
    of keys: UnsafeBufferPointer<UInt64>, in bits: UnsafeMutableBufferPointer<UInt64>, reversed: Bool, span: Int
  ) {
    let other = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: bits.count)
    defer { other.deallocate() }
    other.initialize(repeating: 0)
    let half = keys.count / 2
    let box = UnsafeSendable((keys, bits, other))
    Parallel.run(tasks: 2, workers: 2) { task, _ in
      let (keys, bits, other) = box.value
      let part = UnsafeBufferPointer(rebasing: task == 0 ? keys[..<half] : keys[half...])
      markOffsets(of: part, in: task == 0 ? bits : other, reversed: reversed, span: span)
    }
    for word in bits.indices { bits[word] |= other[word] }
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
