// Selections that start somewhere, are remembered, and show what they are,
// end to end: `--preselect`, `--preselect-file`, `--preselect-all`,
// `--remember`, `--unique`, the fields options in the picker and the Ctrl-S
// review view. Each picker test checks the exit status, stdout byte for byte
// and that the terminal settings were restored (`Picker.expectExit`).
//
// The nested suites are named after the features so that
// `swift test --filter "Preselection|Remember|Review|Unique|Fields"` runs them.

import PickTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

// Keys, as the terminal sends them.
private let tab = "\t"
private let enter = "\r"
private let down = "\u{1B}[B"
private let up = "\u{1B}[A"
private let esc: [UInt8] = [0x1B]
private let ctrlA: [UInt8] = [0x01]
private let ctrlS: [UInt8] = [0x13]

/// A row of an 80-column screen.
private func row(_ text: String) -> String { text.padded(to: 80) }

/// The select-all row of an 80-column screen: `[box] All`, then `count` at the right.
private func allRow(_ box: String, _ count: String) -> String {
  let left = "  [\(box)] All"
  return left + String(repeating: " ", count: 80 - left.count - count.count) + count
}

@Suite(.serialized) struct StartingSelectionTests {
  // MARK: --preselect, --preselect-file, --preselect-all

  @Suite struct Preselection {
    @Test func `--preselect matching nothing starts empty with the cursor on the first item`() throws {
      let picker = try Picker(["-m", "--preselect", "zero"], items: "one\ntwo\nthree\n")
      let screen = try picker.waitFor("3/3")
      #expect(screen.row(2) == allRow(" ", "0 of 3"))
      #expect(screen.row(3) == row(">  one"))
      #expect(screen.row(4) == row("   two"))
      #expect(!screen.screenText.contains("*"))
      picker.send(enter)
      try picker.expectExit(status: 0, stdout: "one\n")
    }

    @Test func `--preselect marks the items, puts the cursor on the first and prints in input order`() throws {
      let picker = try Picker(
        ["-m", "--preselect", "four", "--preselect", "two"], items: "one\ntwo\nthree\nfour\n")
      let screen = try picker.waitFor("2 of 4")
      #expect(screen.row(2) == allRow("-", "2 of 4"))
      #expect(screen.row(3) == row("   one"))
      #expect(screen.row(4) == row(">* two"))
      #expect(screen.row(5) == row("   three"))
      #expect(screen.row(6) == row(" * four"))
      picker.send(enter)
      try picker.expectExit(status: 0, stdout: "two\nfour\n")
    }

    @Test func `the cursor goes to the first preselected item in display order`() throws {
      // --tac shows the input reversed: four comes before two.
      let picker = try Picker(
        ["-m", "--tac", "--preselect", "two", "--preselect", "four"], items: "one\ntwo\nthree\nfour\n")
      let screen = try picker.waitFor("2 of 4")
      #expect(screen.row(3) == row(">* four"))
      #expect(screen.row(5) == row(" * two"))
      picker.send(enter)
      // Under --tac, in display order.
      try picker.expectExit(status: 0, stdout: "four\ntwo\n")
    }

    @Test func `preselected texts missing from the input are not counted`() throws {
      let picker = try Picker(
        ["--multi=2", "--no-hint", "--preselect", "gone", "--preselect", "also gone", "--preselect", "b"],
        items: "a\nb\nc\n")
      let screen = try picker.waitFor("1 of 3")
      #expect(screen.row(1) == row("  3/3"))  // no "cap reached": the missing texts take no room
      #expect(screen.row(2) == allRow("-", "1 of 3"))
      #expect(screen.row(4) == row(">* b"))
      picker.send(down + tab)  // c: room for one more
      try picker.waitFor("cap reached")
      picker.send(enter)
      try picker.expectExit(status: 0, stdout: "b\nc\n")
    }

    @Test func `an item that arrives later is preselected and gets the cursor`() throws {
      let picker = try Picker(
        ["-m", "--no-hint", "--preselect", "late"], items: "early\nother\n", keepStdinOpen: true)
      var screen = try picker.waitFor("0 of 2")
      #expect(screen.row(3) == row(">  early"))
      picker.pty.writeStdin(Array("late\nlater\n".utf8))
      screen = try picker.waitFor("1 of 4")
      #expect(screen.row(2) == allRow("-", "1 of 4"))
      #expect(screen.row(3) == row("   early"))
      #expect(screen.row(5) == row(">* late"))
      picker.pty.closeStdin()
      try picker.waitFor { $0.row(1) == row("  4/4") }
      picker.send(enter)
      try picker.expectExit(status: 0, stdout: "late\n")
    }

