// --recall KEY and --forget KEY: a choice `--remember KEY` stored, printed or
// removed without a picker, for scripts and other programs.

import PickTestSupport
import Testing

@Suite(.serialized) struct RecallForgetTests {
  @Test func `a choice made with --remember is printed by --recall, then removed by --forget`() throws {
    let state = try StateDirectory()
    let picker = try Picker(
      ["-m", "--remember", "k"], items: "apple\nbanana\ncherry\n", environment: state.environment)
    try picker.waitFor("3/3")
    picker.send("\t\t\r")
    #expect(try picker.finish(timeout: 10).stdout == Array("apple\nbanana\n".utf8))

    let recalled = try runPick(["--recall", "k"], environment: state.environment)
    #expect(recalled.status == 0)
    #expect(ByteString(recalled.stdout) == "apple\nbanana\n")
    #expect(recalled.stderr.isEmpty)
    #expect(
      ByteString(try runPick(["--recall=k", "--print0"], environment: state.environment).stdout) == "apple\0banana\0")

    #expect(try runPick(["--forget", "k"], environment: state.environment).status == 0)
    #expect(state.contents("pick/k") == nil)
    #expect(try runPick(["--forget", "k"], environment: state.environment).status == 1)
    let gone = try runPick(["--recall", "k"], environment: state.environment)
    #expect(gone.status == 1)
    #expect(gone.stdout.isEmpty && gone.stderr.isEmpty)
  }

  @Test func `--recall prints items byte for byte, in the order chosen, each once`() throws {
    let state = try StateDirectory()
    try state.write("pick/k", Array("pick-remember 1\nz\nwith newline\0\u{FF}raw\0z\nwith newline\0a\0".utf8))
    let result = try runPick(["--recall", "k", "--print0"], environment: state.environment)
    #expect(result.status == 0)
    #expect(result.stdout == Array("z\nwith newline\0\u{FF}raw\0a\0".utf8))
  }

  @Test func `a file that is not a readable choice is an error, and a bad key is a usage error`() throws {
    let state = try StateDirectory()
    try state.write("pick/k", Array("not a choice\n".utf8))
    let foreign = try runPick(["--recall", "k"], environment: state.environment)
    #expect(foreign.status == 2)
    #expect(foreign.stdout.isEmpty)
    #expect(lines(foreign.stderr).first?.hasSuffix("is not a choice pick wrote") == true, "\(lines(foreign.stderr))")
    let bad = try runPick(["--recall", "../k"], environment: state.environment)
    #expect(bad.status == 2)
    #expect(lines(bad.stderr).first?.contains("a key is 1 to 200 of") == true)
  }
}
