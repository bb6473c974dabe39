import CPick
import Glibc

/// A non-ASCII item rewritten as one byte per character, so that the byte
/// scans (`ASCIIFuzzyScorer`, `SingleCharacterScan`) can score it for a
/// query of ASCII terms.
///
/// Most items of a Unicode corpus are not ASCII, and an ASCII query typed
/// against them (`ut`, `conf`) used to take the general path: decode every
/// character into a 4-byte unit, fold each one, then align the pattern
/// lazily over the units. What that path reads of a character is only two
/// things: which query character, if any, it folds to, and its class. A
/// single byte can carry both:
///
/// - an ASCII byte stays itself;
/// - a character that folds to an ASCII letter (`é` to `e`, `É` to `E` or
///   `e`, the Kelvin sign to `k`) becomes the ASCII byte that folds the same
///   way under every folding the query's terms use and has the same class;
/// - any other character (`写`, `😃`, a byte that is not UTF-8) becomes the
///   stand-in byte of its class, `0x81 + class`, which no query byte equals
///   (0x80 itself means "no byte" to the scans).
///
/// Positions in the compact text are character positions, as in the
/// general path, so scores, ends and trimmed lengths are the same (the
/// oracle checks it on every item it sweeps). When accents are folded, a
/// combining mark right after a Latin letter is dropped, as the general
/// path drops it; where is noted (`droppedMarks`), so that the scans'
/// positions and lengths can be taken back to the item's characters. Where
/// one byte cannot say the same thing, the item is left to the general
/// path (`transcode` returns `nil`): a character with no byte that folds
/// alike under all the terms' foldings, or a combining mark that is not of
/// the non-word class (U+0345 is a lower-case letter) when accents are
/// folded.
final class CompactText {
  /// The stand-in byte of a character of class `charClass` that matches no query byte.
  @inline(__always)
  static func standIn(_ charClass: CharClass) -> UInt8 { 0x81 &+ charClass.rawValue }

