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
/// Outside ASCII only a character that may fold to an ASCII one (`é`,
/// fullwidth `ａ`, the Kelvin sign: `ByteFilter.mayStartASCIIFold`, and for
/// three- and four-byte characters `mayFoldToASCII` on the byte after the
/// lead) can be a term character. For several terms its lead byte is a
/// wildcard: it moves every waiting bit up, as if it were whichever
/// character each term waits for, and carries the top bit, which the state
/// holds from the start, out of it. Every other byte of 0x80 or above (CJK,
/// emoji, continuation bytes) is no term's character and changes nothing.
/// So a term still short at the end is short whatever those characters
/// fold to: the item fails. One that passes with the top bit still set
/// passed on characters that are what they are: it passes. One that passes
/// only with a wildcard's help is undecided: the caller scans it again,
/// decoding its non-ASCII characters and folding them as the terms do
/// (`scanDecoding`), or leaves it to the per-term filter. On 1M paths with
/// CJK, emoji and accents, of the 494,313 lines that hold the `h` of `git
/// push origin`, 57 % hold a lead byte that may fold (and more a byte of
/// 0x80 or above): a model of this scan leaves 47,263 undecided, where
/// reading every such byte as undecided left nearly all of them to the
/// per-term filter, three passes over each.
///
/// For one term every byte of 0x80 or above carries the top bit out, so a
/// non-ASCII item that did not pass on its ASCII characters is undecided,
/// as before the wildcards: there the per-term filter is one pass whose
/// sixteen-byte skips pass over CJK, cheaper than this scan's add per byte
/// (a two-letter term on 1M lines of mostly CJK took 81 ms with the
/// wildcards, 72 without).
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
    /// Some term's characters do not, whatever its non-ASCII characters fold to.
    case fails
    /// Only if some of its non-ASCII characters fold to term characters:
    /// the per-term filter, or `scanDecoding`, decides.
    case undecided
  }

  /// Bits set by each byte: `table[byte]`.
  private let table: UnsafeMutablePointer<UInt64>
  /// Each term's first character, and the top bit.
  private let start: UInt64
  /// Each term's found bit.
  private let found: UInt64
  private static let nonASCII: UInt64 = 1 << 63
  /// The table's entry for a lead byte whose character may or may not fold
  /// to ASCII, by the byte after it: no byte's bits are all of these.
  private static let asksNextByte: UInt64 = .max
  /// What a character that may fold to ASCII sets: every term character's
  /// bit (it may be any of them) and the top bit.
  private let wildcard: UInt64
  /// Whether non-ASCII bytes are read as above (several terms) or each as
  /// the sign that the item is not ASCII (one term).
  private let usesWildcards: Bool
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
      guard Self.suits(terms, k) else { return nil }
      bits += terms.entries[k].units.count + 1
    }
    guard bits <= 63 else { return nil }
    table = .allocate(capacity: 256)
    table.initialize(repeating: 0, count: 256)
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
    // Several terms: a character that may fold to ASCII stands for any
    // character; its lead byte is the wildcard (`wildcard`), or asks for a
    // look at the byte after it (`asksNextByte`) where only some characters
    // of its block fold. Every other byte of 0x80 or above is none of the
    // terms'. One term: every such byte carries the top bit out.
    usesWildcards = terms.count > 1
    wildcard = Self.nonASCII | (((1 << UInt64(bit)) - 1) & ~found)
    for byte in 0x80..<256 where !usesWildcards || ByteFilter.mayStartASCIIFold(UInt8(byte)) {
      table[byte] = !usesWildcards ? Self.nonASCII : byte < 0xE0 ? wildcard : Self.asksNextByte
    }
    let folding = terms.entries[0].folding
    caseSensitive = folding.isCaseSensitive
    normalize = folding.normalizes
    let alike = (0..<terms.count).allSatisfy { terms.entries[$0].folding == folding }
    self.twoByteFolding = alike ? twoByteFolding + folding.index << 11 : nil
  }

  deinit { table.deallocate() }

  /// Whether term `k` can be read a byte at a time with the others, by
  /// this scan or `TermsBitScan`: a positive term alone in its group (no
  /// alternatives), of ASCII characters.
  static func suits(_ terms: borrowing TermTable, _ k: Int) -> Bool {
    let term = terms.entries[k]
    return !term.isInverse && term.startsGroup && (k + 1 == terms.count || terms.entries[k + 1].startsGroup)
      && term.units.allSatisfy { $0 < 0x80 }
  }

  /// Whether every term's characters occur in `bytes`, in order.
  @inline(__always)
  func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Verdict {
    var state = start
    if let base = bytes.baseAddress {
      let n = bytes.count
      var i = 0
      while i < n {
        var entry = table[Int(base[i])]
        if entry == Self.asksNextByte {
          let next = i &+ 1 < n && ByteFilter.mayFoldToASCII(lead: base[i], second: base[i &+ 1])
          entry = next ? wildcard : 0
        }
        state &+= state & entry
        i &+= 1
      }
    }
    if usesWildcards {
      // A wildcard moves each term on at least as far as the character
      // would: a term that is still short failed whatever it was.
      if state & found != found { return .fails }
      return state & Self.nonASCII != 0 ? .passes : .undecided
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