    @Test func `an item that arrives later does not move a cursor the user moved`() throws {
      let picker = try Picker(["-m", "--preselect", "late"], items: "early\nother\n", keepStdinOpen: true)
      try picker.waitFor("0 of 2")
      picker.send(down)
      try picker.waitFor { $0.row(4) == row(">  other") }
      picker.pty.writeStdin(Array("late\n".utf8))
      let screen = try picker.waitFor("1 of 3")
      #expect(screen.row(4) == row(">  other"))
      #expect(screen.row(5) == row(" * late"))
      picker.pty.closeStdin()
      picker.send(enter)
      try picker.expectExit(status: 0, stdout: "late\n")
    }

    @Test func `--multi=2 --preselect-all selects two and Ctrl-A at the cap deselects the matches`() throws {
      let picker = try Picker(["--multi=2", "--no-hint", "--preselect-all"], items: "1\n2\n3\n4\n5\n")
      var screen = try picker.waitFor("5/5  cap reached")
      #expect(screen.row(1) == row("  5/5  cap reached"))
      #expect(screen.row(2) == allRow("-", "2 of 5"))
      #expect(screen.row(3) == row(">* 1"))
      #expect(screen.row(4) == row(" * 2"))
      #expect(screen.row(5) == row("   3"))
      picker.send(ctrlA)
      screen = try picker.waitFor("0 of 5")
      #expect(screen.row(1) == row("  5/5"))
      #expect(!screen.screenText.contains("*"))
      picker.send(ctrlA)
      try picker.waitFor("cap reached")
      picker.send(enter)
      try picker.expectExit(status: 0, stdout: "1\n2\n")
    }

    @Test func `--preselect-file names items by line`() throws {
      let file = try makeTemporaryFile(containing: Array("four\nmissing\ntwo".utf8))
      defer { unlink(file) }
      let picker = try Picker(["-m", "--preselect-file", file], items: "one\ntwo\nthree\nfour\n")
      let screen = try picker.waitFor("2 of 4")
      #expect(screen.row(4) == row(">* two"))
      #expect(screen.row(6) == row(" * four"))
      picker.send(enter)
      try picker.expectExit(status: 0, stdout: "two\nfour\n")
    }

    @Test func `--preselect-file with --read0 names NUL-separated items that hold newlines`() throws {
      let file = try makeTemporaryFile(containing: Array("c\nd\0a\0".utf8))
      defer { unlink(file) }
      let picker = try Picker(
        ["-m", "--read0", "--print0", "--preselect-file", file], items: "a\nb\0c\nd\0a\0c\0d\0")
      try picker.waitFor("2 of 5")
      picker.send(enter)
      // "a" alone and "c\nd" whole; not "a\nb", "c" or "d".
      try picker.expectExit(status: 0, stdout: "c\nd\0a\0")
    }

    @Test(arguments: ["/nonexistent/pick-preselect", "/"])
    func `an unreadable --preselect-file exits 2`(path: String) throws {
      let picker = try Picker(["-m", "--preselect-file", path], items: "a\nb\n")
      let result = try #require(picker.pty.wait(timeout: 5))
      #expect(result.status == 2)
      #expect(result.stdout.isEmpty)
      #expect(result.stderr.filter { $0 == 0x0A }.count == 1)
      #expect(picker.pty.outputBytes.isEmpty)
    }

    @Test(.enabled(if: getuid() != 0, "root reads any file"))
    func `a --preselect-file without read permission exits 2`() throws {
      let file = try makeTemporaryFile(containing: Array("a\n".utf8))
      defer { unlink(file) }
      chmod(file, 0)
      let picker = try Picker(["-m", "--preselect-file", file], items: "a\nb\n")
      let result = try #require(picker.pty.wait(timeout: 5))
      #expect(result.status == 2)
      #expect(result.stdout.isEmpty)
    }

