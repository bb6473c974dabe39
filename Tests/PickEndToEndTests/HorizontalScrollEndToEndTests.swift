// Long lines and scrolling on a real terminal: --freeze-left,
// --hscroll-off, --keep-right and --scroll-off as the built binary draws
// them, with the items on a pipe and the keys on the pseudo-terminal. What
// is drawn is cut; what is printed is the item, whole.

import PickTestSupport
import Testing

@Suite struct HorizontalScrollEndToEndTests {
  static let path = "42 /usr/share/very/long/path/to/some/deeply/nested/file.txt 1.2K"

  @Test func `a frozen first field stays while the rest scrolls to the match`() throws {
    let picker = try Picker(
      ["--freeze-left=1", "--hscroll-off=4"], items: "short\n\(Self.path)\n", rows: 6, columns: 30)
    try picker.waitFor(timeout: 10) { $0.row(3).hasPrefix("   42 /usr/share/very/long/\u{2026}") }
    picker.send("nested")
    // fzf 0.74.5 draws `42…ome/deeply/nested/fil…` in the same 25 columns.
    try picker.waitFor(timeout: 10) { $0.row(2) == ">  42\u{2026}ome/deeply/nested/fil\u{2026}".padded(to: 30) }
    picker.send(Keys.enter)
    let result = try picker.finish(timeout: 10)
    #expect(result.status == 0)
    #expect(result.stdout == Array((Self.path + "\n").utf8))
    #expect(picker.settingsRestored)
  }

  @Test func `--keep-right shows the ends of the items until a query is typed`() throws {
    let items = (1...30).map { "/home/user/projects/\($0)/" + String(repeating: "x", count: 30) + "/end\($0)" }
    let picker = try Picker(["--keep-right"], items: items.joined(separator: "\n") + "\n", rows: 10, columns: 30)
    try picker.waitFor(timeout: 10) { $0.row(2).hasPrefix(">  \u{2026}") && $0.row(2).contains("/end1 ") }
    // --scroll-off (3): after six Downs the cursor has three rows below it.
    picker.send(Array(repeating: Keys.down, count: 6).flatMap { $0 })
    try picker.waitFor(timeout: 10) { $0.row(6).contains("/end7 ") && $0.row(6).hasPrefix(">") }
    #expect(picker.screen().row(9).contains("/end10 "))
    picker.send("end12")
    try picker.waitFor(timeout: 10) {
      $0.row(2) == ">  \u{2026}\(String(repeating: "x", count: 18))/end12".padded(to: 30)
    }
    picker.send(Keys.enter)
    let result = try picker.finish(timeout: 10)
    #expect(result.status == 0)
    #expect(result.stdout == Array((items[11] + "\n").utf8))
    #expect(picker.settingsRestored)
  }

  @Test func `a bad --freeze-left is a usage error in fzf's words`() throws {
    let result = try runPick(["--freeze-left=-1"])
    #expect(result.status == 2)
    #expect(
      String(decoding: result.stderr, as: UTF8.self)
        == "pick: option --freeze-left: invalid value '-1' (number of fields to freeze must be a non-negative integer)\n"
    )
  }
}
