import Testing

@testable import PickCore

/// Parses `arguments` given as text (the parser itself sees bytes).
private func parse(_ arguments: [String]) throws(OptionError) -> Options {
  try OptionParser.parse(arguments: arguments.map { Array($0.utf8) })
}

/// A command line and the `Options` it must produce: the defaults changed by `set`.
struct Effect: Sendable, CustomTestStringConvertible {
  var arguments: [String]
  var expected: Options

  init(_ arguments: String..., set: (inout Options) -> Void = { _ in }) {
    self.arguments = arguments
    var options = Options()
    set(&options)
    self.expected = options
  }

  var testDescription: String { arguments.joined(separator: " ") }
}

@Test(arguments: [
  Effect(),
  Effect("-f", "abc") { $0.filter = Array("abc".utf8) },
  Effect("--filter", "abc") { $0.filter = Array("abc".utf8) },
  Effect("--filter=a=b") { $0.filter = Array("a=b".utf8) },
  Effect("--filter=") { $0.filter = [] },
  Effect("-fabc") { $0.filter = Array("abc".utf8) },
  Effect("-q", "x y") { $0.query = Array("x y".utf8) },
  Effect("-qfoo") { $0.query = Array("foo".utf8) },
  Effect("--query=foo") { $0.query = Array("foo".utf8) },
  Effect("--query", "--tac") { $0.query = Array("--tac".utf8) },
  Effect("-q", "a", "-q", "b") { $0.query = Array("b".utf8) },
  Effect("+x") { $0.extended = false },
  Effect("--no-extended") { $0.extended = false },
  Effect("+x", "-x"),
  Effect("+x", "--extended"),
  Effect("-e") { $0.exact = true },
  Effect("--exact") { $0.exact = true },
  Effect("-e", "+e"),
  Effect("-e", "--no-exact"),
  Effect("-i") { $0.caseMode = .insensitive },
  Effect("--ignore-case") { $0.caseMode = .insensitive },
  Effect("+i") { $0.caseMode = .sensitive },
  Effect("--no-ignore-case") { $0.caseMode = .sensitive },
  Effect("-i", "--smart-case"),
  Effect("--literal") { $0.normalize = false },
  Effect("--literal", "--no-literal"),
  Effect("--scheme=path") {
    $0.scheme = .path
    $0.isSchemeGiven = true
  },
  Effect("--scheme", "history") {
    $0.scheme = .history
    $0.isSchemeGiven = true
  },
  Effect("--scheme=path", "--scheme=default") { $0.isSchemeGiven = true },
  Effect("--tiebreak=length") { $0.tiebreak = [.length] },
  Effect("--tiebreak", "begin,end,chunk,index") { $0.tiebreak = [.begin, .end, .chunk, .index] },
  Effect("--tiebreak=Pathname,INDEX") { $0.tiebreak = [.pathname, .index] },
  Effect("+s") { $0.sort = false },
  Effect("--no-sort") { $0.sort = false },
  Effect("+s", "-s"),
  Effect("+s", "--sort"),
  Effect("--tac") { $0.tac = true },
  Effect("--tac", "--no-tac"),
  Effect("-d", ":") { $0.delimiter = Array(":".utf8) },
  Effect("-d:") { $0.delimiter = Array(":".utf8) },
  Effect("--delimiter=::") { $0.delimiter = Array("::".utf8) },
  Effect("--delimiter=.*") { $0.delimiter = Array(".*".utf8) },
  Effect("-d", "\\t") { $0.delimiter = [0x09] },
  Effect("-d", "a\\nb\\0c\\\\") { $0.delimiter = [0x61, 0x0A, 0x62, 0x00, 0x63, 0x5C] },
  Effect("-n", "1,3..5,-1") {
    $0.nth = [FieldRange(1), FieldRange(begin: 3, end: 5), FieldRange(-1)]
  },
  Effect("-n2") { $0.nth = [FieldRange(2)] },
  Effect("--nth=..") { $0.nth = [FieldRange(begin: nil, end: nil)] },
  Effect("--with-nth", "2..") { $0.withNth = [FieldRange(begin: 2, end: nil)] },
  Effect("--accept-nth=..-2") { $0.acceptNth = [FieldRange(begin: nil, end: -2)] },
  Effect("--read0") { $0.read0 = true },
  Effect("--read0", "--no-read0"),
  Effect("--print0") { $0.print0 = true },
  Effect("--print0", "--no-print0"),
  Effect("--header-lines=2") { $0.headerLines = 2 },
  Effect("--header-lines", "0"),
  Effect("--header-lines=3", "--no-header-lines"),
  Effect("--print-query") { $0.printQuery = true },
  Effect("--print-query", "--no-print-query"),
  Effect("-m") { $0.multi = .max },
  Effect("--multi") { $0.multi = .max },
  Effect("-m5") { $0.multi = 5 },
  Effect("--multi=1") { $0.multi = 1 },
  Effect("-m", "+m"),
  Effect("--multi=3", "--no-multi"),
  Effect("-m3", "-m") { $0.multi = .max },
  Effect("-h") { $0.showHelp = true },
  Effect("--help") { $0.showHelp = true },
  Effect("--version") { $0.showVersion = true },
])
func `each option sets its field`(effect: Effect) throws {
  #expect(try parse(effect.arguments) == effect.expected)
}

