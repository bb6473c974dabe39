// The preview pane, end to end: the built pick with `--preview` on a pty.
// Each test checks the screen, the exit and the restored terminal.

import Foundation
import PickTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite(.serialized) struct PreviewEndToEndTests {
  private func temporaryDirectory() throws -> String {
    let path = NSTemporaryDirectory() + "pick-preview-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  @Test func `the pane shows the command's output for the item under the cursor, and follows it`()
    throws
  {
    let picker = try Picker(["--preview", "echo Item: {}; echo n={n}"], items: "apple\nbanana\n")
    // The output is drawn as it arrives: wait for its last line.
    var screen = try picker.waitFor("│ n=0")
    #expect(screen.screenText.contains("│ Item: apple"))
    picker.send("\u{1B}[B")
    screen = try picker.waitFor("│ n=1")
    #expect(screen.screenText.contains("│ Item: banana"))
    #expect(!screen.screenText.contains("Item: apple"))
    picker.send("\r")
    try picker.expectExit(status: 0, stdout: "banana\n")
  }

  @Test func `a hostile item is passed as data and never run`() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let marker = directory + "/ran"
    let item = "a'b; touch \(marker); echo \"$(touch \(marker))\" `touch \(marker)`"
    let picker = try Picker(["--preview", "printf '[%s]\\n' {} {+} {q}"], items: item + "\n")
    try picker.waitFor("[a'b; touch")
    picker.send("\r")
    try picker.expectExit(status: 0, stdout: item + "\n")
    #expect(!FileManager.default.fileExists(atPath: marker))
  }

  @Test func `an endless preview command never delays Enter`() throws {
    let picker = try Picker(["--preview", "sleep 10"], items: "one\ntwo\n")
    try picker.waitFor("2/2")
    // Let the command start (past the debounce).
    usleep(200_000)
    let start = ContinuousClock.now
    picker.send("\r")
    try picker.expectExit(status: 0, stdout: "one\n", timeout: 5)
    #expect(ContinuousClock.now - start < .seconds(2))
  }

  @Test func `moving the cursor kills the running preview's process group`() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let pids = directory + "/pids"
    // The shell starts a `sleep` of its own: both must end.
    let picker = try Picker(
      ["--preview", "sleep 30 & echo $! >> \(pids); echo started {}; wait"], items: "one\ntwo\n")
    try picker.waitFor("started one")
    picker.send("\u{1B}[B")
    try picker.waitFor("started two")
    let first = try String(contentsOfFile: pids, encoding: .utf8).split(separator: "\n").first
    let pid = try #require(first.flatMap { pid_t($0) })
    let deadline = ContinuousClock.now + .seconds(3)
    while kill(pid, 0) == 0 && ContinuousClock.now < deadline { usleep(20_000) }
    #expect(kill(pid, 0) != 0, "the first preview's sleep is still running")
    picker.send("\r")
    try picker.expectExit(status: 0, stdout: "two\n")
  }

  @Test func `ANSI colours in the output are drawn; other escapes are not`() throws {
    let picker = try Picker(
      ["--preview", "printf '\\033[31mRED\\033[0m \\033[2Jplain\\033]0;title\\007\\n'"],
      items: "x\n")
    let screen = try picker.waitFor("RED plain")
    let row = try #require((0..<24).first { screen.row($0).contains("RED plain") })
    let column = try #require(
      screen.row(row).range(of: "RED").map {
        screen.row(row).distance(from: screen.row(row).startIndex, to: $0.lowerBound)
      })
    #expect(screen.style(atRow: row, column: column).foreground == 1)
    #expect(screen.style(atRow: row, column: column + 4).foreground == nil)
    // The list is still there: the clear-screen code did nothing.
    #expect(screen.screenText.contains("1/1"))
    picker.send("\u{1B}")
    try picker.expectExit(status: 130, stdout: "")
  }

  @Test func `a failing command shows its exit status`() throws {
    let picker = try Picker(["--preview", "echo oops >&2; exit 3"], items: "x\n")
    let screen = try picker.waitFor("[exit status 3]")
    #expect(screen.screenText.contains("│ oops"))
    picker.send("\r")
    try picker.expectExit(status: 0, stdout: "x\n")
  }

  @Test func `the command is told the pane's size`() throws {
    // 80 columns: the pane takes 40, draws 38 (two free at the edge), text 34
    // inside the border and its padding; 24 rows, 22 inside the border.
    let picker = try Picker(
      ["--preview", "echo $PICK_PREVIEW_LINES x $PICK_PREVIEW_COLUMNS / $LINES x $COLUMNS"],
      items: "x\n")
    try picker.waitFor("22 x 34 / 22 x 34")
    picker.send("\r")
    try picker.expectExit(status: 0, stdout: "x\n")
  }

  @Test func `Ctrl-/ hides and shows the pane; hidden starts hidden; Shift-Down scrolls`() throws {
    let picker = try Picker(
      ["--preview", "seq 100", "--preview-window", "down,5,hidden"], items: "x\n")
    try picker.waitFor("1/1")
    usleep(200_000)
    #expect(!picker.screen().screenText.contains("╭"))
    picker.send([0x1F])
    var screen = try picker.waitFor("1/100")
    #expect(screen.screenText.contains("│ 1 "))
    picker.send("\u{1B}[1;2B\u{1B}[1;2B")
    screen = try picker.waitFor("3/100")
    #expect(screen.screenText.contains("│ 3 "))
    picker.send([0x1F])
    try picker.waitFor { !$0.screenText.contains("╭") }
    picker.send("\r")
    try picker.expectExit(status: 0, stdout: "x\n")
  }

  @Test func `the wheel over the pane scrolls it; over the list it moves the cursor`() throws {
    let picker = try Picker(["--preview", "seq 100"], items: "one\ntwo\n")
    try picker.waitFor("1/100")
    // SGR reports: button 65 is the wheel down; row 5, column 60 is inside the pane.
    picker.send("\u{1B}[<65;60;5M\u{1B}[<65;60;5M")
    let screen = try picker.waitFor("3/100")
    #expect(screen.screenText.contains(">  one"))
    picker.send("\u{1B}[<65;5;5M")
    try picker.waitFor(">  two")
    picker.send("\r")
    try picker.expectExit(status: 0, stdout: "two\n")
  }

  @Test func `--bind names the preview actions`() throws {
    let picker = try Picker(
      [
        "--preview", "seq 100", "--bind",
        "ctrl-o:preview-page-down,ctrl-t:preview-bottom,ctrl-x:hide-preview",
      ],
      items: "x\n")
    try picker.waitFor("1/100")
    picker.send([0x0F])
    // A page is the pane's 22 text rows.
    try picker.waitFor("23/100")
    picker.send([0x14])
    try picker.waitFor("79/100")
    picker.send([0x18])
    try picker.waitFor { !$0.screenText.contains("/100") }
    picker.send("\r")
    try picker.expectExit(status: 0, stdout: "x\n")
  }

  @Test func `a click on the query beside a left pane places the text cursor in the query`() throws {
    let picker = try Picker(
      ["--preview", "echo P", "--preview-window", "left,15"], items: "abc\n", columns: 60)
    try picker.waitFor("│ P")
    picker.send("xyz")
    try picker.waitFor("> xyz")
    // The pane takes 15 columns of text, 4 of border and 1 of gap, so the
    // list starts at column 21 (1-based); the query's "y" is at 21 + 3.
    picker.send("\u{1B}[<0;24;1M\u{1B}[<0;24;1m")
    picker.send("Q")
    try picker.waitFor("> xQyz")
    picker.send("\u{1B}")
    try picker.expectExit(status: 130, stdout: "")
  }

  @Test
  func `output is shown as it arrives, while the command still runs, and typing is never held up`()
    throws
  {
    let picker = try Picker(["--preview", "echo first {}; sleep 10"], items: "one\ntwo\n")
    try picker.waitFor("│ first one")
    picker.send("tw")
    try picker.waitFor("1/2")
    try picker.waitFor("│ first two")
    picker.send("\r")
    try picker.expectExit(status: 0, stdout: "two\n")
  }

  @Test func `output past 10 000 lines is cut, and the position says so`() throws {
    let picker = try Picker(["--preview", "seq 20000"], items: "x\n")
    try picker.waitFor("1/10000+")
    picker.send("\r")
    try picker.expectExit(status: 0, stdout: "x\n")
  }

  @Test func `--with-shell runs the preview command`() throws {
    let picker = try Picker(
      [
        "--with-shell", "env PICK_TEST_MARK=from-shell sh -c", "--preview",
        "echo $PICK_TEST_MARK {}",
      ],
      items: "x\n")
    try picker.waitFor("│ from-shell x")
    picker.send("\r")
    try picker.expectExit(status: 0, stdout: "x\n")
  }

  @Test func `an item with NUL is refused in {} with a message, and passed in {f}`() throws {
    let nul = try Picker(["--preview", "echo {}"], rawItems: Array("a\u{0}b\n".utf8))
    try nul.waitFor("use {f}")
    nul.send("\u{1B}")
    try nul.expectExit(status: 130, stdout: "")
    let file = try Picker(["--preview", "od -An -c {f}"], rawItems: Array("a\u{0}b\n".utf8))
    try file.waitFor("a  \\0   b  \\n")
    file.send("\r")
    try file.expectExit(status: 0, stdout: "a\u{0}b\n")
  }

  @Test func `--preview-window errors are usage errors`() throws {
    let result = try runPick(
      ["--preview", "cat {}", "--preview-window", "sideways"], stdin: Array("x\n".utf8))
    #expect(result.status == 2)
    #expect(String(decoding: result.stderr, as: UTF8.self).contains("sideways"))
  }
}

