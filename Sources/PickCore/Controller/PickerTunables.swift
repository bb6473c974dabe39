/// The picker's timings, in one place (as fzy's `config.def.h` and fzf's
/// `constants.go` keep theirs). All are milliseconds of the monotonic clock
/// that the session passes in; the controller never reads a clock itself.
public enum PickerTunables {
  /// While items stream in, the query is matched again at most this often:
  /// often enough that the count and the list follow the input, rarely
  /// enough that a search over a million items is not started and abandoned
  /// over and over. A changed query is matched at once.
  public static let rerankInterval = 50
  /// The spinner on the info line turns once per this interval while input
  /// is open; the loop wakes this often to draw it.
  public static let spinnerInterval = 100
  /// Inline mode (`--height`) asks the terminal where its cursor is and
  /// waits this long for the answer before drawing (then assumes the area
  /// ends at the bottom of the screen). Keys typed meanwhile are kept.
  public static let cursorReportWait = 500
  /// How long the session waits, when a command that produced the items
  /// ends, for its exit status, to say why nothing came.
  public static let commandStatusWait = 100
  /// Two left clicks on one row closer together than this are a double-click.
  public static let doubleClick = 500
  /// A preview command starts this long after the cursor stops on an item,
  /// so that holding Down does not start a process per row.
  public static let previewDebounce = 30
  /// The previous preview stays on screen this long while the next command
  /// has printed nothing, so a fast preview does not flash an empty pane.
  public static let previewClearAfter = 150
  /// A whole-list action (select-all, toggle-all, clear-multi) that
  /// changes more items than this says how many on the info line: pick
  /// asks nothing before choosing a million items, so it says what it did.
  public static let largeSelection = 10_000
}
