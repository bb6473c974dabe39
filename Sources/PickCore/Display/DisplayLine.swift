/// How an item is drawn in one row: its bytes made safe, measured, cut to
/// the row and split into highlighted and plain segments.
///
/// ## Making the bytes safe
///
/// Nothing in an item may colour, move, reorder or erase anything, so what is
/// drawn never contains a control character or a bidi control. Each of these
/// becomes one visible one-column placeholder:
///
/// | in the item                                     | drawn as                            |
/// |-------------------------------------------------|-------------------------------------|
/// | C0 control U+0000–001F (ESC, BEL, CR, LF, ...)  | its control picture U+2400–241F: ␛ ␇ ␍ ␊ |
/// | DEL U+007F                                      | ␡ U+2421                            |
/// | C1 control U+0080–009F (valid UTF-8)            | � U+FFFD, as the raw C1 bytes (invalid UTF-8) are |
/// | each byte that is not valid UTF-8               | � U+FFFD                            |
/// | bidi control U+061C, 200E–200F, 202A–202E, 2066–2069 | ⇆ U+21C6 LEFTWARDS ARROW OVER RIGHTWARDS ARROW |
/// | line and paragraph separators U+2028, U+2029    | ␤ U+2424 SYMBOL FOR NEWLINE          |
///
/// A tab expands to spaces up to the next multiple of the tab stop, counting
/// columns from the item's start (so cutting the start does not change how
/// wide a tab is). A trailing CR (from CRLF input) is neither matched nor
/// drawn; a CR anywhere else is ␍.
///
/// A combining mark with no base before it (at the item's start, or after a
/// placeholder, which in the item was a control that it could not attach to)
/// is drawn on U+25CC ◌ DOTTED CIRCLE, so it cannot join the cell before it.
///
/// ## Cutting
///
/// Items are cut between grapheme clusters (`Character`s: a base and its
/// marks, emoji ZWJ sequences, flags), never inside one, with `…` U+2026 (one
/// column) for what is left out. An item that fits is drawn whole. Otherwise,
/// in order:
///
/// 1. Head: the start of the item and `…` in the last column, when the first
///    matched character fits in that (or nothing is matched).
/// 2. Tail: `…` and the end of the item, when that shows the first matched
///    character.
/// 3. Both ends cut (`…` first and last): the first matched character, then
///    up to `contextColumns` columns after the last matched character (fewer
///    in a narrow row: at most half of it), then as much before the first
///    match as fits, then as much after as fits. This is fzf's horizontal
///    scroll: the match and what follows it stay in view.
/// 4. When even that cannot show the first matched character (a row under
///    3 columns, or a wide character in a 3-column row), the head.
///
/// The row never takes more than `width` columns and a wide character never
/// straddles the edge: when it does not fit, the gap it leaves is a space
/// before the trailing `…`, which is always in the last column.
///
/// Only the part of a long item that can be shown is decoded: up to 64 bytes
/// a column past the first match (or the start), and, when the first match
/// is further in than that, from as far before it, which keeps a line of
/// any length cheap to draw at every frame. A row that starts decoding
/// inside the item is drawn with both ends cut (rule 3, or the tail); its
/// tabs are measured from where decoding started.
public enum DisplayLine {
  /// Columns kept in view after the last matched character when the start
  /// is cut: fzf's `--hscroll-off` default.
  public static let contextColumns = 10

  /// The widest tab stop honoured. `--tabstop` takes any count, and column
  /// sums of tabs near `Int.max` wide would overflow (found by fuzzing); a
  /// tab this wide already pushes what follows it out of any real row.
  static let maxTabstop = 1 << 20

  /// Marks text left out of the row.
  public static let ellipsis = DisplaySegment(text: "\u{2026}", columns: 1, isMatch: false)

