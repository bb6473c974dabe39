import CPick
import Glibc

// Finding repeated items for `--unique`
//
// `--unique` keeps the first of several items with the same bytes, so that an
// item chosen by its text is never ambiguous. "Same" means exactly the same
// bytes: `a\r` and `a` differ (the trailing CR that matching ignores still
// counts here), as do items that differ only in invalid UTF-8 or in a NUL.
//
// Items arrive while the picker runs, so the filter works incrementally: each
// `update(from:)` looks only at the items stored since the last call, and an
// item's verdict never changes once given (an item can only repeat an
// *earlier* one).
//
// The filter keeps no copy of any item. Its table is an open-addressing hash
// table (linear probing) of 64-bit slots, each holding a distinct item's index
// (plus one, so that zero means empty) in the low half and a 32-bit hash of its
// bytes in the high half. A new item probes from its hash's home slot: a slot
// with a different hash is passed over without reading any item; a slot with
// the same hash has its item's bytes compared with `memcmp`; an empty slot
// means the item is new and it takes that slot. Duplicates are not inserted,
// only marked in a bitset. The table doubles when it is three quarters full,
// and the stored hashes let it rehash without reading items again.
//
// Memory: 8 bytes a slot, between 1.33 and 2.67 slots per distinct item
// (11 to 22 bytes each, 16 right after a doubling), plus one bit per item.

/// Which items repeat an earlier item's exact bytes.
///
/// Not synchronized: `update(from:)` must not run while another thread calls
/// `isDuplicate(_:)` (the bitset may be reallocated as it grows).
public final class DuplicateFilter: @unchecked Sendable {
  /// The table: `hash << 32 | (index + 1)` per slot, 0 when empty.
  private var slots: UnsafeMutablePointer<UInt64>
  /// Number of slots, a power of two.
  private var capacity: Int
  /// `log2(capacity)`: a hash's home slot is its top `shift` bits.
  private var shift: Int
  /// Distinct items in the table.
  private var occupied = 0
  /// One bit per examined item: set when it repeats an earlier one.
  fileprivate(set) var marks: [UInt64] = []
  /// Items examined so far.
  public private(set) var checkedCount = 0
  /// Number of duplicates found.
  public private(set) var duplicateCount = 0
  /// The hashes of the batch being examined.
  private let batchHashes: UnsafeMutablePointer<UInt32> = .allocate(capacity: DuplicateFilter.batch)
  /// Replaces `hash(_:)` in tests, to force collisions.
  private let hashOverride: ((UnsafeBufferPointer<UInt8>) -> UInt32)?

  /// Items hashed (and their slots prefetched) ahead of their lookups.
  private static let batch = 16
  /// The smallest table: 1024 slots (8 KiB).
  private static let initialShift = 10

  /// With `skipping`, the first items (`--header-lines`) are neither checked
  /// nor remembered: an item equal to a header line is not a repeat.
  public init(skipping: Int = 0) {
    checkedCount = max(skipping, 0)
    hashOverride = nil
    shift = Self.initialShift
    capacity = 1 << shift
    slots = .allocate(capacity: capacity)
    slots.initialize(repeating: 0, count: capacity)
  }

  /// A filter that hashes with `hash` instead (tests use it to make items collide).
  init(hash: @escaping (UnsafeBufferPointer<UInt8>) -> UInt32) {
    hashOverride = hash
    shift = Self.initialShift
    capacity = 1 << shift
    slots = .allocate(capacity: capacity)
    slots.initialize(repeating: 0, count: capacity)
  }

  deinit {
    slots.deallocate()
    batchHashes.deallocate()
  }

  /// Whether item `index` repeats an earlier one (false for items not examined yet).
  public func isDuplicate(_ index: Int) -> Bool {
    guard index >= 0 && index < checkedCount && index >> 6 < marks.count else { return false }
    return marks[index >> 6] & (1 << UInt64(index & 63)) != 0
  }

  /// Examines items `checkedCount ..< store.count` (those not seen yet) and marks
  /// the ones whose bytes equal an earlier item's. Call after each read; cheap
  /// when nothing is new.
  public func update(from store: ItemStore) {
    let end = store.count
    guard end > checkedCount else { return }
    precondition(end <= Int(UInt32.max), "more items than the table's 32-bit indices hold")
    let words = (end + 63) >> 6
    if marks.count < words { marks.append(contentsOf: repeatElement(0, count: words - marks.count)) }

    // Hash a batch ahead and prefetch each item's home slot, so the cache misses
    // of a large table overlap instead of coming one after another.
    var first = checkedCount
    while first < end {
      let last = min(first + Self.batch, end)
      // Grow before taking home slots, so that they stay valid for the batch.
      while (occupied + (last - first)) * 4 > capacity * 3 { grow() }
      for k in first..<last {
        let hash = itemHash(store.item(k))
        batchHashes[k - first] = hash
        cpick_prefetch(slots + home(hash))
      }
      for k in first..<last { insert(k, hash: batchHashes[k - first], store: store) }
      first = last
    }
    checkedCount = end
  }

