/// Scrolling and paging by rows, while an item can take several of them
/// (`--wrap`, multi-line items), as fzf 0.74 does (its `constrain` and the
/// multi-line branch of its page actions):
///
/// - the cursor's item is always whole on screen, or starts at the top of
///   the list when it is taller than the list;
/// - the list shows as many matches as fit: near the end it scrolls back
///   while a whole item more fits above;
/// - a page moves the cursor item by item, up to a page of rows, and stops
///   before the list would scroll past the item at its far edge (so no item
///   is skipped without having been on screen).
///
/// `--gap` rows count between items, not after the last one.
extension PickerState {
  /// Sets `scroll` for the cursor (see the type's notes).
  mutating func scrollByRows(_ measure: RowMeasure) {
    guard matches.count > 0 else {
      scroll = 0
      return
    }
    let rows = rowsOfPosition(measure)
    // The lowest first item from which the cursor's item is whole; the
    // first item shown stays where it is when that is already so.
    var top = min(scroll, cursor)
    var used = rows(cursor)
    var lowest = cursor
    while lowest > top && used + measure.gap + rows(lowest - 1) <= listRows {
      lowest -= 1
      used += measure.gap + rows(lowest)
    }
    top = lowest
    // Fill the list: the rows from `top` to the end, counted up to a list of them.
    var below = 0
    var position = top
    while position < matches.count && below < listRows {
      below += (position > top ? measure.gap : 0) + rows(position)
      position += 1
    }
    while top > 0 && below + measure.gap + rows(top - 1) <= listRows {
      top -= 1
      below += measure.gap + rows(top)
    }
    scroll = keepingContext(top: top, gap: measure.gap, rows: rows)
  }

  /// `--scroll-off` over items of several rows: fzf's two passes
  /// (`PickerState.keepingContext`), counting each item's rows and gap,
  /// between the first item from which the cursor's item is still whole and
  /// the last from which the list is still full.
  private func keepingContext(top: Int, gap: Int, rows: (Int) -> Int) -> Int {
    guard configuration.scrollOff > 0, matches.count > 1 else { return top }
    var lowest = cursor
    var used = rows(cursor)
    while lowest > 0 && used + gap + rows(lowest - 1) <= listRows {
      lowest -= 1
      used += gap + rows(lowest)
    }
    var highest = matches.count - 1
    var tail = rows(highest)
    while highest > 0 && tail + gap + rows(highest - 1) <= listRows {
      highest -= 1
      tail += gap + rows(highest)
    }
    highest = max(min(highest, cursor), lowest)
    let cursor = cursor
    return Self.keepingContext(
      scroll: min(max(top, lowest), highest), range: lowest...highest, listRows: listRows,
      cursorRows: rows(cursor) + gap, scrollOff: configuration.scrollOff
    ) { first in (first..<cursor).reduce(0) { $0 + rows($1) + gap } }
  }

  /// Moves the cursor up to `steps` items in `direction` (1: to later
  /// matches), stopping before the first item shown would pass the item
  /// at the list's far edge (1) or the item a page of rows before the
  /// first (-1), as fzf.
  mutating func pageByRows(_ direction: Int, steps: Int, measure: RowMeasure) {
    let rows = rowsOfPosition(measure)
    var limit = scroll
    var sum = rows(scroll)
    if direction > 0 {
      while sum < listRows && limit + 1 < matches.count {
        limit += 1
        sum += measure.gap + rows(limit)
      }
    } else {
      while sum < listRows && limit > 0 {
        limit -= 1
        sum += measure.gap + rows(limit)
      }
      if sum > listRows && limit < scroll { limit += 1 }
    }
    for step in 0..<steps {
      let (before, beforeScroll) = (cursor, scroll)
      setCursor(cursor + direction)
      if cursor == before { break }
      if step > 0 && (direction > 0 ? scroll > limit : scroll < limit) {
        setCursor(before)
        scroll = beforeScroll
        break
      }
    }
  }

  /// The rows of the match at a position, each item measured once.
  private func rowsOfPosition(_ measure: RowMeasure) -> (Int) -> Int {
    let counts = RowCounts()
    let matches = matches
    return { position in counts.rows(of: matches.itemIndex(at: position), measure.rows) }
  }
}