  /// The table's mark for "no faithful byte": the item goes to the general path.
  private static let unfaithful: UInt8 = 0x80
  /// The table's mark for a combining mark of the non-word class when
  /// accents are folded: dropped after a Latin letter, else the non-word
  /// stand-in.
  private static let mark = UInt8(CPICK_COMPACT_MARK)
  /// Units below this have their byte cached, 256 at a time (128 KiB).
  private static let cachedUnits = 0x20000
  /// Whether each unit below U+0250, the end of the Latin blocks, is a
  /// Latin letter (`PreparedText.isLatinLetter`), for the C loop to tell
  /// a mark to drop: one definition, read there as a table.
  /// Allocated once and kept for the process, for the C loops to read;
  /// written only while it is made, so every thread may read it.
  nonisolated(unsafe) private static let latinLetters: UnsafeBufferPointer<UInt8> = {
    let table = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 0x250)
    for unit in 0..<0x250 { table[unit] = PreparedText.isLatinLetter(UInt32(unit)) ? 1 : 0 }
    return UnsafeBufferPointer(table)
  }()

  private var output = ScratchBuffer<UInt8>()
  private var drops = ScratchBuffer<Int32>()
  /// The byte of each non-ASCII unit below `cachedUnits`; 0 where its
  /// block of 256 is not filled yet (no non-ASCII character stands as 0).
  private let byteOf: UnsafeMutablePointer<UInt8>
  private let foldings: [Folding]
  /// Whether accents are folded (the terms agree on it; see `init`).
  private let normalizes: Bool
  private let lookup: BonusLookup

  /// The compact text for a query of ASCII terms folded as `foldings`
  /// (those of its terms); `nil` when the terms disagree on folding accents,
  /// which one byte per character could not serve.
  init?(foldings: [Folding], lookup: BonusLookup) {
    guard let first = foldings.first, foldings.allSatisfy({ $0.normalizes == first.normalizes }) else {
      return nil
    }
    var distinct: [Folding] = []
    for folding in foldings where !distinct.contains(folding) { distinct.append(folding) }
    self.foldings = distinct
    normalizes = first.normalizes
    self.lookup = lookup
    // Zeroed by `calloc`: pages the kernel gives zeroed are not written
    // again, and most of the table is never touched (an ASCII input reads
    // none of it). Clearing it was a twentieth of an empty search's start.
    guard let table = calloc(Self.cachedUnits, 1) else { fatalError("out of memory") }
    byteOf = table.assumingMemoryBound(to: UInt8.self)
  }

  deinit { free(byteOf) }

  /// Where the last `transcode` dropped combining marks: for each, the
  /// number of compact bytes before it, in order. Valid until the next call.
  var droppedMarks: UnsafeBufferPointer<Int32> { drops.buffer }

  /// Items of up to this many bytes are transcoded by the C run loops.
  static let runCapacity = 8192

  /// What the one-character run loop (`cpick_rank_single_ascii`) needs to
  /// score non-ASCII items from their compact text itself, as `transcode`
  /// would write it; items longer than `runCapacity`, and those
  /// `transcode` must help (a block of the table to fill, a character no
  /// byte stands for, a mark dropped), stop the loop for the general path.
  /// Valid until this text is used again: the room is its own buffers.
  func runTarget() -> cpick_compact_target {
    output.reserve(Self.runCapacity)
    drops.reserve(Self.runCapacity)
    return cpick_compact_target(
      byte_of: byteOf, cached_units: UInt32(Self.cachedUnits), invalid: Self.standIn(.nonWord),
      latin_letters: Self.latinLetters.baseAddress, latin_count: UInt32(Self.latinLetters.count),
      out: output.base, drops: drops.base, capacity: Self.runCapacity)
  }

  /// `bytes` as one byte per character; `nil` when the general path must
  /// take the item. Valid until the next call.
  func transcode(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
    drops.count = 0
    guard let p = bytes.baseAddress else { return UnsafeBufferPointer(start: nil, count: 0) }
    output.reserve(bytes.count)
    drops.reserve(bytes.count)
    while true {
      var dropped = 0
      let written = cpick_compact_transcode(
        p, bytes.count, output.base, byteOf, UInt32(Self.cachedUnits), Self.standIn(.nonWord),
        Self.latinLetters.baseAddress, UInt32(Self.latinLetters.count), drops.base, &dropped)
      if written >= 0 {
        output.count = Int(written)
        drops.count = dropped
        return output.buffer
      }
      switch written {
      case Int64(CPICK_COMPACT_UNFAITHFUL): return nil
      case Int64(CPICK_COMPACT_UNCACHED): return transcodeSlowly(bytes)
      default: fillBlock(of: Int(Int64(CPICK_COMPACT_BLOCK_NEEDED) - written))
      }
    }
  }

  /// Fills the table's block of 256 units that holds `unit`.
  private func fillBlock(of unit: Int) {
    let block = unit & ~0xFF
    for member in block..<block + 256 where member >= 0x80 {
      byteOf[member] = faithfulByte(UInt32(member))
    }
  }

  /// `transcode` for an item with a character the table does not cache
  /// (above U+1FFFF): the same bytes, each character looked up on its own.
  private func transcodeSlowly(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
    let units = UnsafeMutablePointer<UInt32>.allocate(capacity: bytes.count)
    let offsets = UnsafeMutablePointer<Int32>.allocate(capacity: bytes.count)
    defer {
      units.deallocate()
      offsets.deallocate()
    }
    guard let p = bytes.baseAddress else { return nil }
    let count = UTF8Decoding.decode(
      p, count: bytes.count, units: UnsafeMutableBufferPointer(start: units, count: bytes.count),
      offsets: UnsafeMutableBufferPointer(start: offsets, count: bytes.count))
    let o = output.base
    for k in 0..<count {
      let unit = units[k]
      let byte: UInt8
      if unit < 0x80 {
        byte = UInt8(unit)
      } else if unit < Self.cachedUnits {
        if byteOf[Int(unit)] == 0 { fillBlock(of: Int(unit)) }
        byte = byteOf[Int(unit)]
      } else {
        byte = faithfulByte(unit)
      }
      // A mark to drop: left to the general path on this rare road.
      if byte == Self.unfaithful || byte == Self.mark { return nil }
      o[k] = byte
    }
    output.count = count
    return output.buffer
  }

  /// The first byte of the same class that folds as `unit` does under
  /// every folding in use (to the same ASCII character, or, when `unit`
  /// folds to none, to no ASCII character at all); `unfaithful` when no
  /// byte does. A combining mark that the general path may drop (after a
  /// Latin letter, when accents are folded) is `mark` when its class is the
  /// stand-in's the C loop writes where it keeps it, else `unfaithful`.
  private func faithfulByte(_ unit: UInt32) -> UInt8 {
    let charClass = lookup.table.charClass(unit)
    if normalizes && CombiningMarks.isCombining(unit) { return charClass == .nonWord ? Self.mark : Self.unfaithful }
    let twoByte = UnsafePointer(lookup.twoByteFolding)
    let folded = foldings.map { PreparedText.fold(unit, $0, twoByte: twoByte) }
    var candidates = [Self.standIn(charClass)]
    for target in folded where target < 0x80 {
      let byte = UInt8(target)
      candidates += [byte, (byte &- 0x61) < 26 ? byte - 0x20 : byte, (byte &- 0x41) < 26 ? byte | 0x20 : byte]
    }
    return candidates.first { byte in
      lookup.asciiClasses[Int(byte)] == charClass
        && zip(foldings, folded).allSatisfy { folding, target in
          guard byte < 0x80 else { return target >= 0x80 }
          return PreparedText.fold(UInt32(byte), folding, twoByte: twoByte) == target
        }
    } ?? Self.unfaithful
  }
}

/// Whether a non-ASCII item's compact text is scored before the byte filter
/// or only after it.
///
/// The filter skips sixteen bytes at a time where the query's characters
/// are not, so where most items fail it, it saves transcoding them. Where
/// most items pass (`s`, `ut` against paths), it is a second pass over
/// every match, and the compact text's own scans reject the few others
/// exactly. After `sample` items with one term have been through the
/// filter, the order is settled for the rest of the search.
struct CompactOrder {
  private(set) var skipsFilter = false
  private var seen = 0
  private var passed = 0
  private static let sample = 256

  /// Counts an item that reached the filter on its way to the compact text.
  @inline(__always)
  mutating func note(passed itemPassed: Bool) {
    guard seen < Self.sample else { return }
    seen += 1
    if itemPassed { passed += 1 }
    if seen == Self.sample && passed * 2 > seen { skipsFilter = true }
  }
}
