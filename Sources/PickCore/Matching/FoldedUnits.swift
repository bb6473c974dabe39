/// An item's units folded each way a term may ask (`Folding`), one buffer
/// per folding, each filled the first time a term needs it and kept until
/// the next item. `PreparedText` owns one.
///
/// The buffers are owned here and lent out only as views: a folding is
/// written through `prepare` and `finish`, so no copy of a buffer can
/// outlive the memory that growing it frees.
struct FoldedUnits: ~Copyable {
  private var caseFolded = ScratchBuffer<UInt32>()
  private var unfolded = ScratchBuffer<UInt32>()
  private var caseAndAccentsFolded = ScratchBuffer<UInt32>()
  private var accentsFolded = ScratchBuffer<UInt32>()
  /// Bit `Folding.index` is set when that folding is filled for the current item.
  private var ready: UInt8 = 0

  /// Whether `folding`'s units are filled for the current item.
  @inline(__always)
  func isReady(_ folding: Folding) -> Bool { ready & (1 << UInt8(folding.index)) != 0 }

  /// Forgets every folding (a new item is loaded).
  @inline(__always)
  mutating func invalidateAll() { ready = 0 }

  /// Makes room for `count` units of `folding` and returns where to write
  /// them; `finish` makes them ready. The memory stays valid until the next
  /// `prepare` of the same folding.
  @inline(__always)
  mutating func prepare(_ folding: Folding, count: Int) -> UnsafeMutablePointer<UInt32> {
    switch folding.index {
    case 0:
      caseFolded.reserve(count)
      return caseFolded.base
    case 1:
      unfolded.reserve(count)
      return unfolded.base
    case 2:
      caseAndAccentsFolded.reserve(count)
      return caseAndAccentsFolded.base
    default:
      accentsFolded.reserve(count)
      return accentsFolded.base
    }
  }

  /// Marks `folding`'s first `count` units, written after `prepare`, ready.
  @inline(__always)
  mutating func finish(_ folding: Folding, count: Int) {
    switch folding.index {
    case 0: caseFolded.count = count
    case 1: unfolded.count = count
    case 2: caseAndAccentsFolded.count = count
    default: accentsFolded.count = count
    }
    ready |= 1 << UInt8(folding.index)
  }

  /// `folding`'s units (valid until the next `prepare` of it).
  @inline(__always)
  func buffer(_ folding: Folding) -> UnsafeBufferPointer<UInt32> {
    switch folding.index {
    case 0: return caseFolded.buffer
    case 1: return unfolded.buffer
    case 2: return caseAndAccentsFolded.buffer
    default: return accentsFolded.buffer
    }
  }
}
