// The interactive picker, end to end: the built `pick` runs with a fresh pty as
// its controlling terminal (see PseudoTerminal.swift), the bytes it writes to
// the terminal are replayed by a `VirtualTerminal` so the tests look at the
// screen as text, and every test checks the exit status, stdout byte for byte
// and that the terminal settings are exactly what they were before.
//
// Waits are bounded by hand (a few seconds each; debug builds): Swift Testing's
// `.timeLimit` only takes minutes. A test that times out dumps the screen.

import PickTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite(.serialized) struct PickerTerminalTests {
  // MARK: Filter, move, accept, abort

  @Test func `a typed query then Enter prints the best match`() throws {
    let picker = try Picker([], items: "apple\nbanana\ncherry\n")
    try picker.waitFor("3/3")
    picker.send("ban")
    try picker.waitFor("1/3")
    picker.send("\r")
    try picker.expectExit(status: 0, stdout: "banana\n")
  }

  @Test func `Down then Enter prints the second item`() throws {
    let picker = try Picker([], items: "apple\nbanana\ncherry\n")
    try picker.waitFor("3/3")
    picker.send("\u{1B}[B\r")
    try picker.expectExit(status: 0, stdout: "banana\n")
  }

  @Test func `Ctrl-N, Ctrl-J, Ctrl-P and Ctrl-K move the cursor`() throws {
    let picker = try Picker([], items: "a\nb\nc\nd\n")
    try picker.waitFor("4/4")
    // Down, down, down, up, up: the second item.
    picker.send([0x0E, 0x0A, 0x0E, 0x10, 0x0B, 0x0D])
    try picker.expectExit(status: 0, stdout: "b\n")
  }

  @Test(arguments: [
    ("Esc", [UInt8]([0x1B])), ("Ctrl-C", [0x03]), ("Ctrl-G", [0x07]), ("Ctrl-Q", [0x11]),
  ])
  func `an abort key exits 130 printing nothing`(name: String, key: [UInt8]) throws {
    let picker = try Picker([], items: "apple\nbanana\n")
    try picker.waitFor("2/2")
    picker.send("ban")
    try picker.waitFor("1/2")
    picker.send(key)
    try picker.expectExit(status: 130, stdout: "")
  }

  @Test func `in single mode Ctrl-A goes to the beginning of the query`() throws {
    let picker = try Picker([], items: "apple\nbanana\ncab\n")
    try picker.waitFor("3/3")
    picker.send("an")
    try picker.waitFor("> an")
    picker.send([0x01])
    picker.send("b")
    try picker.waitFor("> ban")
    picker.send("\r")
    try picker.expectExit(status: 0, stdout: "banana\n")
  }

  // MARK: Multi mode

  @Test func `Tab twice then Enter prints two items`() throws {
    let picker = try Picker(["-m"], items: "one\ntwo\nthree\n")
    try picker.waitFor("3/3")
    picker.send("\t\t")
    let screen = try picker.waitFor("2 of 3")
    #expect(screen.row(3) == " * one".padded(to: 80))
    #expect(screen.row(4) == " * two".padded(to: 80))
    #expect(screen.row(5) == ">  three".padded(to: 80))
    picker.send("\r")
    try picker.expectExit(status: 0, stdout: "one\ntwo\n")
  }

  @Test func `selected items are printed in input order by default`() throws {
    let picker = try Picker(["-m"], items: "one\ntwo\nthree\n")
    try picker.waitFor("3/3")
    // Select the third, then the first.
    picker.send("\u{1B}[B\u{1B}[B\t\u{1B}[A\u{1B}[A\t")
    try picker.waitFor("2 of 3")
    picker.send("\r")
    try picker.expectExit(status: 0, stdout: "one\nthree\n")
  }

  @Test func `--output-order=selection prints in the order selected`() throws {
    let picker = try Picker(["-m", "--output-order=selection"], items: "one\ntwo\nthree\n")
    try picker.waitFor("3/3")
    picker.send("\u{1B}[B\u{1B}[B\t\u{1B}[A\u{1B}[A\t")
    try picker.waitFor("2 of 3")
    picker.send("\r")
    try picker.expectExit(status: 0, stdout: "three\none\n")
  }

  @Test func `the select-all row shows none, some and all with S of N`() throws {
    let picker = try Picker(["-m"], items: "one\ntwo\nthree\n")
    var screen = try picker.waitFor("3/3")
    #expect(screen.row(2) == "  [ ] All" + String(repeating: " ", count: 65) + "0 of 3")
    picker.send("\t")
    screen = try picker.waitFor("1 of 3")
    #expect(screen.row(2) == "  [-] All" + String(repeating: " ", count: 65) + "1 of 3")
    picker.send([0x01])
    screen = try picker.waitFor("3 of 3")
    #expect(screen.row(2) == "  [x] All" + String(repeating: " ", count: 65) + "3 of 3")
    picker.send("\r")
    try picker.expectExit(status: 0, stdout: "one\ntwo\nthree\n")
  }

  @Test func `--header replaces All as the select-all row's title`() throws {
    let picker = try Picker(["-m", "--header", "Fruit"], items: "apple\nbanana\n")
    let screen = try picker.waitFor("0 of 2")
    #expect(screen.row(2) == "  [ ] Fruit" + String(repeating: " ", count: 63) + "0 of 2")
    picker.send([0x03])
    try picker.expectExit(status: 130, stdout: "")
  }

  @Test func `Ctrl-A on a filtered list selects exactly the matching items`() throws {
    let picker = try Picker(["-m"], items: "apple\nbanana\napricot\navocado\ncherry\n")
    try picker.waitFor("5/5")
    picker.send("ap")
    try picker.waitFor("2/5")
    picker.send([0x01])
    let screen = try picker.waitFor("2 of 2")
    #expect(screen.row(2).hasPrefix("  [x] All"))
    picker.send("\r")
    try picker.expectExit(status: 0, stdout: "apple\napricot\n")
  }

  @Test func `Ctrl-A twice selects all then none`() throws {
    let picker = try Picker(["-m"], items: "1\n2\n3\n4\n5\n")
    try picker.waitFor("5/5")
    picker.send([0x01])
    try picker.waitFor("5 of 5")
    picker.send([0x01])
    let screen = try picker.waitFor("0 of 5")
    #expect(screen.row(2).hasPrefix("  [ ] All"))
    #expect(!screen.screenText.contains("*"))
    // Nothing selected: Enter prints the item under the cursor.
    picker.send("\r")
    try picker.expectExit(status: 0, stdout: "1\n")
  }

  @Test func `a selection hidden by the query is counted and still printed`() throws {
    let picker = try Picker(["-m"], items: "apple\nbanana\ncherry\n")
    try picker.waitFor("3/3")
    picker.send("\t")  // select apple
    try picker.waitFor("1 of 3")
    picker.send("ch")
    var screen = try picker.waitFor("+1 hidden")
    #expect(screen.row(1) == "  1/3".padded(to: 80))
    #expect(screen.row(2).hasPrefix("  [ ] All"))
    #expect(screen.row(2).hasSuffix("0 of 1  +1 hidden"))
    picker.send("\t")  // select cherry too
    screen = try picker.waitFor("1 of 1  +1 hidden")
    #expect(screen.row(2).hasPrefix("  [x] All"))
    picker.send("\r")
    try picker.expectExit(status: 0, stdout: "apple\ncherry\n")
  }

  @Test func `only the hidden selection is printed when Enter comes`() throws {
    let picker = try Picker(["-m"], items: "apple\nbanana\ncherry\n")
    try picker.waitFor("3/3")
    picker.send("\t")
    try picker.waitFor("1 of 3")
    picker.send("ch")
    try picker.waitFor("+1 hidden")
    picker.send("\r")
    try picker.expectExit(status: 0, stdout: "apple\n")
  }

  @Test func `--multi=2 and Ctrl-A select two items and say cap reached`() throws {
    let picker = try Picker(["--multi=2"], items: "1\n2\n3\n4\n5\n")
    try picker.waitFor("5/5")
    picker.send([0x01])
    let screen = try picker.waitFor("cap reached")
    #expect(screen.row(1) == "  5/5  cap reached".padded(to: 80))
    #expect(screen.row(2).hasPrefix("  [-] All"))
    #expect(screen.row(2).hasSuffix("2 of 5"))
    picker.send("\r")
    try picker.expectExit(status: 0, stdout: "1\n2\n")
  }

  // MARK: The screen

  @Test func `the first frame is the prompt, the info line and the list`() throws {
    let picker = try Picker(["-m"], items: "one\ntwo\n", rows: 6, columns: 30)
    let screen = try picker.waitFor("2/2")
    // Multi mode hints its keys until the first key, as many as fit whole.
    let expected = [
      "> ",
      "  2/2  Tab select  Ctrl-A all",
      "  [ ] All               0 of 2",
      ">  one",
      "   two",
      "",
    ].map { $0.padded(to: 30) }.joined(separator: "\n")
    #expect(screen.screenText == expected)
    #expect(screen.isAlternateScreen)
    #expect(screen.cursor == (0, 2))
    picker.send([0x07])
    try picker.expectExit(status: 130, stdout: "")
  }

  @Test func `escape codes in items are drawn as placeholders and do nothing`() throws {
    let items = "\u{1B}[31mred\u{1B}[0m\n\u{1B}]0;owned\u{07}title\nplain\n"
    let picker = try Picker([], items: items)
    let screen = try picker.waitFor("3/3")
    #expect(screen.row(2) == ">  ␛[31mred␛[0m".padded(to: 80))
    #expect(screen.row(3) == "   ␛]0;owned␇title".padded(to: 80))
    #expect(screen.row(4) == "   plain".padded(to: 80))
    // No item colour reached a cell: only the markers are coloured.
    for row in 2...4 {
      for column in 3..<80 {
        #expect(
          screen.style(atRow: row, column: column).foreground == nil, "row \(row) column \(column)")
      }
    }
    // pick never wrote an OSC (a title) or the item's own SGR.
    let written = picker.pty.outputBytes
    #expect(!written.contains(subsequence: [0x1B, 0x5D]))
    #expect(!written.contains(subsequence: Array("\u{1B}[31m".utf8)))
    picker.send("\u{1B}[B\r")
    try picker.expectExit(status: 0, stdout: "\u{1B}]0;owned\u{07}title\n")
  }

  @Test func `a long item is cut with an ellipsis at the terminal's width`() throws {
    let long = String(repeating: "x", count: 200)
    let picker = try Picker([], items: long + "\nshort\n")
    let screen = try picker.waitFor("2/2")
    // Two columns stay free on the right (the ellipsis is ambiguous-width).
    #expect(screen.row(2) == ">  " + String(repeating: "x", count: 74) + "…  ")
    #expect(screen.row(3) == "   short".padded(to: 80))
    #expect(screen.linesScrolled == 0)
    picker.send("\r")
    try picker.expectExit(status: 0, stdout: long + "\n")
  }

  @Test func `wide CJK items are cut without overflowing the row`() throws {
    // 75 columns for the text (two stay free on the right): an odd width,
    // so a wide character cannot end exactly there.
    let wide = String(repeating: "日本語", count: 20)
    let fits = String(repeating: "漢", count: 37)  // 74 columns: fits
    let picker = try Picker([], items: wide + "\n" + fits + "\nafter\n")
    let screen = try picker.waitFor("3/3")
    let rows = (2...4).map { screen.row($0) }
    for row in rows { #expect(CellWidth.of(row) == 80, "\(row)") }
    #expect(rows[0].hasPrefix(">  日本語"))
    #expect(rows[0].trimmingTrailingSpaces.hasSuffix("…"))
    #expect(CellWidth.of(rows[0].trimmingTrailingSpaces) <= 80)
    #expect(rows[1] == "   " + fits + "   ")
    #expect(rows[2] == "   after".padded(to: 80))
    #expect(screen.linesScrolled == 0)
    picker.send([0x1B])
    try picker.expectExit(status: 130, stdout: "")
  }

  // MARK: Keys typed early, slow input

  @Test func `keys typed before the terminal is opened are kept`() throws {
    // With -1 pick reads all its input before it opens the terminal, so these
    // keys are typed (and echoed, cooked) before raw mode: LF is Enter.
    let picker = try Picker(["-1"], items: "", keepStdinOpen: true)
    picker.send("abc\n")
    #expect(picker.pty.output(waitingFor: { $0.contains("abc") }, timeout: 5) != nil)
    picker.pty.writeStdin(Array("xyz\nabcd\nabc\n".utf8))
    picker.pty.closeStdin()
    try picker.expectExit(status: 0, stdout: "abc\n")
  }

  @Test func `keys sent right after start answer the query`() throws {
    let picker = try Picker([], items: "xyz\nabcd\nabc\n")
    picker.send("abc\r")
    try picker.expectExit(status: 0, stdout: "abc\n")
  }

  @Test func `Enter typed before slow input arrives answers the query`() throws {
    let picker = try Picker([], items: "", keepStdinOpen: true)
    picker.send("abc\r")
    usleep(200_000)
    picker.pty.writeStdin(Array("xyz\n".utf8))
    usleep(100_000)
    picker.pty.writeStdin(Array("abcd\nabc\n".utf8))
    picker.pty.closeStdin()
    try picker.expectExit(status: 0, stdout: "abc\n")
  }

  // MARK: Streaming input

  @Test func `the count grows and the spinner turns while input is open`() throws {
    let picker = try Picker([], items: "1\n2\n3\n", keepStdinOpen: true)
    var screen = try picker.waitFor("3/3")
    #expect("-\\|/".contains(screen.row(1).first ?? "?"), "\(screen.row(1))")
    picker.pty.writeStdin(Array("4\n5\n".utf8))
    screen = try picker.waitFor("5/5")
    #expect("-\\|/".contains(screen.row(1).first ?? "?"), "\(screen.row(1))")
    picker.pty.writeStdin(Array((6...20).map { "\($0)\n" }.joined().utf8))
    try picker.waitFor("20/20")
    picker.pty.closeStdin()
    screen = try picker.waitFor { $0.row(1) == "  20/20".padded(to: 80) }
    picker.send("\r")
    try picker.expectExit(status: 0, stdout: "1\n")
  }

  @Test func `Enter with no match while input is open waits for one`() throws {
    let picker = try Picker([], items: "alpha\nbeta\n", keepStdinOpen: true)
    try picker.waitFor("2/2")
    picker.pty.writeStdin(Array("gamma\ndelta\n".utf8))
    try picker.waitFor("4/4")
    picker.send("omega")
    try picker.waitFor("0/4")
    picker.send("\r")
    let screen = try picker.waitFor("waiting…")
    #expect(screen.row(1).dropFirst(2).hasPrefix("0/4  waiting…"), "\(screen.row(1))")
    picker.pty.writeStdin(Array("epsilon\nomega\nzeta\n".utf8))
    try picker.expectExit(status: 0, stdout: "omega\n")
  }

  @Test func `Enter with no match exits 1 once input ends`() throws {
    let picker = try Picker([], items: "alpha\n", keepStdinOpen: true)
    try picker.waitFor("1/1")
    picker.send("zzz\r")
    try picker.waitFor("waiting…")
    picker.pty.closeStdin()
    try picker.expectExit(status: 1, stdout: "")
  }

  @Test func `a query typed with Enter over 100000 items prints its match`() throws {
    let items = (1...100_000).map { "\($0)\n" }.joined()
    let picker = try Picker([], items: items)
    picker.send("99999\r")
    try picker.expectExit(status: 0, stdout: "99999\n", timeout: 15)
  }

  // MARK: Signals and hang-up

  @Test(arguments: [(SIGTERM, 130), (SIGINT, 130), (SIGHUP, 129)] as [(Int32, Int32)])
  func `a signal restores the terminal and exits`(signal: Int32, status: Int32) throws {
    let picker = try Picker([], items: "apple\nbanana\n")
    try picker.waitFor("2/2")
    picker.pty.signal(signal)
    try picker.expectExit(status: status, stdout: "")
    let screen = picker.screen()
    #expect(!screen.isAlternateScreen)
    #expect(screen.isCursorVisible)
    #expect(screen.isAutowrapOn)
    #expect(!screen.isBracketedPasteOn)
  }

  @Test func `closing the terminal ends pick within seconds`() throws {
    let picker = try Picker([], items: "apple\nbanana\n", keepStdinOpen: true)
    try picker.waitFor("2/2")
    let start = ContinuousClock.now
    picker.pty.hangUp()
    let result = try #require(picker.pty.wait(timeout: 3), "pick did not exit after the hang-up")
    #expect(result.status == 129)
    #expect(result.stdout.isEmpty)
    #expect(ContinuousClock.now - start < .seconds(3))
  }

  // MARK: Resize

  @Test func `a resize to 1x1 and back redraws at the new width`() throws {
    let long = String(repeating: "x", count: 100)
    let picker = try Picker([], items: long + "\nshort\n")
    try picker.waitFor("2/2")
    var mark = picker.pty.outputBytes.count
    picker.pty.resize(rows: 1, columns: 1)
    picker.rows = 1
    picker.columns = 1
    #expect(
      picker.pty.output(waitingFor: { _ in picker.pty.outputBytes.count > mark }, timeout: 5) != nil
    )
    usleep(100_000)
    #expect(picker.pty.wait(timeout: 0) == nil, "pick exited after a resize to 1x1")

    mark = picker.pty.outputBytes.count
    picker.pty.resize(rows: 8, columns: 40)
    picker.rows = 8
    picker.columns = 40
    picker.mark = mark
    let screen = try picker.waitFor("2/2")
    #expect(screen.row(2) == ">  " + String(repeating: "x", count: 34) + "…  ")
    #expect(screen.row(3) == "   short".padded(to: 40))
    picker.send("\r")
    try picker.expectExit(status: 0, stdout: long + "\n")
  }

  @Test func `thirty resizes in a second leave a working picker`() throws {
    let picker = try Picker([], items: "apple\nbanana\ncherry\n")
    try picker.waitFor("3/3")
    for index in 0..<30 {
      picker.pty.resize(rows: 2 + index % 7, columns: 1 + (index * 7) % 90)
      usleep(33_000)
    }
    let mark = picker.pty.outputBytes.count
    picker.pty.resize(rows: 10, columns: 50)
    picker.rows = 10
    picker.columns = 50
    picker.mark = mark
    let screen = try picker.waitFor("3/3")
    #expect(screen.row(0) == "> ".padded(to: 50))
    #expect(screen.row(4) == "   cherry".padded(to: 50))
    picker.send("che\r")
    try picker.expectExit(status: 0, stdout: "cherry\n")
  }

  // MARK: Crash, no terminal, -1, -0, --print-query

  @Test func `a crash restores the terminal and dies of SIGSEGV`() throws {
    let picker = try Picker([], items: "apple\n", environment: ["PICK_TEST_CRASH": "1"])
    try picker.expectExit(status: 128 + SIGSEGV, stdout: "")
    let screen = picker.screen()
    #expect(!screen.isAlternateScreen)
    #expect(screen.isCursorVisible)
  }

  @Test func `without a terminal pick exits 2 with one line on stderr`() throws {
    // setsid: a new session has no controlling terminal, even when the tests run in one.
    let result =
      access("/usr/bin/setsid", X_OK) == 0
      ? try runProgram(
        "/usr/bin/setsid", arguments: [Array("-w".utf8), Array(pickBinaryPath().utf8)],
        stdin: Array("a\nb\n".utf8), timeout: 10)
      : try runPick([], stdin: Array("a\nb\n".utf8), timeout: 10)
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.last == 0x0A)
    #expect(
      result.stderr.filter { $0 == 0x0A }.count == 1,
      "\(String(decoding: result.stderr, as: UTF8.self))")
  }

  @Test func `-1 with exactly one match prints it without drawing`() throws {
    let picker = try Picker(["-1", "-q", "ban"], items: "apple\nbanana\ncherry\n")
    try picker.expectExit(status: 0, stdout: "banana\n")
    #expect(picker.pty.outputBytes.isEmpty)
  }

  @Test func `-1 with several matches opens the picker`() throws {
    let picker = try Picker(["-1", "-q", "a"], items: "apple\nbanana\ncherry\n")
    try picker.waitFor("2/3")
    picker.send("\r")
    try picker.expectExit(status: 0, stdout: "apple\n")
  }

  @Test func `-0 with no match exits 1 without drawing`() throws {
    let picker = try Picker(["-0", "-q", "zzz"], items: "apple\nbanana\n")
    try picker.expectExit(status: 1, stdout: "")
    #expect(picker.pty.outputBytes.isEmpty)
  }

  @Test func `--print-query prints the query line first`() throws {
    let picker = try Picker(["--print-query"], items: "apple\nbanana\n")
    try picker.waitFor("2/2")
    picker.send("ban")
    try picker.waitFor("1/2")
    picker.send("\r")
    try picker.expectExit(status: 0, stdout: "ban\nbanana\n")
  }

  @Test func `--print-query with no match prints only the query and exits 1`() throws {
    let picker = try Picker(["--print-query"], items: "apple\nbanana\n")
    try picker.waitFor("2/2")
    picker.send("zzz")
    try picker.waitFor("0/2")
    picker.send("\r")
    try picker.expectExit(status: 1, stdout: "zzz\n")
  }

  // MARK: More keys and items

  @Test func `at the cap Tab still moves the cursor`() throws {
    let picker = try Picker(["--multi=2"], items: "1\n2\n3\n4\n")
    try picker.waitFor("4/4")
    picker.send("\t\t\t")
    let screen = try picker.waitFor("cap reached")
    #expect(screen.row(3) == " * 1".padded(to: 80))
    #expect(screen.row(4) == " * 2".padded(to: 80))
    #expect(screen.row(5) == "   3".padded(to: 80))
    #expect(screen.row(6) == ">  4".padded(to: 80))
    picker.send("\r")
    try picker.expectExit(status: 0, stdout: "1\n2\n")
  }

  @Test func `in single mode Tab does nothing`() throws {
    let picker = try Picker([], items: "a\nb\n")
    try picker.waitFor("2/2")
    picker.send("\t\r")
    try picker.expectExit(status: 0, stdout: "a\n")
  }

  @Test func `Ctrl-D on an empty query aborts`() throws {
    let picker = try Picker([], items: "a\nb\n")
    try picker.waitFor("2/2")
    picker.send([0x04])
    try picker.expectExit(status: 130, stdout: "")
  }

  @Test func `a bracketed paste becomes the query`() throws {
    let picker = try Picker([], items: "apple\nbanana\n")
    let screen = try picker.waitFor("2/2")
    #expect(screen.isBracketedPasteOn)
    picker.send("\u{1B}[200~ba\rn\u{1B}[201~")
    try picker.waitFor("> ban")
    picker.send("\r")
    try picker.expectExit(status: 0, stdout: "banana\n")
  }

  @Test func `a trailing CR is not drawn and is printed`() throws {
    let picker = try Picker([], items: "one\r\ntwo\r\n")
    let screen = try picker.waitFor("2/2")
    #expect(screen.row(2) == ">  one".padded(to: 80))
    #expect(screen.row(3) == "   two".padded(to: 80))
    picker.send("\r")
    try picker.expectExit(status: 0, stdout: "one\r\n")
  }

  @Test func `an invalid byte is drawn as U+FFFD and printed as it was`() throws {
    var items: [UInt8] = Array("caf".utf8) + [0xE9] + Array("\nplain\n".utf8)
    let picker = try Picker([], rawItems: items)
    let screen = try picker.waitFor("2/2")
    #expect(screen.row(2) == ">  caf\u{FFFD}".padded(to: 80))
    picker.send("\r")
    items.removeLast(6)
    try picker.expectExit(status: 0, stdoutBytes: items)
  }

  @Test func `the cursor stays on its item while new items re-rank the list`() throws {
    let picker = try Picker([], items: "xbx\n", keepStdinOpen: true)
    try picker.waitFor("1/1")
    picker.send("b")
    try picker.waitFor { $0.row(0).hasPrefix("> b ") && $0.row(2) == ">  xbx".padded(to: 80) }
    // "b" is a better match and ranks first; the cursor is not moved by it.
    picker.pty.writeStdin(Array("b\n".utf8))
    let screen = try picker.waitFor("2/2")
    #expect(screen.row(2) == "   b".padded(to: 80))
    #expect(screen.row(3) == ">  xbx".padded(to: 80))
    picker.send("\r")
    try picker.expectExit(status: 0, stdout: "xbx\n")
  }

  @Test func `a narrow terminal puts the select-all count on its own row`() throws {
    let picker = try Picker(
      ["-m", "--header", "A very long title"], items: "a\nb\n", rows: 8, columns: 16)
    let screen = try picker.waitFor("0 of 2")
    #expect(screen.row(2) == "  [ ] A very …  ")
    #expect(screen.row(3) == "      0 of 2".padded(to: 16))
    #expect(screen.row(4) == ">  a".padded(to: 16))
    picker.send([0x1B])
    try picker.expectExit(status: 130, stdout: "")
  }

  @Test func `TERM=dumb is an error before the terminal is touched`() throws {
    let picker = try Picker([], items: "a\n", environment: ["TERM": "dumb"])
    let result = try #require(picker.pty.wait(timeout: 5))
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.filter { $0 == 0x0A }.count == 1)
    #expect(picker.pty.outputBytes.isEmpty)
  }

  @Test func `after SIGSTOP and SIGCONT pick is in raw mode again and redraws`() throws {
    let picker = try Picker([], items: "apple\nbanana\n")
    try picker.waitFor("2/2")
    let raw = picker.pty.termiosNow()
    picker.pty.signal(SIGSTOP)
    usleep(50_000)
    // What a shell does when a job stops: put its own (cooked) settings back.
    let fd = open(picker.pty.slavePath, O_RDWR | O_NOCTTY | O_CLOEXEC)
    try #require(fd >= 0)
    var cooked = picker.pty.termiosBefore
    tcsetattr(fd, TCSANOW, &cooked)
    close(fd)
    let mark = picker.pty.outputBytes.count
    picker.pty.signal(SIGCONT)
    picker.mark = mark
    // A full redraw: every row comes again.
    try picker.waitFor { $0.screenText.contains("2/2") && $0.row(2) == ">  apple".padded(to: 80) }
    #expect(bytes(of: picker.pty.termiosNow()) == bytes(of: raw))
    picker.send("ban\r")
    try picker.expectExit(status: 0, stdout: "banana\n")
  }

  @Test func `hang-up with input already ended ends pick too`() throws {
    let picker = try Picker([], items: "apple\nbanana\n")
    try picker.waitFor("2/2")
    picker.pty.hangUp()
    let result = try #require(picker.pty.wait(timeout: 3), "pick did not exit after the hang-up")
    #expect(result.status == 129)
    #expect(result.stdout.isEmpty)
  }

  // MARK: More of Docs/Design.md

  @Test func `a partial line typed before the terminal is opened is kept`() throws {
    let picker = try Picker(["-1"], items: "", keepStdinOpen: true)
    picker.send("ab")
    #expect(picker.pty.output(waitingFor: { $0.contains("ab") }, timeout: 5) != nil)
    picker.pty.writeStdin(Array("xyz\nabcd\nabc\n".utf8))
    picker.pty.closeStdin()
    try picker.waitFor("> ab")
    picker.send("c\r")
    try picker.expectExit(status: 0, stdout: "abc\n")
  }

  @Test func `a UTF-8 key split across reads is one character`() throws {
    // The decoder drops a split character after the escape delay: make it long.
    let picker = try Picker([], items: "abc\ncafé\n", environment: ["ESCDELAY": "1000"])
    try picker.waitFor("2/2")
    picker.send([0xC3])
    usleep(100_000)
    picker.send([0xA9])
    try picker.waitFor("> é")
    picker.send("\r")
    try picker.expectExit(status: 0, stdout: "café\n")
  }

  @Test func `Enter at 1x1 still answers`() throws {
    let picker = try Picker([], items: "apple\nbanana\n")
    try picker.waitFor("2/2")
    picker.pty.resize(rows: 1, columns: 1)
    usleep(100_000)
    picker.send("ban\r")
    try picker.expectExit(status: 0, stdout: "banana\n")
  }

  @Test func `Ctrl-L redraws the whole screen`() throws {
    let picker = try Picker([], items: "apple\nbanana\n")
    try picker.waitFor("2/2")
    let mark = picker.pty.outputBytes.count
    picker.send([0x0C])
    picker.mark = mark
    try picker.waitFor { $0.screenText.contains("2/2") && $0.row(3) == "   banana".padded(to: 80) }
    picker.send("\r")
    try picker.expectExit(status: 0, stdout: "apple\n")
  }

  @Test func `--header-lines are drawn and never chosen`() throws {
    let picker = try Picker(["--header-lines=1"], items: "NAME\napple\nbanana\n")
    let screen = try picker.waitFor("2/2")
    #expect(screen.row(2) == "   NAME".padded(to: 80))
    #expect(screen.row(3) == ">  apple".padded(to: 80))
    picker.send("\r")
    try picker.expectExit(status: 0, stdout: "apple\n")
  }

  @Test func `--tty with a missing path exits 2`() throws {
    let picker = try Picker(["--tty", "/nonexistent/tty"], items: "a\nb\n")
    let result = try #require(picker.pty.wait(timeout: 5))
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.filter { $0 == 0x0A }.count == 1)
  }

  @Test func `--tty draws on and reads keys from another terminal`() throws {
    // A second pty, kept alive by a sleeping shell; pick draws there, not on its own.
    let other = try PseudoTerminal(binary: "/bin/sleep", arguments: ["30"], stdin: [])
    let picker = try Picker(["--tty", other.slavePath], items: "apple\nbanana\n")
    #expect(other.output(waitingFor: { $0.contains("2/2") }, timeout: 5) != nil)
    other.send("ban\r")
    try picker.expectExit(status: 0, stdout: "banana\n")
    #expect(picker.pty.outputBytes.isEmpty)
    #expect(bytes(of: other.termiosNow()) == bytes(of: other.termiosBefore))
  }

  @Test func `a resize while waiting for a match keeps waiting`() throws {
    let picker = try Picker([], items: "alpha\n", keepStdinOpen: true)
    try picker.waitFor("1/1")
    picker.send("omega\r")
    try picker.waitFor("waiting…")
    picker.pty.resize(rows: 10, columns: 40)
    usleep(100_000)
    picker.pty.writeStdin(Array("omega\n".utf8))
    try picker.expectExit(status: 0, stdout: "omega\n")
  }

  @Test func `Esc while waiting aborts`() throws {
    let picker = try Picker([], items: "alpha\n", keepStdinOpen: true)
    try picker.waitFor("1/1")
    picker.send("omega\r")
    try picker.waitFor("waiting…")
    picker.send([0x1B])
    try picker.expectExit(status: 130, stdout: "")
  }

  @Test func `a hidden selection counts toward the cap`() throws {
    let picker = try Picker(["--multi=2"], items: "apple\nbanana\ncherry\nchive\n")
    try picker.waitFor("4/4")
    picker.send("\t")  // apple
    try picker.waitFor("1 of 4")
    picker.send("ch")
    try picker.waitFor("+1 hidden")
    // Room for one more: the first in display order, chive (shorter ranks first).
    picker.send([0x01])
    let screen = try picker.waitFor("cap reached")
    #expect(screen.row(2).hasPrefix("  [-] All"))
    #expect(screen.row(2).hasSuffix("1 of 2  +1 hidden"))
    #expect(screen.row(3) == ">* chive".padded(to: 80))
    #expect(screen.row(4) == "   cherry".padded(to: 80))
    picker.send("\r")
    try picker.expectExit(status: 0, stdout: "apple\nchive\n")
  }

  @Test func `Ctrl-A with no match does nothing`() throws {
    let picker = try Picker(["-m"], items: "apple\nbanana\n")
    try picker.waitFor("2/2")
    picker.send("zzz")
    try picker.waitFor("0/2")
    picker.send([0x01])
    picker.send([0x15])  // Ctrl-U: clear the query
    let screen = try picker.waitFor("2/2")
    #expect(screen.row(2).hasSuffix("0 of 2"))
    picker.send("\r")
    try picker.expectExit(status: 0, stdout: "apple\n")
  }
}