/// `execute(CMD)` and `execute-silent(CMD)` through `--bind`.
@Suite(.serialized) struct ExecuteEndToEndTests {
  private func temporaryDirectory() throws -> String {
    let path = NSTemporaryDirectory() + "pick-execute-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  @Test func `execute runs on the restored terminal, reads it, and pick comes back in raw mode`()
    throws
  {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let out = directory + "/out"
    // The command records the terminal's mode, reads a line typed on it, and
    // records the item: cooked mode (icanon, echo) while it runs.
    let command =
      "stty -a > \(out).stty; printf 'type: '; read line; printf '%s|%s\\n' \"$line\" {} > \(out)"
    let picker = try Picker(["--bind", "ctrl-o:execute(\(command))"], items: "one\ntwo words\n")
    try picker.waitFor("2/2")
    picker.send("\u{1B}[B")
    try picker.waitFor(">  two words")
    picker.send([0x0F])
    try picker.waitFor("type:")
    picker.send("hello there\r")
    // Back in the picker: the list is drawn again and keys are keys.
    try picker.waitFor(timeout: 5) { _ in FileManager.default.fileExists(atPath: out) }
    try picker.waitFor(">  two words")
    picker.send("wo")
    try picker.waitFor("> wo")
    let stty = try String(contentsOfFile: out + ".stty", encoding: .utf8)
    #expect(stty.contains(" icanon") && !stty.contains("-icanon"))
    #expect(stty.contains(" echo ") && !stty.contains("-echo "))
    #expect(try String(contentsOfFile: out, encoding: .utf8) == "hello there|two words\n")
    picker.send("\r")
    try picker.expectExit(status: 0, stdout: "two words\n")
  }

  @Test func `execute-silent runs with the selection and keeps the screen`() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let out = directory + "/out"
    let picker = try Picker(
      ["-m", "--bind", "ctrl-o:execute-silent(printf '[%s]' {+} > \(out))"], items: "a'1\nb 2\nc\n")
    try picker.waitFor("3/3")
    picker.send("\t\t")
    try picker.waitFor("2 of 3")
    picker.send([0x0F])
    try picker.waitFor(timeout: 5) { _ in
      (try? String(contentsOfFile: out, encoding: .utf8)) == "[a'1][b 2]"
    }
    picker.send("\u{1B}")
    try picker.expectExit(status: 130, stdout: "")
  }
}

