/// `--track` and the track actions: the cursor follows its item when the
/// list changes under it, as in fzf 0.74.
///
/// Without tracking, a new query puts the cursor on the best match. With
/// `--track` (or `toggle-track`) every new list puts it back on the item it
/// was on, at the same row of the screen where it can, so one can narrow a
/// log down to look around a line and widen it again without losing it.
/// `track-current` does that for the item under the cursor only: it stops
/// as soon as the user moves the cursor to another item or that item stops
/// matching.
extension PickerState {
  /// Whether and what the cursor follows.
  public enum Tracking: Equatable, Sendable {
    case off
    /// `--track`, `toggle-track`: whatever item the cursor is on.
    case always
    /// `track-current`: this item, until the cursor leaves it.
    case item(Int)
  }

  /// Applies `track-current`, `untrack-current`, `toggle-track` or `toggle-track-current`.
  mutating func applyTracking(_ action: PickerAction) {
    switch action {
    case .toggleTrack: tracking = tracking == .always ? .off : .always
    case .trackCurrent:
      if tracking != .always, let item = currentItem { tracking = .item(item) }
    case .untrackCurrent:
      if case .item = tracking { tracking = .off }
    case .toggleTrackCurrent:
      if case .item = tracking {
        tracking = .off
      } else if tracking == .off, let item = currentItem {
        tracking = .item(item)
      }
    default: break
    }
  }

  /// After a new query's matches arrive: puts the cursor back on the item
  /// it was on, at the same row of the list, when tracking and that item
  /// still matches; when it does not, the cursor stays at its row (as in
  /// fzf) and `.item` tracking ends. Returns whether it was tracking.
  mutating func followTrackedItem(_ previous: Int?, row: Int) -> Bool {
    let followed: Int?
    switch tracking {
    case .off: return false
    case .always: followed = previous
    case .item(let item): followed = item
    }
    guard let item = followed, let position = matches.position(ofItem: item) else {
      if case .item = tracking { tracking = .off }
      scroll = 0
      setCursor(row)
      return true
    }
    scroll = max(position - row, 0)
    setCursor(position)
    return true
  }

  /// The cursor moved by the user's hand: `.item` tracking ends when it left its item.
  mutating func noteCursorMoved() {
    if case .item(let item) = tracking, currentItem != item { tracking = .off }
  }
}
