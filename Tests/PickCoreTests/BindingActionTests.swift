import Testing

@testable import PickCore

/// The fzf 0.74 actions that print, end, change the picker's text or
/// bindings, run transform commands, move between selected items and leave
/// items out, driven through the controller as a session drives it
/// (`PickerHarness`), with `--bind` values as a user writes them.
@Suite struct BindingActionTests {
  /// A picker over `items` with these `--bind` values (and other options).
  static func picker(
    _ items: [String], _ arguments: [String], isInputOpen: Bool = false
  ) throws -> PickerHarness {
    let options = try OptionParser.parse(arguments: arguments.map { Array($0.utf8) })
    return try PickerHarness(items, isInputOpen: isInputOpen) { $0 = options }
  }

  static func text(_ frame: Frame) -> String { frame.plainText }

  // MARK: Printing and ending

  @Test func `print queues lines for the output and accept keeps them in order`() throws {
    var h = try Self.picker(["a", "b"], ["--bind=f1:print(one)+print(two)"])
    h.press("f1")
    #expect(h.controller.printQueue == [Array("one".utf8), Array("two".utf8)])
    #expect(h.ending == nil)
    h.press("enter")
    #expect(h.ending == .accepted([0]))
  }

  @Test func `print-query ends the picker with the query alone`() throws {
    var h = try Self.picker(["apple", "banana"], ["--bind=f1:print-query"])
    h.type("zz")
    #expect(h.press("f1") == .accept)
    #expect(h.ending == .queryPrinted)
    #expect(h.controller.query == Array("zz".utf8))
  }

  @Test func `accept-or-print-query accepts a match and prints the query when nothing matches`() throws {
    var matching = try Self.picker(["apple", "banana"], ["--bind=enter:accept-or-print-query"])
    matching.type("ban")
    matching.press("enter")
    #expect(matching.ending == .accepted([1]))
    var missing = try Self.picker(["apple", "banana"], ["--bind=enter:accept-or-print-query"])
    missing.type("zz")
    missing.press("enter")
    #expect(missing.ending == .queryPrinted)
  }

  @Test func `accept-or-print-query waits for a match while input is still open, as Enter does (row 101)`() throws {
    var h = try Self.picker([], ["--bind=enter:accept-or-print-query"], isInputOpen: true)
    h.type("zz")
    h.press("enter")
    #expect(h.ending == nil)
    h.send(.inputEnded(failure: nil))
    #expect(h.ending == .queryPrinted)
  }

  @Test func `replace-query puts the current item's shown text in the query`() throws {
    var h = try Self.picker(["a:one", "b:two"], ["--bind=f1:replace-query", "--delimiter=:", "--with-nth=2"])
    h.press("down", "f1")
    #expect(h.query == "two")
    #expect(h.listed == ["b:two"])
  }

  @Test func `become ends the picker and asks the session to replace pick with the command`() throws {
    var h = try Self.picker(["a", "b"], ["--bind=f1:become(vi {})"])
    h.press("f1")
    #expect(h.ending == .become)
    guard
      case .become(let template, let context)? = h.effects.first(where: {
        if case .become = $0 { true } else { false }
      })
    else {
      Issue.record("no become effect: \(h.effects)")
      return
    }
    #expect(String(decoding: template.expand(context) { _ in nil }.command, as: UTF8.self) == "vi 'a'")
  }

  @Test func `become that names the item does nothing when nothing matches`() throws {
    var h = try Self.picker(["a", "b"], ["--bind=f1:become(vi {})"])
    h.type("zz")
    h.press("f1")
    #expect(h.ending == nil)
  }

  @Test func `bell asks the session to ring`() throws {
    var h = try Self.picker(["a"], ["--bind=f1:bell"])
    h.press("f1")
    #expect(h.effects.contains { if case .bell = $0 { true } else { false } })
  }

  // MARK: Changing the picker's text

  @Test func `change-header, change-footer and change-ghost redraw with the new text`() throws {
    var h = try Self.picker(
      ["a", "b"], ["--bind=f1:change-header(Hello)+change-footer(Bye)+change-ghost(type here)"])
    #expect(!Self.text(h.frame(width: 30, height: 8)).contains("Hello"))
    h.press("f1")
    let screen = Self.text(h.frame(width: 30, height: 8))
    #expect(screen.contains("Hello"))
    #expect(screen.contains("Bye"))
    #expect(screen.contains("type here"))
  }

  @Test func `an empty change-header removes the header`() throws {
    var h = try Self.picker(["a"], ["--header=Top", "--bind=f1:change-header()"])
    #expect(Self.text(h.frame(width: 30, height: 6)).contains("Top"))
    h.press("f1")
    #expect(!Self.text(h.frame(width: 30, height: 6)).contains("Top"))
  }

  @Test func `change-pointer takes a sign of up to two columns and ignores a wider one`() throws {
    var h = try Self.picker(["a", "b"], ["--bind=f1:change-pointer(=>),f2:change-pointer(abc)"])
    h.press("f1")
    #expect(h.state.configuration.itemMarks.pointer == "=>")
    h.press("f2")
    #expect(h.state.configuration.itemMarks.pointer == "=>")
  }

