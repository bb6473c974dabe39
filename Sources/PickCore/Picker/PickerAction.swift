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
  case up, down, pageUp, pageDown, halfPageUp, halfPageDown, first, last
  /// `pos(N)`: the N-th match, 1-based; negative counts from the end.
  case position(Int)
  /// Tab / Shift-Tab in multi mode: toggle the item under the cursor, then move.
  case toggleDown, toggleUp
  /// fzf's `toggle-in` / `toggle-out`: toggle, then move towards (away from) the prompt.
  case toggleIn, toggleOut
  case toggle, select, deselect
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
  /// Ctrl-Z: stop like a shell job; redraw on return.
  case suspend
  case ignore

  // Child processes and the preview window: the session runs these (the
  // preview actions through PreviewRunner, execute and reload itself);
  // PickerState leaves them alone. `become` and `preview(CMD)` are parsed
  // but do nothing yet.
  /// `execute(CMD)`; `isSilent` for `execute-silent(CMD)`.
  case execute(command: String, isSilent: Bool)
  /// `become(CMD)`: replace pick with CMD.
  case become(String)
  /// `reload(CMD)`; `isSync` for `reload-sync(CMD)`.
  case reload(command: String, isSync: Bool)
  /// `preview(CMD)`.
  case preview(String)
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
      .select, .deselect, .toggleDown, .toggleUp, .toggleIn, .toggleOut, .selectAllOrNone,
      .selectAll,
      .deselectAll, .toggleAll, .accept, .acceptNonEmpty, .execute, .reload, .trackCurrent, .toggleTrackCurrent:
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
