import Foundation
import Testing

/// fzf's actions that end pick in their own way, print, or run a command
/// whose output changes the picker, on a real terminal.
@Suite(.serialized) struct ActionsEndToEndTests {
  @Test func `become replaces pick with the command on the restored terminal, with its exit status`() throws {
    // The command reports its standard input (the terminal, not the list's
    // pipe), the terminal's mode (cooked again) and the item, then exits 7.
    let command =
      "test -t 0 && printf 'tty|'; stty -a | grep -q -- '-icanon' || printf 'cooked|'; printf '%s\\n' {}; exit 7"
    let picker = try Picker(["--bind", "enter:become(\(command))"], items: "one\ntwo words\n")
    try picker.waitFor("2/2")
    picker.send("\u{1B}[B")
    try picker.waitFor(">  two words")
    picker.send("\r")
    try picker.expectExit(status: 7, stdout: "tty|cooked|two words\n")
  }

  @Test func `become keeps pick's process, so a signal to it reaches the command`() throws {
    // `exec` keeps the process id: the command's shell reports the same $PPID's child.
    let picker = try Picker(["--bind", "enter:become(echo $$)"], items: "a\n")
    try picker.waitFor("1/1")
    picker.send("\r")
    guard let result = picker.pty.wait(timeout: 5) else {
      Issue.record("pick did not exit")
      return
    }
    #expect(result.status == 0)
    #expect(String(decoding: result.stdout, as: UTF8.self) == "\(picker.pty.pid)\n")
  }

  @Test func `print lines come after the query line and before the items`() throws {
    let picker = try Picker(
      ["--print-query", "--bind", "ctrl-o:print(first)+print(second)+accept"], items: "apple\nbanana\n")
    try picker.waitFor("2/2")
    picker.send("ban")
    try picker.waitFor("1/2")
    picker.send([0x0F])
    try picker.expectExit(status: 0, stdout: "ban\nfirst\nsecond\nbanana\n")
  }

  @Test func `print-query prints the query alone and exits 0`() throws {
    let picker = try Picker(["--bind", "ctrl-o:print-query"], items: "apple\n")
    try picker.waitFor("1/1")
    picker.send("zz")
    try picker.waitFor("0/1")
    picker.send([0x0F])
    try picker.expectExit(status: 0, stdout: "zz\n")
  }

  @Test func `transform-header shows what the command printed for the current item`() throws {
    let picker = try Picker(["--bind", "ctrl-o:transform-header(echo about-{})"], items: "one\ntwo\n")
    try picker.waitFor("2/2")
    picker.send([0x0F])
    try picker.waitFor("about-one")
    picker.send("\u{1B}")
    try picker.expectExit(status: 130, stdout: "")
  }

  @Test func `transform runs the actions the command prints`() throws {
    let picker = try Picker(
      // `transform:` takes the rest of the value, parentheses and `+` included.
      ["--bind", "ctrl-o:transform:echo 'change-query(two)+accept'"], items: "one\ntwo words\n")
    try picker.waitFor("2/2")
    picker.send([0x0F])
    try picker.expectExit(status: 0, stdout: "two words\n")
  }

  @Test func `bg-transform keeps the picker answering while its command runs`() throws {
    let picker = try Picker(
      ["--bind", "ctrl-o:bg-transform-prompt(sleep 1; echo 'late> ')"], items: "apple\nbanana\n")
    try picker.waitFor("2/2")
    picker.send([0x0F])
    picker.send("ban")
    // The key is handled at once, long before the command ends.
    try picker.waitFor(timeout: 0.8) { $0.screenText.contains("> ban") && $0.screenText.contains("1/2") }
    try picker.waitFor(timeout: 5) { $0.screenText.contains("late> ban") }
    picker.send("\r")
    try picker.expectExit(status: 0, stdout: "banana\n")
  }
}
