// --history=FILE end to end: the accepted query is added to the file (mode
// 0600, replaced whole), an aborted run leaves it alone, Ctrl-P brings an
// earlier query back, and a file that cannot be used is a usage error.

import PickTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite(.serialized) struct HistoryFileTests {
  @Test func `an accepted query is kept, Ctrl-P brings it back, and an abort keeps the file as it was`() throws {
    let state = try StateDirectory()
    let file = state.path + "/queries"
    let first = try Picker(["--history", file], items: "apple\nbanana\ncherry\n")
    try first.waitFor("3/3")
    first.send("an")
    try first.waitFor("1/3")
    first.send(Keys.enter)
    #expect(try first.finish(timeout: 10).stdout == Array("banana\n".utf8))
    #expect(state.contents("queries").map(ByteString.init) == "an\n")
    var info = stat()
    #expect(stat(file, &info) == 0 && info.st_mode & 0o777 == 0o600)

    let second = try Picker(["--history", file, "--history-size=1"], items: "apple\nbanana\ncherry\n")
    try second.waitFor("3/3")
    second.send("\u{10}")  // Ctrl-P
    try second.waitFor("1/3")
    second.send(Array("\u{15}ch".utf8) + Keys.enter)  // Ctrl-U, then a new query
    #expect(try second.finish(timeout: 10).stdout == Array("cherry\n".utf8))
    #expect(state.contents("queries").map(ByteString.init) == "ch\n", "--history-size=1 keeps the last one")

    let aborted = try Picker(["--history", file], items: "apple\n")
    try aborted.waitFor("1/1")
    aborted.send(Array("zz".utf8) + Keys.esc)
    #expect(try aborted.finish(timeout: 10).status == 130)
    #expect(state.contents("queries").map(ByteString.init) == "ch\n")
    #expect(aborted.settingsRestored)
  }

  @Test func `a history path that cannot be used is a usage error before the picker opens`() throws {
    let result = try runPick(["--history", "/nonexistent-dir/queries"], stdin: Array("a\n".utf8))
    #expect(result.status == 2)
    #expect(lines(result.stderr).first?.hasPrefix("pick: --history /nonexistent-dir/queries: cannot create it") == true)
    #expect(try runPick(["--history-size=0"]).status == 2)
  }
}
