import Testing

@testable import PickCore

// The picker controller without a terminal: events in, effects and frames
// out. What these check used to need a pseudo-terminal.

/// An SGR mouse report (`ESC [ < b ; x ; y M`): `button` 0 left, 2 right,
/// 64/65 the wheel; `column` and `row` 1-based.
private func click(_ button: Int = 0, column: Int, row: Int) -> [UInt8] {
  Array("\u{1B}[<\(button);\(column);\(row)M".utf8)
}

@Suite struct PickerControllerKeyTests {
  @Test func `keys typed in one read wait for the matches of the query before them`() throws {
    var p = try PickerHarness(["1", "2", "5", "55"], multi: .max)
    p.answersSearches = false
    p.press(bytes: Array("5\t\r".utf8))
    // Tab and Enter wait for the search for "5": nothing is toggled or chosen yet.
    #expect(p.ending == nil)
    #expect(p.state.selection.count == 0)
    p.finishSearches()
    #expect(p.ending == .accepted([2]))
  }

  @Test func `a paste longer than a query may be is cut, and the info line says so`() throws {
    var p = try PickerHarness(["apple"])
    let pasted = String(repeating: "ab", count: QueryEditor.maximumLength)
    p.press(bytes: Array("\u{1B}[200~\(pasted)\u{1B}[201~".utf8))
    #expect(p.query.count == QueryEditor.maximumLength)
    #expect(p.frame(width: 60, height: 5).plainText.contains("query cut at 32768 characters"))
    p.press("bspace")
    #expect(!p.frame(width: 60, height: 5).plainText.contains("query cut"))
  }

  @Test func `a lone Esc aborts once the escape delay has passed`() throws {
    var p = try PickerHarness(["a"], isInputOpen: true)
    p.send(.terminalInput([0x1B]))
    #expect(p.ending == nil)
    #expect(p.controller.timeout(now: p.now) ?? .max <= p.controller.decoder.escapeDelay)
    p.now += p.controller.decoder.escapeDelay
    p.send(.tick)
    #expect(p.ending == .aborted)
  }

  @Test func `keys typed before raw mode are cooked: LF among them is Enter`() throws {
    var p = try PickerHarness(["apple", "banana"], setup: { $0.bytesTypedBeforeRawMode = 2 })
    p.send(.terminalInput(Array("b\n".utf8)))
    #expect(p.ending == .accepted([1]))
    // After them, LF is Ctrl-J (down), not Enter.
    var raw = try PickerHarness(["apple", "banana"])
    raw.send(.terminalInput([0x0A]))
    #expect(raw.ending == nil)
    #expect(raw.current == "banana")
  }

  @Test func `signals abort, hang up, or redraw the terminal`() throws {
    var interrupted = try PickerHarness(["a"])
    interrupted.send(.signal(.interrupt))
    #expect(interrupted.ending == .aborted)
    var hungUp = try PickerHarness(["a"])
    hungUp.send(.signal(.hangUp))
    #expect(hungUp.ending == .hungUp)
    var resized = try PickerHarness(["a"])
    resized.send(.signal(.windowChanged))
    #expect(resized.ending == nil)
    #expect(resized.effects.contains { if case .refreshSize = $0 { true } else { false } })
    #expect(resized.effects.contains { if case .invalidateScreen = $0 { true } else { false } })
  }

  @Test func `--expect keys accept and say which key it was`() throws {
    var p = try PickerHarness(["a", "b"]) { $0.expect = [ExpectedKey(name: "ctrl-x", spelling: "ctrl-x")] }
    p.press("down", "ctrl-x")
    #expect(p.ending == .accepted([1]))
    #expect(p.controller.pressedKey == "ctrl-x")
  }
}

@Suite struct PickerControllerStreamingTests {
  @Test func `while items stream in, the query is matched again at most every 50 ms`() throws {
    var p = try PickerHarness(["a1"], query: "a", isInputOpen: true)
    let start = p.searches
    try p.store.append(Array("a2\n".utf8))
    p.now += 10
    p.send(.itemsRead)
    #expect(p.searches == start)
    #expect(p.controller.timeout(now: p.now) == PickerTunables.rerankInterval)
    p.now += PickerTunables.rerankInterval
    p.send(.tick)
    #expect(p.searches == start + 1)
    #expect(p.state.matches.count == 2)
  }