@Test(arguments: [
  Effect("-ie") {
    $0.caseMode = .insensitive
    $0.exact = true
  },
  Effect("-ism") {
    $0.caseMode = .insensitive
    $0.multi = .max
  },
  Effect("-eqfoo") {
    $0.exact = true
    $0.query = Array("foo".utf8)
  },
  Effect("-eq", "foo") {
    $0.exact = true
    $0.query = Array("foo".utf8)
  },
  Effect("-im7") {
    $0.caseMode = .insensitive
    $0.multi = 7
  },
  Effect("-ifoo") {
    $0.caseMode = .insensitive
    $0.filter = Array("oo".utf8)
  },
  Effect("-fe") { $0.filter = Array("e".utf8) },
])
func `bundled short flags expand`(effect: Effect) throws {
  #expect(try parse(effect.arguments) == effect.expected)
}

@Test func `an empty double dash ends the options`() throws {
  #expect(try parse(["--tac", "--"]) == Effect("--tac") { $0.tac = true }.expected)
}

private let positionalHint = "(pick takes no positional arguments; items come from standard input)"

@Test(arguments: [
  (["--fitler", "x"], "unknown option: --fitler (did you mean --filter?)"),
  (["--Tac"], "unknown option: --Tac (did you mean --tac?)"),
  (["--no-srot"], "unknown option: --no-srot (did you mean --no-sort?)"),
  (["--sort-case"], "unknown option: --sort-case (did you mean --smart-case?)"),
  (["--xyz"], "unknown option: --xyz"),
  (["--no-smart-case"], "unknown option: --no-smart-case (--smart-case has no negated form)"),
  (["--no-query"], "unknown option: --no-query (--query has no negated form)"),
  (["--no-help"], "unknown option: --no-help (--help has no negated form)"),
  (["--no-bogus"], "unknown option: --no-bogus"),
  (["--=x"], "unknown option: --=x"),
  (["-z"], "unknown option: -z"),
  (["-iz"], "unknown option: -z"),
  (["-tac"], "unknown option: -tac (did you mean --tac?)"),
  (["+q"], "unknown option: +q"),
  (["+f"], "unknown option: +f"),
  (["+is"], "unknown option: +is"),
  (["-q"], "option -q needs a value"),
  (["--query"], "option --query needs a value"),
  (["-f"], "option -f needs a value"),
  (["--filter"], "option --filter needs a value"),
  (["-eq"], "option -q needs a value"),
  (["-d"], "option -d needs a value"),
  (["--nth"], "option --nth needs a value"),
  (["--with-nth"], "option --with-nth needs a value"),
  (["--accept-nth"], "option --accept-nth needs a value"),
  (["--scheme"], "option --scheme needs a value"),
  (["--tiebreak"], "option --tiebreak needs a value"),
  (["--header-lines"], "option --header-lines needs a value"),
  (["--exact=1"], "option --exact takes no value"),
  (["--no-exact=1"], "option --no-exact takes no value"),
  (["--no-multi=3"], "option --no-multi takes no value"),
  (["--help=x"], "option --help takes no value"),
  (["--scheme=foo"], "option --scheme: invalid value 'foo' (expected default, path or history)"),
  (
    ["--scheme", "Path"],
    "option --scheme: invalid value 'Path' (expected default, path or history)"
  ),
  (
    ["--tiebreak=foo"],
    "option --tiebreak: invalid value 'foo' (expected a comma-separated list of length, chunk, pathname, begin, end, index)"
  ),
  (
    ["--tiebreak="],
    "option --tiebreak: invalid value '' (expected a comma-separated list of length, chunk, pathname, begin, end, index)"
  ),
  (
    ["--tiebreak=length,,begin"],
    "option --tiebreak: invalid value 'length,,begin' (expected a comma-separated list of length, chunk, pathname, begin, end, index)"
  ),
  (
    ["--tiebreak=length,length"],
    "option --tiebreak: invalid value 'length,length' (length is given twice)"
  ),
  (
    ["--tiebreak=index,length"],
    "option --tiebreak: invalid value 'index,length' (index must be the last criterion)"
  ),
  (
    ["--tiebreak=length,begin,end,chunk"],
    "option --tiebreak: invalid value 'length,begin,end,chunk' (at most 3 criteria besides index)"
  ),
  (["-d", ""], "option -d: invalid value '' (the delimiter must not be empty)"),
  (["--delimiter="], "option --delimiter: invalid value '' (the delimiter must not be empty)"),
  (
    ["-d", "\\|"],
    "option -d: invalid value '\\|' (a backslash may only escape t, n, 0 or \\ (-d is a literal string, not a regular expression))"
  ),
  (["-n0"], "option -n: invalid value '0' (expected field index expressions such as 1,3..5,-1)"),
  (
    ["--nth=1,,2"],
    "option --nth: invalid value '1,,2' (expected field index expressions such as 1,3..5,-1)"
  ),
  (
    ["--with-nth", "1..0"],
    "option --with-nth: invalid value '1..0' (expected field index expressions such as 1,3..5,-1, or a template such as '{2} {1}')"
  ),
  (
    ["--accept-nth=x"],
    "option --accept-nth: invalid value 'x' (expected field index expressions such as 1,3..5,-1, or a template such as '{2} {1}')"
  ),
  (
    ["--header-lines=-1"],
    "option --header-lines: invalid value '-1' (expected a whole number, 0 or more)"
  ),
  (
    ["--header-lines", "abc"],
    "option --header-lines: invalid value 'abc' (expected a whole number, 0 or more)"
  ),
  (
    ["--header-lines=+2"],
    "option --header-lines: invalid value '+2' (expected a whole number, 0 or more)"
  ),
  (["-m0"], "option -m: invalid value '0' (expected a whole number, 1 or more)"),
  (["--multi=0"], "option --multi: invalid value '0' (expected a whole number, 1 or more)"),
  (["--multi="], "option --multi: invalid value '' (expected a whole number, 1 or more)"),
  (["--multi=-1"], "option --multi: invalid value '-1' (expected a whole number, 1 or more)"),
  (["-mi"], "option -m: invalid value 'i' (expected a whole number, 1 or more)"),
  (
    ["--multi=99999999999999999999"],
    "option --multi: invalid value '99999999999999999999' (expected a whole number, 1 or more)"
  ),
  (["--multi", "5"], "unexpected argument: 5 \(positionalHint)"),
  (["-m", "5"], "unexpected argument: 5 \(positionalHint)"),
  (["foo"], "unexpected argument: foo \(positionalHint)"),
  (["--tac", "foo", "--bogus"], "unexpected argument: foo \(positionalHint)"),
  (["-"], "unexpected argument: - \(positionalHint)"),
  (["+"], "unexpected argument: + \(positionalHint)"),
  (["--", "foo"], "unexpected argument: foo \(positionalHint)"),
  (["--", "--tac"], "unexpected argument: --tac \(positionalHint)"),
  (["--", "--"], "unexpected argument: -- \(positionalHint)"),
  (["a\nb"], "unexpected argument: a\\nb \(positionalHint)"),
  (["--a\nb"], "unknown option: --a\\nb"),
  (["-exact"], "unknown option: -exact (did you mean --exact?)"),
])
func `usage errors say what is wrong`(arguments: [String], message: String) {
  #expect(throws: OptionError(message)) { try parse(arguments) }
}

