import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

// fzf's events, the child environment and --disabled, on a pseudo-terminal.
// The expectations are fzf 0.74.5's (the environment's names aside: pick's
// are PICK_*, Docs/fzf-compatibility.md row 57).

/// A scratch file for a command to write, removed with its directory.
private final class Scratch {
  let directory = NSTemporaryDirectory() + "pick-events-\(UUID().uuidString)"
  init() throws { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) }
  deinit { try? FileManager.default.removeItem(atPath: directory) }
  var file: String { directory + "/out" }
  var text: String { (try? String(contentsOfFile: file, encoding: .utf8)) ?? "" }
  var lines: [String] { text.split(separator: "\n").map(String.init) }
}

@Suite(.serialized) struct EventsEndToEndTests {
  @Test func `start runs its actions before the first frame`() throws {
    // Not `start:last`: as in fzf, the input is read after the start (fzf's --sync waits for it).
    let picker = try Picker(
      ["--prompt", "first:", "--bind", "start:change-prompt(started:)"], items: "1\n2\n3\n")
    try picker.waitFor("3/3")
    // The first frame already had the new prompt: the one given was never drawn.
    #expect(picker.screen().screenText.contains("started:"))
    #expect(!String(decoding: picker.pty.outputBytes, as: UTF8.self).contains("first:"))
    picker.send("\r")
    try picker.expectExit(status: 0, stdout: "1\n")
  }

  @Test func `load fires once the input is complete`() throws {
    let picker = try Picker(
      ["--bind", "load:change-prompt(loaded> )"], items: "a\nb\n", keepStdinOpen: true)
    try picker.waitFor("2/2")
    #expect(!picker.screen().screenText.contains("loaded>"))
    picker.pty.writeStdin(Array("c\n".utf8))
    try picker.waitFor("3/3")
    picker.pty.closeStdin()
    try picker.waitFor("loaded> ")
    picker.send("\u{1B}")
    try picker.expectExit(status: 130, stdout: "")
  }

  @Test func `change fires on every query change, with the query in {q}`() throws {
    let scratch = try Scratch()
    let picker = try Picker(
      ["--bind", "change:execute-silent(echo {q} >> \(scratch.file))"], items: "apple\nbanana\n")
    try picker.waitFor("2/2")
    picker.send("a")
    try picker.waitFor { _ in scratch.lines == ["a"] }
    picker.send("p")
    try picker.waitFor { _ in scratch.lines == ["a", "ap"] }
    picker.send("\u{1B}[D")  // Left: the query is the same
    picker.send([0x7F])
    try picker.waitFor { _ in scratch.lines == ["a", "ap", "p"] }
    picker.send("\r")
    try picker.expectExit(status: 0, stdout: "apple\n")
  }

  @Test func `focus fires when the current item changes, with the item in {}`() throws {
    let scratch = try Scratch()
    let picker = try Picker(
      ["--layout", "reverse", "--bind", "focus:execute-silent(echo {} >> \(scratch.file))"],
      items: "one\ntwo\nthree\n")
    try picker.waitFor { _ in scratch.lines == ["one"] }
    picker.send("\u{1B}[B")
    try picker.waitFor { _ in scratch.lines == ["one", "two"] }
    picker.send("thr")
    try picker.waitFor { _ in scratch.lines == ["one", "two", "three"] }
    picker.send("\r")
    try picker.expectExit(status: 0, stdout: "three\n")
    #expect(scratch.lines == ["one", "two", "three"])
  }

  @Test func `result fires when a search is done, with the counts in the environment`() throws {
    let scratch = try Scratch()
    try checkAllowingFzfDifference(true) {
      let picker = try Picker(
        ["--bind", "result:execute-silent(echo $PICK_MATCH_COUNT/$PICK_TOTAL_COUNT >> \(scratch.file))"],
        items: (1...10).map(String.init).joined(separator: "\n") + "\n")
      try picker.waitFor { _ in scratch.lines.last == "10/10" }
      picker.send("1")
      try picker.waitFor { _ in scratch.lines.last == "2/10" }
      picker.send("\u{1B}")
      try picker.expectExit(status: 130, stdout: "")
    }
  }

