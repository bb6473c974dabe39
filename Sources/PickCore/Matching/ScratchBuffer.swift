/// A growable buffer of plain values with a stable address between growths,
/// owned by one worker. Matching reuses these for every item so the hot loop
/// allocates nothing and does no reference counting.
///
/// Not copyable: the buffer frees its memory when its owner goes, and no
/// copy can keep a pointer that `reserve` or `append` has freed.
struct ScratchBuffer<Element: BitwiseCopyable>: ~Copyable {
  private(set) var base: UnsafeMutablePointer<Element>
  private(set) var capacity: Int
  var count = 0

  init(capacity: Int = 256) {
    self.capacity = max(capacity, 16)
    base = .allocate(capacity: self.capacity)
  }

  deinit { base.deallocate() }

  /// Makes room for `needed` elements, discarding the contents when it grows.
  @inline(__always)
  mutating func reserve(_ needed: Int) {
    guard needed > capacity else { return }
    base.deallocate()
    capacity = max(needed, capacity * 2)
    base = .allocate(capacity: capacity)
  }

  @inline(__always)
  mutating func append(_ value: Element) {
    if count == capacity { grow() }
    base[count] = value
    count += 1
  }

  private mutating func grow() {
    let bigger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
    bigger.update(from: base, count: count)
    base.deallocate()
    base = bigger
    capacity *= 2
  }

  @inline(__always)
  subscript(index: Int) -> Element {
    get { base[index] }
    nonmutating set { base[index] = newValue }
  }

  var buffer: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }
}