    @Test func `in single mode --preselect puts the cursor on the item and Enter prints it`() throws {
      let picker = try Picker(["--preselect", "cherry"], items: "apple\nbanana\ncherry\n")
      let screen = try picker.waitFor { $0.row(4).hasPrefix(">") }
      #expect(screen.row(2) == row("   apple"))
      #expect(screen.row(4) == row(">  cherry"))
      picker.send(enter)
      try picker.expectExit(status: 0, stdout: "cherry\n")
    }

    @Test func `in single mode Enter prints the item under the cursor, not the preselected one`() throws {
      let picker = try Picker(["--preselect", "cherry"], items: "apple\nbanana\ncherry\n")
      try picker.waitFor { $0.row(4).hasPrefix(">") }
      picker.send(up)
      try picker.waitFor { $0.row(3).hasPrefix(">") }
      picker.send(enter)
      try expectSingleModeExit(picker, stdout: "banana\n")
    }

    @Test func `in single mode a query hiding the preselected item prints the match`() throws {
      let picker = try Picker(["--preselect", "cherry"], items: "apple\nbanana\ncherry\n")
      try picker.waitFor("3/3")
      picker.send("app")
      try picker.waitFor("1/3")
      picker.send(enter)
      try expectSingleModeExit(picker, stdout: "apple\n")
    }
  }

  // MARK: --remember

  @Suite struct Remember {
    @Test func `a choice is remembered across runs by its bytes`() throws {
      let state = try TemporaryDirectory()
      let environment = ["XDG_STATE_HOME": state.path]
      let file = state.path + "/pick/fruit"

      // First run: banana, cherry and date.
      var picker = try Picker(
        ["-m", "--remember", "fruit"], items: "apple\nbanana\ncherry\ndate\n", environment: environment)
      try picker.waitFor("4/4")
      picker.send(down + tab + tab + tab)
      try picker.waitFor("3 of 4")
      picker.send(enter)
      try picker.expectExit(status: 0, stdout: "banana\ncherry\ndate\n")
      let stored = try #require(contents(of: file))
      #expect(ByteString(stored) == "pick-remember 1\nbanana\0cherry\0date\0")
      #expect(mode(of: file) == 0o600)
      #expect(mode(of: state.path + "/pick") == 0o700)

      // Second run: re-ordered, cherry gone, fig new at the front.
      picker = try Picker(
        ["-m", "--remember", "fruit"], items: "fig\ndate\napple\nbanana\n", environment: environment)
      let screen = try picker.waitFor("2 of 4")
      #expect(screen.row(2) == allRow("-", "2 of 4"))
      #expect(screen.row(3) == row("   fig"))
      #expect(screen.row(4) == row(">* date"))
      #expect(screen.row(5) == row("   apple"))
      #expect(screen.row(6) == row(" * banana"))
      // Esc: nothing is written.
      picker.send(esc)
      try picker.expectExit(status: 130, stdout: "")
      #expect(contents(of: file).map(ByteString.init) == ByteString(stored))

      // Third run: Enter stores what was printed.
      picker = try Picker(
        ["-m", "--remember", "fruit"], items: "fig\ndate\napple\nbanana\n", environment: environment)
      try picker.waitFor("2 of 4")
      picker.send(enter)
      try picker.expectExit(status: 0, stdout: "date\nbanana\n")
      #expect(contents(of: file).map(ByteString.init) == "pick-remember 1\ndate\0banana\0")
    }

    @Test func `nothing is stored when nothing is chosen`() throws {
      let state = try TemporaryDirectory()
      let picker = try Picker(
        ["-m", "--remember", "k"], items: "a\nb\n", environment: ["XDG_STATE_HOME": state.path])
      try picker.waitFor("2/2")
      picker.send("zzz")
      try picker.waitFor("0/2")
      picker.send(enter)
      try picker.expectExit(status: 1, stdout: "")
      #expect(contents(of: state.path + "/pick/k") == nil)
    }

    @Test(arguments: ["a/b", "..", ".", "", "a b", "café"])
    func `an invalid key exits 2`(key: String) throws {
      let state = try TemporaryDirectory()
      let result = try runPick(
        ["--remember", key, "--filter", "a"], stdin: Array("a\n".utf8),
        environment: ["XDG_STATE_HOME": state.path], timeout: 10)
      #expect(result.status == 2)
      #expect(result.stdout.isEmpty)
      #expect(result.stderr.filter { $0 == 0x0A }.count == 1)
      #expect(access(state.path + "/pick", F_OK) != 0)
    }

