/// What the screen must show before a query's result counts as drawn: the
/// match count on the info line, and the best match on the list row next to
/// it.
///
/// The count alone is not enough: a tool may draw the info line before the
/// list. The best match alone is not enough either: it may already be on
/// screen, further down the old list. So both must hold, at the right place:
/// the first list row is the row below the info line in pick's reverse
/// layout (prompt at the top) and the row above it in fzf's default layout
/// (prompt at the bottom). Each row starts with a gutter (the pointer and
/// the selection marker: two columns in fzf, three in pick), which is
/// skipped with any spaces after it.
struct ScreenExpectation: Equatable {
  /// `M/N` as the info line shows it.
  let countText: String
  /// The start of the best match's text: as much as surely fits on a row.
  let bestMatch: String
  /// Where the first list row is from the info row: +1 below, -1 above.
  let listRowOffset: Int

  /// The longest start of an item that is compared: the list row of a
  /// 150-column terminal has ~146 columns, and 100 bytes take at most 100.
  static let bestMatchBytes = 100

  init(matches: Int, total: Int, bestMatch line: [UInt8], listRowOffset: Int) {
    countText = "\(matches)/\(total)"
    bestMatch = Self.visiblePrefix(of: line)
    self.listRowOffset = listRowOffset
  }

  /// The start of `line` that any terminal draws as it is: up to the first
  /// control character (a tab is expanded, others become `^X` or control
  /// pictures) and at most `bestMatchBytes` bytes, cut between characters.
  static func visiblePrefix(of line: [UInt8]) -> String {
    let plain = line.prefix { $0 >= 0x20 && $0 != 0x7F }
    var prefix = ""
    var bytes = 0
    for character in String(decoding: plain, as: UTF8.self) {
      bytes += character.utf8.count
      if bytes > bestMatchBytes { break }
      prefix.append(character)
    }
    return prefix
  }

  func isShown(on rows: [String]) -> Bool {
    for (index, row) in rows.enumerated() where Self.row(row, showsCount: countText) {
      let listRow = index + listRowOffset
      if rows.indices.contains(listRow), Self.row(rows[listRow], startsWithItem: bestMatch) { return true }
    }
    return false
  }

  /// Whether `row` has `count` with no digit right before or after it (so
  /// `1/100` is not found in `11/100` or `1/1000`).
  static func row(_ row: String, showsCount count: String) -> Bool {
    let text = Array(row.utf8)
    let wanted = Array(count.utf8)
    guard !wanted.isEmpty, text.count >= wanted.count else { return false }
    func isDigit(_ index: Int) -> Bool { text.indices.contains(index) && text[index] >= 0x30 && text[index] <= 0x39 }
    for start in 0...(text.count - wanted.count) where text[start..<(start + wanted.count)].elementsEqual(wanted) {
      if !isDigit(start - 1) && !isDigit(start + wanted.count) { return true }
    }
    return false
  }

  /// Whether `row`, after its gutter, shows `item` from its start. (Spaces
  /// at the start of an item cannot be told from the gutter's.)
  static func row(_ row: String, startsWithItem item: String) -> Bool {
    row.dropFirst(2).drop { $0 == " " }.hasPrefix(item.drop { $0 == " " })
  }
}
