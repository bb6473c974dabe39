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
/// The header carries a version so that a later pick can change the format:
/// a file whose first line is anything else (another version, garbage, an
/// empty file) decodes to `nil` and the caller ignores it. A remembered
/// choice is a convenience, so nothing here is ever an error.
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

  /// The items stored in `bytes`, or `nil` when the file does not start with
  /// the version-1 header. A trailing partial item (no final NUL) is dropped.
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
