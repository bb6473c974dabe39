import Testing

@testable import PickCore

private func words(_ texts: String...) -> [[UInt8]] { texts.map { Array($0.utf8) } }
private let rcPath = "/home/u/.pickrc"

@Test func `the command line overrides the environment, which overrides the file`() throws {
  let options = try OptionParser.parse(
    arguments: words("-q", "cli"),
    defaultOptsFile: (rcPath, Array("--tac -q file -m3 --scheme=path".utf8)),
    defaultOpts: Array("-q env +m --scheme=history".utf8))
  #expect(options.query == Array("cli".utf8))
  #expect(options.tac)
  #expect(options.multi == nil)
  #expect(options.scheme == .history)
}

@Test func `the command line can undo a default`() throws {
  let options = try OptionParser.parse(
    arguments: words("--no-tac", "-s"), defaultOpts: Array("--tac +s".utf8))
  #expect(options == Options())
}

@Test func `default options are split into shell words`() throws {
  let options = try OptionParser.parse(
    arguments: [],
    defaultOptsFile: (rcPath, Array("# my defaults\n--query 'a b'\n-d \"\\t\"\n".utf8)))
  #expect(options.query == Array("a b".utf8))
  #expect(options.delimiter == [0x09])
}

@Test func `a value option at the end of a source does not take the next source's first word`() {
  #expect(throws: OptionError("in PICK_DEFAULT_OPTS: option -q needs a value")) {
    try OptionParser.parse(arguments: words("--tac"), defaultOpts: Array("-q".utf8))
  }
}

@Test(
  arguments: [
    (nil, "--bogus", [], "in PICK_DEFAULT_OPTS: unknown option: --bogus"),
    ("--bogus", nil, [], "in PICK_DEFAULT_OPTS_FILE (/home/u/.pickrc): unknown option: --bogus"),
    (nil, "-q 'x", [], "in PICK_DEFAULT_OPTS: unterminated single quote"),
    ("\"x", nil, [], "in PICK_DEFAULT_OPTS_FILE (/home/u/.pickrc): unterminated double quote"),
    (
      nil, "foo", [],
      "in PICK_DEFAULT_OPTS: unexpected argument: foo (pick takes no positional arguments; items come from standard input)"
    ),
    (
      nil, "--scheme=x", [],
      "in PICK_DEFAULT_OPTS: option --scheme: invalid value 'x' (expected default, path or history)"
    ),
    ("--tac", "--tac", ["--fitler"], "unknown option: --fitler (did you mean --filter?)"),
  ] as [(String?, String?, [String], String)])
func `errors from default options say where they came from`(
  file: String?, env: String?, arguments: [String], message: String
) {
  #expect(throws: OptionError(message)) {
    try OptionParser.parse(
      arguments: arguments.map { Array($0.utf8) },
      defaultOptsFile: file.map { (rcPath, Array($0.utf8)) },
      defaultOpts: env.map { Array($0.utf8) })
  }
}
