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
/// column, or `--ellipsis`) for what is left out. A row that fits is drawn
/// whole. Otherwise fzf 0.74's rules apply (`LineFit` holds the options):
///
/// 1. `--no-hscroll`: the head, the start of the item and `…` in the last
///    column.
/// 2. `--keep-right` with no match positions (the layout says when): the
///    tail, `…` and the end of the item.
/// 3. Otherwise fzf's horizontal scroll. The target is the end of what
///    follows the last matched character in `--hscroll-off` (10) columns
///    (fewer in a narrow row: at most half the row less the ellipsis; from
///    the start when nothing is matched). fzf counts characters there, not
///    columns, and so can push a match off the row with wide characters
///    after it (Docs/fzf-compatibility.md, row 92). If everything up to the
///    target fits before the last column's `…`, the head. Else the row ends
///    at the target with `…` (or at the item's end, when what follows the
///    target is no wider than the ellipsis) and starts, after `…`, as far
///    left as fits.
/// 4. When the tail or the scroll leaves no character in view (a row
///    narrower than two ellipses and a character), the head.
///
/// `--freeze-left` and `--freeze-right` (`FrozenFields`) cut the row into a
/// left part, a middle and a right part, fitted in fzf's order: the left part
/// whole when it leaves room for an ellipsis, else its head (and nothing
/// else shows); the right part likewise, its tail when cut; the middle in
/// what is left, by the rules above.
///
/// The row never takes more than `width` columns and a wide character never
/// straddles the edge: when it does not fit, the gap it leaves is a space
/// before the trailing `…`, which is always in the last column (fzf leaves
/// the gap after it).
///
/// Only the part of a long item that can be shown is decoded: up to 64 bytes
/// a column on either side of the last match (of the start with no match, of
/// the end for the tail), which keeps a line of any length cheap to draw at
/// every frame. A row that starts decoding inside the item is drawn with its
/// start cut; its tabs are measured from where decoding started.
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
  /// `ellipsis`: what marks a cut (`--ellipsis`; `…` where it is wider than
  /// the row). `fit`: the horizontal scroll, frozen fields and ambiguous width.
  public static func segments(
    of item: UnsafeBufferPointer<UInt8>, matches: [Int], width: Int, tabstop: Int = 8, styleBreaks: [Int] = [],
    ellipsis: DisplaySegment = Self.ellipsis, fit: LineFit = LineFit()
  ) -> [DisplaySegment] {
    guard width > 0, item.baseAddress != nil else { return [] }
    let middle = fit.scrolls ? fit.frozen.middle(of: withoutTrailingCR(item)) : nil
    return segments(
      of: item, matches: matches, width: width, tabstop: tabstop, styleBreaks: styleBreaks, ellipsis: ellipsis,
      fit: fit, middle: middle)
  }

  /// `segments` with the frozen parts already found: `middle` is the part
  /// of `item` between them, nil when nothing is frozen. A line of a
  /// multi-line item has its parts found over the whole item, as in fzf.
  static func segments(
    of item: UnsafeBufferPointer<UInt8>, matches: [Int], width: Int, tabstop: Int, styleBreaks: [Int],
    ellipsis: DisplaySegment, fit: LineFit, middle: Range<Int>?
  ) -> [DisplaySegment] {
    guard width > 0 else { return [] }
    let text = withoutTrailingCR(item)
    let cutter = Cutter(
      tabstop: min(max(1, tabstop), maxTabstop), ellipsis: ellipsis, ambiguous: fit.ambiguous,
      context: max(fit.context, 0))
    let sortedMatches = sortedOffsets(matches, below: text.count)
    let keep: Keep = !fit.scrolls ? .start : fit.keepsRight ? .end : .match
    if fit.scrolls, let middle, middle.upperBound <= text.count {
      return cutter.frozenSegments(
        of: text, middle: middle, matches: sortedMatches, styleBreaks: styleBreaks, width: width, keep: keep)
    }
    return cutter.segments(
      of: text, matches: sortedMatches, styleBreaks: styleBreaks, width: width, fitWidth: width, keep: keep)
  }

  /// `item` without its trailing CR (from CRLF input), which is neither matched nor drawn.
  static func withoutTrailingCR(_ item: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
    guard let base = item.baseAddress, item.last == 0x0D else { return item }
    return UnsafeBufferPointer(start: base, count: item.count - 1)
  }

  /// What stays in view of a (part of a) row that does not fit.
  enum Keep: Equatable {
    /// The head: the start, `…` last (fzf's `trimRight`).
    case start
    /// The tail: `…` first, then the end (fzf's `trimLeft`).
    case end
    /// fzf's horizontal scroll to the last match (rule 3).
    case match
  }

  /// Where decoding starts: `anchor - reach`, moved on to the start of a
  /// character, or the item's start when the anchor is no further in.
  static func decodingStart(_ item: UnsafeBufferPointer<UInt8>, anchor: Int, reach: Int) -> Int {
    guard anchor > reach else { return 0 }
    var start = anchor - reach
    for _ in 0..<3 where item[start] & 0xC0 == 0x80 { start += 1 }
    return start
  }

  /// Where decoding ends: `anchor + reach`, moved on past the character
  /// there, so the last one decoded is not cut into U+FFFDs; or the end.
  static func decodingEnd(_ item: UnsafeBufferPointer<UInt8>, anchor: Int, reach: Int) -> Int {
    guard item.count - anchor > reach else { return item.count }
    var end = anchor + reach
    for _ in 0..<3 where end < item.count && item[end] & 0xC0 == 0x80 { end += 1 }
    return end
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
