/// A growable buffer of plain values with a stable address between growths,
/// owned by one worker. Matching reuses these for every item so the hot loop
/// allocates nothing and does no reference counting.
struct ScratchBuffer<Element: BitwiseCopyable> {
  private(set) var base: UnsafeMutablePointer<Element>
  private(set) var capacity: Int
  var count = 0

  init(capacity: Int = 256) {
    self.capacity = max(capacity, 16)
    base = .allocate(capacity: self.capacity)
  }

  /// Frees the memory; the owner calls this once.
  func release() { base.deallocate() }

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
