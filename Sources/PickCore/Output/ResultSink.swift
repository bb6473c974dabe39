/// Why results could not be written.
public enum WriteFailure: Error, Equatable, Sendable {
  /// The reader went away (EPIPE): pick ends quietly, as coreutils do.
  case readerGone
  /// Any other error (a full disk, a closed descriptor): `errno` and its text.
  case failed(errno: Int32, message: String)
}

/// Where results go, in large writes: bytes are gathered into a buffer and
/// handed to `flush` when it is full and at the end.
public struct ResultSink: ~Copyable {
  private let buffer: UnsafeMutablePointer<UInt8>
  private let capacity: Int
  private var count = 0
  private let flushBytes: (UnsafeRawBufferPointer) throws(WriteFailure) -> Void

  /// `flush` must write all the bytes it is given, or throw.
  public init(capacity: Int = 256 << 10, flush: @escaping (UnsafeRawBufferPointer) throws(WriteFailure) -> Void) {
    self.capacity = capacity
    buffer = .allocate(capacity: capacity)
    flushBytes = flush
  }

  deinit { buffer.deallocate() }

  /// Appends bytes, flushing as needed.
  public mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) throws(WriteFailure) {
    guard let base = bytes.baseAddress else { return }
    var offset = 0
    while offset < bytes.count {
      if count == capacity { try flush() }
      let n = min(capacity - count, bytes.count - offset)
      (buffer + count).update(from: base + offset, count: n)
      count += n
      offset += n
      // Very large items go out directly once the buffer is empty.
      if count == capacity && bytes.count - offset >= capacity {
        try flush()
        try flushBytes(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[offset...]))
        return
      }
    }
  }

  public mutating func append(_ bytes: [UInt8]) throws(WriteFailure) {
    try bytes.withUnsafeBufferPointer { (b) throws(WriteFailure) in try append(b) }
  }

  @inline(__always)
  public mutating func append(byte: UInt8) throws(WriteFailure) {
    if count == capacity { try flush() }
    buffer[count] = byte
    count += 1
  }

  /// Writes out what is buffered.
  public mutating func flush() throws(WriteFailure) {
    guard count > 0 else { return }
    let pending = UnsafeRawBufferPointer(start: buffer, count: count)
    count = 0
    try flushBytes(pending)
  }
}
