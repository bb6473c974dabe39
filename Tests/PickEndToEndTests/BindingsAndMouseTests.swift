// `--bind`, `--expect` and the mouse, end to end: the built pick under a
// pseudo-terminal (see PickerTerminalTests.swift for the harness). Mouse
// input is sent as a terminal sends it with SGR reporting (mode 1006):
// `ESC [ < button ; column ; row M` for a press, `m` for the release.

import PickTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A left click (press and release) at a 1-based terminal row.
private func leftClick(row: Int, column: Int = 6) -> String {
  "\u{1B}[<0;\(column);\(row)M\u{1B}[<0;\(column);\(row)m"
}

private func rightClick(row: Int, column: Int = 6) -> String {
  "\u{1B}[<2;\(column);\(row)M\u{1B}[<2;\(column);\(row)m"
}

private func wheelDown(row: Int) -> String { "\u{1B}[<65;6;\(row)M" }
private func wheelUp(row: Int) -> String { "\u{1B}[<64;6;\(row)M" }

private let mouseOn = Array("\u{1B}[?1000h\u{1B}[?1006h".utf8)

extension Array where Element == UInt8 {
  /// Where `pattern` last starts in the array.
  fileprivate func lastRange(of pattern: [UInt8]) -> Int? {
    guard pattern.count <= count else { return nil }
    return (0...count - pattern.count).last { self[$0..<$0 + pattern.count].elementsEqual(pattern) }
  }
}

@Suite(.serialized) struct BindingsAndMouseTests {
  // MARK: --bind

  @Test func `--bind ctrl-a:beginning-of-line gives Ctrl-A back to the query in multi mode`() throws {
    let picker = try Picker(
      ["-m", "--bind", "ctrl-a:beginning-of-line"], items: "apple\nbanana\ncab\n")
    try picker.waitFor("3/3")
    picker.send("an")
    try picker.waitFor("> an")
    picker.send([0x01])
    picker.send("b")
    // The query line is drawn at once, the count when the search has run.
    let screen = try picker.waitFor { $0.screenText.contains("> ban") && $0.screenText.contains("0 of 1") }
    #expect(screen.screenText.contains("0 of 1"))
    picker.send("\r")
    try picker.expectExit(status: 0, stdout: "banana\n")
  }

  @Test func `a chain bound to Enter runs in order: select-all then accept`() throws {
    let picker = try Picker(["-m", "--bind=enter:select-all+accept"], items: "one\ntwo\nthree\n")
    try picker.waitFor("3/3")
    picker.send("o")
    try picker.waitFor("2/3")
    picker.send("\r")
    try picker.expectExit(status: 0, stdout: "one\ntwo\n")
  }

  @Test func `bindings from PICK_DEFAULT_OPTS and the command line accumulate`() throws {
    let picker = try Picker(
      ["--bind", "ctrl-x:+accept"], items: "a\nb\nc\n",
      environment: ["PICK_DEFAULT_OPTS": "--bind ctrl-x:last"])
    try picker.waitFor("3/3")
    picker.send([0x18])
    try picker.expectExit(status: 0, stdout: "c\n")
  }

  @Test func `change-prompt redraws the prompt`() throws {
    let picker = try Picker(["--bind", "ctrl-t:change-prompt(Files> )"], items: "a\n")
    try picker.waitFor("1/1")
    picker.send([0x14])
    try picker.waitFor { $0.row(0).hasPrefix("Files> ") }
    picker.send("\u{1B}")
    try picker.expectExit(status: 130, stdout: "")
  }

  @Test func `an unknown key or action is a usage error naming it`() throws {
    let key = try runPick(
      ["--bind", "ctrl-a:up,bogus:down"], stdin: Array("a\n".utf8), timeout: 10)
    #expect(key.status == 2)
    #expect(String(decoding: key.stderr, as: UTF8.self).contains("unsupported key: bogus"))
    let action = try runPick(["--bind=ctrl-a:up+frobnicate"], stdin: Array("a\n".utf8), timeout: 10)
    #expect(action.status == 2)
    #expect(String(decoding: action.stderr, as: UTF8.self).contains("unknown action: frobnicate"))
  }

