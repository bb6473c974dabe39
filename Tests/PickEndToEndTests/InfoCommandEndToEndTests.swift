// --info-command on a real terminal: the command's output is drawn in place
// of the count, it sees the count in PICK_INFO and the query through {q},
// and a command that never ends does not hang the picker.

import PickTestSupport
import Testing

@Suite struct InfoCommandEndToEndTests {
  @Test func `the command's line replaces the count, with the count and the query given to it`() throws {
    let picker = try Picker(
      [#"--info-command=printf '<%s|%s>' "$PICK_INFO" {q}"#], items: "apple\nbanana\ncherry\n", columns: 40)
    try picker.waitFor(timeout: 10) { $0.row(1).contains("<3/3|>") }
    picker.send("ban")
    try picker.waitFor(timeout: 10) { $0.row(1).contains("<1/3|ban>") }
    #expect(!picker.screen().row(1).contains("1/3 "))
    picker.send(Keys.enter)
    let result = try picker.finish(timeout: 10)
    #expect(result.status == 0)
    #expect(result.stdout == Array("banana\n".utf8))
    #expect(picker.settingsRestored)
  }

  @Test func `a command that does not end is ended, and keys still work`() throws {
    let picker = try Picker(["--info-command=echo slow; exec sleep 100"], items: "apple\nbanana\n", columns: 40)
    try picker.waitFor(timeout: 15) { $0.row(1).contains("slow") && $0.row(2).hasPrefix(">  apple") }
    picker.send(Keys.down + Keys.enter)
    let result = try picker.finish(timeout: 15)
    #expect(result.stdout == Array("banana\n".utf8))
    #expect(picker.settingsRestored)
  }
}
