/// A picker's answer cut down to what Backspace needs back at once: its best
/// matches in order (the front the screen shows) and the others as one bit
/// an item of the searched range.
///
/// The search planner keeps an answer this way when its keys would take the
/// remembered answers past their budget. Over 1M history lines the budget
/// holds about 445,000 keys; `g` alone matches 451,569 lines (3.6 MB of
/// keys), so typing `gi` dropped it and Backspace to `g` searched every item
/// again (27 ms, where fzf answers from its cache in 39). Its summary takes
/// 133 KB. Brought back (`expanded`), the answer shows its front at once;
/// the others hold only their order and are scored again if the rest is
/// ever sorted (scrolling past the front, keeping the cursor on an item,
/// merging), as the matches `FrontThreshold` leaves unscored are.
///
/// Only a ranking of a range is summarised: a narrowed search's ranking of
/// its candidates is first made one (`RankedMatches.respan`).
final class RankedSummary: Sendable {
  /// The best matches' keys, sorted, with orders counted in `range`.
  let front: [UInt64]
  /// One bit per offset in `range`: the matches behind the front.
  let rest: [UInt64]
  /// Number of matches.
  let count: Int
  let range: Range<Int>
  /// `--tac`: orders count from the end of `range`.
  let reversed: Bool
  let rescoring: Rescoring

  init(front: [UInt64], rest: [UInt64], count: Int, range: Range<Int>, reversed: Bool, rescoring: Rescoring) {
    self.front = front
    self.rest = rest
    self.count = count
    self.range = range
    self.reversed = reversed
    self.rescoring = rescoring
  }

  /// The 8-byte words it holds (what the planner's budget counts).
  var words: Int { front.count + rest.count }

  /// The answer again: the front in order, the rest unscored in ascending order.
  func expanded() -> RankedMatches {
    let span = range.count
    let keys = UnsafeMutablePointer<UInt64>.allocate(capacity: max(count, 1))
    keys.initialize(from: front, count: front.count)
    var n = front.count
    // Keys behind the front go in ascending order (`RankedMatches.sortRest`):
    // under `--tac` the last offset has the first order.
    if reversed {
      for word in rest.indices.reversed() {
        var bits = rest[word]
        while bits != 0 && n < count {
          let top = 63 - bits.leadingZeroBitCount
          keys[n] = UInt64(span - 1 - (word << 6 | top))
          n += 1
          bits &= ~(1 << UInt64(top))
        }
      }
    } else {
      for word in rest.indices {
        var bits = rest[word]
        while bits != 0 && n < count {
          keys[n] = UInt64(word << 6 | bits.trailingZeroBitCount)
          n += 1
          bits &= bits - 1
        }
      }
    }
    return RankedMatches(
      storage: .narrow(UnsafeMutableBufferPointer(start: keys, count: n)), base: range.lowerBound, span: span,
      reversed: reversed, sortedFront: front.count, rescoring: rescoring, restIsUnscored: rescoring.byScore)
  }

  /// The matched items in ascending order (the candidates for a narrower query).
  func itemsInInputOrder() -> [Int] {
    var bits = rest
    front.withUnsafeBufferPointer { front in
      bits.withUnsafeMutableBufferPointer {
        RankedMatches.markOffsets(of: front, in: $0, reversed: reversed, span: range.count)
      }
    }
    return RankedMatches.setBits(bits, count: count, base: range.lowerBound, list: nil)
  }
}

extension RankedMatches {
  /// This answer cut down to its first `frontLimit` matches in order and the
  /// set of the others, or nil when that would not be smaller, or the keys
  /// cannot be scored again, or they rank a list (`RankedSummary`).
  func summary(frontLimit: Int) -> RankedSummary? {
    guard case .narrow(let keys) = storage, let rescoring, items == nil else { return nil }
    let frontCount = min(keys.count, frontLimit, sortedFrontCount)
    guard (span + 63) / 64 + frontCount < keys.count else { return nil }
    return RankedSummary(
      front: Array(keys[..<frontCount]), rest: offsetBitmap(from: frontCount), count: keys.count,
      range: base..<base + span,
      reversed: reversed, rescoring: rescoring)
  }

  /// Makes `keys`, which rank a list of items (a narrowed search's
  /// candidates, ascending, all in `range`, orders counted in the list),
  /// rank `range` instead: each key's order counted in `range`, so that the
  /// answer no longer needs the list and may be summarised and merged as a
  /// search from scratch would be. The keys keep their order: orders in the
  /// list and in the range rise together.
  static func respan(
    _ keys: UnsafeMutableBufferPointer<UInt64>, of items: [Int], over range: Range<Int>, reversed: Bool
  ) {
    let (span, lower, last) = (items.count, range.lowerBound, range.count - 1)
    items.withUnsafeBufferPointer { list in
      for position in keys.indices {
        let key = keys[position]
        let order = Int(key & 0xFFFF_FFFF)
        let offset = list[reversed ? span - 1 - order : order] - lower
        keys[position] = key & 0xFFFF_FFFF_0000_0000 | UInt64(reversed ? last - offset : offset)
      }
    }
  }
}
