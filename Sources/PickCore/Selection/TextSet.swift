import CPick
import Glibc

// A set of byte strings, built for preselection: millions of texts (a
// remembered select-all of a large list) and a lookup for every arriving
// item, which must cost about one hash and a probe.
//
// `Set<[UInt8]>` costs a heap allocation per text when it is built and one
// per looked-up item (its bytes must become an array before they can be
// hashed), and its hash feeds the bytes to the hasher one at a time.
//
// Here every text is copied once into one buffer, back to back; text `i` ends
// at `ends[i]` and starts where text `i - 1` ends. The table is open
// addressing with linear probing, as in `DuplicateFilter` and with its hash:
// a power-of-two array of 64-bit slots, each 0 (empty) or a 32-bit hash in the
// high half and an entry number plus one in the low half, kept at most three
// quarters full. A probe passes over a slot of another hash without reading
// any text, and compares bytes only when hash and length agree; the stored
// hashes let the table double without hashing the texts again.
//
// A table of millions of slots does not fit in the cache, so nearly every
// first probe is a cache miss. Bulk work (`insert(each:)` when a file is
// loaded, `forEachMember` for a range of arriving items) hashes a batch of 16
// texts ahead and prefetches their home slots, so the misses overlap instead
// of coming one after another, as `DuplicateFilter` does.
//
// Memory: the texts' bytes, plus 8 bytes of end and 11 to 22 bytes of slots
// per distinct text. A lookup allocates nothing.

/// A set of byte strings stored in one buffer: one hash and a probe or two per
/// lookup, no allocation per text or per lookup.
public struct TextSet: Sendable {
  /// The texts, back to back, in the order they were first inserted.
  private var bytes: [UInt8] = []
  /// Where each text ends in `bytes`.
  private var ends: [Int] = []
  /// The table: `hash << 32 | (entry + 1)` per slot, 0 when empty; a power of two long.
  private var slots: [UInt64] = []

  public init() {}

  /// The set of `texts` (each once).
  public init(_ texts: some Sequence<[UInt8]>) {
    for text in texts { insert(text) }
  }

  /// How many distinct texts the set holds.
  public var count: Int { ends.count }

  public var isEmpty: Bool { ends.isEmpty }

  /// The texts, each once, in the order they were first inserted.
  public var texts: [[UInt8]] {
    (0..<count).map { Array(bytes[start(of: $0)..<ends[$0]]) }
  }

  /// Whether the set holds exactly the bytes of `text`.
  public func contains(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    guard !slots.isEmpty else { return false }
    return slot(of: text, hash: Self.hash(text)).found
  }

  public func contains(_ text: [UInt8]) -> Bool {
    text.withUnsafeBufferPointer { contains($0) }
  }

  /// Adds `text` unless the set holds it already.
  public mutating func insert(_ text: UnsafeBufferPointer<UInt8>) {
    if (count + 1) * 4 > slots.count * 3 { grow() }
    insert(text, hash: Self.hash(text))
  }

  /// Inserts `text`, whose hash is `hash`; the table has room for it.
  private mutating func insert(_ text: UnsafeBufferPointer<UInt8>, hash: UInt32) {
    let (index, found) = slot(of: text, hash: hash)
    guard !found else { return }
    precondition(count < Int(UInt32.max), "more texts than the table's 32-bit entries hold")
    bytes.append(contentsOf: text)
    ends.append(bytes.count)
    slots[index] = UInt64(hash) << 32 | UInt64(count)
  }

  public mutating func insert(_ text: [UInt8]) {
    text.withUnsafeBufferPointer { insert($0) }
  }

  /// Makes room for `count` texts in all, so that inserting them never
  /// doubles the table.
  public mutating func reserveCapacity(_ count: Int) {
    while count * 4 > slots.count * 3 { grow() }
    ends.reserveCapacity(count)
  }