  @Test func `one:accept accepts as soon as one match is left`() throws {
    let picker = try Picker(["--bind", "one:accept"], items: "apple\napricot\nbanana\n")
    try picker.waitFor("3/3")
    picker.send("apr")
    try picker.expectExit(status: 0, stdout: "apricot\n")
  }

  @Test func `zero:abort ends the picker when nothing matches`() throws {
    let picker = try Picker(["--bind", "zero:abort"], items: "apple\nbanana\n")
    try picker.waitFor("2/2")
    picker.send("x")
    try picker.expectExit(status: 130, stdout: "")
  }

  @Test func `jump is refused by name`() throws {
    let result = try runPick(["--bind", "jump:accept"], stdin: Array("a\n".utf8))
    // fzf binds it (row B1).
    checkAllowingFzfDifference(true) {
      #expect(result.status == 2)
      #expect(String(decoding: result.stderr, as: UTF8.self).contains("unsupported event: jump"))
    }
  }
}

@Suite(.serialized) struct ChildEnvironmentEndToEndTests {
  @Test func `execute-silent sees the picker's state in PICK_ variables`() throws {
    let scratch = try Scratch()
    try checkAllowingFzfDifference(true) {
      let picker = try Picker(
        ["-m", "--prompt", "p> ", "--bind", "ctrl-x:execute-silent(env | grep '^PICK_' | sort > \(scratch.file))"],
        items: "apple\napricot\nbanana\n")
      try picker.waitFor("3/3")
      picker.send("ap")
      try picker.waitFor("2/3")
      picker.send("\t")
      try picker.waitFor("1 of 2")
      picker.send([0x18])
      try picker.waitFor { _ in scratch.text.contains("PICK_SELECT_COUNT") }
      let variables = Set(scratch.lines)
      for expected in [
        "PICK_QUERY=ap", "PICK_PROMPT=p> ", "PICK_MATCH_COUNT=2", "PICK_TOTAL_COUNT=3", "PICK_SELECT_COUNT=1",
        "PICK_POS=2", "PICK_CURRENT_ITEM=apricot", "PICK_KEY=ctrl-x", "PICK_ACTION=toggle-down",
        "PICK_INPUT_STATE=enabled", "PICK_LINES=24", "PICK_COLUMNS=80", "PICK_DIRECTION=down",
      ] {
        #expect(variables.contains(expected), "\(expected) in \(scratch.lines)")
      }
      picker.send("\u{1B}")
      try picker.expectExit(status: 130, stdout: "")
    }
  }

  @Test func `reload and the preview get the environment too`() throws {
    try checkAllowingFzfDifference(true) {
      let picker = try Picker(
        [
          "--disabled", "--preview", "echo pos=$PICK_POS of $PICK_MATCH_COUNT",
          "--bind", "ctrl-r:reload(echo \"q=$PICK_QUERY k=$PICK_KEY\")",
        ], items: "a\nb\n")
      try picker.waitFor("pos=1 of 2")
      picker.send("xy")
      picker.send([0x12])
      try picker.waitFor("q=xy k=ctrl-r")
      picker.send("\r")
      try picker.expectExit(status: 0, stdout: "q=xy k=ctrl-r\n")
    }
  }
}

@Suite(.serialized) struct DisabledSearchEndToEndTests {
  @Test func `--disabled lists every item whatever is typed; toggle-search searches`() throws {
    let picker = try Picker(["--disabled", "--bind", "ctrl-t:toggle-search"], items: "apple\nbanana\n")
    try picker.waitFor("2/2")
    picker.send("ban")
    try picker.waitFor("> ban")
    #expect(picker.screen().screenText.contains("2/2"))
    picker.send([0x14])
    try picker.waitFor("1/2")
    picker.send("\r")
    try picker.expectExit(status: 0, stdout: "banana\n")
  }

  @Test func `--disabled with change:reload makes the command the search`() throws {
    let picker = try Picker(
      ["--disabled", "--bind", "change:reload(printf '%s\\n' {q}-1 {q}-2)"], items: "")
    try picker.waitFor("0/0")
    picker.send("ab")
    try picker.waitFor("ab-2")
    picker.send("\r")
    try picker.expectExit(status: 0, stdout: "ab-1\n")
  }
}
