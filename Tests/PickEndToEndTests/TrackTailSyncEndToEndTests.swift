import Glibc
import PickTestSupport
import Testing

/// `--track`, `--tail` and `--sync` on a real terminal.
@Suite struct TrackTailSyncEndToEndTests {
  @Test func `--track keeps the cursor on its item as a query is typed`() throws {
    let items = "apple\nbanana\ncherry\ngrape\n"
    let tracked = try Picker(["--track"], items: items)
    try tracked.waitFor("4/4 +T")
    tracked.send(Keys.down + Keys.down)
    try tracked.waitFor { $0.screenText.contains(">  cherry") || $0.screenText.contains("> cherry") }
    tracked.send("e")
    try tracked.waitFor("3/4 +T")
    tracked.send("\r")
    try tracked.expectExit(status: 0, stdout: "cherry\n")

    let plain = try Picker([], items: items)
    try plain.waitFor("4/4")
    plain.send(Keys.down + Keys.down)
    plain.send("e")
    try plain.waitFor("3/4")
    plain.send("\r")
    try plain.expectExit(status: 0, stdout: "apple\n")
  }

  @Test func `--tail shows only the last N items of a stream, in bounded memory`() throws {
    let picker = try Picker(["--tail", "5"], items: "", keepStdinOpen: true)
    let line = String(repeating: "x", count: 90)
    // 40 MiB in 4 MiB writes: the picker keeps at most ten items' bytes.
    for block in 0..<10 {
      let lines = (0..<40_000).map { "\(block * 40_000 + $0) \(line)\n" }.joined()
      picker.pty.writeStdin(Array(lines.utf8))
    }
    picker.pty.writeStdin(Array("last one\n".utf8))
    try picker.waitFor(timeout: 60) { $0.screenText.contains("last one") && $0.screenText.contains("5/5") }
    let peak = try #require(picker.pty.peakResidentBytes())
    #expect(peak < 32 << 20, "peak \(peak >> 10) KiB over 40 MiB of input")
    picker.pty.closeStdin()
    picker.send("\r")
    try picker.expectExit(status: 0, stdout: "399996 \(line)\n", timeout: 10)
  }

  @Test func `--sync draws nothing until the input has ended`() throws {
    let picker = try Picker(["--sync"], items: "one\ntwo\n", keepStdinOpen: true)
    usleep(500_000)
    #expect(!picker.screen().screenText.contains("one"))
    picker.pty.writeStdin(Array("three\n".utf8))
    picker.pty.closeStdin()
    try picker.waitFor("3/3")
    picker.send("\r")
    try picker.expectExit(status: 0, stdout: "one\n")
  }
}