  // MARK: --expect

  @Test func `an --expect key accepts and prints its name after the query line`() throws {
    let picker = try Picker(
      ["--expect", "ctrl-x,CTRL-Y", "--print-query"], items: "apple\nbanana\n")
    try picker.waitFor("2/2")
    picker.send("ban")
    try picker.waitFor("1/2")
    picker.send([0x19])
    try picker.expectExit(status: 0, stdout: "ban\nCTRL-Y\nbanana\n")
  }

  @Test func `accept-non-empty on an input with no item prints the query and exits 1`() throws {
    // fzf's test_accept_non_empty_with_empty_list.
    let picker = try Picker(["-q", "foo", "--print-query", "--bind", "enter:accept-non-empty"], items: "")
    try picker.waitFor("0/0")
    picker.send("\r")
    try picker.expectExit(status: 1, stdout: "foo\n")
  }

  @Test func `Enter with --expect prints an empty key line`() throws {
    let picker = try Picker(["--expect=ctrl-x", "-m"], items: "apple\nbanana\n")
    try picker.waitFor("2/2")
    picker.send("\t\t\r")
    try picker.expectExit(status: 0, stdout: "\napple\nbanana\n")
  }

  @Test func `an --expect key with nothing matching prints only the key line and exits 1`() throws {
    let picker = try Picker(["--expect=ctrl-x"], items: "apple\n")
    try picker.waitFor("1/1")
    picker.send("zzz")
    try picker.waitFor("0/1")
    picker.send([0x18])
    try picker.expectExit(status: 1, stdout: "ctrl-x\n")
  }

  @Test func `-1 with --expect prints an empty key line, and --filter none`() throws {
    let one = try runPick(
      ["-1", "-q", "ban", "--expect=ctrl-x"], stdin: Array("apple\nbanana\n".utf8), timeout: 10)
    #expect(one.status == 0)
    #expect(ByteString(one.stdout) == ByteString(Array("\nbanana\n".utf8)))
    let filter = try runPick(
      ["-f", "ban", "--expect=ctrl-x"], stdin: Array("apple\nbanana\n".utf8), timeout: 10)
    #expect(ByteString(filter.stdout) == ByteString(Array("banana\n".utf8)))
  }

  // MARK: Mouse

  @Test func `mouse reporting is on while the picker is drawn and off after exit`() throws {
    let picker = try Picker([], items: "a\nb\n")
    let screen = try picker.waitFor("2/2")
    #expect(screen.mouseModes.isSuperset(of: [1000, 1006]))
    picker.send("\r")
    try picker.expectExit(status: 0, stdout: "a\n")
    // After the last time it was turned on, every mode was turned off again.
    let bytes = picker.pty.outputBytes
    let on = try #require(bytes.lastRange(of: mouseOn))
    let after = Array(bytes[on...])
    for mode in ["1000", "1002", "1003", "1006"] {
      #expect(after.lastRange(of: Array("\u{1B}[?\(mode)l".utf8)) != nil, "\(mode)")
    }
    #expect(picker.screen().mouseModes.isEmpty)
  }

  @Test func `a crash turns mouse reporting off too`() throws {
    let picker = try Picker([], items: "apple\n", environment: ["PICK_TEST_CRASH": "1"])
    try picker.expectExit(status: 128 + SIGSEGV, stdout: "")
    #expect(picker.pty.outputBytes.lastRange(of: mouseOn) != nil)
    #expect(picker.screen().mouseModes.isEmpty)
  }

  @Test func `--no-mouse never turns reporting on and ignores mouse reports`() throws {
    let picker = try Picker(["--no-mouse"], items: "a\nb\nc\n")
    try picker.waitFor("3/3")
    // A report (from a terminal some other program left in a mouse mode) is neither a click nor typed text.
    picker.send(leftClick(row: 5) + "\u{1B}[<2;6;4M")
    picker.send("\r")
    try picker.expectExit(status: 0, stdout: "a\n")
    #expect(picker.pty.outputBytes.lastRange(of: Array("\u{1B}[?1000h".utf8)) == nil)
  }

