/// What a key does in the picker, named as fzf names its actions so that
/// `--bind` (a later issue) can name them too.
public enum PickerAction: Equatable, Sendable {
  case accept
  case abort
  /// Ctrl-D: delete the character under the cursor, or abort on an empty query (fzf's `delete-char/eof`).
  case deleteCharOrAbort
  case insert([Unicode.Scalar])
  case backwardChar, forwardChar, beginningOfLine, endOfLine, backwardWord, forwardWord
  case backwardDeleteChar, deleteChar
  case unixLineDiscard, unixWordRubout, killWord, backwardKillWord, yank
  case up, down, pageUp, pageDown, first, last
  /// Tab / Shift-Tab in multi mode: toggle the item under the cursor, then move.
  case toggleDown, toggleUp
  case toggle
  /// Ctrl-A / Alt-A in multi mode (DECISIONS: select-all-or-none).
  case selectAllOrNone
  case selectAll, deselectAll, toggleAll, clearMulti
  /// Ctrl-S in multi mode: show only the selected items (hidden ones too) and back.
  case toggleReview
  /// Ctrl-L: draw everything again.
  case clearScreen
  /// Ctrl-Z: stop like a shell job; redraw on return.
  case suspend
  case ignore

  /// Whether the action works on the matches (moves, selections, accept), so
  /// a query typed just before it must be matched first: `5`, Tab, Enter in
  /// one read must toggle the `5`, not whatever was under the cursor before.
  public var needsCurrentMatches: Bool {
    switch self {
    case .up, .down, .pageUp, .pageDown, .first, .last, .toggle, .toggleDown, .toggleUp, .selectAllOrNone,
      .selectAll, .deselectAll, .toggleAll, .accept:
      return true
    default:
      return false
    }
  }

  /// fzf's name for the action (for messages and, later, `--bind`).
  public var name: String {
    switch self {
    case .accept: return "accept"
    case .abort: return "abort"
    case .deleteCharOrAbort: return "delete-char/eof"
    case .insert: return "put"
    case .backwardChar: return "backward-char"
    case .forwardChar: return "forward-char"
    case .beginningOfLine: return "beginning-of-line"
    case .endOfLine: return "end-of-line"
    case .backwardWord: return "backward-word"
    case .forwardWord: return "forward-word"
    case .backwardDeleteChar: return "backward-delete-char"
    case .deleteChar: return "delete-char"
    case .unixLineDiscard: return "unix-line-discard"
    case .unixWordRubout: return "unix-word-rubout"
    case .killWord: return "kill-word"
    case .backwardKillWord: return "backward-kill-word"
    case .yank: return "yank"
    case .up: return "up"
    case .down: return "down"
    case .pageUp: return "page-up"
    case .pageDown: return "page-down"
    case .first: return "first"
    case .last: return "last"
    case .toggleDown: return "toggle+down"
    case .toggleUp: return "toggle+up"
    case .toggle: return "toggle"
    case .selectAllOrNone: return "select-all-or-none"
    case .selectAll: return "select-all"
    case .deselectAll: return "deselect-all"
    case .toggleAll: return "toggle-all"
    case .clearMulti: return "clear-multi"
    case .toggleReview: return "toggle-review"
    case .clearScreen: return "clear-screen"
    case .suspend: return "suspend"
    case .ignore: return "ignore"
    }
  }
}
