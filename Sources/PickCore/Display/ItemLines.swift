import Glibc

/// One row of an item drawn over several rows.
public struct ItemRow: Equatable, Sendable {
  /// The row's text, made safe and highlighted as `DisplayLine` makes it.
  public var segments: [DisplaySegment]
  /// Whether the row goes on with the line of the row above (the line was
  /// wrapped there): it is drawn after the wrap sign.
  public var isContinuation: Bool

  public init(segments: [DisplaySegment], isContinuation: Bool) {
    self.segments = segments
    self.isContinuation = isContinuation
  }
}

/// An item's text over several rows (`LineBreaking`), as fzf 0.74 lays it
/// out (`Chars.Lines` in its source):
///
/// - With multi-line items, each line (up to a newline) starts a row. An
///   item that ends with a newline has an empty last row, as in fzf. The CR
///   of a CRLF line end is not drawn, as an item's trailing CR is not
///   (Docs/Design.md, Items; fzf draws it as `␍`).
/// - With wrapping, a line too long for its row goes on over the next rows,
///   each of them `signColumns` narrower for the wrap sign drawn before it.
///   A row breaks between grapheme clusters, never inside one, so a wide
///   character that does not fit goes to the next row whole; in word mode it
///   breaks after the last space or tab that fits, when there is one. A row
///   always takes at least one cluster, so it always moves on. Tabs count
///   from the start of their row, as fzf counts them.
/// - Without wrapping, each line is drawn by `DisplayLine`, cut with the
///   ellipsis and scrolled to its own last match (`--hscroll`,
///   `--keep-right`); frozen fields are found over the whole item and each
///   line keeps the parts that fall in it, as fzf does. Wrapped lines are
///   neither scrolled nor frozen (fzf's `hscroll && !wrap`).
///
/// Only the rows asked for are made (`maxRows`), and a row decodes at most
/// 64 bytes a column, so a huge item costs no more than what is shown.
enum ItemLines {
  /// What the rows are made for.
  struct Shape {
    /// The columns of a row's text (a continuation row has `signColumns` fewer).
    var width: Int
    var signColumns: Int
    var tabstop: Int
    var ellipsis: DisplaySegment
    var breaking: LineBreaking
    /// `--hscroll`, `--keep-right` (as the layout decided for the item),
    /// frozen fields and `--ambidouble`.
    var fit = LineFit()

    /// Whether lines wrap: not in a row with no column for text, where
    /// every character would take a row of its own that shows nothing.
    var wraps: Bool { breaking.wraps && width > 0 }
  }

  /// The rows of `item`, at most `maxRows` of them, and whether more follow.
  /// `matches` (byte offsets to highlight) and `styleBreaks` (where the
  /// item's own style changes, `--ansi`) are the item's, as for `DisplayLine`.
  static func rows(
    of item: UnsafeBufferPointer<UInt8>, matches: [Int], styleBreaks: [Int], shape: Shape, maxRows: Int
  ) -> (rows: [ItemRow], isCut: Bool) {
    var rows: [ItemRow] = []
    var isCut = false
    let middle =
      shape.fit.scrolls && !shape.wraps ? shape.fit.frozen.middle(of: DisplayLine.withoutTrailingCR(item)) : nil
    forEachLine(of: item, multiLine: shape.breaking.multiLine) { line in
      guard rows.count < maxRows else {
        isCut = true
        return false
      }
      if shape.wraps {
        let wrapped = WrappedLine(item: item, line: line, shape: shape)
        isCut = !wrapped.append(to: &rows, matches: matches, styleBreaks: styleBreaks, maxRows: maxRows)
        return !isCut
      }
      let text = UnsafeBufferPointer(rebasing: item[line])
      let segments = DisplayLine.segments(
        of: text, matches: matches.map { $0 - line.lowerBound }, width: shape.width, tabstop: shape.tabstop,
        styleBreaks: styleBreaks.map { $0 - line.lowerBound }, ellipsis: shape.ellipsis, fit: shape.fit,
        middle: middle.flatMap { frozenMiddle($0, of: line) })
      rows.append(ItemRow(segments: segments, isContinuation: false))
      return true
    }
    return (rows, isCut)
  }

  /// The part of `line` between its frozen parts, from `middle`, the
  /// item's: a left part that ends inside the line and a right part that
  /// starts in it (fzf's `splitOffsetLeft`, `splitOffsetRight`); nil when
  /// neither falls in this line.
  static func frozenMiddle(_ middle: Range<Int>, of line: Range<Int>) -> Range<Int>? {
    let left = middle.lowerBound > line.lowerBound && middle.lowerBound < line.upperBound
    let right = middle.upperBound >= line.lowerBound && middle.upperBound < line.upperBound
    guard left || right else { return nil }
    let lower = left ? middle.lowerBound - line.lowerBound : 0
    return lower..<(right ? middle.upperBound - line.lowerBound : line.count)
  }

  /// How many rows `item` takes, counting at most `maxRows` (nothing is
  /// drawn: this is what the list scrolls by).
  static func rowCount(of item: UnsafeBufferPointer<UInt8>, shape: Shape, maxRows: Int) -> Int {
    var count = 0
    forEachLine(of: item, multiLine: shape.breaking.multiLine) { line in
      guard count < maxRows else { return false }
      guard shape.wraps else {
        count += 1
        return true
      }
      count += WrappedLine(item: item, line: line, shape: shape).rowCount(maxRows: maxRows - count)
      return count < maxRows
    }
    return min(count, maxRows)
  }

  /// Calls `body` with each line's byte range (the whole item when not
  /// `multiLine`), newlines left out, until it returns false. Each range
  /// keeps its trailing CR: `DisplayLine` and `WrappedLine` leave out one.
  static func forEachLine(
    of item: UnsafeBufferPointer<UInt8>, multiLine: Bool, _ body: (Range<Int>) -> Bool
  ) {
    guard multiLine, let base = item.baseAddress else {
      _ = body(0..<item.count)
      return
    }
    var start = 0
    while true {
      let rest = item.count - start
      guard rest > 0, let found = memchr(base + start, 0x0A, rest) else {
        _ = body(start..<item.count)
        return
      }
      let end = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
      guard body(start..<end) else { return }
      start = end + 1
    }
  }
}
