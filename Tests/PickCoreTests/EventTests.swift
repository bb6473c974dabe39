import Testing

@testable import PickCore

// fzf's events through the controller: events in, the bound actions' effects
// out. Most bindings here run `execute-silent(NAME ...)`, so the commands the
// controller asks for, in order, say which events fired and when.

/// A harness whose `--bind` is `bindings`.
private func picker(
  _ items: [String], bind bindings: String, multi: Int? = nil, isInputOpen: Bool = false,
  configure: (inout Options) -> Void = { _ in }
) throws -> PickerHarness {
  try PickerHarness(items, multi: multi, isInputOpen: isInputOpen) { options in
    configure(&options)
    do {
      try BindingParser.parse(Array(bindings.utf8), into: &options.bindings)
    } catch {
      Issue.record("bad --bind \(bindings): \(error)")
    }
  }
}

extension PickerHarness {
  /// The commands `execute-silent` ran so far, expanded, each with the item
  /// under the cursor then (`@item`) when there was one; cleared.
  mutating func fired() -> [String] {
    let commands = effects.compactMap { effect -> String? in
      guard case .execute(let template, let context, _) = effect else { return nil }
      let command = String(decoding: template.expand(context) { _ in nil }.command, as: UTF8.self)
      return context.current.map { command + "@" + String(decoding: $0.bytes, as: UTF8.self) } ?? command
    }
    effects = []
    return commands
  }

  /// The environment the last `execute` effect would give its command.
  var lastEnvironment: [String: String] {
    var variables: [String: String] = [:]
    for case .execute(_, let context, _) in effects {
      variables = [:]
      for (name, value) in context.environment {
        variables[String(decoding: name, as: UTF8.self)] = String(decoding: value, as: UTF8.self)
      }
    }
    return variables
  }
}

@Suite struct EventTests {
  @Test func `start fires once, before anything else, and result for the first matches`() throws {
    var p = try picker(["apple", "banana"], bind: "start:execute-silent(start),result:execute-silent(result)")
    #expect(p.fired() == ["start@apple", "result@apple"])
    p.send(.tick)
    #expect(p.fired() == [])
  }

  @Test func `load fires once the input is complete and searched, once per input; result-final with it`() throws {
    let bindings =
      "load:execute-silent(load),result:execute-silent(result),result-final:execute-silent(final)"
    var p = try picker(["apple", "banana"], bind: bindings, isInputOpen: true)
    // The first matches are over an input still open: no load, no final result.
    #expect(p.fired() == ["result@apple"])
    p.send(.inputEnded(failure: nil))
    #expect(p.fired() == ["load@apple", "result@apple", "final@apple"])
    p.type("b")
    #expect(p.fired() == ["result@banana", "final@banana"])
  }

  @Test func `an input complete at start loads at start, after start`() throws {
    var p = try picker(["apple"], bind: "start:execute-silent(start),load:execute-silent(load)")
    #expect(p.fired() == ["start@apple", "load@apple"])
  }

  @Test func `a reload loads again once its input is complete`() throws {
    var p = try picker(["a"], bind: "ctrl-r:reload(new),load:execute-silent(load)")
    #expect(p.fired() == ["load@a"])
    p.reloadItems = { $0 == "new" ? ["x", "y"] : nil }
    p.press("ctrl-r")
    p.effects = []
    p.send(.itemsRead)
    #expect(p.fired() == [])
    p.send(.inputEnded(failure: nil))
    #expect(p.fired() == ["load@x"])
  }

  @Test func `one and zero fire when a search over the complete input leaves one match or none`() throws {
    var p = try picker(["apple", "banana", "cherry"], bind: "one:execute-silent(one),zero:execute-silent(zero)")
    #expect(p.fired() == [])
    p.type("zz")
    #expect(p.fired() == ["zero"])
    p.press("ctrl-u")
    #expect(p.fired() == [])
    p.type("ban")
    #expect(p.fired() == ["one@banana"])
  }

