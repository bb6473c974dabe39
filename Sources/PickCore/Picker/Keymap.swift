/// Which actions each key (or mouse event) runs: fzf 0.74's default table,
/// by fzf's key names, except that in multi mode Ctrl-A and Alt-A run
/// `select-all-or-none` (Docs/Design.md, Selecting), Tab/Shift-Tab toggle, Ctrl-S reviews
/// the selection, Alt-R and Shift-click select a range (`toggle-range`) and
/// Alt-X clears the selection (`clear-multi`); in single mode Tab does nothing. `--bind` bindings
/// (`BindingParser`) replace a key's defaults.
///
/// Keys are looked up by their canonical name (`Key.name`, `KeyNames`).
/// Mouse events are named as fzf names them: `left-click` (the click itself
/// moves the cursor; nothing more by default), `right-click` and the shifted
/// clicks toggle, the wheel moves, and `double-click`, unless bound, does
/// what Enter does.
public struct Keymap: Sendable {
  public private(set) var bindings: [String: [PickerAction]]

  /// fzf's table; with `history` (`--history`), Ctrl-P and Ctrl-N walk the
  /// query history instead of moving the cursor, as in fzf.
  public init(isMulti: Bool, history: Bool = false, custom: BindingParser.Table = [:]) {
    var table: [String: [PickerAction]] = [
      "ctrl-a": [.beginningOfLine], "home": [.beginningOfLine],
      "ctrl-e": [.endOfLine], "end": [.endOfLine],
      "ctrl-b": [.backwardChar], "left": [.backwardChar],
      "ctrl-f": [.forwardChar], "right": [.forwardChar],
      "alt-b": [.backwardWord], "shift-left": [.backwardWord], "alt-left": [.backwardWord],
      "alt-f": [.forwardWord], "shift-right": [.forwardWord], "alt-right": [.forwardWord],
      // 0x08 is Ctrl-H, which fzf names ctrl-bspace on Unix; both delete backwards.
      "ctrl-bspace": [.backwardDeleteChar], "bspace": [.backwardDeleteChar],
      "del": [.deleteChar], "ctrl-d": [.deleteCharOrAbort],
      "ctrl-u": [.unixLineDiscard], "ctrl-w": [.unixWordRubout],
      "alt-d": [.killWord], "alt-bspace": [.backwardKillWord], "ctrl-y": [.yank],
      // fzf 0.74 binds Ctrl-P/Ctrl-N and Alt-Up/Alt-Down to up-match/down-match,
      // which are up/down without its raw mode.
      "up": [.up], "ctrl-k": [.up], "ctrl-p": [.up], "alt-up": [.up],
      "down": [.down], "ctrl-j": [.down], "ctrl-n": [.down], "alt-down": [.down],
      "shift-up": [.previewUp], "shift-down": [.previewDown],
      "pgup": [.pageUp], "pgdn": [.pageDown],
      "enter": [.accept],
      "esc": [.abort], "ctrl-c": [.abort], "ctrl-g": [.abort], "ctrl-q": [.abort],
      "ctrl-l": [.clearScreen], "ctrl-z": [.suspend],
      "right-click": [.toggle], "shift-left-click": [.toggle], "shift-right-click": [.toggle],
      "scroll-up": [.up], "scroll-down": [.down],
      "shift-scroll-up": [.toggle, .up], "shift-scroll-down": [.toggle, .down],
      "preview-scroll-up": [.previewUp], "preview-scroll-down": [.previewDown],
      // fzf has no default key for toggle-preview; Ctrl-/ is the one its documentation suggests.
      "ctrl-/": [.togglePreview], "alt-p": [.togglePreview],
      // fzf binds Ctrl-/ and Alt-/ to toggle-wrap-word; Ctrl-/ is pick's toggle-preview.
      "alt-/": [.toggleWrapWord],
    ]
    if isMulti {
      table["ctrl-a"] = [.selectAllOrNone]
      table["alt-a"] = [.selectAllOrNone]
      table["tab"] = [.toggleDown]
      table["shift-tab"] = [.toggleUp]
      table["ctrl-s"] = [.toggleReview]
      // Keys fzf leaves unbound (it binds no Alt letter but B, F and D):
      // Docs/fzf-compatibility.md, Keys.
      table["alt-r"] = [.toggleRange]
      table["alt-x"] = [.clearMulti]
      // fzf toggles on a Shift-click; pick extends the range (without one, the same toggle).
      table["shift-left-click"] = [.toggleRange]
    }
    if history {
      table["ctrl-p"] = [.previousHistory]
      table["ctrl-n"] = [.nextHistory]
    }
    table.merge(custom) { _, new in new }
    // As fzf: an unbound double-click does whatever Enter does.
    if custom["double-click"] == nil { table["double-click"] = table["enter"] }
    bindings = table
  }

  /// The hint of the multi-select keys on the info line until the first
  /// key: each of Tab, Ctrl-A, Ctrl-S, Enter and Esc that still runs its
  /// default action (a key `--bind` gave another job is not advertised).
  public var multiSelectHint: [String] {
    let keys: [(name: String, label: String, actions: [PickerAction], word: String)] = [
      ("tab", "Tab", [.toggleDown], "select"), ("ctrl-a", "Ctrl-A", [.selectAllOrNone], "all"),
      ("ctrl-s", "Ctrl-S", [.toggleReview], "review"), ("enter", "Enter", [.accept], "accept"),
      ("esc", "Esc", [.abort], "cancel"),
    ]
    return keys.filter { bindings[$0.name] == $0.actions }.map { "\($0.label) \($0.word)" }
  }

  /// The actions for `key`: its binding, or typing it when it is a plain character.
  public func actions(for key: Key) -> [PickerAction] {
    if let bound = bindings[key.name] { return bound }
    if case .character(let scalar) = key.code, !key.alt, !key.ctrl { return [.insert([scalar])] }
    return []
  }

  /// The actions bound to a mouse event (`left-click`, `double-click`, ...).
  public func actions(for trigger: MouseTrigger) -> [PickerAction] {
    bindings[trigger.rawValue] ?? []
  }

  /// The actions bound to an event; nil when it is not bound (fzf does
  /// some work, such as the `load` bookkeeping, only for bound events).
  public func actions(for event: BindingEvent) -> [PickerAction]? {
    bindings[event.tableKey]
  }

  /// The intervals of the `every(N)` events bound, in milliseconds, shortest first.
  public var everyIntervals: [Int] {
    bindings.keys.compactMap { key -> Int? in
      guard case .every(let milliseconds) = BindingEvent(tableKey: key) else { return nil }
      return milliseconds
    }.sorted()
  }

  /// `unbind(KEYS)`: the keys do nothing (a plain character types itself again).
  public mutating func unbind(_ keys: [String]) {
    for key in keys { bindings[key] = nil }
  }

  /// `rebind(KEYS)`: the keys get back what `original` (the table the
  /// options made) binds them to.
  public mutating func rebind(_ keys: [String], from original: Keymap) {
    for key in keys where original.bindings[key] != nil { bindings[key] = original.bindings[key] }
  }

  /// `toggle-bind(KEYS)`: each bound key is unbound, each unbound one rebound.
  public mutating func toggleBinding(_ keys: [String], from original: Keymap) {
    for key in keys {
      if bindings[key] != nil { bindings[key] = nil } else { bindings[key] = original.bindings[key] }
    }
  }
}
