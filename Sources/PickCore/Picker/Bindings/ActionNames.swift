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
    "enable-search": [.enableSearch],
    "disable-search": [.disableSearch],
    "toggle-search": [.toggleSearch],
    "bell": [.bell],
    "print-query": [.printQuery],
    "accept-or-print-query": [.acceptOrPrintQuery],
    "replace-query": [.replaceQuery],
    "next-selected": [.nextSelected], "down-selected": [.nextSelected],
    "prev-selected": [.previousSelected], "up-selected": [.previousSelected],
    "exclude": [.exclude],
    "exclude-multi": [.excludeMulti],
    "change-multi": [.changeMulti(nil)],
    "bg-cancel": [.cancelBackground],
    "wait": [.wait],
    "show-header": [.showHeader],
    "hide-header": [.hideHeader],
    "toggle-header": [.toggleHeader],
    // pick's own.
    "select-all-or-none": [.selectAllOrNone],
    "toggle-review": [.toggleReview],
    "toggle-range": [.toggleRange],
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
        "footer-label", "header-lines", "header", "footer", "search", "with-nth", "nth", "pointer", "ghost",
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

  /// Builds the action for `name(argument)`; nil when pick does not have
  /// it. Throws when the argument cannot be right (a key list that names no
  /// key, a number that is not one), so that the binding is refused at once
  /// instead of doing nothing when the key is pressed.
  static func withArgument(_ name: String, _ argument: [UInt8]) throws(InvalidValue) -> PickerAction? {
    let text = String(decoding: argument, as: UTF8.self)
    switch name {
    case "execute", "execute-multi": return .execute(command: text, isSilent: false)
    case "execute-silent": return .execute(command: text, isSilent: true)
    case "become": return .become(text)
    case "reload": return .reload(command: text, isSync: false)
    case "reload-sync": return .reload(command: text, isSync: true)
    case "change-prompt": return .changePrompt(argument)
    case "change-query": return .changeQuery(argument)
    case "put": return .insert(Array(text.unicodeScalars))
    case "print": return .print(argument)
    case "search": return .search(argument)
    case "pos": return .position(try number(text, for: "position"))
    case "change-multi":
      let limit = try number(text, for: "multi-select limit")
      guard limit >= 0 else { throw InvalidValue("invalid multi-select limit: \(text)") }
      return .changeMulti(limit)
    case "trigger", "unbind", "rebind", "toggle-bind": return try keyAction(name, argument)
    case "transform": return .transform(nil, command: text, isBackground: false)
    case "bg-transform": return .transform(nil, command: text, isBackground: true)
    default: return targetAction(name, argument)
    }
  }

  /// `change-NAME(TEXT)`, `transform-NAME(CMD)`, `bg-transform-NAME(CMD)`
  /// for the targets pick has (`ChangeTarget`).
  private static func targetAction(_ name: String, _ argument: [UInt8]) -> PickerAction? {
    let text = String(decoding: argument, as: UTF8.self)
    for (prefix, isBackground) in [("bg-transform-", true), ("transform-", false)] where name.hasPrefix(prefix) {
      guard let target = ChangeTarget(rawValue: String(name.dropFirst(prefix.count))) else { return nil }
      return .transform(target, command: text, isBackground: isBackground)
    }
    guard name.hasPrefix("change-"), let target = ChangeTarget(rawValue: String(name.dropFirst(7))),
      target != .search
    else { return nil }
    return .change(target, argument)
  }

  /// `trigger(KEYS)`, `unbind(KEYS)`, `rebind(KEYS)`, `toggle-bind(KEYS)`:
  /// the keys are read as `--bind` reads them, and must name at least one.
  private static func keyAction(_ name: String, _ argument: [UInt8]) throws(InvalidValue) -> PickerAction {
    let keys = try BindingParser.keyNames(argument, emptyMessage: "\(name) target required")
    switch name {
    case "trigger": return .trigger(keys)
    case "unbind": return .unbind(keys)
    case "rebind": return .rebind(keys)
    default: return .toggleBind(keys)
    }
  }

  /// A whole number, spaces around it allowed.
  private static func number(_ text: String, for what: String) throws(InvalidValue) -> Int {
    guard let number = Int(text.trimmingSpaces) else { throw InvalidValue("invalid \(what): \(text)") }
    return number
  }

  /// Names `withArgument` masks (as fzf's parser does) that are not fzf
  /// actions at all: binding one is an unknown action, not a missing one.
  static let notFzfActions: Set<String> = ["change-search"]

  /// fzf 0.74 actions pick does not implement, so that binding one says so
  /// instead of calling it unknown.
  static let fzfOnly: Set<String> = [
    "backward-subword", "forward-subword", "kill-subword", "backward-kill-subword", "jump", "jump-accept",
    "toggle-input", "hide-input", "show-input",
    "toggle-hscroll", "toggle-raw", "enable-raw", "disable-raw",
    "close", "toggle-preview-wrap", "toggle-preview-wrap-word", "toggle-sort", "offset-up", "offset-down",
    "offset-middle",
    // Their argument forms: pick has no `--with-nth` or `--header-lines` to
    // change while it runs, no per-field search to change, and no command for
    // the preview pane other than `--preview`'s.
    "preview", "change-preview", "change-preview-window", "change-nth", "transform-nth", "bg-transform-nth",
    "change-with-nth", "transform-with-nth", "bg-transform-with-nth", "change-header-lines",
    "transform-header-lines", "bg-transform-header-lines",
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