    @Test func `an unwritable state directory warns and still prints the choice with status 0`() throws {
      let state = try TemporaryDirectory()
      let regular = state.path + "/file"
      try #require(contents(of: regular) == nil)
      let fd = open(regular, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
      try #require(fd >= 0)
      close(fd)
      let picker = try Picker(
        ["-m", "--remember", "k"], items: "a\nb\n", environment: ["XDG_STATE_HOME": regular + "/state"])
      try picker.waitFor("2/2")
      picker.send(tab + enter)
      let result = try #require(picker.pty.wait(timeout: 5), "pick did not exit")
      #expect(result.status == 0)
      #expect(ByteString(result.stdout) == "a\n")
      let warning = String(decoding: result.stderr, as: UTF8.self)
      #expect(warning.contains("warning"), "stderr: \(warning)")
      #expect(result.stderr.filter { $0 == 0x0A }.count == 1, "stderr: \(warning)")
      #expect(bytes(of: picker.pty.termiosNow()) == bytes(of: picker.pty.termiosBefore))
    }

    @Test func `items that are not valid UTF-8 round-trip exactly`() throws {
      let state = try TemporaryDirectory()
      let environment = ["XDG_STATE_HOME": state.path]
      let odd: [UInt8] = [0x63, 0x61, 0x66, 0xE9]  // "caf" + a Latin-1 é
      let odder: [UInt8] = [0xFF, 0x0D]  // a byte no UTF-8 has, then a CR
      let items = odd + [0x0A] + Array("café\n".utf8) + odder + [0x0A]

      var picker = try Picker(["-m", "--remember", "raw"], rawItems: items, environment: environment)
      try picker.waitFor("3/3")
      picker.send(tab + down + tab)
      try picker.waitFor("2 of 3")
      picker.send(enter)
      try picker.expectExit(status: 0, stdoutBytes: odd + [0x0A] + odder + [0x0A])
      let stored = try #require(contents(of: state.path + "/pick/raw"))
      #expect(ByteString(stored) == ByteString(Array("pick-remember 1\n".utf8) + odd + [0] + odder + [0]))

      picker = try Picker(["-m", "--remember", "raw"], rawItems: items, environment: environment)
      try picker.waitFor("2 of 3")
      picker.send(enter)
      try picker.expectExit(status: 0, stdoutBytes: odd + [0x0A] + odder + [0x0A])
    }

    @Test func `-1 stores its choice and --filter never does`() throws {
      let state = try TemporaryDirectory()
      let environment = ["XDG_STATE_HOME": state.path]
      let picker = try Picker(
        ["-1", "-q", "ban", "--remember", "one"], items: "apple\nbanana\n", environment: environment)
      try picker.expectExit(status: 0, stdout: "banana\n")
      #expect(contents(of: state.path + "/pick/one").map(ByteString.init) == "pick-remember 1\nbanana\0")

      let filtered = try runPick(
        ["--filter", "ban", "--remember", "filtered"], stdin: Array("apple\nbanana\n".utf8),
        environment: environment, timeout: 10)
      #expect(filtered.status == 0)
      #expect(ByteString(filtered.stdout) == "banana\n")
      #expect(contents(of: state.path + "/pick/filtered") == nil)
    }

    @Test func `the whole item is stored even when --accept-nth prints a field`() throws {
      let state = try TemporaryDirectory()
      let picker = try Picker(
        ["-m", "-d", ",", "--accept-nth", "1", "--remember", "f"], items: "a,1\nb,2\n",
        environment: ["XDG_STATE_HOME": state.path])
      try picker.waitFor("2/2")
      picker.send(down + tab + enter)
      try picker.expectExit(status: 0, stdout: "b\n")
      #expect(contents(of: state.path + "/pick/f").map(ByteString.init) == "pick-remember 1\nb,2\0")
    }

    @Test func `in single mode a remembered item gets the cursor and does not override it`() throws {
      let state = try TemporaryDirectory()
      let environment = ["XDG_STATE_HOME": state.path]
      var picker = try Picker(["--remember", "one"], items: "apple\nbanana\ncherry\n", environment: environment)
      try picker.waitFor("3/3")
      picker.send(down + enter)
      try picker.expectExit(status: 0, stdout: "banana\n")

      picker = try Picker(["--remember", "one"], items: "apple\nbanana\ncherry\n", environment: environment)
      try picker.waitFor { $0.row(3).hasPrefix(">") }
      picker.send(up)
      try picker.waitFor { $0.row(2).hasPrefix(">") }
      picker.send(enter)
      try expectSingleModeExit(picker, stdout: "apple\n")
    }

    @Test func `a relative XDG_STATE_HOME is ignored for HOME/.local/state`() throws {
      let home = try TemporaryDirectory()
      let picker = try Picker(
        ["-1", "--remember", "h"], items: "only\n",
        environment: ["HOME": home.path, "XDG_STATE_HOME": "relative/state"])
      try picker.expectExit(status: 0, stdout: "only\n")
      #expect(
        contents(of: home.path + "/.local/state/pick/h").map(ByteString.init) == "pick-remember 1\nonly\0")
    }

