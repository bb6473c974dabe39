// --wrap and multi-line items (--read0) on a real terminal: the rows drawn,
// keys and clicks that move over items of several rows, and the chosen
// items printed byte for byte.

import PickTestSupport
import Testing

@Suite struct WrapEndToEndTests {
  @Test func `a multi-line item takes a row a line, is marked whole, and prints back exactly`() throws {
    let items = Array("a\nb\0c\0".utf8)
    let picker = try Picker(["--read0", "-m", "--print0"], rawItems: items, rows: 8, columns: 30)
    try picker.waitFor(timeout: 10) {
      $0.row(3).hasPrefix(">  a") && $0.row(4).hasPrefix(">  b") && $0.row(5).hasPrefix("   c")
    }
    picker.send("\t")
    try picker.waitFor(timeout: 10) {
      $0.row(3).hasPrefix(" ╻ a") && $0.row(4).hasPrefix(" ╹ b") && $0.row(5).hasPrefix(">  c")
    }
    picker.send("\t")
    try picker.waitFor(timeout: 10) { $0.row(2).contains("2 of 2") }
    picker.expectOnlyPickSequences()
    picker.send(Keys.enter)
    try picker.expectExit(status: 0, stdoutBytes: items, timeout: 10)
  }

  @Test func `--wrap continues a long item after the sign; a click on its second row picks it`() throws {
    let long = "a long item that needs two rows"
    let picker = try Picker(["--wrap"], items: "first\n\(long)\nlast\n", rows: 8, columns: 24)
    try picker.waitFor(timeout: 10) {
      $0.row(3).hasPrefix("   a long item that ne") && $0.row(4).hasPrefix("   ↳ eds two rows")
        && $0.row(5).hasPrefix("   last")
    }
    // The second row of the long item, 1-based for the terminal.
    picker.send(Array("\u{1B}[<0;8;5M\u{1B}[<0;8;5m".utf8))
    try picker.waitFor(timeout: 10) { $0.row(3).hasPrefix(">  a long") && $0.row(4).hasPrefix(">  ↳ eds") }
    picker.send(Keys.enter)
    try picker.expectExit(status: 0, stdout: long + "\n", timeout: 10)
  }

  @Test func `in a short inline list, Down and Page Down reach an item past a tall one`() throws {
    let items = Array("one\ntwo\nthree\0four\0five\nsix\0seven\0".utf8)
    let picker = try Picker(
      ["--read0", "--print0", "--height=6"], rawItems: items, rows: 12, columns: 30)
    let screen = try picker.waitFor(timeout: 10) { $0.screenText.contains("4/4") }
    #expect(screen.screenText.contains(">  three"))
    picker.send(Keys.down + Keys.down)
    // The cursor's item is whole: the tall first item scrolled away.
    try picker.waitFor(timeout: 10) {
      $0.screenText.contains(">  five") && $0.screenText.contains(">  six") && !$0.screenText.contains("two")
    }
    picker.send(Array("\u{1B}[6~".utf8))  // Page Down
    try picker.waitFor(timeout: 10) { $0.screenText.contains(">  seven") }
    picker.send(Keys.enter)
    try picker.expectExit(status: 0, stdoutBytes: Array("seven\0".utf8), timeout: 10)
  }

  @Test func `Alt-slash wraps at words on the running picker`() throws {
    let picker = try Picker([], items: "alpha beta gamma delta epsilon\n", rows: 6, columns: 24)
    try picker.waitFor(timeout: 10) { $0.row(2).hasPrefix(">  alpha beta gamma d…") }
    picker.send(Array("\u{1B}/".utf8))
    try picker.waitFor(timeout: 10) {
      $0.row(2).hasPrefix(">  alpha beta gamma") && $0.row(3).hasPrefix(">  ↳ delta epsilon")
    }
    picker.send(Keys.esc)
    try picker.expectExit(status: 130, stdout: "", timeout: 10)
  }

  @Test func `a bad wrap mode is a usage error`() throws {
    let result = try runPick(["--wrap=line"])
    #expect(result.status == 2)
    #expect(String(decoding: result.stderr, as: UTF8.self).contains("expected char or word"))
  }
}