  /// Renders `item` into at most `width` columns. `matches`: byte offsets
  /// (into item) of matched characters, to highlight; a cluster is
  /// highlighted when any of its bytes is matched. `tabstop`: tabs expand to
  /// the next multiple (column counted from the item's start).
  /// `styleBreaks`: ascending item offsets where the item's own style changes
  /// (`--ansi`); each segment says in `run` how many come at or before it.
  /// `ellipsis`: what marks a cut (`--ellipsis`; `…` where it is wider than the row).
  public static func segments(
    of item: UnsafeBufferPointer<UInt8>, matches: [Int], width: Int, tabstop: Int = 8, styleBreaks: [Int] = [],
    ellipsis: DisplaySegment = Self.ellipsis
  ) -> [DisplaySegment] {
    guard width > 0 else { return [] }
    let ellipsis = ellipsis.columns <= width ? ellipsis : Self.ellipsis
    var end = item.count
    if end > 0 && item[end - 1] == 0x0D { end -= 1 }
    let sortedMatches = sortedOffsets(matches, below: end)
    // Decode only what can be shown; past that point the item is "more".
    let reach = 64 * (min(width, 1 << 24) + 2)
    let first = sortedMatches.first ?? 0
    var scanEnd = end - first > reach ? first + reach : end
    // Stop between characters, so the last one decoded is not cut into U+FFFDs.
    for _ in 0..<3 where scanEnd < end && item[scanEnd] & 0xC0 == 0x80 { scanEnd += 1 }
    let scanStart = decodingStart(item, firstMatch: first, reach: reach)
    guard scanStart == 0, let base = item.baseAddress else {
      // Drawn from inside the item: the same rules over the part decoded.
      guard let base = item.baseAddress else { return [] }
      let part = UnsafeBufferPointer(start: base + scanStart, count: end - scanStart)
      return segments(
        of: part, cutBefore: true, scanEnd: scanEnd - scanStart, matches: sortedMatches.map { $0 - scanStart },
        width: width, tabstop: tabstop, styleBreaks: styleBreaks.map { $0 - scanStart }, ellipsis: ellipsis)
    }
    return segments(
      of: UnsafeBufferPointer(start: base, count: end), cutBefore: false, scanEnd: scanEnd,
      matches: sortedMatches, width: width, tabstop: tabstop, styleBreaks: styleBreaks, ellipsis: ellipsis)
  }

  /// Where decoding starts: the item's start, unless the first match is more
  /// than `reach` bytes in; then `reach` bytes before it, moved on to the
  /// start of a character.
  static func decodingStart(_ item: UnsafeBufferPointer<UInt8>, firstMatch: Int, reach: Int) -> Int {
    guard firstMatch > reach else { return 0 }
    var start = firstMatch - reach
    for _ in 0..<3 where item[start] & 0xC0 == 0x80 { start += 1 }
    return start
  }

  /// `segments` of `item` (trailing CR already gone), decoded up to
  /// `scanEnd`; `cutBefore`: the item really starts before `item`.
  private static func segments(
    of item: UnsafeBufferPointer<UInt8>, cutBefore: Bool, scanEnd: Int, matches sortedMatches: [Int], width: Int,
    tabstop: Int, styleBreaks: [Int], ellipsis: DisplaySegment
  ) -> [DisplaySegment] {
    let end = item.count
    if let base = item.baseAddress,
      DisplayWidth.printableASCIICount(UnsafeBufferPointer(start: base, count: scanEnd)) != nil
    {
      return asciiSegments(
        UnsafeBufferPointer(start: base, count: scanEnd), isCut: scanEnd < end, cutBefore: cutBefore,
        matches: sortedMatches, width: width, styleBreaks: styleBreaks, ellipsis: ellipsis)
    }
    var clusters = DisplayClusters(tabstop: min(max(1, tabstop), maxTabstop))
    clusters.decode(item, end: scanEnd)
    let isCut = scanEnd < end
    if isCut {
      // The last cluster may go on past `scanEnd` (a mark after it).
      clusters.removeLast()
    }
    clusters.markMatches(sortedMatches)
    clusters.markRuns(styleBreaks)
    let firstMatch = clusters.all.firstIndex { $0.isMatch }
    let lastMatch = clusters.all.lastIndex { $0.isMatch }
    let startColumns = clusters.startColumns
    let window = window(
      count: clusters.all.count, isCut: isCut, cutBefore: cutBefore, width: width, firstMatch: firstMatch,
      lastMatch: lastMatch, ellipsisColumns: ellipsis.columns, columnBefore: { startColumns[$0] })
    var builder = DisplaySegmentBuilder()
    if window.hasLeadingEllipsis { builder.append(ellipsis) }
    for index in window.clusters { clusters.append(index, to: &builder) }
    builder.appendTail(of: window, ellipsis: ellipsis)
    return builder.segments
  }

  // MARK: Printable ASCII