    @Test func `items read with --read0 that hold newlines are remembered whole`() throws {
      let state = try TemporaryDirectory()
      let environment = ["XDG_STATE_HOME": state.path]
      let items = "one\nline\0one\0line\0"
      var picker = try Picker(["-m", "--read0", "--print0", "--remember", "z"], items: items, environment: environment)
      try picker.waitFor("3/3")
      picker.send(tab + enter)
      try picker.expectExit(status: 0, stdout: "one\nline\0")
      #expect(contents(of: state.path + "/pick/z").map(ByteString.init) == "pick-remember 1\none\nline\0")

      picker = try Picker(["-m", "--read0", "--print0", "--remember", "z"], items: items, environment: environment)
      try picker.waitFor("1 of 3")
      picker.send(enter)
      try picker.expectExit(status: 0, stdout: "one\nline\0")
    }

    @Test func `remembered and preselected items combine as a union`() throws {
      let state = try TemporaryDirectory()
      let environment = ["XDG_STATE_HOME": state.path]
      var picker = try Picker(["-m", "--remember", "u"], items: "a\nb\nc\n", environment: environment)
      try picker.waitFor("3/3")
      picker.send(tab + enter)
      try picker.expectExit(status: 0, stdout: "a\n")

      picker = try Picker(
        ["-m", "--remember", "u", "--preselect", "c"], items: "a\nb\nc\n", environment: environment)
      try picker.waitFor("2 of 3")
      picker.send(enter)
      try picker.expectExit(status: 0, stdout: "a\nc\n")
    }
  }

  // MARK: --unique

  @Suite struct Unique {
    @Test func `--unique prints repeated lines once in filter mode`() throws {
      let input = Array("b\na\nb\nab\na\n".utf8)
      let all = try runPick(["--unique", "--filter", ""], stdin: input, timeout: 10)
      #expect(all.status == 0)
      #expect(ByteString(all.stdout) == "b\na\nab\n")
      let some = try runPick(["--unique", "--filter", "a"], stdin: input, timeout: 10)
      #expect(some.status == 0)
      #expect(ByteString(some.stdout) == "a\nab\n")
    }

    @Test func `--unique shows repeated lines once in the picker`() throws {
      let picker = try Picker(["-m", "--unique"], items: "b\na\nb\nc\na\n")
      let screen = try picker.waitFor("3/3")
      #expect(screen.row(3) == row(">  b"))
      #expect(screen.row(4) == row("   a"))
      #expect(screen.row(5) == row("   c"))
      #expect(screen.row(6) == row(""))
      picker.send(ctrlA)
      try picker.waitFor("3 of 3")
      picker.send(enter)
      try picker.expectExit(status: 0, stdout: "b\na\nc\n")
    }

    @Test func `--unique with -1 counts a repeated match once`() throws {
      let picker = try Picker(["--unique", "-1", "-q", "a"], items: "a\na\nb\n")
      // Either pick exits at once (one distinct match) or the picker opens.
      var result = picker.pty.wait(timeout: 0)
      let deadline = ContinuousClock.now + .seconds(3)
      while result == nil, !picker.screen().screenText.contains("/2"), ContinuousClock.now < deadline {
        usleep(10_000)
        result = picker.pty.wait(timeout: 0)
      }
      #expect(result?.status == 0)
      #expect(result.map { ByteString($0.stdout) } == "a\n")
      if result == nil {
        picker.send(esc)
        try picker.expectExit(status: 130, stdout: "")
      }
    }