  /// The hash of one item: the override's when there is one.
  @inline(__always)
  private func itemHash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
    if let hashOverride { return hashOverride(bytes) }
    let wide = Self.hash(bytes)
    return UInt32(truncatingIfNeeded: wide >> 32) ^ UInt32(truncatingIfNeeded: wide)
  }

  /// The slot where probing for `hash` starts: its top `shift` bits.
  @inline(__always)
  private func home(_ hash: UInt32) -> Int {
    Int(truncatingIfNeeded: (UInt64(hash) << UInt64(shift)) >> 32)
  }

  /// Looks item `index` up, and inserts it when new or marks it when not.
  @inline(__always)
  private func insert(_ index: Int, hash: UInt32, store: ItemStore) {
    let mask = capacity - 1
    let tag = UInt64(hash) << 32
    var slot = home(hash)
    var bytes: UnsafeBufferPointer<UInt8>? = nil
    while true {
      let entry = slots[slot]
      if entry == 0 {
        slots[slot] = tag | UInt64(index + 1)
        occupied += 1
        return
      }
      if entry & 0xFFFF_FFFF_0000_0000 == tag {
        let item = bytes ?? store.item(index)
        bytes = item
        let other = store.item(Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1)
        if other.count == item.count
          && (item.count == 0 || memcmp(item.baseAddress!, other.baseAddress!, item.count) == 0)
        {
          marks[index >> 6] |= 1 << UInt64(index & 63)
          duplicateCount += 1
          return
        }
      }
      slot = (slot + 1) & mask
    }
  }

  /// Doubles the table, placing each entry by its stored hash (no item is read).
  private func grow() {
    let oldSlots = slots
    let oldCapacity = capacity
    shift += 1
    capacity <<= 1
    slots = .allocate(capacity: capacity)
    slots.initialize(repeating: 0, count: capacity)
    let mask = capacity - 1
    for k in 0..<oldCapacity {
      let entry = oldSlots[k]
      guard entry != 0 else { continue }
      var slot = home(UInt32(truncatingIfNeeded: entry >> 32))
      while slots[slot] != 0 { slot = (slot + 1) & mask }
      slots[slot] = entry
    }
    oldSlots.deallocate()
  }

  /// Number of slots in the table (for tests of growth).
  var tableCapacity: Int { capacity }

  // MARK: - The hash

  /// A fast 64-bit hash of `bytes`, in the style of wyhash: 16 bytes at a time,
  /// each pair of words multiplied to 128 bits and folded, with the length
  /// mixed in first. Not meant to resist chosen inputs: a collision only costs
  /// a `memcmp`, never a wrong answer.
  static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    let count = bytes.count
    var state = 0xA076_1D64_78BD_642F ^ UInt64(count) &* 0xE703_7ED1_A0B4_28DB
    guard let base = bytes.baseAddress, count > 0 else { return fold(state, 0x8EBC_6AF0_9C88_C6E3) }
    let raw = UnsafeRawPointer(base)
    var offset = 0
    var remaining = count
    while remaining > 16 {
      state = fold(
        raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) ^ 0xE703_7ED1_A0B4_28DB,
        raw.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self) ^ state)
      offset += 16
      remaining -= 16
    }
    // The last 1 to 16 bytes, read as two (possibly overlapping) words; the
    // length, already mixed in, tells the overlaps apart.
    let a: UInt64
    let b: UInt64
    if remaining > 8 {
      a = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      b = raw.loadUnaligned(fromByteOffset: offset + remaining - 8, as: UInt64.self)
    } else if remaining >= 4 {
      a = UInt64(raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
      b = UInt64(raw.loadUnaligned(fromByteOffset: offset + remaining - 4, as: UInt32.self))
    } else {
      a = UInt64(base[offset]) << 16 | UInt64(base[offset + remaining >> 1]) << 8 | UInt64(base[offset + remaining - 1])
      b = 0
    }
    state = fold(a ^ 0xE703_7ED1_A0B4_28DB, b ^ state)
    return fold(state ^ 0x8EBC_6AF0_9C88_C6E3, UInt64(count) ^ 0x5899_65CC_7537_4CC3)
  }

  /// The 128-bit product of `a` and `b`, its halves xored together.
  @inline(__always)
  private static func fold(_ a: UInt64, _ b: UInt64) -> UInt64 {
    let product = a.multipliedFullWidth(by: b)
    return product.high ^ product.low
  }
}

/// A frozen copy of a `DuplicateFilter`'s marks, for a search running on
/// another thread while the filter keeps examining new items.
public struct DuplicateSnapshot: Sendable {
  fileprivate let marks: [UInt64]
  fileprivate let count: Int

  init(marks: [UInt64], count: Int) {
    self.marks = marks
    self.count = count
  }

  /// Whether item `index` repeats an earlier one.
  public func contains(_ index: Int) -> Bool {
    guard index >= 0 && index < count && index >> 6 < marks.count else { return false }
    return marks[index >> 6] & (1 << UInt64(index & 63)) != 0
  }
}

extension DuplicateSnapshot {
  /// `snapshot`'s marks (none without one) and `items`, over `count` items:
  /// what `exclude` leaves out besides the repeats.
  init(adding items: Set<Int>, to snapshot: DuplicateSnapshot?, count: Int) {
    var marks = snapshot?.marks ?? []
    let needed = (count + 63) >> 6
    if marks.count < needed { marks += [UInt64](repeating: 0, count: needed - marks.count) }
    for item in items where item >= 0 && item < count { marks[item >> 6] |= 1 << UInt64(item & 63) }
    self.init(marks: marks, count: max(count, snapshot?.count ?? 0))
  }
}

extension DuplicateFilter {
  /// The marks as they are now (a copy: 1 bit per item).
  public func snapshot() -> DuplicateSnapshot {
    DuplicateSnapshot(marks: marks, count: checkedCount)
  }
}

extension DuplicateFilter {
  /// The repeats among every item of a finished `store` (header lines not
  /// counted), as the predicate `Ranker.rank(excluding:)` takes: `--unique`
  /// when all input has been read (filter mode, `-1`, `-0`).
  public static func repeats(in store: ItemStore, skipping headerLines: Int) -> (Int) -> Bool {
    let duplicates = DuplicateFilter(skipping: headerLines)
    duplicates.update(from: store)
    return { duplicates.isDuplicate($0) }
  }
}
