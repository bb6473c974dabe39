/// What a key does in the picker, named as fzf names its actions so that
/// `--bind` can name them too (`BindingParser` reads the names).
public enum PickerAction: Equatable, Sendable {
  case accept
  /// fzf's `accept-non-empty`: accept only when something would be printed.
  case acceptNonEmpty
  case abort
  /// fzf's `cancel`: clear the query, or abort when it is already empty.
  case cancel
  /// Ctrl-D: delete the character under the cursor, or abort on an empty query (fzf's `delete-char/eof`).
  case deleteCharOrAbort
  /// fzf's `backward-delete-char/eof`: delete backwards, or abort on an empty query.
  case backwardDeleteCharOrAbort
  case insert([Unicode.Scalar])
  case backwardChar, forwardChar, beginningOfLine, endOfLine, backwardWord, forwardWord
  case backwardDeleteChar, deleteChar
  case unixLineDiscard, unixWordRubout, killWord, backwardKillWord, killLine, yank
  case clearQuery
  /// `--history`: the query before or after this one (`QueryHistory`).
  case previousHistory, nextHistory
  /// `change-query(TEXT)`: the query becomes TEXT.
  case changeQuery([UInt8])
  /// `change-prompt(TEXT)`: the prompt becomes TEXT.
  case changePrompt([UInt8])
  /// `change-header(TEXT)`, `change-ghost(TEXT)`, ...: the target becomes TEXT
  /// (the query and the prompt have the two cases above).
  case change(ChangeTarget, [UInt8])
  /// `replace-query`: the query becomes the text of the item under the cursor.
  case replaceQuery
  /// `search(TEXT)`: match TEXT instead of the query, which stays as typed,
  /// until the query is edited.
  case search([UInt8])
  /// `change-multi` (nil: no limit) and `change-multi(N)` (0 turns multi-select off).
  case changeMulti(Int?)
  case up, down, pageUp, pageDown, halfPageUp, halfPageDown, first, last
  /// `pos(N)`: the N-th match, 1-based; negative counts from the end.
  case position(Int)
  /// Tab / Shift-Tab in multi mode: toggle the item under the cursor, then move.
  case toggleDown, toggleUp
  /// fzf's `toggle-in` / `toggle-out`: toggle, then move towards (away from) the prompt.
  case toggleIn, toggleOut
  case toggle, select, deselect
  /// `toggle-range` (Alt-R, Shift-click): the rows from the item last
  /// toggled to the cursor take that item's state (PickerState).
  case toggleRange
  /// Ctrl-A / Alt-A in multi mode (Docs/Design.md, Selecting).
  case selectAllOrNone
  case selectAll, deselectAll, toggleAll, clearMulti
  /// Ctrl-S in multi mode: show only the selected items (hidden ones too) and back.
  case toggleReview
  /// `--track`'s toggle, and following only the current item (PickerState+Tracking.swift).
  case trackCurrent, untrackCurrent, toggleTrack, toggleTrackCurrent
  /// Ctrl-L: draw everything again.
  case clearScreen
  /// fzf's `toggle-wrap`, `toggle-wrap-word` (Alt-/) and `toggle-multi-line`:
  /// how items are laid out over the rows (`LineBreaking`).
  case toggleWrap, toggleWrapWord, toggleMultiLine
  /// fzf's `enable-search`, `disable-search`, `toggle-search`: whether
  /// typing searches (`--disabled` starts with it off; `PickerState.frozenQuery`).
  case enableSearch, disableSearch, toggleSearch
  /// Ctrl-Z: stop like a shell job; redraw on return.
  case suspend
  case ignore
  /// `bell`: ring the terminal's bell.
  case bell
  /// `wait`: the actions after it wait until the matches answer the query on screen.
  case wait
  /// `print(TEXT)`: a line printed before the items when the picker accepts.
  case print([UInt8])
  /// `print-query`: end, printing the query only (status 0).
  case printQuery
  /// `accept-or-print-query`: accept, or `print-query` when nothing would be printed.
  case acceptOrPrintQuery
  /// `next-selected` / `prev-selected` (fzf's `down-selected` / `up-selected`):
  /// the cursor to the next selected item below (above) it on screen.
  case nextSelected, previousSelected
  /// `exclude`: the item under the cursor leaves the list for this session;
  /// `exclude-multi`: the selected items do (or the item under the cursor).
  case exclude, excludeMulti
  /// `trigger(KEYS)`: the actions bound to each key, in order (canonical key names).
  case trigger([String])
  /// `unbind(KEYS)`, `rebind(KEYS)`, `toggle-bind(KEYS)`: bindings off, back
  /// to what the options gave, or the one or the other.
  case unbind([String])
  case rebind([String])
  case toggleBind([String])
  /// `show-header`, `hide-header`, `toggle-header`: the `--header` text and header lines.
  case showHeader, hideHeader, toggleHeader

  // Child processes and the preview window: the session runs these (the
  // preview actions through PreviewRunner, execute and reload itself);
  // PickerState leaves them alone.
  /// `execute(CMD)`; `isSilent` for `execute-silent(CMD)`.
  case execute(command: String, isSilent: Bool)
  /// `become(CMD)`: replace pick with CMD.
  case become(String)
  /// `reload(CMD)`; `isSync` for `reload-sync(CMD)`.
  case reload(command: String, isSync: Bool)
  /// `preview(CMD)`.
  case preview(String)
  /// `transform-NAME(CMD)` (a target) and `transform(CMD)` (none: CMD prints
  /// actions); `isBackground` for the `bg-transform` forms.
  case transform(ChangeTarget?, command: String, isBackground: Bool)
  /// `bg-cancel`: the running `bg-transform` commands are ended and their output dropped.
  case cancelBackground
  case togglePreview, showPreview, hidePreview, refreshPreview
  case previewUp, previewDown, previewPageUp, previewPageDown
  case previewHalfPageUp, previewHalfPageDown, previewTop, previewBottom