  @Test func `the loop wakes for the spinner while input is open, and sleeps once it ends`() throws {
    var p = try PickerHarness(["a"], isInputOpen: true)
    #expect(p.controller.timeout(now: p.now) == PickerTunables.spinnerInterval)
    try p.store.finish()
    p.send(.inputEnded(failure: nil))
    #expect(p.controller.timeout(now: p.now) == nil)
    #expect(!p.state.isLoading)
  }

  @Test func `Enter with no match waits for one while input is open`() throws {
    var p = try PickerHarness(["apple"], isInputOpen: true)
    p.press("z", "enter")
    #expect(p.ending == nil)
    #expect(p.controller.isWaitingToAccept)
    try p.store.append(Array("zebra\n".utf8))
    p.now += 100
    p.send(.itemsRead)
    #expect(p.ending == .accepted([1]))
  }

  @Test func `Enter waiting for a match chooses nothing once input ends without one`() throws {
    var p = try PickerHarness(["apple"], isInputOpen: true)
    p.press("z", "enter")
    try p.store.finish()
    p.send(.inputEnded(failure: nil))
    #expect(p.ending == .nothingChosen)
  }

  @Test func `Enter answers the query over every item read, not the last search`() throws {
    var p = try PickerHarness(["b1"], query: "a", isInputOpen: true)
    #expect(p.state.matches.count == 0)
    try p.store.append(Array("a1\n".utf8))
    p.send(.itemsRead)  // too soon to search again
    p.press("enter")
    #expect(p.ending == .accepted([1]))
  }

  @Test func `a truncated input says so on the info line, and Enter still chooses from what was read`() throws {
    var p = try PickerHarness(["apple", "banana"], isInputOpen: true)
    #expect(p.state.isLoading)
    p.send(.inputTruncated(note: "input truncated: pick holds at most 1.0 MiB and 2 items"))
    #expect(!p.state.isLoading)
    #expect(p.controller.inputTruncation == "input truncated: pick holds at most 1.0 MiB and 2 items")
    let frame = p.frame(width: 80, height: 5).plainText
    #expect(frame.contains("2/2  [input truncated: pick holds at most 1.0 MiB and 2 items]"))
    // The note stays through typing (the list never looks complete again).
    p.press("b")
    p.finishSearches()
    #expect(p.frame(width: 80, height: 5).plainText.contains("1/2  [input truncated:"))
    p.press("enter")
    #expect(p.ending == .accepted([1]))
  }

  @Test func `a read error cuts the input short with its reason shown`() throws {
    var p = try PickerHarness(["apple"], isInputOpen: true)
    p.send(.inputTruncated(note: "input truncated: cannot read standard input: Input/output error"))
    let frame = p.frame(width: 90, height: 5).plainText
    #expect(frame.contains("1/1  [input truncated: cannot read standard input: Input/output error]"))
  }

  @Test func `a failed command's reason shows while no item came`() throws {
    var p = try PickerHarness([], isInputOpen: true)
    p.send(.inputEnded(failure: "Command failed: false"))
    let frame = p.frame(width: 40, height: 4)
    #expect(frame.plainText.contains("[Command failed: false]"))
  }
}

@Suite struct PickerControllerMouseTests {
  private func picker(_ items: [String], multi: Int? = nil) throws -> PickerHarness {
    var p = try PickerHarness(items, multi: multi, width: 30, height: 8) { $0.mouse = true }
    _ = p.frame(width: 30, height: 8)  // the rows a click will hit
    return p
  }

  @Test func `a click puts the cursor on the row's item, a double-click accepts it`() throws {
    var p = try picker(["apple", "banana", "cherry"])
    p.press(bytes: click(column: 5, row: 4))  // prompt, info, apple, banana
    #expect(p.current == "banana")
    #expect(p.ending == nil)
    p.now += 100
    p.press(bytes: click(column: 5, row: 4))
    #expect(p.ending == .accepted([1]))
  }

