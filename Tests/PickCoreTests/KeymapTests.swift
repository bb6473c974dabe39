import Testing

@testable import PickCore

// Keys in, state out: the default table, `--bind` bindings over it, and fzf's
// key names checked against what the decoder makes of the bytes a terminal sends.

// MARK: Key names and the decoder

private let esc: [UInt8] = [0x1B]

/// A spelling `--bind` accepts and bytes an xterm-like terminal sends for that key.
struct KeySpelling: Sendable, CustomTestStringConvertible {
  let spellings: [String]
  let bytes: [UInt8]
  init(_ spellings: String..., bytes: [UInt8]) { (self.spellings, self.bytes) = (spellings, bytes) }
  init(_ spellings: String..., text: String) {
    (self.spellings, self.bytes) = (spellings, Array(text.utf8))
  }
  var testDescription: String { spellings.joined(separator: " / ") }
}

@Test(arguments: [
  KeySpelling("ctrl-a", "CTRL-A", bytes: [0x01]),
  KeySpelling("ctrl-z", bytes: [0x1A]),
  KeySpelling("ctrl-j", bytes: [0x0A]),
  KeySpelling("ctrl-space", bytes: [0x00]),
  KeySpelling("ctrl-\\", bytes: [0x1C]),
  KeySpelling("ctrl-]", bytes: [0x1D]),
  KeySpelling("ctrl-^", "ctrl-6", bytes: [0x1E]),
  KeySpelling("ctrl-/", "ctrl-_", bytes: [0x1F]),
  KeySpelling("ctrl-h", "ctrl-bspace", "ctrl-bs", "ctrl-backspace", bytes: [0x08]),
  KeySpelling("bspace", "bs", "backspace", bytes: [0x7F]),
  KeySpelling("enter", "return", "ctrl-m", "Enter", bytes: [0x0D]),
  KeySpelling("tab", "ctrl-i", bytes: [0x09]),
  KeySpelling("shift-tab", "btab", bytes: esc + Array("[Z".utf8)),
  KeySpelling("esc", bytes: esc),
  KeySpelling("space", " ", text: " "),
  KeySpelling("a", text: "a"),
  KeySpelling("A", text: "A"),
  KeySpelling("é", text: "é"),
  KeySpelling(":", text: ":"),
  KeySpelling("alt-a", "ALT-a", bytes: esc + Array("a".utf8)),
  KeySpelling("alt-A", bytes: esc + Array("A".utf8)),
  KeySpelling("alt-,", bytes: esc + Array(",".utf8)),
  KeySpelling("alt-space", "alt- ", bytes: esc + Array(" ".utf8)),
  KeySpelling("alt-enter", "alt-return", "ctrl-alt-m", bytes: esc + [0x0D]),
  KeySpelling("alt-bspace", "alt-bs", "alt-backspace", bytes: esc + [0x7F]),
  KeySpelling("ctrl-alt-a", bytes: esc + [0x01]),
  KeySpelling("ctrl-alt-h", "ctrl-alt-bspace", "ctrl-alt-bs", bytes: esc + [0x08]),
  KeySpelling("ctrl-alt-i", bytes: esc + [0x09]),
  KeySpelling("f1", "F1", bytes: esc + Array("OP".utf8)),
  KeySpelling("f5", bytes: esc + Array("[15~".utf8)),
  KeySpelling("f12", bytes: esc + Array("[24~".utf8)),
  KeySpelling("up", bytes: esc + Array("[A".utf8)),
  KeySpelling("down", bytes: esc + Array("OB".utf8)),
  KeySpelling("left", bytes: esc + Array("[D".utf8)),
  KeySpelling("right", bytes: esc + Array("[C".utf8)),
  KeySpelling("alt-up", bytes: esc + Array("[1;3A".utf8)),
  KeySpelling("shift-up", bytes: esc + Array("[1;2A".utf8)),
  KeySpelling("ctrl-up", bytes: esc + Array("[1;5A".utf8)),
  KeySpelling("alt-shift-up", "shift-alt-up", bytes: esc + Array("[1;4A".utf8)),
  KeySpelling("ctrl-shift-left", "shift-ctrl-left", bytes: esc + Array("[1;6D".utf8)),
  KeySpelling("ctrl-alt-right", "alt-ctrl-right", bytes: esc + Array("[1;7C".utf8)),
  KeySpelling("ctrl-alt-shift-down", bytes: esc + Array("[1;8B".utf8)),
  KeySpelling("home", bytes: esc + Array("[H".utf8)),
  KeySpelling("end", bytes: esc + Array("[4~".utf8)),
  KeySpelling("shift-home", bytes: esc + Array("[1;2H".utf8)),
  KeySpelling("ctrl-end", bytes: esc + Array("[1;5F".utf8)),
  KeySpelling("insert", bytes: esc + Array("[2~".utf8)),
  KeySpelling("del", "delete", bytes: esc + Array("[3~".utf8)),
  KeySpelling("ctrl-delete", bytes: esc + Array("[3;5~".utf8)),
  KeySpelling("shift-delete", bytes: esc + Array("[3;2~".utf8)),
  KeySpelling("alt-delete", bytes: esc + Array("[3;3~".utf8)),
  KeySpelling("pgup", "page-up", bytes: esc + Array("[5~".utf8)),
  KeySpelling("pgdn", "page-down", bytes: esc + Array("[6~".utf8)),
  KeySpelling("shift-page-up", bytes: esc + Array("[5;2~".utf8)),
  KeySpelling("alt-page-down", bytes: esc + Array("[6;3~".utf8)),
  KeySpelling("ctrl-alt-shift-page-up", bytes: esc + Array("[5;8~".utf8)),
])
func `every spelling of a key names what the decoder makes of its bytes`(row: KeySpelling) {
  var decoder = KeyDecoder()
  var events = decoder.feed(row.bytes)
  if decoder.isWaiting { events += decoder.timedOut() }
  guard events.count == 1, case .key(let key) = events[0] else {
    Issue.record("\(row.bytes) decoded to \(events)")
    return
  }
  for spelling in row.spellings {
    #expect(KeyNames.canonical(spelling) == key.name, "\(spelling)")
  }
}