// MARK: - Support

/// pick running on a pseudo-terminal, with its screen replayed on demand.
final class Picker {
  let pty: PseudoTerminal
  var rows: Int
  var columns: Int
  /// Where in the terminal output the screen replay starts (after a resize:
  /// the full redraw at the new size).
  var mark = 0

  convenience init(
    _ arguments: [String], items: String, rows: Int = 24, columns: Int = 80,
    environment: [String: String] = [:], keepStdinOpen: Bool = false
  ) throws {
    try self.init(
      arguments, rawItems: Array(items.utf8), rows: rows, columns: columns,
      environment: environment, keepStdinOpen: keepStdinOpen)
  }

  init(
    _ arguments: [String], rawItems: [UInt8], rows: Int = 24, columns: Int = 80,
    environment: [String: String] = [:], keepStdinOpen: Bool = false
  ) throws {
    self.rows = rows
    self.columns = columns
    pty = try PseudoTerminal(
      binary: pickBinaryPath(), arguments: arguments, stdin: rawItems, rows: rows,
      columns: columns, environment: environment, keepStdinOpen: keepStdinOpen)
  }

  /// A picker on a pty started by the caller (stdin the terminal, another directory).
  init(pty: PseudoTerminal, rows: Int = 24, columns: Int = 80) {
    self.pty = pty
    self.rows = rows
    self.columns = columns
  }