  /// The fast path: every byte is a one-column cluster of its own.
  static func asciiSegments(
    _ bytes: UnsafeBufferPointer<UInt8>, isCut: Bool, cutBefore: Bool = false, matches: [Int], width: Int,
    styleBreaks: [Int] = [], ellipsis: DisplaySegment = Self.ellipsis
  ) -> [DisplaySegment] {
    // A mark after the last decoded byte could belong to it.
    let count = isCut ? bytes.count - 1 : bytes.count
    var matchIndex = 0
    func isMatched(_ offset: Int) -> Bool {
      while matchIndex < matches.count && matches[matchIndex] < offset { matchIndex += 1 }
      return matchIndex < matches.count && matches[matchIndex] == offset
    }
    var run = 0
    func runAt(_ offset: Int) -> Int {
      while run < styleBreaks.count && styleBreaks[run] <= offset { run += 1 }
      return run
    }
    var firstMatch: Int?
    if let first = matches.first, first < count { firstMatch = first }
    let lastMatch = matches.last { $0 < count }
    let window = window(
      count: count, isCut: isCut, cutBefore: cutBefore, width: width, firstMatch: firstMatch,
      lastMatch: lastMatch, ellipsisColumns: ellipsis.columns, columnBefore: { $0 })
    var builder = DisplaySegmentBuilder()
    if window.hasLeadingEllipsis { builder.append(ellipsis) }
    var runStart = window.clusters.lowerBound
    var runIsMatch = false
    var styleRun = 0
    for offset in window.clusters {
      let matched = isMatched(offset)
      let style = runAt(offset)
      if offset == runStart {
        runIsMatch = matched
        styleRun = style
      } else if matched != runIsMatch || style != styleRun {
        builder.append(ascii: bytes, runStart..<offset, isMatch: runIsMatch, run: styleRun)
        runStart = offset
        runIsMatch = matched
        styleRun = style
      }
    }
    if runStart < window.clusters.upperBound {
      builder.append(ascii: bytes, runStart..<window.clusters.upperBound, isMatch: runIsMatch, run: styleRun)
    }
    builder.appendTail(of: window, ellipsis: ellipsis)
    return builder.segments
  }

  // MARK: Choosing what to show

  /// Which clusters are drawn, and what goes around them.
  struct Window: Equatable {
    var clusters: Range<Int>
    var hasLeadingEllipsis: Bool
    var hasTrailingEllipsis: Bool
    /// Spaces before the trailing ellipsis, where a wide character did not fit.
    var padding: Int
  }

  /// Applies the cutting rules (see the type's documentation) to `count`
  /// clusters; `columnBefore(i)` is the column where cluster `i` starts
  /// (`columnBefore(count)` the total). `isCut`: more of the item follows
  /// the last cluster; `cutBefore`: some of it comes before the first one
  /// (so neither the whole item nor its head can be shown).
  static func window(
    count: Int, isCut: Bool, cutBefore: Bool = false, width: Int, firstMatch: Int?, lastMatch: Int?,
    ellipsisColumns e: Int = 1, columnBefore: (Int) -> Int
  ) -> Window {
    let total = columnBefore(count)
    if !isCut && !cutBefore && total <= width {
      return Window(clusters: 0..<count, hasLeadingEllipsis: false, hasTrailingEllipsis: false, padding: 0)
    }
    func span(_ lower: Int, _ upper: Int) -> Int { columnBefore(upper) - columnBefore(lower) }

    // 1. Head.
    var headEnd = 0
    while headEnd < count && columnBefore(headEnd + 1) <= width - e { headEnd += 1 }
    let head = Window(
      clusters: 0..<headEnd, hasLeadingEllipsis: false, hasTrailingEllipsis: true,
      padding: width - e - columnBefore(headEnd))
    // Cut before the first cluster, the head is not the item's: only `…` then.
    let fallback =
      cutBefore
      ? Window(clusters: 0..<0, hasLeadingEllipsis: false, hasTrailingEllipsis: true, padding: max(width - e, 0))
      : head
    guard let first = firstMatch, first >= headEnd || cutBefore, width >= 2 * e + 1 else { return fallback }

    // 2. Tail.
    if !isCut {
      var start = count
      while start > 0 && span(start - 1, count) <= width - e { start -= 1 }
      if start <= first {
        return Window(clusters: start..<count, hasLeadingEllipsis: true, hasTrailingEllipsis: false, padding: 0)
      }
    }

    // 3. Both ends cut.
    let room = width - 2 * e
    guard span(first, first + 1) <= room else { return fallback }
    let target = columnBefore((lastMatch ?? first) + 1) + min(contextColumns, room / 2)
    var lower = first
    var upper = first + 1
    while upper < count && columnBefore(upper + 1) <= target && span(lower, upper + 1) <= room { upper += 1 }
    while lower > 0 && span(lower - 1, upper) <= room { lower -= 1 }
    while upper < count && span(lower, upper + 1) <= room { upper += 1 }
    // Head and tail were tried first, so both ends are cut here.
    return Window(
      clusters: lower..<upper, hasLeadingEllipsis: true, hasTrailingEllipsis: true,
      padding: room - span(lower, upper))
  }

  /// The offsets in `0..<limit`, ascending (matchers report them in order;
  /// anything else is sorted).
  static func sortedOffsets(_ offsets: [Int], below limit: Int) -> [Int] {
    var sorted = offsets.filter { $0 >= 0 && $0 < limit }
    var isAscending = true
    for index in sorted.indices.dropFirst() where sorted[index - 1] > sorted[index] {
      isAscending = false
      break
    }
    if !isAscending { sorted.sort() }
    return sorted
  }
}