  @Test func `change-border-label and change-preview-label set the labels drawn`() throws {
    var h = try Self.picker(
      ["a"], ["--border", "--bind=f1:change-border-label(Files)+change-list-label(L)+change-preview-label(P)"])
    h.press("f1")
    #expect(h.state.configuration.decoration.label.text == Array("Files".utf8))
    #expect(Self.text(h.frame(width: 30, height: 6)).contains("Files"))
    #expect(h.controller.options.sections.listLabel.text == Array("L".utf8))
    #expect(h.controller.options.sections.previewLabel.text == Array("P".utf8))
  }

  @Test func `show-header, hide-header and toggle-header hide the header text and header lines`() throws {
    var h = try Self.picker(
      ["title", "a", "b"], ["--header=Top", "--header-lines=1", "--bind=f1:hide-header,f2:toggle-header"])
    h.press("f1")
    var screen = Self.text(h.frame(width: 30, height: 8))
    #expect(!screen.contains("Top") && !screen.contains("title"))
    h.press("f2")
    screen = Self.text(h.frame(width: 30, height: 8))
    #expect(screen.contains("Top") && screen.contains("title"))
  }

  @Test func `change-multi turns multi-select on with pick's multi keys, and change-multi(0) off (row 103)`() throws {
    var h = try Self.picker(["a", "b", "c"], ["--bind=f1:change-multi,f2:change-multi(0),f3:change-multi(1)"])
    h.press("tab")
    #expect(h.selected.isEmpty)
    h.press("f1", "tab", "tab")
    #expect(h.selected == ["a", "b"])
    h.press("f3")
    #expect(h.selected.isEmpty)
    // The cursor is on c; with a limit of one, b cannot join it.
    h.press("tab", "up", "tab")
    #expect(h.selected == ["c"])
    h.press("f2")
    #expect(h.selected.isEmpty)
    #expect(!h.state.configuration.isMulti)
  }

  // MARK: Transform commands

  @Test func `transform-header runs the command for the current item and sets what it printed`() throws {
    var h = try Self.picker(["a", "b"], ["--bind=f1:transform-header(echo {})"])
    h.transformOutput = { $0 == "echo 'a'" ? "header of a\nsecond line\n" : nil }
    h.press("f1")
    #expect(h.controller.options.header == Array("header of a\nsecond line".utf8))
  }

  @Test func `a transform holds back the actions after it until its command answers`() throws {
    var h = try Self.picker(["apple", "banana"], ["--bind=f1:transform-query(guess)+accept"])
    h.press("f1")
    #expect(h.ending == nil)
    #expect(h.runningTransforms.count == 1)
    h.type("x")
    #expect(h.query == "")
    h.finishTransform(printing: "ban\n")
    // The query the command printed is matched before accept, then the typed key comes.
    #expect(h.ending == .accepted([1]))
  }

  @Test func `transform-prompt and transform-query take the first line only`() throws {
    var h = try Self.picker(["a"], ["--bind=f1:transform-prompt(p)+transform-query(q)"])
    h.transformOutput = { $0 == "p" ? "P> \nignored" : "qq\r\nignored" }
    h.press("f1")
    #expect(h.state.prompt == Array("P> ".utf8))
    #expect(h.query == "qq")
  }

  @Test func `transform runs the actions its command prints`() throws {
    var h = try Self.picker(["a", "b", "c"], ["--bind=f1:transform(decide)"])
    h.transformOutput = { _ in "\nchange-prompt(new> )+last+print:done\n" }
    h.press("f1")
    #expect(h.state.prompt == Array("new> ".utf8))
    #expect(h.current == "c")
    #expect(h.controller.printQueue == [Array("done".utf8)])
  }

  @Test func `transform ignores output that is not actions`() throws {
    var h = try Self.picker(["a", "b"], ["--bind=f1:transform(decide)+down"])
    h.transformOutput = { _ in "no-such-action" }
    h.press("f1")
    #expect(h.current == "b")
  }

  @Test func `a bare put printed by transform types the key that ran it`() throws {
    var h = try Self.picker(["a"], ["--bind=x:transform(decide)"])
    h.transformOutput = { _ in "put+put" }
    h.press("x")
    #expect(h.query == "xx")
  }

  @Test func `bg-transform lets the picker go on and applies the value when the command ends`() throws {
    var h = try Self.picker(["apple", "banana"], ["--bind=f1:bg-transform-header(slow)+down"])
    h.press("f1")
    #expect(h.current == "banana")
    h.type("a")
    #expect(h.query == "a")
    h.finishTransform(printing: "done\n")
    #expect(h.controller.options.header == Array("done".utf8))
  }