@Test func `mouse event names are their own canonical names`() {
  for trigger in MouseTrigger.allCases {
    #expect(KeyNames.canonical(trigger.rawValue) == trigger.rawValue)
    #expect(KeyNames.canonical(trigger.rawValue.uppercased()) == trigger.rawValue)
  }
}

// MARK: Bindings over the defaults

/// A picker over `items` with `--bind` values applied (the real controller),
/// keys given as the bytes a terminal sends.
private struct Bound {
  var picker: PickerHarness
  let keymap: Keymap

  init(
    _ items: [String], multi: Bool = false, bind: [String] = [], layout: Options.Layout = .reverse
  ) throws {
    var arguments = bind.map { "--bind=" + $0 }
    if multi { arguments.append("-m") }
    arguments.append("--layout=\(layout.rawValue)")
    let options = try OptionParser.parse(arguments: arguments.map { Array($0.utf8) })
    picker = try PickerHarness(items) { $0 = options }
    keymap = Keymap(isMulti: multi, custom: options.bindings)
  }

  var state: PickerState { picker.state }

  /// Sends `bytes` as one read from the terminal.
  @discardableResult
  mutating func press(_ bytes: [UInt8]) -> PickerState.Outcome {
    picker.press(bytes: bytes)
  }

  var chosen: [String] { picker.chosen() }
  var query: String { picker.query }
}

@Test
func `in multi mode ctrl-a selects all by default, and --bind gives it back to beginning-of-line`()
  throws
{
  var plain = try Bound(["ab", "ac"], multi: true)
  plain.press(Array("a".utf8) + [0x01])
  #expect(plain.state.selection.count == 2)

  var bound = try Bound(["ab", "ac"], multi: true, bind: ["ctrl-a:beginning-of-line"])
  bound.press(Array("c".utf8) + [0x01] + Array("a".utf8))
  #expect(bound.state.selection.count == 0)
  #expect(bound.query == "ac")
  // Alt-A still selects: only Ctrl-A was rebound.
  bound.press(esc + Array("a".utf8))
  #expect(bound.chosen == ["ac"])
}

@Test func `enter bound to select-all+accept prints every match`() throws {
  var picker = try Bound(["one", "two", "three"], multi: true, bind: ["enter:select-all+accept"])
  picker.press(Array("o".utf8))
  #expect(picker.press([0x0D]) == .accept)
  #expect(picker.chosen == ["one", "two"])
}