  /// Another program on the pty, e.g. a shell that runs pick (`$0` in its
  /// script) with redirections, in a pipeline or under job control.
  convenience init(
    program: String, arguments: [String], rawItems: [UInt8] = [], rows: Int = 24,
    columns: Int = 80, environment: [String: String] = [:], keepStdinOpen: Bool = false,
    nonBlockingStdin: Bool = false, nonBlockingStdout: Bool = false
  ) throws {
    self.init(
      pty: try PseudoTerminal(
        binary: program, arguments: arguments, stdin: rawItems, rows: rows, columns: columns,
        environment: environment, keepStdinOpen: keepStdinOpen, nonBlockingStdin: nonBlockingStdin,
        nonBlockingStdout: nonBlockingStdout),
      rows: rows, columns: columns)
  }

  func send(_ text: String) { pty.send(text) }
  func send(_ bytes: [UInt8]) { pty.send(bytes) }

  /// The screen after everything pick wrote since `mark`.
  func screen() -> VirtualTerminal {
    var terminal = VirtualTerminal(width: columns, height: rows)
    let bytes = pty.outputBytes
    terminal.feed(Array(bytes[min(mark, bytes.count)...]))
    return terminal
  }

  /// The screen once `predicate` holds for it; records an issue (with the
  /// screen) and throws after `timeout` seconds.
  @discardableResult
  func waitFor(
    timeout: Double = 5, sourceLocation: SourceLocation = #_sourceLocation,
    _ predicate: (VirtualTerminal) -> Bool
  ) throws -> VirtualTerminal {
    let deadline = ContinuousClock.now + .milliseconds(Int64(timeout * 1000))
    while true {
      let screen = screen()
      if predicate(screen) { return screen }
      if ContinuousClock.now >= deadline {
        Issue.record("timed out; the screen:\n\(screen.screenText)", sourceLocation: sourceLocation)
        throw HarnessFailure("timed out waiting for the screen")
      }
      usleep(10_000)
    }
  }