  @Test func `bg-cancel drops what the background commands print`() throws {
    var h = try Self.picker(["a"], ["--bind=f1:bg-transform-prompt(slow),f2:bg-cancel"])
    h.press("f1", "f2")
    #expect(h.effects.contains { if case .cancelBackground = $0 { true } else { false } })
    h.finishTransform(printing: "late> ")
    #expect(h.state.prompt == Array("> ".utf8))
  }

  @Test func `search matches its text while the query stays, until the query is edited`() throws {
    var h = try Self.picker(["apple", "banana", "cherry"], ["--bind=f1:search(an),f2:transform-search(s)"])
    h.press("f1")
    #expect(h.listed == ["banana"])
    #expect(h.query == "")
    h.type("e")
    #expect(h.listed.sorted() == ["apple", "cherry"])
    h.transformOutput = { _ in "rr\n" }
    h.press("f2")
    #expect(h.listed == ["cherry"])
    #expect(h.query == "e")
  }

  // MARK: Bindings

  @Test func `trigger runs the actions bound to the keys, and a key never triggers itself again`() throws {
    var h = try Self.picker(
      ["a", "b", "c", "d"], ["--bind=f1:trigger(f2,f3),f2:down,f3:down+trigger(f3),f4:trigger(f4)+down"])
    h.press("f1")
    #expect(h.current == "c")
    h.press("f4")
    #expect(h.current == "d")
  }

  @Test func `unbind, rebind and toggle-bind turn bindings off and back to what the options gave`() throws {
    var h = try Self.picker(
      ["a", "b", "c"], ["--bind=f1:unbind(down,x),f2:rebind(down),f3:toggle-bind(down),x:last"])
    h.press("f1", "down")
    #expect(h.current == "a")
    h.press("x")
    #expect(h.query == "x")
    h.press("bspace", "f2", "down")
    #expect(h.current == "b")
    h.press("f3", "down")
    #expect(h.current == "b")
    h.press("f3", "down")
    #expect(h.current == "c")
  }

  @Test func `wait holds the actions after it until the query on screen is matched`() throws {
    var h = try Self.picker(["apple", "banana"], ["--bind=f1:change-query(ban)+wait+print-query"])
    h.answersSearches = false
    h.press("f1")
    #expect(h.ending == nil)
    h.finishSearches()
    #expect(h.ending == .queryPrinted)
  }

  @Test func `keys typed while wait holds are kept and run after it (row 102)`() throws {
    var h = try Self.picker(["apple", "banana"], ["--bind=f1:change-query(ban)+wait+first"])
    h.answersSearches = false
    h.press("f1")
    h.type("x")
    #expect(h.query == "ban")
    h.finishSearches()
    h.finishSearches()
    #expect(h.query == "banx")
  }

  // MARK: Selected items and excluded items

  @Test func `next-selected and prev-selected move between selected matches, wrapping around`() throws {
    var h = try Self.picker(
      ["a", "b", "c", "d", "e"], ["-m", "--bind=f1:next-selected,f2:prev-selected,f3:down-selected"])
    h.press("down", "tab", "down", "tab")
    // b and d are selected; the cursor is on e.
    h.press("f1")
    #expect(h.current == "b")
    h.press("f3")
    #expect(h.current == "d")
    h.press("f2")
    #expect(h.current == "b")
    h.press("f2")
    #expect(h.current == "d")
  }

  @Test func `next-selected moves up the screen in the default layout, where worse matches are above`() throws {
    var h = try Self.picker(["a", "b", "c", "d"], ["-m", "--layout=default", "--bind=f1:next-selected"])
    // Tab moves down the screen here, towards a at the bottom.
    h.press("up", "tab", "up", "up")
    #expect(h.selected == ["b"])
    // The cursor is on d, at the top; b is the selected item below it.
    h.press("f1")
    #expect(h.current == "b")
    h.press("f1")
    #expect(h.current == "b")
  }

  @Test func `exclude leaves the current item out for the session, and exclude-multi the selected ones`() throws {
    var h = try Self.picker(["a", "b", "c", "d"], ["-m", "--bind=f1:exclude,f2:exclude-multi"])
    h.press("f1")
    #expect(h.listed == ["b", "c", "d"])
    #expect(h.state.itemCount == 3)
    h.press("tab", "tab")
    h.press("f2")
    #expect(h.listed == ["d"])
    #expect(h.selected.isEmpty)
    h.type("b")
    #expect(h.listed.isEmpty)
  }

  @Test func `an item excluded in the review view leaves it`() throws {
    var h = try Self.picker(["a", "b", "c"], ["-m", "--bind=f1:exclude"])
    h.press("tab", "tab", "ctrl-s")
    #expect(h.listed == ["a", "b"])
    h.press("f1")
    #expect(h.listed == ["b"])
    h.press("ctrl-s")
    #expect(h.listed == ["b", "c"])
  }

  @Test func `an excluded item stays out of a cached answer for the same query`() throws {
    var h = try Self.picker(["ab", "ac", "b"], ["--bind=f1:exclude"])
    h.type("a")
    h.press("f1")
    #expect(h.listed == ["ac"])
    h.press("bspace")
    #expect(h.listed == ["ac", "b"])
  }
}