  @Test func `a click puts the cursor on the clicked row and Enter prints that item`() throws {
    let picker = try Picker([], items: "apple\nbanana\ncherry\ndate\n")
    try picker.waitFor("4/4")
    // Rows: 1 prompt, 2 info, 3 apple, 4 banana, 5 cherry.
    picker.send(leftClick(row: 5))
    try picker.waitFor { $0.row(4).hasPrefix(">  cherry") }
    picker.send("\r")
    try picker.expectExit(status: 0, stdout: "cherry\n")
  }

  @Test func `a click on the query line moves the text cursor there`() throws {
    let picker = try Picker([], items: "abc\naXbc\n")
    try picker.waitFor("2/2")
    picker.send("abc")
    try picker.waitFor("> abc")
    // "> abc": terminal column 4 is the b.
    picker.send(leftClick(row: 1, column: 4))
    picker.send("X")
    try picker.waitFor("> aXbc")
    picker.send("\r")
    try picker.expectExit(status: 0, stdout: "aXbc\n")
  }

  @Test func `a double-click accepts the clicked item`() throws {
    let picker = try Picker([], items: "apple\nbanana\ncherry\n")
    try picker.waitFor("3/3")
    picker.send(leftClick(row: 4) + leftClick(row: 4))
    try picker.expectExit(status: 0, stdout: "banana\n")
  }

  @Test func `a double-click in multi mode accepts the selection`() throws {
    let picker = try Picker(["-m"], items: "apple\nbanana\ncherry\n")
    try picker.waitFor("3/3")
    // Multi rows: 1 prompt, 2 info, 3 select-all, 4 apple, 5 banana, 6 cherry.
    picker.send("\t")
    try picker.waitFor("1 of 3")
    picker.send(leftClick(row: 6) + leftClick(row: 6))
    try picker.expectExit(status: 0, stdout: "apple\n")
  }

  @Test func `a mouse event can be an --expect key too`() throws {
    let picker = try Picker(["--expect=double-click,ctrl-x"], items: "apple\nbanana\n")
    try picker.waitFor("2/2")
    picker.send(leftClick(row: 4) + leftClick(row: 4))
    try picker.expectExit(status: 0, stdout: "double-click\nbanana\n")
  }

  @Test func `a right-click toggles the clicked row`() throws {
    let picker = try Picker(["-m"], items: "apple\nbanana\ncherry\n")
    try picker.waitFor("3/3")
    picker.send(rightClick(row: 6))
    var screen = try picker.waitFor("1 of 3")
    #expect(screen.row(5).hasPrefix(">* cherry"))
    picker.send(rightClick(row: 4) + rightClick(row: 6))
    screen = try picker.waitFor {
      $0.row(3).hasPrefix(" * apple") && $0.row(5).hasPrefix(">  cherry")
    }
    #expect(screen.screenText.contains("1 of 3"))
    picker.send("\r")
    try picker.expectExit(status: 0, stdout: "apple\n")
  }

  @Test func `a click on the select-all box selects every match, and again none`() throws {
    let picker = try Picker(["-m"], items: "apple\nbanana\ncherry\n")
    try picker.waitFor("3/3")
    picker.send(leftClick(row: 3, column: 4))
    try picker.waitFor("3 of 3")
    picker.send(leftClick(row: 3, column: 4))
    try picker.waitFor("0 of 3")
    picker.send(leftClick(row: 3, column: 4))
    try picker.waitFor("3 of 3")
    picker.send("\r")
    try picker.expectExit(status: 0, stdout: "apple\nbanana\ncherry\n")
  }

