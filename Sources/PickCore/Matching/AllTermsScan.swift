/// The byte filter for a query of several ASCII terms, in one pass over
/// the item for all of them.
///
/// `git push origin` is three terms; the per-term byte filter reads the item
/// three times, and on a shell history nearly every line holds the letters
/// of `git`, so most of that reading is wasted. Here every term character
/// gets one bit of a 64-bit state, and each term one more, its "found" bit,
/// after its last character:
///
///     bits:  g i t ✓ p u s h ✓ o r i g i n ✓
///
/// The state holds, for each term, the bit of the character it waits for.
/// A table gives, for each byte, the bits of the characters it is (folded
/// as each term folds). `state + (state & table[byte])` moves every waiting
/// bit that the byte satisfies one place up, to its term's next character
/// or to its found bit: no carry can run further, since the bit above a
/// waiting bit is never set. The item passes when every found bit is set —
/// the terms' characters occur in order, each term on its own, exactly as
/// `ByteFilter` decides it for ASCII bytes.
///
/// A byte of 0x80 or above carries the top bit, which the state holds from
/// the start: adding it carries out, so a cleared top bit means the item is
/// not ASCII. Characters such as `é` may fold to ASCII ones, so such an
/// item that did not pass is undecided: the caller scans it again, decoding
/// its non-ASCII characters and folding them as the terms do
/// (`scanDecoding`), or leaves it to the per-term filter. (One that passed
/// did so on its ASCII characters alone, which is enough.)
///
/// It also serves a single term: one add per byte beats the per-term
/// filter's sixteen-byte skips on ASCII text, where the skips stop at nearly
/// every block for common letters. On text where most items are not ASCII
/// the skips win (they pass over CJK and emoji without a look), so the
/// matcher stops using the scan when many items are undecided
/// (`ItemMatcher.passesByteFilter`).
final class AllTermsScan {
  /// What a scan found.
  enum Verdict {
    /// Every term's characters occur in order.
    case passes
    /// Some term's characters do not, and the item is ASCII.
    case fails
    /// The item is not ASCII: the per-term filter decides.
    case undecided
  }

  /// Bits set by each byte: `table[byte]`.
  private let table: UnsafeMutablePointer<UInt64>
  /// Each term's first character, and the top bit.
  private let start: UInt64
  /// Each term's found bit.
  private let found: UInt64
  private static let nonASCII: UInt64 = 1 << 63
  /// `TwoByteFolding.table`'s part for the terms' folding, when they all
  /// fold alike (the usual case: smart case on lower-case words).
  private let twoByteFolding: UnsafePointer<UInt32>?
  private let caseSensitive: Bool
  private let normalize: Bool

  /// A scan for `terms`, or `nil` when the query does not suit it: no
  /// terms, a term that is inverse, not ASCII or in a group of
  /// alternatives, or more characters than the state has bits.
  init?(_ terms: borrowing TermTable, twoByteFolding: UnsafePointer<UInt32>) {
    guard terms.count >= 1 else { return nil }
    var bits = 0
    for k in 0..<terms.count {
      let term = terms.entries[k]
      guard !term.isInverse, term.startsGroup, k + 1 == terms.count || terms.entries[k + 1].startsGroup,
        term.units.allSatisfy({ $0 < 0x80 })
      else { return nil }
      bits += term.units.count + 1
    }
    guard bits <= 63 else { return nil }
    table = .allocate(capacity: 256)
    table.initialize(repeating: 0, count: 256)
    for byte in 0x80..<256 { table[byte] = Self.nonASCII }
    var start = Self.nonASCII
    var found: UInt64 = 0
    var bit = 0
    for k in 0..<terms.count {
      let term = terms.entries[k]
      start |= 1 << UInt64(bit)
      for unit in term.units {
        for byte in 0..<128 where UInt32(ASCIIFuzzyScorer.fold(UInt8(byte), term.folding.isCaseSensitive)) == unit {
          table[byte] |= 1 << UInt64(bit)
        }
        bit += 1
      }
      found |= 1 << UInt64(bit)
      bit += 1
    }
    self.start = start
    self.found = found
    let folding = terms.entries[0].folding
    caseSensitive = folding.isCaseSensitive
    normalize = folding.normalizes
    let alike = (0..<terms.count).allSatisfy { terms.entries[$0].folding == folding }
    self.twoByteFolding = alike ? twoByteFolding + folding.index << 11 : nil
  }

  deinit { table.deallocate() }

  /// Whether every term's characters occur in `bytes`, in order.
  @inline(__always)
  func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Verdict {
    var state = start
    for byte in bytes {
      state &+= state & table[Int(byte)]
    }
    if state & found == found { return .passes }
    return state & Self.nonASCII != 0 ? .fails : .undecided
  }

  /// Whether every term's characters occur in order in `bytes`, an item
  /// that is not ASCII; `nil` when the terms fold differently.
  func scanDecoding(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
    guard let twoByteFolding else { return nil }
    return scanDecoding(bytes, twoByteFolding)
  }

  /// The scan over an item that is not ASCII: each non-ASCII character that
  /// may fold to ASCII is decoded and folded as `ByteFilter` does, and looked
  /// up if it folded to ASCII; every other byte is skipped.
  private func scanDecoding(_ bytes: UnsafeBufferPointer<UInt8>, _ folding: UnsafePointer<UInt32>) -> Bool {
    guard let base = bytes.baseAddress else { return false }
    let n = bytes.count
    var state = start
    var i = 0
    while i < n {
      let byte = base[i]
      // ASCII, continuation bytes, and C0/C1 (never valid): one byte each.
      if byte < 0xC2 {
        if byte < 0x80 { state &+= state & table[Int(byte)] }
        i &+= 1
        continue
      }
      var unit: UInt32
      if byte < 0xE0 && i &+ 1 < n && base[i &+ 1] & 0xC0 == 0x80 {
        unit = folding[Int(byte & 0x1F) << 6 | Int(base[i &+ 1] & 0x3F)]
        i &+= 2
      } else if byte >= 0xE0 && (i &+ 1 >= n || !ByteFilter.mayFoldToASCII(lead: byte, second: base[i &+ 1])) {
        i &+= 1
        continue
      } else {
        let length = UTF8Decoding.validSequenceLength(base + i, available: n &- i)
        guard length > 0 else {
          i &+= 1
          continue
        }
        unit = UTF8Decoding.scalarValue(base + i, length: length)
        i &+= length
        if !caseSensitive { unit = CaseFolding.lower(unit) }
        if normalize { unit = LatinFolding.base(unit) }
      }
      if unit < 0x80 { state &+= state & table[Int(unit)] }
    }
    return state & found == found
  }
}