  @Test func `one:accept accepts the only match, but only once the input is complete`() throws {
    var p = try picker(["apple", "apricot"], bind: "one:accept", isInputOpen: true)
    p.type("apr")
    #expect(p.ending == nil)
    p.send(.inputEnded(failure: nil))
    #expect(p.ending == .accepted([1]))
  }

  @Test func `change fires after the actions of a key that changed the query`() throws {
    var p = try picker(["apple", "banana"], bind: "change:execute-silent(q={q})")
    p.press("a", "b")
    #expect(p.fired() == ["q='a'@apple", "q='ab'"])
    p.press("left")
    #expect(p.fired() == [])
    p.press("end", "ctrl-u")
    #expect(p.fired() == ["q=''@apple"])
    // A paste is one change.
    p.press(bytes: Array("\u{1B}[200~ban\u{1B}[201~".utf8))
    #expect(p.fired() == ["q='ban'@banana"])
  }

  @Test func `change:first is run after the key, with the matches of the new query`() throws {
    var p = try picker(["ab", "b", "cb"], bind: "change:first")
    p.press("down", "down")
    #expect(p.current == "cb")
    p.type("b")
    p.press("down")
    p.press("bspace")
    #expect(p.current == "ab")
  }

  @Test func `focus fires when the item under the cursor changes, not on every frame`() throws {
    var p = try picker(["a1", "a2", "b"], bind: "focus:execute-silent(f)")
    #expect(p.fired() == ["f@a1"])
    p.press("down")
    #expect(p.fired() == ["f@a2"])
    _ = p.frame(width: 40, height: 10)
    p.send(.tick)
    #expect(p.fired() == [])
    // New matches move the cursor: focus follows them.
    p.type("b")
    #expect(p.fired() == ["f@b"])
    // No match: nothing is under the cursor, which is a change too.
    p.type("z")
    #expect(p.fired() == ["f"])
  }

  @Test func `a focus binding that moves the cursor stops after fzf's limit`() throws {
    var p = try picker(["a", "b", "c"], bind: "focus:up") { $0.cycle = true }
    p.press("down")
    #expect(p.ending == nil)
    #expect(p.state.matches.count == 3)
  }

  @Test func `multi fires when a key's actions change the selection`() throws {
    var p = try picker(["a", "b", "c"], bind: "multi:execute-silent(m)", multi: .max)
    p.press("tab")
    #expect(p.fired() == ["m@b"])
    p.press("down")
    #expect(p.fired() == [])
    p.press("ctrl-a")
    #expect(p.fired().count == 1)
  }

  @Test func `backward-eof fires on a backward deletion on an empty query`() throws {
    var p = try picker(["a"], bind: "backward-eof:execute-silent(eof)")
    p.press("bspace")
    #expect(p.fired() == ["eof@a"])
    p.type("x")
    p.press("bspace")
    #expect(p.fired() == [])
    p.press("ctrl-w")
    #expect(p.fired() == ["eof@a"])
  }

  @Test func `resize fires when the terminal's size changes, not when the frame only moves`() throws {
    var p = try picker(["a"], bind: "resize:execute-silent(r)")
    p.send(.geometry(TerminalGeometry(columns: 80, rows: 24, origin: 5)))
    #expect(p.fired() == [])
    p.send(.geometry(TerminalGeometry(columns: 100, rows: 24, origin: 5)))
    #expect(p.fired() == ["r@a"])
  }

  @Test func `every(N) fires every N seconds; the session wakes for it; missed ticks are dropped`() throws {
    var p = try picker(["a"], bind: "every(0.5):execute-silent(tick)")
    #expect(p.controller.timeout(now: p.now) == 500)
    p.now += 499
    p.send(.tick)
    #expect(p.fired() == [])
    p.now += 1
    p.send(.tick)
    #expect(p.fired() == ["tick@a"])
    p.now += 1_700
    p.send(.tick)
    #expect(p.fired() == ["tick@a"])
    #expect(p.controller.timeout(now: p.now) == 500)
  }