  @Test func `the wheel moves the cursor`() throws {
    let picker = try Picker([], items: "a\nb\nc\nd\n")
    try picker.waitFor("4/4")
    picker.send(wheelDown(row: 4) + wheelDown(row: 4) + wheelDown(row: 4) + wheelUp(row: 10))
    try picker.waitFor { $0.row(4).hasPrefix(">  c") }
    picker.send("\r")
    try picker.expectExit(status: 0, stdout: "c\n")
  }

  @Test func `in --height mode a click lands on the row drawn under it`() throws {
    let picker = try Picker(["--height=10"], items: "apple\nbanana\ncherry\ndate\n")
    // Answer the cursor-position query: the inline area ends on row 20, so it starts on row 11.
    _ = picker.pty.output(waitingFor: { $0.contains("\u{1B}[6n") }, timeout: 5)
    picker.send("\u{1B}[20;1R")
    let screen = try picker.waitFor { $0.row(10).hasPrefix(">") && $0.screenText.contains("4/4") }
    #expect(screen.row(12).hasPrefix(">  apple"))
    #expect(screen.row(14).hasPrefix("   cherry"))
    // Terminal row 15 (1-based) is screen row 14: cherry.
    picker.send(leftClick(row: 15))
    try picker.waitFor { $0.row(14).hasPrefix(">  cherry") }
    picker.send("\r")
    try picker.expectExit(status: 0, stdout: "cherry\n")
  }
}

/// Random `--bind` values built from pieces of the grammar (keys, actions pick
/// has, separators, every bracket kind): pick accepts exactly those fzf 0.74.5
/// accepts, and rejects the others with fzf's message. Needs fzf 0.74.5
/// (`referenceFzfPath()`); skipped without it.
@Test func `pick accepts and rejects random --bind values exactly as fzf does`() throws {
  guard let fzf = referenceFzfPath() else {
    print("skipped: no fzf 0.74.5 on PATH or in PICK_REFERENCE_FZF")
    return
  }
  let pieces = [
    "a", "x", "1", "é", "ctrl-a", "CTRL-B", "ctrl-alt-x", "alt-", "alt-,", "alt-é", "enter",
    "return", "space",
    "btab", "bs", "del", "pgup", "shift-up", "shift-alt-down", "f1", "F12", ":", ",", "+", "::",
    ",,", "+:",
    "ctrl-x:", "(", ")", "[", "]", "{", "}", "<", ">", "~", "!", "@", "$", "%", "^", "&", "*", ";",
    "/", "|",
    " ", "-2", "execute", "execute:", "execute-silent", "reload", "change-prompt",
    "change-query",
    "put", "pos", "up", "down", "accept", "abort", "first", "toggle", "toggle-all", "select-all",
    "deselect-all", "cancel", "kill-line", "clear-query",
  ]
  var rng = SeededGenerator(seed: 0xF2F)
  for _ in 0..<300 {
    let count = Int.random(in: 1...10, using: &rng)
    let spec = (0..<count).map { _ in pieces.randomElement(using: &rng)! }.joined()
    let arguments = [Array("--bind".utf8), Array(spec.utf8), Array("-f".utf8), Array("a".utf8)]
    let theirs = try runProgram(fzf, arguments: arguments, stdin: Array("a\n".utf8), timeout: 10)
    let ours = try runPick(rawArguments: arguments, stdin: Array("a\n".utf8), timeout: 10)
    #expect((theirs.status == 2) == (ours.status == 2), "\(spec)")
    if theirs.status == 2 {
      var message = String(decoding: theirs.stderr, as: UTF8.self)
      while message.last?.isWhitespace == true { message.removeLast() }
      // fzf prints control characters of the value raw (`CTRL-B` becomes
      // 0x02); pick escapes them (`\u{02}`), so they never reach the terminal.
      message = message.unicodeScalars.map {
        $0.properties.generalCategory == .control ? $0.escaped(asASCII: true) : String($0)
      }.joined()
      #expect(
        String(decoding: ours.stderr, as: UTF8.self).contains(message),
        "\(spec): fzf says \(message)")
    }
  }
}