  @Test func `a slow second click is another click, not a double-click`() throws {
    var p = try picker(["apple", "banana"])
    p.press(bytes: click(column: 5, row: 3))
    p.now += PickerTunables.doubleClick
    p.press(bytes: click(column: 5, row: 3))
    #expect(p.ending == nil)
  }

  @Test func `a right click toggles, the select-all row selects every match, the wheel moves`() throws {
    var p = try picker(["apple", "banana", "cherry"], multi: .max)
    // Rows: prompt, info, select-all, apple, banana, cherry.
    p.press(bytes: click(2, column: 5, row: 5))
    #expect(p.selected == ["banana"])
    p.press(bytes: click(column: 5, row: 3))
    #expect(p.selected == ["apple", "banana", "cherry"])
    p.press(bytes: click(65, column: 5, row: 5))
    #expect(p.current == "cherry")
  }

  @Test func `a click on the prompt row moves the text cursor`() throws {
    var p = try picker(["apple"])
    p.type("apple")
    p.press(bytes: click(column: 4, row: 1))  // "> " then "a", "p": before the first p
    #expect(p.state.editor.cursor == 1)
  }
}

@Suite struct PickerControllerViewTests {
  @Test func `leaving the review view puts the cursor back on its item`() throws {
    var p = try PickerHarness(["apple", "banana", "cherry"], multi: .max)
    p.press("tab", "tab", "down")  // apple, banana; cursor on cherry... then back
    p.press("up")
    #expect(p.current == "banana")
    p.press("ctrl-s")
    #expect(p.listed == ["apple", "banana"])
    p.press("tab")  // untoggle apple in the review
    p.press("ctrl-s")
    #expect(p.listed == ["apple", "banana", "cherry"])
    #expect(p.current == "banana")
    #expect(p.selected == ["banana"])
  }

  @Test func `reload keeps the selection and the cursor by text`() throws {
    var p = try PickerHarness(["a", "b", "c"], multi: .max) {
      $0.bindings = ["ctrl-r": [.reload(command: "new", isSync: false)]]
    }
    p.reloadItems = { $0 == "new" ? ["x", "c", "b", "y"] : nil }
    p.press("down", "tab", "down")  // select b; cursor on c
    #expect(p.current == "c")
    p.press("ctrl-r")
    #expect(p.listed == [])  // the new items have not been read yet
    try p.store.finish()
    p.send(.inputEnded(failure: nil))  // the command's output, read to its end
    #expect(p.listed == ["x", "c", "b", "y"])
    #expect(p.selected == ["b"])
    #expect(p.current == "c")
  }

  @Test func `a reload that cannot start changes nothing, and the keys after it still run`() throws {
    var p = try PickerHarness(["a", "b"]) {
      $0.bindings = ["ctrl-r": [.reload(command: "missing", isSync: false), .down]]
    }
    p.press("ctrl-r")
    #expect(p.listed == ["a", "b"])
    #expect(p.current == "b")
  }

  @Test func `preselection puts the cursor on the first preselected item until the user moves it`() throws {
    var p = try PickerHarness(["a", "b", "c", "d"]) { $0.preselect = [Array("c".utf8)] }
    #expect(p.current == "c")
    #expect(p.state.selection.count == 0)  // single mode selects nothing
    p.press("up")
    #expect(p.current == "b")
    p.send(.itemsRead)
    #expect(p.current == "b")
  }