    @Test func `--unique does not drop an item that repeats a header line`() throws {
      let result = try runPick(
        ["--unique", "--header-lines=1", "--filter", ""], stdin: Array("H\na\nH\nb\n".utf8), timeout: 10)
      #expect(result.status == 0)
      #expect(ByteString(result.stdout) == "a\nH\nb\n")
    }

    @Test func `--unique with --remember marks a repeated item once`() throws {
      let state = try TemporaryDirectory()
      let environment = ["XDG_STATE_HOME": state.path]
      var picker = try Picker(["-m", "--unique", "--remember", "u"], items: "x\ny\n", environment: environment)
      try picker.waitFor("2/2")
      picker.send(down + tab + enter)
      try picker.expectExit(status: 0, stdout: "y\n")

      picker = try Picker(["-m", "--unique", "--remember", "u"], items: "y\nx\ny\nz\ny\n", environment: environment)
      let screen = try picker.waitFor("1 of 3")
      #expect(screen.row(3) == row(">* y"))
      #expect(screen.row(4) == row("   x"))
      #expect(screen.row(5) == row("   z"))
      picker.send(enter)
      try picker.expectExit(status: 0, stdout: "y\n")
    }
  }

  // MARK: Fields in the picker

  @Suite struct Fields {
    static let rides = "parks\t🎡+🎢=😃 95%\nisland\t🗿+🌴=👍 96%\n"

    @Test func `--with-nth shows a field and --accept-nth prints another`() throws {
      let picker = try Picker(["-d", "\\t", "--with-nth", "2", "--accept-nth", "1"], items: Self.rides)
      let screen = try picker.waitFor("2/2")
      #expect(screen.row(2).hasPrefix(">  🎡+🎢=😃 95%"), "\(screen.row(2))")
      #expect(screen.row(3).hasPrefix("   🗿+🌴=👍 96%"), "\(screen.row(3))")
      #expect(!screen.screenText.contains("parks"))
      #expect(!screen.screenText.contains("island"))
      picker.send(enter)
      try picker.expectExit(status: 0, stdout: "parks\n")
    }

    @Test func `--with-nth and --accept-nth in multi mode print the chosen fields in input order`() throws {
      let picker = try Picker(
        ["-m", "-d", "\\t", "--with-nth", "2", "--accept-nth", "1"], items: Self.rides)
      try picker.waitFor("2/2")
      picker.send(down + tab + up + tab)
      try picker.waitFor("2 of 2")
      picker.send(enter)
      try picker.expectExit(status: 0, stdout: "parks\nisland\n")
    }

    @Test func `--nth limits the search to the field`() throws {
      let picker = try Picker(["-d", "\\t", "--nth", "1"], items: Self.rides)
      try picker.waitFor("2/2")
      picker.send("96")  // only in the second field
      try picker.waitFor("0/2")
      picker.send([0x15])  // Ctrl-U
      picker.send("isl")
      try picker.waitFor("1/2")
      picker.send(enter)
      try picker.expectExit(status: 0, stdout: "island\t🗿+🌴=👍 96%\n")
    }

    @Test func `--nth 2 finds the shown text, not the name`() throws {
      let picker = try Picker(["-d", "\\t", "--nth", "2"], items: Self.rides)
      try picker.waitFor("2/2")
      picker.send("parks")
      try picker.waitFor("0/2")
      picker.send([0x15])
      picker.send("96")
      try picker.waitFor("1/2")
      picker.send(enter)
      try picker.expectExit(status: 0, stdout: "island\t🗿+🌴=👍 96%\n")
    }
  }

  // MARK: The review view