  /// The screen once it shows `text`.
  @discardableResult
  func waitFor(
    _ text: String, timeout: Double = 5, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> VirtualTerminal {
    try waitFor(timeout: timeout, sourceLocation: sourceLocation) { $0.screenText.contains(text) }
  }

  /// Waits for pick to exit and checks its status, its stdout byte for byte,
  /// an empty stderr, that the terminal settings are as they were and that
  /// the screen is back in its default modes.
  func expectExit(
    status: Int32, stdout: String, timeout: Double = 5,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    try expectExit(
      status: status, stdoutBytes: Array(stdout.utf8), timeout: timeout,
      sourceLocation: sourceLocation)
  }

  func expectExit(
    status: Int32, stdoutBytes stdout: [UInt8], timeout: Double = 5,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    guard let result = pty.wait(timeout: timeout) else {
      Issue.record(
        "pick did not exit within \(timeout) s; the screen:\n\(screen().screenText)",
        sourceLocation: sourceLocation)
      throw HarnessFailure("pick did not exit")
    }
    #expect(result.status == status, sourceLocation: sourceLocation)
    #expect(
      ByteString(result.stdout) == ByteString(stdout), sourceLocation: sourceLocation)
    #expect(
      result.stderr.isEmpty, "stderr: \(String(decoding: result.stderr, as: UTF8.self))",
      sourceLocation: sourceLocation)
    #expect(
      bytes(of: pty.termiosNow()) == bytes(of: pty.termiosBefore),
      "the terminal settings were not restored", sourceLocation: sourceLocation)
    if !pty.outputBytes.isEmpty {
      let screen = screen()
      #expect(
        !screen.isAlternateScreen && screen.isCursorVisible && screen.isAutowrapOn
          && !screen.isBracketedPasteOn && !screen.isMouseReportingOn,
        "the screen modes were not reset", sourceLocation: sourceLocation)
    }
  }
}

/// The raw bytes of a termios, so a comparison misses no field.
func bytes(of settings: termios) -> [UInt8] {
  withUnsafeBytes(of: settings) { Array($0) }
}

extension String {
  /// Padded with spaces to `width` columns.
  func padded(to width: Int) -> String {
    self + String(repeating: " ", count: max(width - CellWidth.of(self), 0))
  }

  fileprivate var trimmingTrailingSpaces: String {
    var text = self
    while text.last == " " { text.removeLast() }
    return text
  }
}

extension Array where Element == UInt8 {
  fileprivate func contains(subsequence: [UInt8]) -> Bool {
    guard !subsequence.isEmpty, subsequence.count <= count else { return subsequence.isEmpty }
    for start in 0...(count - subsequence.count)
    where self[start..<start + subsequence.count].elementsEqual(subsequence) {
      return true
    }
    return false
  }
}
