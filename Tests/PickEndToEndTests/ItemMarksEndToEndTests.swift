// --pointer, --marker, --no-unicode and --highlight-line on a real
// terminal: the signs are drawn where the layout puts them, and the chosen
// items print unchanged.

import PickTestSupport
import Testing

@Suite struct ItemMarksEndToEndTests {
  @Test func `--pointer and --marker mark the cursor and the selected rows`() throws {
    let picker = try Picker(["-m", "--pointer=▶ ", "--marker=✔"], items: "apple\nbanana\ncherry\n")
    try picker.waitFor(timeout: 10) { $0.row(3).hasPrefix("▶  apple") && $0.row(4).hasPrefix("   banana") }
    picker.send("\t")
    try picker.waitFor(timeout: 10) { $0.row(3).hasPrefix("  ✔apple") && $0.row(4).hasPrefix("▶  banana") }
    picker.send("\t")
    try picker.waitFor(timeout: 10) { $0.row(4).hasPrefix("  ✔banana") }
    picker.send(Keys.enter)
    let result = try picker.finish(timeout: 10)
    #expect(result.status == 0)
    #expect(result.stdout == Array("apple\nbanana\n".utf8))
    #expect(picker.settingsRestored)
  }

  @Test func `--no-unicode draws the border in ASCII`() throws {
    let picker = try Picker(["--no-unicode", "--border"], items: "apple\nbanana\n", columns: 30)
    try picker.waitFor(timeout: 10) { $0.row(0).hasPrefix("+-----") && $0.row(1).hasPrefix("| >") }
    #expect(!picker.screen().screenText.contains("╭"))
    picker.send(Keys.esc)
    #expect(try picker.finish(timeout: 10).status == 130)
    #expect(picker.settingsRestored)
  }

  @Test func `a pointer wider than two columns is a usage error`() throws {
    let result = try runPick(["--pointer=>>>"])
    #expect(result.status == 2)
    #expect(String(decoding: result.stderr, as: UTF8.self).contains("the pointer must be at most two columns wide"))
  }

  @Test func `--highlight-line paints the current line's background across the row`() throws {
    let picker = try Picker(["--highlight-line", "--color=bg+:236"], items: "apple\nbanana\n", columns: 30)
    let screen = try picker.waitFor("2/2")
    #expect(screen.row(2).hasPrefix(">  apple"))
    #expect(screen.style(atRow: 2, column: 20).background == 236)
    #expect(screen.style(atRow: 2, column: 27).background == 236)
    #expect(screen.style(atRow: 3, column: 20).background != 236)
    picker.send(Keys.esc)
    #expect(try picker.finish(timeout: 10).status == 130)
    #expect(picker.settingsRestored)
  }

  @Test func `--footer is drawn under the list, and Enter still picks from the list`() throws {
    let picker = try Picker(["--footer=press enter"], items: "apple\nbanana\n", rows: 8, columns: 40)
    // Both items first: a Down typed before the second arrives has nowhere to go.
    try picker.waitFor("2/2", timeout: 10)
    try picker.waitFor(timeout: 10) { $0.row(7).hasPrefix("   press enter") && $0.row(6).hasPrefix("\u{2500}") }
    picker.send(Keys.down + Keys.enter)
    let result = try picker.finish(timeout: 10)
    #expect(result.stdout == Array("banana\n".utf8), "status \(result.status)")
    #expect(picker.settingsRestored)
  }
}
