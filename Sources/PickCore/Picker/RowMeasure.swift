/// How many rows each item takes in the list while an item can take more
/// than one (`LineBreaking.spansRows`): what the state scrolls and pages by.
///
/// The layout makes it for the list's width and rows
/// (`PickerLayout.rowMeasure(for:store:)`) and the controller hands it to
/// the state with the list's height, once per turn of the loop, so a
/// measure never outlives the width, the items or the way they are laid out.
/// It reads the store and remembers what it measured: it is used only on the
/// thread that owns the controller, hence `@unchecked Sendable`.
public struct RowMeasure: @unchecked Sendable {
  /// Blank rows between two items (`--gap`).
  public var gap: Int
  /// The rows of an item (by ordinal): at least 1, at most the list's rows.
  public var rows: (Int) -> Int

  public init(gap: Int, rows: @escaping (Int) -> Int) {
    self.gap = max(gap, 0)
    self.rows = rows
  }
}

/// The row counts a `RowMeasure` has worked out, so that scrolling and
/// paging measure each item once per turn of the loop.
final class RowCounts {
  private var counts: [Int: Int] = [:]

  func rows(of item: Int, _ measure: (Int) -> Int) -> Int {
    if let rows = counts[item] { return rows }
    let rows = measure(item)
    counts[item] = rows
    return rows
  }
}
