import Glibc

/// The file format of a remembered choice (`--remember KEY`).
///
/// A remembered file is the line `pick-remember 1`, then each item's exact
/// bytes followed by a NUL byte:
///
///     pick-remember 1\n
///     first item\0
///     second\nitem spanning lines\0
///
/// NUL terminates rather than newline because items are compared by their
/// exact bytes, and items read with `--read0` may contain newlines (and any
/// item may be invalid UTF-8); NUL is the one byte such items cannot hold.
///
/// The header carries a version so that a later pick can change the format.
/// `origin(of:)` reads it from the file's first bytes, before anything else is
/// read: `pick-remember 1` is this format; `pick-remember N` with a larger N is
/// a later pick's, which this one must neither read nor replace; anything
/// else (garbage, an empty file, a header cut short) is not pick's. A
/// remembered choice is a convenience, so nothing here is ever an error.
///
/// Two edge cases, decided:
/// - An item that contains NUL (possible without `--read0`, where items end at
///   newlines) cannot be written exactly, and writing it split would remember
///   items that were never chosen. `encode` skips such items; the rest are
///   stored.
/// - A file that ends without a NUL (cut short by a full disk or an editor; pick
///   itself writes through a renamed temporary file, so it never leaves one)
///   keeps every complete item and drops the partial one: a prefix of an item
///   is a different item.
public enum RememberedChoice {
  /// The first line of every file, newline included.
  public static let header: [UInt8] = Array("pick-remember 1\n".utf8)

  /// The newest format version this pick reads and writes.
  public static let version = 1

  /// The most bytes a header can take: `pick-remember `, a version of up to
  /// nine digits, a newline. Reading this many is enough to tell who wrote a file.
  public static let headerLimit = 32

  /// Who wrote a file, as its first line says.
  public enum Origin: Equatable, Sendable {
    /// This pick's format (version 1).
    case current
    /// A later pick's format (`pick-remember N`, N > 1).
    case newer(version: Int)
    /// Not pick, or a file damaged beyond recognition.
    case foreign
  }

  /// Who wrote the file that starts with `prefix` (its first `headerLimit`
  /// bytes, or all of a shorter file).
  public static func origin(of prefix: some Collection<UInt8>) -> Origin {
    let name = Array("pick-remember ".utf8)
    guard prefix.starts(with: name) else { return .foreign }
    var version = 0
    var digits = 0
    for byte in prefix.dropFirst(name.count) {
      if byte == UInt8(ascii: "\n") {
        guard digits > 0 else { return .foreign }
        return version == Self.version ? .current : version > Self.version ? .newer(version: version) : .foreign
      }
      // Digits only, no leading zero, at most nine (so the value fits any Int).
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte), digits < 9,
        digits > 0 || byte != UInt8(ascii: "0")
      else { return .foreign }
      version = version * 10 + Int(byte - UInt8(ascii: "0"))
      digits += 1
    }
    return .foreign
  }

  /// The file contents for `items`, in their order. Items containing NUL are
  /// left out (see above).
  public static func encode(_ items: [[UInt8]]) -> [UInt8] {
    let stored = items.filter { !$0.contains(0) }
    var bytes = header
    bytes.reserveCapacity(header.count + stored.reduce(0) { $0 + $1.count + 1 })
    for item in stored {
      bytes.append(contentsOf: item)
      bytes.append(0)
    }
    return bytes
  }

  /// The distinct items stored in `bytes` (a whole file), or `nil` when it
  /// does not start with the version-1 header. A trailing partial item (no
  /// final NUL) is dropped. No item becomes an array of its own: a remembered
  /// select-all of millions of items is one buffer and one table.
  public static func texts(in bytes: [UInt8]) -> TextSet? {
    guard bytes.starts(with: header) else { return nil }
    var texts = TextSet()
    bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      let end = base + buffer.count
      /// The next NUL at or after `start`, or `nil` (memchr: a word at a time).
      func nul(from start: UnsafePointer<UInt8>) -> UnsafePointer<UInt8>? {
        memchr(start, 0, end - start).map { UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) }
      }
      var items = 0
      var scan = base + header.count
      while let found = nul(from: scan) {
        items += 1
        scan = found + 1
      }
      texts.reserveCapacity(items)
      var start = base + header.count
      texts.insert {
        guard let found = nul(from: start) else { return nil }
        defer { start = found + 1 }
        return UnsafeBufferPointer(start: start, count: found - start)
      }
    }
    return texts
  }

  /// The items stored in `bytes`, in order, or `nil` when the file does not
  /// start with the version-1 header. A trailing partial item (no final NUL)
  /// is dropped.
  public static func decode(_ bytes: [UInt8]) -> [[UInt8]]? {
    guard bytes.starts(with: header) else { return nil }
    var items: [[UInt8]] = []
    var start = header.count
    var position = start
    while position < bytes.count {
      if bytes[position] == 0 {
        items.append(Array(bytes[start..<position]))
        start = position + 1
      }
      position += 1
    }
    return items
  }
}