/// The options whose values are item text, read as bytes.
enum ItemTextOption: String, CaseIterable, Sendable {
  case q, query, f, filter, d, delimiter

  func value(in options: Options) -> [UInt8]? {
    switch self {
    case .q, .query: options.query
    case .f, .filter: options.filter
    case .d, .delimiter: options.delimiter
    }
  }

  /// The option and `value` as one word (`-qV`, `--query=V`) or two.
  func arguments(_ value: [UInt8], attached: Bool) -> [[UInt8]] {
    let spelling = Array((rawValue.count == 1 ? "-" : "--").utf8) + Array(rawValue.utf8)
    if !attached { return [spelling, value] }
    return [spelling + (rawValue.count == 1 ? [] : [UInt8(ascii: "=")]) + value]
  }
}

@Test(arguments: ItemTextOption.allCases, [false, true])
func `item text options keep bytes that are not UTF-8`(option: ItemTextOption, attached: Bool)
  throws
{
  let invalid: [UInt8] = [0x61, 0xFF, 0xC3, 0x28, 0x80, 0xFE]
  let options = try OptionParser.parse(arguments: option.arguments(invalid, attached: attached))
  #expect(option.value(in: options) == invalid)
}

@Test func `an invalid value that is not UTF-8 is shown with replacement characters`() {
  let arguments = [Array("--scheme".utf8), [0x70, 0xFF]]
  #expect(
    throws: OptionError(
      "option --scheme: invalid value 'p\u{FFFD}' (expected default, path or history)")
  ) {
    try OptionParser.parse(arguments: arguments)
  }
}