  /// Inserts every text `next` gives until it gives `nil`, a batch at a time
  /// (see the top of this file).
  public mutating func insert(each next: () -> UnsafeBufferPointer<UInt8>?) {
    var batch: [UnsafeBufferPointer<UInt8>] = []
    var hashes: [UInt32] = []
    batch.reserveCapacity(Self.batch)
    hashes.reserveCapacity(Self.batch)
    var ended = false
    while !ended {
      batch.removeAll(keepingCapacity: true)
      while batch.count < Self.batch, let text = next() { batch.append(text) }
      ended = batch.count < Self.batch
      // Grow before taking home slots, so that they stay valid for the batch.
      reserveCapacity(count + batch.count)
      hashes.removeAll(keepingCapacity: true)
      for k in 0..<batch.count { hashes.append(prefetchedHash(of: batch[k])) }
      for k in 0..<batch.count { insert(batch[k], hash: hashes[k]) }
    }
  }

  /// Calls `body` with each index of `indices` whose text (`text(index)`)
  /// the set holds, in order, looking them up a batch at a time (see the top
  /// of this file).
  public func forEachMember(
    of indices: Range<Int>, text: (Int) -> UnsafeBufferPointer<UInt8>, _ body: (Int) -> Void
  ) {
    guard !slots.isEmpty else { return }
    var hashes = [UInt32](repeating: 0, count: Self.batch)
    var first = indices.lowerBound
    while first < indices.upperBound {
      let last = min(first + Self.batch, indices.upperBound)
      for index in first..<last { hashes[index - first] = prefetchedHash(of: text(index)) }
      for index in first..<last where slot(of: text(index), hash: hashes[index - first]).found {
        body(index)
      }
      first = last
    }
  }

  // MARK: The table

  /// The slot holding `text`, or the empty slot where it would go.
  private func slot(of text: UnsafeBufferPointer<UInt8>, hash: UInt32) -> (index: Int, found: Bool) {
    let mask = slots.count - 1
    let tag = UInt64(hash) << 32
    var index = Int(hash) & mask
    return bytes.withUnsafeBufferPointer { stored in
      while true {
        let occupant = slots[index]
        if occupant == 0 { return (index, false) }
        if occupant & 0xFFFF_FFFF_0000_0000 == tag {
          let entry = Int(truncatingIfNeeded: occupant & 0xFFFF_FFFF) - 1
          let start = start(of: entry)
          if ends[entry] - start == text.count
            && (text.isEmpty || memcmp(stored.baseAddress! + start, text.baseAddress!, text.count) == 0)
          {
            return (index, true)
          }
        }
        index = (index + 1) & mask
      }
    }
  }

  /// Doubles the table (16 slots at first), placing each entry by its stored hash.
  private mutating func grow() {
    let old = slots
    let capacity = max(16, slots.count * 2)
    let mask = capacity - 1
    slots = [UInt64](repeating: 0, count: capacity)
    for occupant in old where occupant != 0 {
      var index = Int(occupant >> 32) & mask
      while slots[index] != 0 { index = (index + 1) & mask }
      slots[index] = occupant
    }
  }

  /// The hash of `text`, with its home slot fetched into the cache meanwhile.
  private func prefetchedHash(of text: UnsafeBufferPointer<UInt8>) -> UInt32 {
    let hash = Self.hash(text)
    slots.withUnsafeBufferPointer { cpick_prefetch($0.baseAddress! + (Int(hash) & ($0.count - 1))) }
    return hash
  }

  /// Texts hashed (and their slots prefetched) ahead of their lookups.
  private static let batch = 16

  private func start(of entry: Int) -> Int {
    entry == 0 ? 0 : ends[entry - 1]
  }

  /// `DuplicateFilter`'s hash, folded to 32 bits. Its low bits pick the home
  /// slot, its whole value tells most other texts apart without reading them.
  private static func hash(_ text: UnsafeBufferPointer<UInt8>) -> UInt32 {
    let wide = DuplicateFilter.hash(text)
    return UInt32(truncatingIfNeeded: wide >> 32) ^ UInt32(truncatingIfNeeded: wide)
  }
}
