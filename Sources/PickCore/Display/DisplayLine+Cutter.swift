extension DisplayLine {
  /// Fits one part of a row (the whole row, or one side of `--freeze-left`
  /// / `--freeze-right`) into its columns: decodes what can be shown and
  /// applies the cutting rules (`window`). What is the same for every part
  /// of every row of a frame lives here.
  struct Cutter {
    let tabstop: Int
    /// `--ellipsis` (or `…`), measured.
    let ellipsis: DisplaySegment
    let ambiguous: AmbiguousWidth
    /// `--hscroll-off`.
    let context: Int

    /// The mark of a cut in `width` columns: the one given, else `…`, else
    /// nothing (a two-column `…` under `--ambidouble` in a one-column row).
    func mark(for width: Int) -> DisplaySegment {
      if ellipsis.columns <= width { return ellipsis }
      let columns = DisplayWidth.columns(of: "\u{2026}" as Unicode.Scalar, ambiguous: ambiguous)
      let standard = DisplaySegment(text: "\u{2026}", columns: columns, isMatch: false)
      return columns <= width ? standard : DisplaySegment(text: "", columns: 0, isMatch: false)
    }

    /// The segments of `text` in `width` columns: whole when it takes at
    /// most `fitWidth`, else cut to keep `keep` in view. `matches` and
    /// `styleBreaks` are offsets into `text` (ascending; those outside it
    /// say where the row's other parts matched). `tabOrigin`: the column
    /// `text` starts at, for tabs.
    func segments(
      of text: UnsafeBufferPointer<UInt8>, matches: [Int], styleBreaks: [Int], width: Int, fitWidth: Int, keep: Keep,
      tabOrigin: Int = 0
    ) -> [DisplaySegment] {
      guard width > 0, let base = text.baseAddress else { return [] }
      let end = text.count
      let lastInside = matches.last { $0 >= 0 && $0 < end }
      let isMatchedBeyond = (matches.last ?? -1) >= end
      var anchor = 0
      switch keep {
      case .start: anchor = 0
      case .end: anchor = end
      case .match: anchor = lastInside ?? (isMatchedBeyond ? end : 0)
      }
      // Decode only what can be shown; past that the item is "more".
      let reach = 64 * (min(width, 1 << 24) + 2)
      let scanStart = decodingStart(text, anchor: anchor, reach: reach)
      let scanEnd = decodingEnd(text, anchor: anchor, reach: reach)
      let decoded = Decoded(
        bytes: UnsafeBufferPointer(start: base + scanStart, count: scanEnd - scanStart), isCut: scanEnd < end,
        cutBefore: scanStart > 0, matches: matches.map { $0 - scanStart },
        styleBreaks: styleBreaks.map { $0 - scanStart },
        isMatchedBeyond: isMatchedBeyond)
      let request = Request(width: width, fitWidth: fitWidth, keep: keep, ellipsis: mark(for: width))
      if DisplayWidth.printableASCIICount(decoded.bytes) != nil {
        return asciiSegments(decoded, request)
      }
      return clusterSegments(decoded, request, tabOrigin: scanStart > 0 ? 0 : tabOrigin)
    }

    /// The bytes of a part that are decoded, and what is known around them.
    struct Decoded {
      var bytes: UnsafeBufferPointer<UInt8>
      /// More of the part follows `bytes`.
      var isCut: Bool
      /// Some of the part comes before `bytes` (so neither the whole part nor its head can be shown).
      var cutBefore: Bool
      /// Offsets into `bytes`, ascending; some may fall outside it.
      var matches: [Int]
      var styleBreaks: [Int]
      /// A later part of the row holds a match (the middle then scrolls to its end).
      var isMatchedBeyond: Bool
    }

    /// The columns a part has and what it keeps in view.
    struct Request {
      var width: Int
      var fitWidth: Int
      var keep: Keep
      var ellipsis: DisplaySegment
    }

    /// The general path: grapheme clusters with their widths.
    private func clusterSegments(_ decoded: Decoded, _ request: Request, tabOrigin: Int) -> [DisplaySegment] {
      var clusters = DisplayClusters(tabstop: tabstop, ambiguous: ambiguous, tabOrigin: tabOrigin)
      clusters.decode(decoded.bytes, end: decoded.bytes.count)
      // The last cluster may go on past the bytes decoded (a mark after it).
      if decoded.isCut { clusters.removeLast() }
      clusters.markMatches(decoded.matches)
      clusters.markRuns(decoded.styleBreaks)
      let count = clusters.all.count
      let lastEnd = clusters.all.lastIndex { $0.isMatch }.map { $0 + 1 } ?? (decoded.isMatchedBeyond ? count : 0)
      let startColumns = clusters.startColumns
      let window = window(decoded, request, count: count, lastEnd: lastEnd) { startColumns[$0] }
      var builder = DisplaySegmentBuilder()
      if window.hasLeadingEllipsis { builder.append(request.ellipsis) }
      for index in window.clusters { clusters.append(index, to: &builder) }
      builder.appendTail(of: window, ellipsis: request.ellipsis)
      return builder.segments
    }

    /// The fast path: every byte is a one-column cluster of its own.
    private func asciiSegments(_ decoded: Decoded, _ request: Request) -> [DisplaySegment] {
      let bytes = decoded.bytes
      // A mark after the last decoded byte could belong to it.
      let count = decoded.isCut ? bytes.count - 1 : bytes.count
      let lastMatch = decoded.matches.last { $0 >= 0 && $0 < count }
      let lastEnd = lastMatch.map { $0 + 1 } ?? (decoded.isMatchedBeyond ? count : 0)
      let window = window(decoded, request, count: count, lastEnd: lastEnd) { $0 }
      var builder = DisplaySegmentBuilder()
      if window.hasLeadingEllipsis { builder.append(request.ellipsis) }
      appendASCII(bytes, window.clusters, decoded, to: &builder)
      builder.appendTail(of: window, ellipsis: request.ellipsis)
      return builder.segments
    }

    /// Appends `bytes[range]`, one segment per run of the same highlighting and style.
    private func appendASCII(
      _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ decoded: Decoded,
      to builder: inout DisplaySegmentBuilder
    ) {
      var matchIndex = 0
      var run = 0
      var runStart = range.lowerBound
      var runKey = (isMatch: false, style: 0)
      for offset in range {
        while matchIndex < decoded.matches.count && decoded.matches[matchIndex] < offset { matchIndex += 1 }
        while run < decoded.styleBreaks.count && decoded.styleBreaks[run] <= offset { run += 1 }
        let key = (isMatch: matchIndex < decoded.matches.count && decoded.matches[matchIndex] == offset, style: run)
        if offset == runStart {
          runKey = key
        } else if key != runKey {
          builder.append(ascii: bytes, runStart..<offset, isMatch: runKey.isMatch, run: runKey.style)
          runStart = offset
          runKey = key
        }
      }
      if runStart < range.upperBound {
        builder.append(ascii: bytes, runStart..<range.upperBound, isMatch: runKey.isMatch, run: runKey.style)
      }
    }

    /// The cutting rules for this part.
    private func window(
      _ decoded: Decoded, _ request: Request, count: Int, lastEnd: Int, columnBefore: (Int) -> Int
    ) -> Window {
      DisplayLine.window(
        count: count, isCut: decoded.isCut, cutBefore: decoded.cutBefore, width: request.width,
        fitWidth: request.fitWidth, keep: request.keep, lastEnd: lastEnd, context: context,
        ellipsisColumns: request.ellipsis.columns, columnBefore: columnBefore)
    }
  }
}