@Test func `a rebound key loses its default, an unbound key keeps it`() throws {
  var picker = try Bound(["a", "b", "c"], bind: ["ctrl-j:accept", "down:last"])
  picker.press(esc + Array("[B".utf8))
  #expect(picker.chosen == ["c"])
  #expect(picker.press([0x0E, 0x0A]) == .accept)  // ctrl-n still moves; ctrl-j now accepts
  #expect(picker.chosen == ["c"])  // ctrl-n at the last item stays there
  #expect(picker.keymap.actions(for: Key(.up)) == [.up])
}

@Test func `double-click does what enter does unless it is bound itself`() throws {
  #expect(Keymap(isMulti: false).actions(for: .doubleClick) == [.accept])
  let enterBound = try Bound(["a"], bind: ["enter:select-all+accept"])
  #expect(enterBound.keymap.actions(for: .doubleClick) == [.selectAll, .accept])
  let both = try Bound(["a"], bind: ["enter:abort", "double-click:toggle"])
  #expect(both.keymap.actions(for: .doubleClick) == [.toggle])
  #expect(Keymap(isMulti: true).actions(for: .rightClick) == [.toggle])
  #expect(Keymap(isMulti: true).actions(for: .scrollDown) == [.down])
  #expect(Keymap(isMulti: true).actions(for: .leftClick) == [])
}

@Test func `a bound printable key runs its actions instead of typing`() throws {
  var picker = try Bound(["apple", "banana"], bind: ["?:change-prompt(help> )", "space:put"])
  picker.press(Array("b?".utf8))
  #expect(picker.query == "b")
  #expect(picker.state.prompt == Array("help> ".utf8))
  picker.press(Array(" ".utf8))
  #expect(picker.query == "b ")
}

@Test func `change-prompt is drawn on the prompt row`() throws {
  var picker = try Bound(["apple"], bind: ["f2:change-prompt:Files> "])
  picker.press(esc + Array("OQ".utf8))
  let frame = picker.picker.frame(width: 20, height: 3)
  #expect(frame.plainText.hasPrefix("Files>"))
}

@Test func `clear-query, cancel, kill-line and change-query edit the query`() throws {
  var picker = try Bound(
    ["abc", "xyz"], bind: ["ctrl-x:clear-query", "ctrl-o:change-query(xy)", "ctrl-t:cancel"])
  picker.press(Array("abc".utf8) + [0x18])
  #expect(picker.query == "")
  #expect(picker.state.matches.count == 2)
  picker.press([0x0F])
  #expect(picker.query == "xy")
  #expect(picker.chosen == ["xyz"])
  #expect(picker.press([0x14]) == .queryChanged)  // cancel clears first
  #expect(picker.press([0x14]) == .abort)  // then aborts
  var kill = try Bound(["a"], bind: ["ctrl-k:kill-line"])
  kill.press(Array("abcd".utf8) + [0x02, 0x02, 0x0B])
  #expect(kill.query == "ab")
}

@Test func `first, last and pos move the cursor by match position`() throws {
  var picker = try Bound(
    ["a1", "a2", "a3", "a4"], bind: ["f1:last", "f2:first", "f3:pos(2)", "f4:pos(-2)"])
  picker.press(esc + Array("OP".utf8))
  #expect(picker.chosen == ["a4"])
  picker.press(esc + Array("OQ".utf8))
  #expect(picker.chosen == ["a1"])
  picker.press(esc + Array("OR".utf8))
  #expect(picker.chosen == ["a2"])
  picker.press(esc + Array("OS".utf8))
  #expect(picker.chosen == ["a3"])
  #expect(picker.state.userMovedCursor)
}

@Test func `select, deselect, toggle-all and clear-multi in multi mode`() throws {
  var picker = try Bound(
    ["a", "b", "c"], multi: true,
    bind: ["f1:select+down", "f2:deselect", "f3:toggle-all", "f4:clear-multi"])
  picker.press(esc + Array("OP".utf8) + esc + Array("OP".utf8))
  #expect(picker.chosen == ["a", "b"])
  picker.press(esc + Array("[A".utf8) + esc + Array("OQ".utf8))
  #expect(picker.chosen == ["a"])
  picker.press(esc + Array("OR".utf8))
  #expect(picker.chosen == ["b", "c"])
  picker.press(esc + Array("OS".utf8))
  #expect(picker.state.selection.count == 0)
}

