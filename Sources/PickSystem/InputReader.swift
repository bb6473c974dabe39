import CPick
import Glibc
import PickCore

/// Reads items from a file descriptor straight into an `ItemStore`'s arena
/// (no intermediate copy), in blocks of 1 MiB.
public enum InputReader {
  /// What standard input turned out to be, checked before reading.
  public enum Kind: Equatable, Sendable {
    case readable
    case directory
    case terminal
    /// Not open at all (`<&-`): the next file pick opens would become it.
    case closed
    /// Open for writing only (`0>FILE`): nothing can be read from it.
    case writeOnly
  }

  /// Classifies `fd` (the corresponding C functions are `fstat` and `isatty`).
  public static func kind(of fd: Int32) -> Kind {
    var status = stat()
    guard fstat(fd, &status) == 0 else { return errno == EBADF ? .closed : .readable }
    if (status.st_mode & S_IFMT) == S_IFDIR { return .directory }
    if isatty(fd) == 1 { return .terminal }
    if fcntl(fd, F_GETFL) & O_ACCMODE == O_WRONLY { return .writeOnly }
    return .readable
  }

  /// Whether `fd` is a regular file: nothing writes it while pick reads,
  /// so every core may work on what was read (`ItemStore.strippedInParts`).
  public static func isRegularFile(_ fd: Int32) -> Bool { regularFileSize(fd) != nil }

  /// The size of `fd` when it is a regular file; `nil` for any other input.
  static func regularFileSize(_ fd: Int32) -> Int? {
    var status = stat()
    guard fstat(fd, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
    return Int(status.st_size)
  }

  /// Reads what `fd` has now, up to `limit` bytes, without waiting for more
  /// (the caller polls first). Returns false at end of input, after finishing the store.
  public static func readAvailable(_ fd: Int32, into store: ItemStore, limit: Int = 8 << 20) throws -> Bool {
    var total = 0
    while total < limit {
      if total > 0 {
        // Read again only if that cannot block.
        var probe = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        if poll(&probe, 1, 0) <= 0 { return true }
      }
      switch try readOnce(fd, into: store.tail(maximum: 1 << 20)) {
      case .read(let n):
        try store.commit(n)
        total += n
      case .ended:
        try store.finish()
        return false
      case .wouldBlock:
        return true
      }
    }
    return true
  }

  /// What one `read` of the input gave.
  enum ReadStep {
    case read(Int)
    case ended
    /// Nothing yet, on a non-blocking descriptor.
    case wouldBlock
  }

  /// One `read` of `fd` into `room`, again when a signal interrupts it.
  static func readOnce(_ fd: Int32, into room: UnsafeMutableRawBufferPointer) throws -> ReadStep {
    while true {
      let n = read(fd, room.baseAddress, room.count)
      if n > 0 { return .read(n) }
      if n == 0 { return .ended }
      if errno == EAGAIN { return .wouldBlock }
      if errno != EINTR { throw SystemError(errno: errno, context: "cannot read standard input") }
    }
  }

  /// A larger pipe buffer means fewer wake-ups when items come through a
  /// pipe (nothing happens for other kinds of input).
  public static func growPipe(_ fd: Int32) {
    _ = cpick_set_pipe_size(fd, 1 << 20)
  }

  /// Reads `fd` to its end into `store`, then finishes the store. With
  /// `mapping`, a regular file of at least `mappingThreshold` bytes is mapped
  /// instead of read (`ItemStore.mapFile`), and whatever is appended to it
  /// meanwhile is read after.
  public static func readAll(_ fd: Int32, into store: ItemStore, mapping: Bool = false) throws {
    if mapping { try mapRegularFile(fd, into: store) }
    growPipe(fd)
    while try readAvailable(fd, into: store, limit: Int.max) { waitForInput(fd) }
  }

  /// Files smaller than this are read: mapping them would save too little to matter.
  public static let mappingThreshold = 1 << 20

  /// Up to 64 whole items from each of 8 places spread over the regular file
  /// `fd` (from its current offset, which stays), for `--filter --ansi` to
  /// judge how many items its query matches before reading any
  /// (`FilterCommand.defersStripping(sample:separator:)`); `nil` for any
  /// other input, or a file that would not be mapped.
  public static func sampleItems(_ fd: Int32, separator: UInt8) -> [[UInt8]]? {
    guard let size = regularFileSize(fd) else { return nil }
    let offset = Int(lseek(fd, 0, SEEK_CUR))
    let length = size - offset
    guard offset >= 0, length >= mappingThreshold else { return nil }
    var window = [UInt8](repeating: 0, count: 1 << 16)
    var items: [[UInt8]] = []
    for place in 0..<8 {
      let at = offset + length / 8 * place
      let read = window.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, off_t(at)) }
      guard read > 0 else { continue }
      var found = window[0..<read].split(separator: separator, omittingEmptySubsequences: false)
      // Items cut by the window's ends are not whole.
      if place > 0, !found.isEmpty { found.removeFirst() }
      if read == window.count, !found.isEmpty { found.removeLast() }
      items += found.prefix(64).map { Array($0) }
    }
    return items
  }

  /// The first items of an input that `sampleItems` cannot sample (a pipe,
  /// a small file), for `--filter --ansi` to judge its query by before the
  /// store is made: the bytes read from `fd` up to its `items`-th separator
  /// or its end, or `maximum` bytes (items too long to sample), which the
  /// store must take before the rest is read; and the whole items among them.
  public static func readHead(
    _ fd: Int32, separator: UInt8, items: Int = 512, maximum: Int = 1 << 20
  ) throws -> (bytes: [UInt8], items: [[UInt8]]) {
    var bytes: [UInt8] = []
    var separators = 0
    var ended = false
    var block = [UInt8](repeating: 0, count: 1 << 16)
    while !ended && separators < items && bytes.count < maximum {
      switch try block.withUnsafeMutableBytes({ try readOnce(fd, into: $0) }) {
      case .read(let n):
        separators += cpick_count_byte(block, n, separator)
        bytes += block[0..<n]
      case .ended:
        ended = true
      case .wouldBlock:
        waitForInput(fd)
      }
    }
    var found = bytes.split(separator: separator, omittingEmptySubsequences: false)
    // The item the bytes end in is whole only at the input's end, and then only when not empty.
    if !found.isEmpty, !ended || found[found.count - 1].isEmpty { found.removeLast() }
    return (bytes, found.prefix(items).map { Array($0) })
  }

  /// Maps what the regular file `fd` holds from its current offset on into
  /// `store` and moves the offset past it, as reading it would have; does
  /// nothing for any other kind of input, or when the store cannot map it.
  public static func mapRegularFile(_ fd: Int32, into store: ItemStore) throws {
    guard let size = regularFileSize(fd) else { return }
    let offset = Int(lseek(fd, 0, SEEK_CUR))
    let length = size - offset
    guard offset >= 0, length >= mappingThreshold,
      try store.mapFile(fd, offset: offset, length: length)
    else { return }
    _ = lseek(fd, off_t(offset + length), SEEK_SET)
  }

  /// Whether a mapped file shrank while pick read it, so that its lost end
  /// read as NUL bytes (`ItemStore.mapFile`).
  public static var mappedFileShrank: Bool { cpick_mapping_faulted() != 0 }

  /// Waits until `fd` has input or has ended; reading loops call it between
  /// blocks. A blocking descriptor's next read would wait anyway, but one that
  /// whoever shares stdin made non-blocking answers EAGAIN at once, and
  /// looping on that would spin a core.
  public static func waitForInput(_ fd: Int32) {
    var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    _ = poll(&entry, 1, -1)
  }
}
