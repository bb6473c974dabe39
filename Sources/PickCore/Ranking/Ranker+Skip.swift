/// The ranker's block skip over a task of consecutive items: to the next
/// byte every match needs (the query's rarest character, `sieve`), a block
/// at a time, then to the item that holds it.
extension Ranker {
  /// Writes the keys of the matches among the items at `positions` (items
  /// `lower + position`, whose bytes with separators are `bytes`) from
  /// `keys[written]` on, adding to `written`, while skipping passes over
  /// enough items to pay for its scans (`SearchTunables.skipTrial`,
  /// `doubledSkipsPerScan`); returns the position it stopped at
  /// (`positions.upperBound` when it went through).
  ///
  /// `visible`: the items hold escape sequences, stripped to match.
  /// `scoreFound(position, k)` writes the keys of an item of an ASCII input
  /// that holds every term from `keys[k]` on and returns how many (`nil`: it
  /// does not take it); `key(match, position)` makes a match's key.
  static func skipKeys<Key>(
    _ matcher: ItemMatcher, _ visible: VisibleText?, _ store: ItemStore, _ bytes: UnsafeBufferPointer<UInt8>,
    sieve matched: ByteFilter.Sieve, positions: Range<Int>, lower: Int, doubledSkipsPerScan: Int,
    written n: inout Int, into keys: UnsafeMutablePointer<Key>, scoreFound: (Int, Int) -> Int?,
    key: (RankingMatch, Int) -> Key
  ) -> Int {
    guard let base = bytes.baseAddress else { return positions.lowerBound }
    // The escape sequences around the characters of the visible
    // text may part the bytes of one: look for single bytes. Where
    // every item is ASCII, no lead byte can be there to look for.
    let asciiInput = store.isASCII
    let sieve = visible != nil ? matched.bytewise : asciiInput ? matched.inASCII : matched
    var candidate = -1
    var scans = 0
    var skipped = 0
    let baseOffset = store.arenaOffset(of: lower + positions.lowerBound)
    var offset = positions.lowerBound
    while offset < positions.upperBound {
      let item = store.item(lower + offset)
      let itemStart = (item.baseAddress ?? base) - base
      if candidate < itemStart {
        if scans == SearchTunables.skipTrial && skipped * 2 < scans * doubledSkipsPerScan { break }
        scans += 1
        candidate = itemStart + ByteFilter.nextCandidate(base + itemStart, count: bytes.count - itemStart, sieve)
      }
      let current = offset
      offset += 1
      if candidate >= itemStart + item.count {
        // On to the item that holds the candidate.
        offset =
          store.firstItem(in: lower + offset..<lower + positions.upperBound, endingAfter: baseOffset + candidate)
          - lower
        skipped += offset - current
        continue
      }
      if asciiInput && matcher.passesOver(candidate: item) { continue }
      // `passesOver` found every term. (Over other text the general path's
      // byte filter rejects most candidates before their compact text is
      // made.)
      if asciiInput, let count = scoreFound(current, n) {
        n += count
        continue
      }
      guard let match = matcher.matchForRanking(visible, item) else { continue }
      keys[n] = key(match, current)
      n += 1
    }
    return offset
  }
}