@Test func `toggle-in moves up in the reverse layout and down in the default one, as fzf`() throws {
  var reverse = try Bound(["a", "b", "c"], multi: true, bind: ["f1:toggle-in", "f2:toggle-out"])
  reverse.press(esc + Array("[B".utf8) + esc + Array("OP".utf8))
  #expect(reverse.chosen == ["b"])
  #expect(reverse.state.cursor == 0)
  reverse.press(esc + Array("OQ".utf8))
  #expect(reverse.state.cursor == 1)
  var bottomUp = try Bound(["a", "b", "c"], multi: true, bind: ["f1:toggle-in"], layout: .default)
  bottomUp.press(esc + Array("[A".utf8) + esc + Array("OP".utf8))
  // In the default layout Up moves to a worse match and toggle-in moves back down.
  #expect(bottomUp.chosen == ["b"])
  #expect(bottomUp.state.cursor == 0)
}

@Test func `preview and child-process actions are bound but leave the items alone`() throws {
  // The controller asks the session to run them (PreviewRunner, execute, reload).
  var picker = try Bound(
    ["a", "b"], bind: ["f1:execute(echo {})+reload(seq 3)+toggle-preview+preview-down"])
  // execute asks for a redraw after it; reload cannot start here; no preview.
  #expect(picker.press(esc + Array("OP".utf8)) == .redraw)
  #expect(picker.state.matches.count == 2)
}

@Test func `every modified arrow and editing key name is a key xterm can send`() {
  // xterm: ESC [ 1 ; M X for the arrows, Home and End; ESC [ N ; M ~ for the others;
  // M - 1 is the modifier bit set (1 shift, 2 alt, 4 ctrl).
  let finals: [String: String] = [
    "up": "A", "down": "B", "right": "C", "left": "D", "home": "H", "end": "F",
  ]
  let tildes: [String: Int] = ["delete": 3, "page-up": 5, "page-down": 6]
  let modifiers: [String: Int] = [
    "shift-": 2, "alt-": 3, "alt-shift-": 4, "ctrl-": 5, "ctrl-shift-": 6, "ctrl-alt-": 7,
    "ctrl-alt-shift-": 8,
  ]
  var checked = 0
  for (prefix, parameter) in modifiers {
    for key in Array(finals.keys) + Array(tildes.keys) {
      let name = prefix + key
      guard KeyNames.named.contains(name) else { continue }
      let sequence =
        finals[key].map { "\u{1B}[1;\(parameter)\($0)" }
        ?? "\u{1B}[\(tildes[key] ?? 0);\(parameter)~"
      var decoder = KeyDecoder()
      let events = decoder.feed(Array(sequence.utf8))
      #expect(events.count == 1, "\(name)")
      if case .key(let decoded) = events.first {
        #expect(decoded.name == KeyNames.canonical(name), "\(name)")
      }
      checked += 1
    }
  }
  #expect(checked == 63)
}

@Test func `fzf 0.74's Alt-arrow defaults move by word and by match`() throws {
  var picker = try Bound(["a", "b", "c"])
  picker.press(Array("ab".utf8) + esc + Array("[1;3D".utf8) + Array("x".utf8))
  #expect(picker.query == "xab")
  var list = try Bound(["a", "b", "c"])
  list.press(esc + Array("[1;3B".utf8) + esc + Array("[1;3B".utf8) + esc + Array("[1;3A".utf8))
  #expect(list.chosen == ["b"])
}

@Test func `accept-non-empty accepts only when something would be printed`() throws {
  var picker = try Bound(["apple"], bind: ["enter:accept-non-empty"])
  picker.press(Array("zz".utf8))
  #expect(picker.press([0x0D]) == .none)
  picker.press([0x15])
  #expect(picker.press([0x0D]) == .accept)
  #expect(picker.chosen == ["apple"])
}

@Test func `half-page-down moves half the list`() throws {
  var picker = try Bound((1...30).map { "item\($0)" }, bind: ["f1:half-page-down"])
  _ = picker.picker.frame(width: 40, height: 12)  // prompt, info and 10 rows of list
  #expect(picker.state.listHeight == 10)
  picker.press(esc + Array("OP".utf8))
  #expect(picker.state.cursor == 5)
}
