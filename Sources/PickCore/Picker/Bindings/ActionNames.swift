/// The action names `--bind` accepts, as fzf 0.74 spells them (names are
/// case-insensitive, as in fzf), and the fzf actions pick does not have.
enum ActionNames {
  /// Actions without an argument, by name. Aliases are fzf's own
  /// (`clear-selection`, `line-discard`, `top`, ...). fzf's `up-match` and
  /// `down-match` differ from `up`/`down` only in its raw mode, which pick
  /// does not have; `best` is `first` for the same reason.
  static let simple: [String: [PickerAction]] = [
    "ignore": [.ignore],
    "accept": [.accept],
    "accept-non-empty": [.acceptNonEmpty],
    "abort": [.abort],
    "cancel": [.cancel],
    "beginning-of-line": [.beginningOfLine],
    "end-of-line": [.endOfLine],
    "backward-char": [.backwardChar],
    "forward-char": [.forwardChar],
    "backward-word": [.backwardWord],
    "forward-word": [.forwardWord],
    "backward-delete-char": [.backwardDeleteChar],
    "backward-delete-char/eof": [.backwardDeleteCharOrAbort],
    "delete-char": [.deleteChar],
    "delete-char/eof": [.deleteCharOrAbort],
    "unix-line-discard": [.unixLineDiscard], "line-discard": [.unixLineDiscard],
    "unix-word-rubout": [.unixWordRubout], "word-rubout": [.unixWordRubout],
    "kill-word": [.killWord],
    "backward-kill-word": [.backwardKillWord],
    "kill-line": [.killLine],
    "yank": [.yank],
    "clear-query": [.clearQuery],
    "prev-history": [.previousHistory], "previous-history": [.previousHistory],
    "next-history": [.nextHistory],
    "clear-screen": [.clearScreen],
    "up": [.up], "up-match": [.up],
    "down": [.down], "down-match": [.down],
    "page-up": [.pageUp],
    "page-down": [.pageDown],
    "half-page-up": [.halfPageUp],
    "half-page-down": [.halfPageDown],
    "first": [.first], "top": [.first], "best": [.first],
    "last": [.last],
    "toggle": [.toggle],
    "toggle-down": [.toggle, .down],
    "toggle-up": [.toggle, .up],
    "toggle-in": [.toggleIn],
    "toggle-out": [.toggleOut],
    "select": [.select],
    "deselect": [.deselect],
    "select-all": [.selectAll],
    "deselect-all": [.deselectAll],
    "toggle-all": [.toggleAll],
    "track-current": [.trackCurrent], "track": [.trackCurrent],
    "untrack-current": [.untrackCurrent],
    "toggle-track": [.toggleTrack],
    "toggle-track-current": [.toggleTrackCurrent],
    "clear-multi": [.clearMulti], "clear-selection": [.clearMulti],
    "toggle-preview": [.togglePreview],
    "show-preview": [.showPreview],
    "hide-preview": [.hidePreview],
    "refresh-preview": [.refreshPreview],
    "preview-up": [.previewUp],
    "preview-down": [.previewDown],
    "preview-page-up": [.previewPageUp],
    "preview-page-down": [.previewPageDown],
    "preview-half-page-up": [.previewHalfPageUp],
    "preview-half-page-down": [.previewHalfPageDown],
    "preview-top": [.previewTop],
    "preview-bottom": [.previewBottom],
    "toggle-wrap": [.toggleWrap],
    "toggle-wrap-word": [.toggleWrapWord],
    "toggle-multi-line": [.toggleMultiLine],
    // pick's own.
    "select-all-or-none": [.selectAllOrNone],
    "toggle-review": [.toggleReview],
    "suspend": [.suspend],
  ]

  /// Names of the actions that take an argument (`NAME(...)`, `NAME[...]`,
  /// `NAME:rest`), as fzf's parser recognises them, in the order it tries
  /// them: the first that matches at a position wins, so `change-preview`
  /// comes after `change-preview-window` and `execute` before `execute-silent`
  /// is handled by trying the longer forms first.
  static let withArgument: [String] = {
    var names = [
      "become", "execute-multi", "execute-silent", "execute", "reload-sync", "reload", "preview",
    ]
    for prefix in ["change", "bg-transform", "transform"] {
      for suffix in [
        "query", "prompt", "border-label", "list-label", "preview-label", "input-label",
        "header-label",
        "footer-label", "header", "footer", "search", "nth", "pointer", "ghost",
      ] {
        names.append(prefix + "-" + suffix)
      }
    }
    names += [
      "bg-transform", "transform", "change-preview-window", "change-preview", "change-multi",
      "rebind", "unbind",
      "toggle-bind", "pos", "put", "print", "search", "trigger",
    ]
    // Longer names first, so that a name is never taken for its own prefix
    // (fzf's regular expression gets the same effect by backtracking).
    return names.sorted { $0.count > $1.count }
  }()

  /// Builds the action for `name(argument)`; nil when pick does not have it.
  static func withArgument(_ name: String, _ argument: String) -> PickerAction? {
    switch name {
    case "execute", "execute-multi": return .execute(command: argument, isSilent: false)
    case "execute-silent": return .execute(command: argument, isSilent: true)
    case "become": return .become(argument)
    case "reload": return .reload(command: argument, isSync: false)
    case "reload-sync": return .reload(command: argument, isSync: true)
    case "preview": return .preview(argument)
    case "change-prompt": return .changePrompt(Array(argument.utf8))
    case "change-query": return .changeQuery(Array(argument.utf8))
    case "put": return .insert(Array(argument.unicodeScalars))
    case "pos":
      guard let number = Int(argument.trimmingSpaces) else { return nil }
      return .position(number)
    default: return nil
    }
  }

  /// fzf 0.74 actions pick does not implement, so that binding one says so
  /// instead of calling it unknown.
  static let fzfOnly: Set<String> = [
    "accept-or-print-query", "print-query", "replace-query", "backward-subword", "forward-subword",
    "kill-subword", "backward-kill-subword", "jump", "jump-accept", "toggle-search",
    "toggle-input", "hide-input", "show-input", "toggle-header",
    "toggle-hscroll", "toggle-raw", "enable-raw",
    "disable-raw",
    "show-header", "hide-header", "close",
    "up-selected", "prev-selected", "down-selected",
    "next-selected",
    "toggle-preview-wrap", "toggle-preview-wrap-word", "toggle-sort", "offset-up", "offset-down",
    "offset-middle", "enable-search", "disable-search", "bell", "exclude", "exclude-multi",
    "bg-cancel",
    "change-multi", "wait",
  ]
}

extension String {
  /// The string without leading and trailing spaces.
  var trimmingSpaces: Substring {
    var slice = self[...]
    while slice.first == " " { slice = slice.dropFirst() }
    while slice.last == " " { slice = slice.dropLast() }
    return slice
  }
}
