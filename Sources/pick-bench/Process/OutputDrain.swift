import Glibc

/// Reads a pipe to its end, counting lines and bytes (and keeping the first
/// bytes when asked).
struct OutputDrain {
  private(set) var lines = 0
  private(set) var bytes = 0
  private(set) var kept: [UInt8] = []
  /// How many bytes to keep from the start.
  let keptLimit: Int

  init(keepingAtMost keptLimit: Int) { self.keptLimit = keptLimit }

  /// Reads `fd` until end of file. A last line without a newline counts.
  mutating func drain(_ fd: Int32) {
    let capacity = 1 << 20
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 64)
    defer { buffer.deallocate() }
    var lastByte: UInt8 = UInt8(ascii: "\n")
    while true {
      let count = read(fd, buffer, capacity)
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { break }
      bytes += count
      lines += Self.newlines(in: buffer, count: count)
      lastByte = buffer.load(fromByteOffset: count - 1, as: UInt8.self)
      if kept.count < keptLimit {
        kept += UnsafeRawBufferPointer(start: buffer, count: min(count, keptLimit - kept.count))
      }
    }
    if lastByte != UInt8(ascii: "\n") { lines += 1 }
  }

  /// Counts `\n` with `memchr`, which glibc vectorises.
  private static func newlines(in buffer: UnsafeMutableRawPointer, count: Int) -> Int {
    var found = 0
    var cursor = UnsafeRawPointer(buffer)
    let end = cursor + count
    while cursor < end, let hit = memchr(cursor, 0x0A, end - cursor) {
      found += 1
      cursor = UnsafeRawPointer(hit) + 1
    }
    return found
  }
}
