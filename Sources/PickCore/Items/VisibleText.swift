import CPick
import Glibc

/// The visible text of items kept with their escape sequences
/// (`ItemStore.holdsEscapes`): `--filter --ansi` strips an item only when it
/// is matched or printed, not as it is read.
///
/// ## Why not strip as the input is read
///
/// Stripping at read time means a copy of the input in memory that the
/// system must first zero, where plain input is a mapped file read in place,
/// and a pass over every byte of it on one thread. `--filter` keeps no
/// colours, so nothing needs the whole input stripped: the visible text is a
/// subsequence of an item's bytes (stripping only removes bytes), so an item
/// whose raw bytes lack a byte every match needs (the ranker's block skip)
/// cannot match, and only the items that pass are stripped, into this
/// buffer, right before they are scored. The matches are stripped again as
/// they are printed. An item without ESC is its own visible text: one
/// `memchr`, no copy.
///
/// Each item is stripped alone (`cpick_ansi_visible`, sixty-four bytes at a
/// time), which is what stripping the whole input gives: the separator ends
/// every sequence. One per thread: it owns its buffer.
final class VisibleText {
  private var buffer: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  /// The items' separator, which ends a string sequence (`cpick_ansi_skip`).
  private let separator: UInt8

  init(separator: UInt8) {
    self.separator = separator
    capacity = 4096
    buffer = .allocate(capacity: capacity)
  }

  deinit { buffer.deallocate() }

  /// The visible text of `item`: `item` itself when it holds no ESC, else
  /// its stripped copy, valid until the next call.
  @inline(__always)
  func of(_ item: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
    guard let base = item.baseAddress, memchr(base, 0x1B, item.count) != nil else { return item }
    if item.count > capacity {
      buffer.deallocate()
      capacity = max(item.count, capacity * 2)
      buffer = .allocate(capacity: capacity)
    }
    return UnsafeBufferPointer(start: buffer, count: Self.copy(item, to: buffer, separator: separator))
  }

  /// Copies the visible text of `bytes` (one item, or whole items each
  /// ended by `separator`) to `out`, which has room for all of `bytes` and
  /// does not overlap them; returns its length.
  @inline(__always)
  static func copy(_ bytes: UnsafeBufferPointer<UInt8>, to out: UnsafeMutablePointer<UInt8>, separator: UInt8) -> Int {
    guard let base = bytes.baseAddress else { return 0 }
    return cpick_ansi_visible(base, bytes.count, out, separator)
  }
}