  @Test func `inline mode draws nothing until the terminal says where the cursor is`() throws {
    var p = try PickerHarness(["apple", "banana"], setup: { $0.expectsCursorReport = true })
    #expect(p.controller.frame(now: p.now) == nil)
    #expect(!p.controller.wantsItems)
    p.send(.terminalInput(Array("b".utf8) + Array("\u{1B}[20;1R".utf8)))
    #expect(p.effects.contains { if case .setCursorRow(20) = $0 { true } else { false } })
    // The key typed before the answer is applied after it.
    #expect(p.query == "b")
    #expect(p.controller.frame(now: p.now) != nil)
    // Without an answer, the wait ends on time even while keys keep coming.
    var silent = try PickerHarness(["apple", "banana"], setup: { $0.expectsCursorReport = true })
    silent.now += PickerTunables.cursorReportWait - 1
    silent.type("b")
    #expect(silent.controller.frame(now: silent.now) == nil)
    silent.now += 1
    silent.type("a")
    #expect(silent.query == "ba")
    #expect(silent.controller.frame(now: silent.now) != nil)
  }

  @Test func `signals and resizes during the inline cursor-report wait are not lost`() throws {
    var p = try PickerHarness(["apple", "banana"], width: 80, height: 5, setup: { $0.expectsCursorReport = true })
    p.send(.signal(.windowChanged))
    #expect(p.effects.contains { if case .refreshSize = $0 { true } else { false } })
    p.send(.geometry(TerminalGeometry(columns: 30, rows: 5)))
    p.now += PickerTunables.cursorReportWait
    p.send(.tick)
    #expect(p.controller.frame(now: p.now)?.width == 30)
    var interrupted = try PickerHarness(["apple"], setup: { $0.expectsCursorReport = true })
    interrupted.send(.signal(.interrupt))
    #expect(interrupted.ending == .aborted)
  }

  @Test func `list height follows the window, and the cursor stays in view`() throws {
    var p = try PickerHarness((1...30).map { "item\($0)" }, width: 20, height: 12)
    #expect(p.state.listHeight == 10)
    p.press("pgdn")
    #expect(p.state.cursor == 9)
    _ = p.frame(width: 20, height: 5)
    #expect(p.state.listHeight == 3)
    #expect(p.state.scroll <= 9 && p.state.scroll + 3 > 9)
  }
}

@Suite struct PickerControllerCommandTests {
  @Test func `the preview runs for the item under the cursor once the cursor rests`() throws {
    var p = try PickerHarness(["a", "b"]) { $0.preview = Array("cat {}".utf8) }
    func started(_ p: PickerHarness) -> [Int?] {
      p.effects.compactMap { if case .startPreview(let request, _) = $0 { request.item } else { nil } }
    }
    #expect(started(p).isEmpty)  // not before the debounce
    #expect(p.controller.timeout(now: p.now) == PickerTunables.previewDebounce)
    p.now += PickerTunables.previewDebounce
    p.send(.tick)
    #expect(started(p) == [0])
    p.send(.previewOutput(Array("contents of a\n".utf8)))
    #expect(p.frame(width: 40, height: 6).plainText.contains("contents of a"))
    p.press("down", "up", "down")
    p.now += PickerTunables.previewDebounce
    p.send(.tick)
    #expect(started(p) == [0, 1])  // one command for where the cursor rests, not one per row
    #expect(p.effects.contains { if case .stopPreview = $0 { true } else { false } })
    p.send(.previewFinished(failure: "exit status 1"))
    #expect(p.frame(width: 60, height: 6).plainText.contains("[exit status 1]"))
  }

  @Test func `a preview window of size 0 still runs its command; a hidden one does not`() throws {
    func started(_ p: PickerHarness) -> [Int?] {
      p.effects.compactMap { if case .startPreview(let request, _) = $0 { request.item } else { nil } }
    }
    for (window, runs) in [("0", true), ("right,0", true), ("0,hidden", false)] {
      var p = try PickerHarness(["a", "b"], width: 40, height: 6) {
        $0.preview = Array("echo {} >> log".utf8)
        $0.previewWindow = (try? PreviewWindowSpec().applying(Array(window.utf8))) ?? PreviewWindowSpec()
      }
      p.now += PickerTunables.previewDebounce
      p.send(.tick)
      #expect(started(p) == (runs ? [0] : []), "\(window)")
      #expect(!p.frame(width: 40, height: 6).plainText.contains("│"), "\(window)")
    }
  }

