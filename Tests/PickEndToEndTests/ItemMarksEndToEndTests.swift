// --pointer, --marker and --no-unicode on a real terminal: the signs are
// drawn where the layout puts them, and the chosen items print unchanged.

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
    #expect(String(decoding: result.stderr, as: UTF8.self).contains("at most two columns"))
  }
}
