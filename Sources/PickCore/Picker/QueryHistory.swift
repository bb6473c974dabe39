/// `--history`: the queries of earlier runs, walked with `prev-history` and
/// `next-history` (Ctrl-P and Ctrl-N when `--history` is given), as fzf's.
///
/// The entries are the file's lines, oldest first, then the query being
/// typed. Moving away from an entry keeps what was typed over it for the
/// rest of the run (fzf's `override`), so walking back and forth loses no
/// edit; only the accepted query is ever written (`appending`).
public struct QueryHistory: Equatable, Sendable {
  private var entries: [[UInt8]]
  private var edits: [Int: [UInt8]] = [:]
  private var cursor: Int

  /// The history of a file's `lines` (oldest first), with the cursor on a
  /// new, empty entry after them.
  public init(lines: [[UInt8]]) {
    entries = lines.filter { !$0.isEmpty } + [[]]
    cursor = entries.count - 1
  }

  /// `prev-history`: keeps `current` as typed over this entry and returns the one before.
  public mutating func previous(replacing current: [UInt8]) -> [UInt8] {
    keep(current)
    if cursor > 0 { cursor -= 1 }
    return entry
  }

  /// `next-history`: keeps `current` as typed over this entry and returns the one after.
  public mutating func next(replacing current: [UInt8]) -> [UInt8] {
    keep(current)
    if cursor < entries.count - 1 { cursor += 1 }
    return entry
  }

  private var entry: [UInt8] { edits[cursor] ?? entries[cursor] }

  private mutating func keep(_ current: [UInt8]) {
    if cursor == entries.count - 1 { entries[cursor] = current } else { edits[cursor] = current }
  }

  /// The file's lines once `query` is accepted: the old lines and `query`
  /// (an empty query, or one holding a newline, adds nothing), the oldest
  /// dropped past `limit`.
  public static func appending(_ query: [UInt8], to lines: [[UInt8]], limit: Int) -> [[UInt8]] {
    var kept = lines.filter { !$0.isEmpty }
    if !query.isEmpty && !query.contains(0x0A) { kept.append(query) }
    return Array(kept.suffix(max(limit, 1)))
  }

  /// The lines of a history file.
  public static func lines(of contents: [UInt8]) -> [[UInt8]] {
    contents.split(separator: 0x0A).map(Array.init)
  }

  /// A history file's contents: each line followed by a newline.
  public static func contents(of lines: [[UInt8]]) -> [UInt8] {
    lines.flatMap { $0 + [0x0A] }
  }
}
