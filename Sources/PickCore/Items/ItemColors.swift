/// The colours `--ansi` found in the input: where the style changes, by
/// arena offset of the visible text, in one table for the whole store.
///
/// Each change is one 8-byte entry (the offset in the high 40 bits, a style
/// number in the low 24), appended in input order, so the table is sorted
/// and an item's runs are found by binary search at the item's start. Items
/// without colour cost nothing; a style carries over item boundaries as it
/// does on a terminal. Styles are numbered once each (`styles`).
///
/// Written by the store's writer (`ItemStore.commit`) and read by the
/// layout, on the same thread: search threads never read colours.
final class ItemColors {
  private static let styleBits = 24
  private static let styleMask: UInt64 = (1 << 24) - 1

  /// Every style seen, by number; 0 is `.plain`.
  private var styles: [Style] = [.plain]
  private var numbers: [Style: UInt32] = [.plain: 0]
  private var changes: [UInt64] = []

  /// The style is style number `number` from arena offset `offset` on.
  func record(style number: UInt32, at offset: Int) {
    let entry = UInt64(offset) << Self.styleBits | UInt64(number)
    if let last = changes.last, Int(last >> Self.styleBits) == offset {
      // Several sequences in a row: only the last one colours anything.
      changes.removeLast()
    }
    let previous = changes.last.map { $0 & Self.styleMask } ?? 0
    if previous != UInt64(number) { changes.append(entry) }
  }

  /// The style numbered `number`.
  func style(numbered number: UInt32) -> Style { styles[Int(number)] }

  /// The number of `style`, given it on first sight. Past sixteen million
  /// styles the rest are drawn plain.
  func number(of style: Style) -> UInt32 {
    if let known = numbers[style] { return known }
    guard styles.count <= Int(Self.styleMask) else { return 0 }
    let number = UInt32(styles.count)
    styles.append(style)
    numbers[style] = number
    return number
  }

  /// The style runs of the visible bytes `start..<end`, as offsets from `start`.
  func runs(from start: Int, to end: Int) -> [StyleRun] {
    guard !changes.isEmpty else { return [] }
    // The last change at or before `start`.
    var low = 0
    var high = changes.count
    while low < high {
      let middle = (low + high) / 2
      if Int(changes[middle] >> Self.styleBits) <= start { low = middle + 1 } else { high = middle }
    }
    var runs: [StyleRun] = []
    if low > 0 {
      let style = styles[Int(changes[low - 1] & Self.styleMask)]
      if style != .plain { runs.append(StyleRun(offset: 0, style: style)) }
    }
    var index = low
    while index < changes.count {
      let offset = Int(changes[index] >> Self.styleBits)
      guard offset < end else { break }
      runs.append(StyleRun(offset: offset - start, style: styles[Int(changes[index] & Self.styleMask)]))
      index += 1
    }
    return runs
  }
}

/// A run of an item drawn in the item's own style, from `offset` (bytes into
/// the item's visible text) to the next run or the item's end.
public struct StyleRun: Equatable, Sendable {
  public var offset: Int
  public var style: Style

  public init(offset: Int, style: Style) {
    self.offset = offset
    self.style = style
  }
}