  /// Whether the action works on the matches (moves, selections, accept), so
  /// a query typed just before it must be matched first: `5`, Tab, Enter in
  /// one read must toggle the `5`, not whatever was under the cursor before.
  public var needsCurrentMatches: Bool {
    switch self {
    case .up, .down, .pageUp, .pageDown, .halfPageUp, .halfPageDown, .first, .last, .position,
      .toggle,
      .select, .deselect, .toggleRange, .toggleDown, .toggleUp, .toggleIn, .toggleOut, .selectAllOrNone,
      .selectAll,
      .deselectAll, .toggleAll, .accept, .acceptNonEmpty, .execute, .reload, .become, .transform,
      .acceptOrPrintQuery, .replaceQuery, .nextSelected, .previousSelected, .exclude, .excludeMulti,
      .wait, .trackCurrent, .toggleTrackCurrent:
      return true
    default:
      return false
    }
  }

  /// fzf's name for the action (for messages and the binding table).
  public var name: String {
    switch self {
    case .accept: return "accept"
    case .acceptNonEmpty: return "accept-non-empty"
    case .abort: return "abort"
    case .cancel: return "cancel"
    case .deleteCharOrAbort: return "delete-char/eof"
    case .backwardDeleteCharOrAbort: return "backward-delete-char/eof"
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
    case .killLine: return "kill-line"
    case .yank: return "yank"
    case .clearQuery: return "clear-query"
    case .previousHistory: return "prev-history"
    case .nextHistory: return "next-history"
    case .changeQuery: return "change-query"
    case .changePrompt: return "change-prompt"
    case .change(let target, _): return "change-" + target.rawValue
    case .replaceQuery: return "replace-query"
    case .search: return "search"
    case .changeMulti: return "change-multi"
    case .bell: return "bell"
    case .wait: return "wait"
    case .print: return "print"
    case .printQuery: return "print-query"
    case .acceptOrPrintQuery: return "accept-or-print-query"
    case .nextSelected: return "next-selected"
    case .previousSelected: return "prev-selected"
    case .exclude: return "exclude"
    case .excludeMulti: return "exclude-multi"
    case .trigger: return "trigger"
    case .unbind: return "unbind"
    case .rebind: return "rebind"
    case .toggleBind: return "toggle-bind"
    case .showHeader: return "show-header"
    case .hideHeader: return "hide-header"
    case .toggleHeader: return "toggle-header"
    case .transform(let target, _, let isBackground):
      return (isBackground ? "bg-transform" : "transform") + (target.map { "-" + $0.rawValue } ?? "")
    case .cancelBackground: return "bg-cancel"
    case .up: return "up"
    case .down: return "down"
    case .pageUp: return "page-up"
    case .pageDown: return "page-down"
    case .halfPageUp: return "half-page-up"
    case .halfPageDown: return "half-page-down"
    case .first: return "first"
    case .last: return "last"
    case .position: return "pos"
    case .toggleDown: return "toggle+down"
    case .toggleUp: return "toggle+up"
    case .toggleIn: return "toggle-in"
    case .toggleOut: return "toggle-out"
    case .toggle: return "toggle"
    case .select: return "select"
    case .deselect: return "deselect"
    case .toggleRange: return "toggle-range"
    case .selectAllOrNone: return "select-all-or-none"
    case .selectAll: return "select-all"
    case .deselectAll: return "deselect-all"
    case .toggleAll: return "toggle-all"
    case .trackCurrent: return "track-current"
    case .untrackCurrent: return "untrack-current"
    case .toggleTrack: return "toggle-track"
    case .toggleTrackCurrent: return "toggle-track-current"
    case .clearMulti: return "clear-multi"
    case .toggleReview: return "toggle-review"
    case .clearScreen: return "clear-screen"
    case .toggleWrap: return "toggle-wrap"
    case .toggleWrapWord: return "toggle-wrap-word"
    case .toggleMultiLine: return "toggle-multi-line"
    case .enableSearch: return "enable-search"
    case .disableSearch: return "disable-search"
    case .toggleSearch: return "toggle-search"
    case .suspend: return "suspend"
    case .ignore: return "ignore"
    case .execute(_, let isSilent): return isSilent ? "execute-silent" : "execute"
    case .become: return "become"
    case .reload(_, let isSync): return isSync ? "reload-sync" : "reload"
    case .preview: return "preview"
    case .togglePreview: return "toggle-preview"
    case .showPreview: return "show-preview"
    case .hidePreview: return "hide-preview"
    case .refreshPreview: return "refresh-preview"
    case .previewUp: return "preview-up"
    case .previewDown: return "preview-down"
    case .previewPageUp: return "preview-page-up"
    case .previewPageDown: return "preview-page-down"
    case .previewHalfPageUp: return "preview-half-page-up"
    case .previewHalfPageDown: return "preview-half-page-down"
    case .previewTop: return "preview-top"
    case .previewBottom: return "preview-bottom"
    }
  }
}