  @Test func `a click on the header raises click-header, with where it hit in the environment`() throws {
    var p = try picker(["a", "b"], bind: "click-header:execute-silent(h)") { $0.header = Array("one\ntwo".utf8) }
    _ = p.frame(width: 40, height: 10)
    let row = try #require(p.controller.rowRoles.firstIndex(of: .header))
    // The second header row (terminal rows count from 1), its text's third column.
    p.press(bytes: Array("\u{1B}[<0;6;\(row + 2)M".utf8))
    #expect(p.lastEnvironment["PICK_CLICK_HEADER_LINE"] == "2")
    #expect(p.lastEnvironment["PICK_CLICK_HEADER_COLUMN"] == "3")
    #expect(p.fired() == ["h@a"])
    // On the signs' columns, before the text, a click hits nothing.
    p.press(bytes: Array("\u{1B}[<0;2;\(row + 1)M".utf8))
    #expect(p.fired() == [])
  }

  @Test func `a click on the footer raises click-footer`() throws {
    var p = try picker(["a"], bind: "click-footer:execute-silent(f)") { $0.footer = Array("foot".utf8) }
    _ = p.frame(width: 40, height: 10)
    let row = try #require(p.controller.rowRoles.firstIndex(of: .footer))
    p.press(bytes: Array("\u{1B}[<0;4;\(row + 1)M".utf8))
    #expect(p.lastEnvironment["PICK_CLICK_FOOTER_LINE"] == "1")
    #expect(p.lastEnvironment["PICK_CLICK_FOOTER_COLUMN"] == "1")
    #expect(p.fired() == ["f@a"])
  }

  @Test func `event actions run as a key's: start:last+accept waits for the matches`() throws {
    let p = try picker(["1", "2", "3"], bind: "start:last+accept")
    #expect(p.ending == .accepted([2]))
  }
}

@Suite struct ChildEnvironmentTests {
  @Test func `a command sees the query, the counts, the position, the key and the last action`() throws {
    var p = try picker(["apple", "apricot", "banana"], bind: "ctrl-x:execute-silent(env)", multi: .max)
    p.type("ap")
    p.press("tab")
    p.press("ctrl-x")
    let environment = p.lastEnvironment
    #expect(environment["PICK_QUERY"] == "ap")
    #expect(environment["PICK_MATCH_COUNT"] == "2")
    #expect(environment["PICK_TOTAL_COUNT"] == "3")
    #expect(environment["PICK_SELECT_COUNT"] == "1")
    #expect(environment["PICK_POS"] == "2")
    #expect(environment["PICK_CURRENT_ITEM"] == "apricot")
    #expect(environment["PICK_KEY"] == "ctrl-x")
    #expect(environment["PICK_ACTION"] == "toggle-down")
    #expect(environment["PICK_INPUT_STATE"] == "enabled")
    #expect(environment["PICK_DIRECTION"] == "down")
    #expect(environment["PICK_PROMPT"] == "> ")
    #expect(environment["PICK_LINES"] == "24" && environment["PICK_COLUMNS"] == "80")
    #expect(environment["PICK_PREVIEW_LINES"] == nil)
  }

  @Test func `a typed character is fzf's char action; PICK_CURRENT_ITEM is unset with no match`() throws {
    var p = try picker(["apple"], bind: "ctrl-x:execute-silent(env)")
    p.type("z")
    p.press("ctrl-x")
    #expect(p.lastEnvironment["PICK_ACTION"] == "char")
    #expect(p.lastEnvironment["PICK_POS"] == "0")
    #expect(p.lastEnvironment["PICK_CURRENT_ITEM"] == nil)
  }

  @Test func `the variables fzf sets that pick has nothing for are not set`() throws {
    var p = try picker(["a b"], bind: "ctrl-x:execute-silent(env)") {
      $0.nth = [FieldRange(begin: 1, end: 1)]
    }
    p.press("ctrl-x")
    #expect(p.lastEnvironment["PICK_ACTION"] == "start")
    for name in ["PICK_NTH", "PICK_WITH_NTH", "PICK_RAW", "PICK_SOCK", "PICK_PORT", "PICK_CLICK_HEADER_WORD"] {
      #expect(p.lastEnvironment[name] == nil, "\(name)")
    }
  }