  @Test func `hiding the preview stops its command and gives the list the whole width`() throws {
    var p = try PickerHarness(["a", "b"], width: 40, height: 6) { $0.preview = Array("cat {}".utf8) }
    p.now += PickerTunables.previewDebounce
    p.send(.tick)
    p.press("ctrl-/")
    #expect(p.effects.contains { if case .stopPreview = $0 { true } else { false } })
    #expect(!p.frame(width: 40, height: 6).plainText.contains("│"))
  }

  @Test func `execute runs with the item under the cursor, and the screen is redrawn after`() throws {
    var p = try PickerHarness(["a", "b"]) {
      $0.bindings = ["ctrl-o": [.execute(command: "echo {}", isSilent: false)]]
    }
    p.press("down", "ctrl-o")
    guard
      case .execute(let template, let context, let isSilent)? = p.effects.first(where: {
        if case .execute = $0 { true } else { false }
      })
    else {
      Issue.record("no execute effect")
      return
    }
    #expect(!isSilent)
    #expect(String(decoding: template.expand(context) { _ in nil }.command, as: UTF8.self) == "echo 'b'")
    if case .invalidateScreen? = p.effects.last {} else { Issue.record("no redraw after execute") }
  }
}

@Suite struct PickerControllerTerminalTests {
  @Test func `Ctrl-Z and SIGTSTP suspend, SIGCONT resumes, and each redraws in full`() throws {
    var p = try PickerHarness(["a"])
    #expect(p.press("ctrl-z") == .suspend)
    #expect(p.effects.contains { if case .invalidateScreen = $0 { true } else { false } })
    p.effects = []
    p.send(.signal(.terminalStop))
    #expect(p.effects.contains { if case .suspendTerminal = $0 { true } else { false } })
    p.effects = []
    p.send(.signal(.continued))
    #expect(p.effects.contains { if case .resumeTerminal = $0 { true } else { false } })
    #expect(p.ending == nil)
  }

  @Test func `header lines that arrive take their rows from the list at once, before any search`() throws {
    var p = try PickerHarness([], isInputOpen: true, width: 20, height: 8) { $0.headerLines = 2 }
    #expect(p.state.listHeight == 6)
    let searches = p.searches
    try p.store.append(Array("NAME\nSIZE\n".utf8))
    p.send(.itemsRead)
    #expect(p.searches == searches)  // too soon to search again
    #expect(p.state.listHeight == 4)
  }

  @Test func `a resize sets the list height before the next frame`() throws {
    var p = try PickerHarness((1...30).map { "item\($0)" }, width: 20, height: 6)
    #expect(p.state.listHeight == 4)
    p.send(.geometry(TerminalGeometry(columns: 20, rows: 10)))
    #expect(p.state.listHeight == 8)
    let rows = p.controller.frame(now: p.now)?.plainText.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(rows?.count == 10)
    #expect(rows?[9].hasPrefix("   item8") == true)
  }

  @Test func `header lines are shown and never matched; --unique leaves repeats out of the count`() throws {
    var p = try PickerHarness(["NAME", "b", "a", "b"], isInputOpen: false) {
      $0.headerLines = 1
      $0.unique = true
    }
    #expect(p.listed == ["b", "a"])
    #expect(p.state.itemCount == 2)
    let frame = p.frame(width: 20, height: 6).plainText
    #expect(frame.contains("2/2"))
    #expect(frame.contains("NAME"))
    p.type("NAME")
    #expect(p.listed.isEmpty)
  }
}

/// Enter between the end of input and the search over what it brought.
struct AcceptRaceTests {
  @Test func `Enter while the search over the items just read runs waits for it`() throws {
    var p = try PickerHarness([], isInputOpen: true)
    p.answersSearches = false
    try p.store.append(Array("apple\nbanana\n".utf8))
    p.send(.itemsRead)
    try p.store.finish()
    p.send(.inputEnded(failure: nil))
    #expect(!p.pendingSearches.isEmpty, "a search over the two items runs")
    p.press("enter")
    #expect(p.ending == nil, "nothing chosen before the search over the items answers")
    p.finishSearches()
    #expect(p.ending == .accepted([0]))
  }
}
