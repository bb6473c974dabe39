/// Turns mouse reports into what they mean on pick's screen: which row was
/// hit (by the roles the layout gave the frame's rows) and which of fzf's
/// mouse events it is.
///
/// - A left click on an item puts the cursor there (`left-click`, bound to
///   nothing more by default); a second left click on the same row within
///   500 ms is a `double-click` (by default what Enter does).
/// - A right click (and a Shift-click, where the terminal reports one rather
///   than selecting text itself) puts the cursor on the item and runs
///   `right-click` / `shift-left-click` (by default `toggle`).
/// - A left click on the select-all row runs `select-all-or-none`; on the
///   prompt row it moves the text cursor there, as in fzf; on the header or
///   the footer it raises `click-header` / `click-footer`.
/// - The wheel anywhere on pick's area is `scroll-up` / `scroll-down`
///   (`up` / `down`; with Shift, toggle and move).
///
/// Releases, drags and other buttons mean nothing. Time comes from the
/// caller (monotonic milliseconds), so tests decide what is "quick".
public struct MouseHandler: Sendable {
  /// What a mouse report asks the picker to do.
  public enum Command: Equatable, Sendable {
    /// Run the trigger's bindings, after putting the cursor on `item` (an
    /// item ordinal) when there is one.
    case trigger(MouseTrigger, item: Int?)
    /// The select-all row was clicked.
    case selectAllOrNone
    /// The prompt row was clicked at this column (0-based): the text cursor
    /// goes there (`PickerLayout.queryPosition(atColumn:in:)`).
    case placeTextCursor(column: Int)
    /// A left click on the header (`click-header`) or the footer
    /// (`click-footer`), on this line of it (1-based, from its top row on screen).
    case clickSection(BindingEvent, line: Int)
  }

  /// Two left clicks on one row closer together than this are a double-click.
  public static let doubleClickMilliseconds = 500

  /// The frame row and time of the last left click on an item.
  private var lastClick: (row: Int, time: Int)? = nil

  public init() {}

  /// What `event` means on a frame whose first row is terminal row `origin`
  /// (1-based) and whose rows hold `roles`; nil when it means nothing.
  public mutating func command(
    for event: MouseEvent, roles: [PickerLayout.RowRole], origin: Int, now: Int
  ) -> Command? {
    let row = event.row - origin
    guard event.isPress, !event.isDrag, row >= 0, row < roles.count else { return nil }
    switch event.button {
    case .wheelUp:
      return .trigger(event.shift ? .shiftScrollUp : .scrollUp, item: nil)
    case .wheelDown:
      return .trigger(event.shift ? .shiftScrollDown : .scrollDown, item: nil)
    case .left:
      switch roles[row] {
      case .item(let item):
        if let last = lastClick, last.row == row, now - last.time < Self.doubleClickMilliseconds {
          lastClick = nil
          return .trigger(.doubleClick, item: item)
        }
        lastClick = (row, now)
        return .trigger(event.shift ? .shiftLeftClick : .leftClick, item: item)
      case .selectAll:
        lastClick = nil
        return .selectAllOrNone
      case .prompt:
        lastClick = nil
        return .placeTextCursor(column: event.column - 1)
      case .header, .footer:
        lastClick = nil
        let above = roles[..<row].reversed().prefix { $0 == roles[row] }.count
        return .clickSection(roles[row] == .header ? .clickHeader : .clickFooter, line: above + 1)
      default:
        lastClick = nil
        return nil
      }
    case .right:
      lastClick = nil
      guard case .item(let item) = roles[row] else { return nil }
      return .trigger(event.shift ? .shiftRightClick : .rightClick, item: item)
    default:
      return nil
    }
  }
}
