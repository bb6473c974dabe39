// --info on a real terminal: the info text moves onto the prompt's row (or
// away) and the list takes the row it leaves (Docs/Picker.md, The info line).

import Testing

@Suite struct InfoStyleEndToEndTests {
  @Test func `--info=inline puts the count after the query and gives its row to the list`() throws {
    let picker = try Picker(["--info=inline"], items: "apple\nbanana\ncherry\n")
    try picker.waitFor(timeout: 10) { $0.row(0).hasPrefix(">   < 3/3") && $0.row(1).hasPrefix(">  apple") }
    picker.send("an")
    try picker.waitFor(timeout: 10) { $0.row(0).hasPrefix("> an  < 1/3") && $0.row(1).hasPrefix(">  banana") }
    picker.send(Keys.enter)
    let result = try picker.finish(timeout: 10)
    #expect(result.status == 0)
    #expect(result.stdout == Array("banana\n".utf8))
    #expect(picker.settingsRestored)
  }

  @Test func `--no-info draws no count, and --info=right draws it at the right end`() throws {
    let hidden = try Picker(["--no-info"], items: "apple\nbanana\n")
    try hidden.waitFor(timeout: 10) { $0.row(1).hasPrefix(">  apple") && $0.row(2).hasPrefix("   banana") }
    #expect(!hidden.screen().screenText.contains("2/2"))
    hidden.send(Keys.esc)
    #expect(try hidden.finish(timeout: 10).status == 130)
    let right = try Picker(["--info=right"], items: "apple\nbanana\n", columns: 40)
    try right.waitFor(timeout: 10) { $0.row(1).hasSuffix("2/2 ") || $0.row(1).hasSuffix("2/2") }
    let row = right.screen().row(1)
    #expect(row.firstRange(of: "2/2").map { row.distance(from: row.startIndex, to: $0.lowerBound) } == 36)
    right.send(Keys.esc)
    _ = try right.finish(timeout: 10)
  }
}
