// The section borders on the real binary: `--style=full` boxes the input
// (with the select-all row), the list and the footer, each with its label;
// keys typed on the pty select and filter inside the boxes, and Enter
// prints the chosen items unchanged.

import PickTestSupport
import Testing

@Suite struct SectionEndToEndTests {
  @Test func `--style=full draws the sections' boxes, and the keys still select and filter`() throws {
    let picker = try Picker(
      ["-m", "--no-hint", "--style=full", "--header=All", "--list-label=items", "--footer=foot", "--footer-label=f"],
      items: "apple\nbanana\ncherry\n", rows: 14, columns: 40)
    // The input's box (rows 0-3), the list's (4-...), the footer's at the bottom.
    let screen = try picker.waitFor(timeout: 10) { $0.row(1).contains("3/3") && $0.row(13).hasPrefix("╰") }
    #expect(screen.row(0) == "╭" + String(repeating: "─", count: 36) + "╮  ")
    #expect(screen.row(1).hasPrefix("│ >") && screen.row(1).hasSuffix("3/3  │  "))
    #expect(screen.row(2).hasPrefix("│   [ ] All") && screen.row(2).contains("0 of 3 │"))
    #expect(screen.row(4).hasPrefix("╭") && screen.row(4).contains("items"))
    #expect(screen.row(5).hasPrefix("│ >  apple"))
    #expect(screen.row(11).hasPrefix("╭") && screen.row(11).contains("f"))
    #expect(screen.row(12).hasPrefix("│    foot"))
    picker.send("\t")
    try picker.waitFor(timeout: 10) { $0.row(2).contains("1 of 3") && $0.row(5).hasPrefix("│  * apple") }
    picker.send("an")
    try picker.waitFor(timeout: 10) { $0.row(1).hasPrefix("│ > an") && $0.row(5).hasPrefix("│ >  banana") }
    picker.send("\t")
    try picker.waitFor(timeout: 10) { $0.row(2).contains("[x] All") && $0.row(2).contains("1 of 1  +1 hidden") }
    picker.send(Keys.enter)
    let result = try picker.finish(timeout: 10)
    #expect(result.status == 0)
    #expect(result.stdout == Array("apple\nbanana\n".utf8))
    #expect(picker.settingsRestored)
  }

  @Test func `a section option with a style it does not take is a usage error`() throws {
    let result = try runPick(["--list-border=line"])
    #expect(result.status == 2)
    #expect(String(decoding: result.stderr, as: UTF8.self).contains("the list border cannot be line"))
  }
}