/// `reload(CMD)` through `--bind`.
@Suite(.serialized) struct ReloadEndToEndTests {
  @Test func `reload keeps the selection by text and the cursor on its text`() throws {
    let picker = try Picker(
      ["-m", "--bind", "ctrl-r:reload(printf 'd\\nx\\nc\\nb\\nb\\n')"], items: "a\nb\nc\nd\n")
    try picker.waitFor("4/4")
    // Select b and d; leave the cursor on c.
    picker.send("\u{1B}[B\t\u{1B}[B\u{1B}[B\t\u{1B}[A")
    try picker.waitFor("2 of 4")
    try picker.waitFor(">  c")
    picker.send([0x12])
    // The new items: both b's (same text) and d are selected; a is gone.
    let screen = try picker.waitFor("5/5")
    #expect(screen.screenText.contains("3 of 5"))
    #expect(screen.screenText.contains(">  c"))
    #expect(!screen.screenText.contains(" a "))
    picker.send("\r")
    try picker.expectExit(status: 0, stdout: "d\nb\nb\n")
  }

  @Test func `reload takes header lines from the new input, applies --unique, and streams`() throws {
    let picker = try Picker(
      [
        "--header-lines", "1", "--unique", "--bind",
        "ctrl-r:reload(printf 'H\\ny\\ny\\nz {q}\\n'; sleep 10)",
      ],
      items: "h0\nold\n")
    try picker.waitFor("1/1")
    picker.send("q1")
    try picker.waitFor("0/1")
    picker.send([0x15])  // Ctrl-U: empty query again; {q} was expanded when reload ran
    picker.send("z")
    picker.send([0x12])
    // The command is still running (sleep 10): the items show as they stream in.
    let screen = try picker.waitFor("1/2")
    #expect(screen.screenText.contains("   H"))
    #expect(screen.screenText.contains("z 'z'") == false)
    #expect(screen.screenText.contains(">  z z"))
    let start = ContinuousClock.now
    picker.send("\r")
    try picker.expectExit(status: 0, stdout: "z z\n")
    #expect(ContinuousClock.now - start < .seconds(3))
  }
}