  @Test func `idle time counts from the last key`() throws {
    var p = try picker(["a"], bind: "every(1):execute-silent(env)")
    p.press("down")
    p.now += 2_500
    p.send(.tick)
    #expect(p.lastEnvironment["PICK_IDLE_TIME"] == "2")
    #expect(p.lastEnvironment["PICK_IDLE_TIME_MS"] == "2500")
  }
}

@Suite struct DisabledSearchTests {
  @Test func `--disabled: typing edits the query, the list stays every item in input order`() throws {
    var p = try PickerHarness(["banana", "apple", "band"], query: "ba") { $0.searchDisabled = true }
    #expect(p.listed == ["banana", "apple", "band"])
    p.type("nd")
    #expect(p.query == "band")
    #expect(p.listed == ["banana", "apple", "band"])
    p.press("enter")
    #expect(p.ending == .accepted([0]))
  }

  @Test func `toggle-search turns search on for the typed query, and off keeps the last matches`() throws {
    var p = try picker(["banana", "apple", "band"], bind: "ctrl-x:toggle-search") { $0.searchDisabled = true }
    p.type("ban")
    p.press("ctrl-x")
    #expect(p.listed.sorted() == ["banana", "band"])
    p.press("ctrl-x")
    p.type("z")
    #expect(p.query == "banz")
    #expect(p.listed.sorted() == ["banana", "band"])
  }

  @Test func `enable-search and disable-search set it whatever it was`() throws {
    var p = try picker(["ab", "cd"], bind: "ctrl-e:enable-search,ctrl-d:disable-search")
    p.press("ctrl-d", "ctrl-d")
    p.type("c")
    #expect(p.listed == ["ab", "cd"])
    p.press("ctrl-e", "ctrl-e")
    #expect(p.listed == ["cd"])
  }

  @Test func `--disabled with change:reload: the command searches, and the list shows all it prints`() throws {
    var p = try picker(["start"], bind: "change:reload(grep {q})") { $0.searchDisabled = true }
    p.reloadItems = { $0 == "grep 'an'" ? ["banana", "pan"] : nil }
    p.type("an")
    p.send(.inputEnded(failure: nil))
    #expect(p.listed == ["banana", "pan"])
  }

  @Test func `reloads started before the last one's items came keep the choice`() throws {
    var p = try picker(["ab1", "ab2", "x"], bind: "change:reload(grep {q})", multi: .max) {
      $0.searchDisabled = true
    }
    p.reloadItems = { command in ["ab1", "ab2", "x"].filter { command.contains(String($0.prefix(1))) } }
    p.press("down", "tab")
    #expect(p.selected == ["ab2"])
    // Two keys in one read: the second reload starts before the first one's items are read.
    p.type("ab")
    p.now += 100
    p.send(.itemsRead)
    #expect(p.selected == ["ab2"])
    #expect(p.listed == ["ab1", "ab2"])
    // Deselected once it came, it is not selected again by the next reload.
    p.press("down", "tab")
    #expect(p.selected == [])
    p.type("1")
    p.now += 100
    p.send(.itemsRead)
    #expect(p.listed == ["ab1", "ab2"])
    #expect(p.selected == [])
  }

  @Test func `the query is drawn in the disabled colour while typing does not search`() throws {
    var colors = ColorSpec()
    try colors.apply(Array("disabled:red".utf8))
    var p = try picker(["a"], bind: "ctrl-x:toggle-search") {
      $0.colors = colors
      $0.query = Array("q".utf8)
      $0.searchDisabled = true
    }
    var query = try #require(p.frame(width: 20, height: 4).rows[0].first { $0.text == "q" })
    #expect(query.style.foreground == .red)
    p.press("ctrl-x")
    query = try #require(p.frame(width: 20, height: 4).rows[0].first { $0.text == "q" })
    #expect(query.style.foreground != .red)
  }
}