  @Suite struct Review {
    @Test func `Ctrl-S reviews the selection, hidden items included, and returns to the query`() throws {
      let picker = try Picker(["-m"], items: "apple\nbanana\ncherry\n")
      try picker.waitFor("3/3")
      picker.send(tab + down + tab)  // apple, cherry
      try picker.waitFor("2 of 3")
      picker.send("ch")
      var screen = try picker.waitFor("+1 hidden")
      #expect(screen.row(3) == row(">* cherry"))

      picker.send(ctrlS)
      // The review's header comes at once; its list when the search is done
      // (on a busy machine a frame can show the header over the old list).
      screen = try picker.waitFor {
        $0.screenText.contains("review (Ctrl-S to return)") && $0.row(2) == allRow("x", "2 of 2")
      }
      #expect(screen.row(0) == row(">"))
      #expect(screen.row(2) == allRow("x", "2 of 2"))
      #expect(screen.row(3) == row(">* apple"))
      #expect(screen.row(4) == row(" * cherry"))
      #expect(screen.row(5) == row(""))

      picker.send(tab)  // untoggle apple: still listed
      screen = try picker.waitFor("1 of 2")
      #expect(screen.row(3) == row("   apple"))
      #expect(screen.row(4) == row(">* cherry"))

      picker.send(ctrlS)
      // The query comes back at once; its matches when the search is done.
      screen = try picker.waitFor {
        $0.row(0).hasPrefix("> ch ") && !$0.screenText.contains("review") && $0.row(1).hasPrefix("  1/3")
      }
      #expect(screen.row(1) == row("  1/3"))
      #expect(screen.row(2) == allRow("x", "1 of 1"))
      #expect(screen.row(3) == row(">* cherry"))
      picker.send(enter)
      try picker.expectExit(status: 0, stdout: "cherry\n")
    }

    @Test func `Ctrl-S returns the cursor to its item`() throws {
      let picker = try Picker(["-m"], items: "one\ntwo\nthree\nfour\n")
      try picker.waitFor("4/4")
      picker.send(tab + down + down)  // one selected; the cursor on four
      try picker.waitFor { $0.row(6) == row(">  four") }
      picker.send(ctrlS)
      try picker.waitFor("review")
      picker.send(ctrlS)
      let screen = try picker.waitFor { !$0.screenText.contains("review") && $0.row(6) == row(">  four") }
      #expect(screen.row(3) == row(" * one"))
      picker.send(enter)
      try picker.expectExit(status: 0, stdout: "one\n")
    }
  }
}

// MARK: - Support

/// Checks how pick exited in a single-mode test that meets the known bug:
/// single mode keeps a preselected (or remembered) item *selected*, so Enter
/// prints it instead of the item under the cursor.
private func expectSingleModeExit(
  _ picker: Picker, stdout: String, sourceLocation: SourceLocation = #_sourceLocation
) throws {
  let result = try #require(picker.pty.wait(timeout: 5), "pick did not exit", sourceLocation: sourceLocation)
  #expect(result.status == 0, sourceLocation: sourceLocation)
  #expect(result.stderr.isEmpty, sourceLocation: sourceLocation)
  #expect(
    bytes(of: picker.pty.termiosNow()) == bytes(of: picker.pty.termiosBefore),
    "the terminal settings were not restored", sourceLocation: sourceLocation)
  #expect(ByteString(result.stdout) == ByteString(Array(stdout.utf8)), sourceLocation: sourceLocation)
}

/// A fresh directory under $TMPDIR (or /tmp), removed with its contents when released.
private final class TemporaryDirectory {
  let path: String

  init() throws {
    let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
    var template = Array("\(base)/pick-state-XXXXXX".utf8CString)
    guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
      throw RunFailure(description: "mkdtemp: \(String(cString: strerror(errno)))")
    }
    path = String(cString: made)
  }

  deinit {
    // Permissions first: a test may have left something unreadable.
    _ = try? runProgram(
      "/bin/chmod", arguments: [Array("-R".utf8), Array("u+rwx".utf8), Array(path.utf8)], timeout: 10)
    _ = try? runProgram("/bin/rm", arguments: [Array("-rf".utf8), Array(path.utf8)], timeout: 10)
  }
}

/// The bytes of the regular file at `path`, or nil if it cannot be read.
private func contents(of path: String) -> [UInt8]? {
  let fd = open(path, O_RDONLY | O_CLOEXEC)
  guard fd >= 0 else { return nil }
  defer { close(fd) }
  var result: [UInt8] = []
  var block = [UInt8](repeating: 0, count: 1 << 16)
  while true {
    let n = block.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    if n > 0 {
      result += block[..<n]
    } else if n == 0 {
      return result
    } else if errno != EINTR {
      return nil
    }
  }
}

/// The permission bits of `path`, or nil when it does not exist.
private func mode(of path: String) -> mode_t? {
  var info = stat()
  guard stat(path, &info) == 0 else { return nil }
  return info.st_mode & 0o7777
}
