import Testing

@testable import PickCore

// `--bind` and `--expect` values, read with fzf 0.74's grammar. Each valid
// row was checked against fzf 0.74.5 (`fzf --bind SPEC`); the invalid rows
// give fzf's message where fzf has the same error.

/// Parses `specs` as successive `--bind` values.
private func bind(_ specs: String...) throws(InvalidValue) -> BindingParser.Table {
  var table: BindingParser.Table = [:]
  for spec in specs { try BindingParser.parse(Array(spec.utf8), into: &table) }
  return table
}

struct BindRow: Sendable, CustomTestStringConvertible {
  let spec: String
  let expected: BindingParser.Table
  init(_ spec: String, _ expected: BindingParser.Table) {
    (self.spec, self.expected) = (spec, expected)
  }
  var testDescription: String { spec }
}

@Test(arguments: [
  BindRow("ctrl-a:beginning-of-line", ["ctrl-a": [.beginningOfLine]]),
  BindRow("CTRL-A:Beginning-Of-Line", ["ctrl-a": [.beginningOfLine]]),
  BindRow("ctrl-j:accept,ctrl-k:kill-line", ["ctrl-j": [.accept], "ctrl-k": [.killLine]]),
  BindRow("enter:select-all+accept", ["enter": [.selectAll, .accept]]),
  BindRow("ctrl-a,alt-x:toggle-all", ["ctrl-a": [.toggleAll], "alt-x": [.toggleAll]]),
  BindRow("tab:toggle+down", ["tab": [.toggle, .down]]),
  BindRow(
    "alt-w:toggle-wrap,alt-/:toggle-wrap-word,alt-m:toggle-multi-line",
    ["alt-w": [.toggleWrap], "alt-/": [.toggleWrapWord], "alt-m": [.toggleMultiLine]]),
  BindRow("btab:toggle-up", ["shift-tab": [.toggle, .up]]),
  BindRow(
    "ctrl-s:toggle-review,ctrl-x:select-all-or-none",
    ["ctrl-s": [.toggleReview], "ctrl-x": [.selectAllOrNone]]),
  // Synonyms land on the name the decoder gives the key.
  BindRow("return:abort", ["enter": [.abort]]),
  BindRow("ctrl-m:abort", ["enter": [.abort]]),
  BindRow("ctrl-h:abort", ["ctrl-bspace": [.abort]]),
  BindRow("bs:abort,ctrl-i:abort", ["bspace": [.abort], "tab": [.abort]]),
  BindRow("delete:abort,page-up:abort", ["del": [.abort], "pgup": [.abort]]),
  BindRow("shift-alt-up:abort", ["alt-shift-up": [.abort]]),
  BindRow("ctrl-_:abort,ctrl-6:abort", ["ctrl-/": [.abort], "ctrl-^": [.abort]]),
  BindRow("alt-A:abort,alt-a:accept", ["alt-A": [.abort], "alt-a": [.accept]]),
  BindRow("F1:abort,f12:accept", ["f1": [.abort], "f12": [.accept]]),
  BindRow("double-click:toggle,scroll-up:down", ["double-click": [.toggle], "scroll-up": [.down]]),
  BindRow("space:put,x:put", ["space": [.insert([" "])], "x": [.insert(["x"])]]),
  // Arguments, in every bracket kind and the colon form.
  BindRow("ctrl-a:execute(echo {})", ["ctrl-a": [.execute(command: "echo {}", isSilent: false)]]),
  BindRow("ctrl-a:execute[echo (a)]", ["ctrl-a": [.execute(command: "echo (a)", isSilent: false)]]),
  BindRow("ctrl-a:execute{a}", ["ctrl-a": [.execute(command: "a", isSilent: false)]]),
  BindRow("ctrl-a:execute<a>", ["ctrl-a": [.execute(command: "a", isSilent: false)]]),
  BindRow("ctrl-a:execute~a,b~", ["ctrl-a": [.execute(command: "a,b", isSilent: false)]]),
  BindRow("ctrl-a:execute!a!", ["ctrl-a": [.execute(command: "a", isSilent: false)]]),
  BindRow("ctrl-a:execute@a@", ["ctrl-a": [.execute(command: "a", isSilent: false)]]),
  BindRow("ctrl-a:execute#a#", ["ctrl-a": [.execute(command: "a", isSilent: false)]]),
  BindRow("ctrl-a:execute$a$", ["ctrl-a": [.execute(command: "a", isSilent: false)]]),
  BindRow("ctrl-a:execute%a%", ["ctrl-a": [.execute(command: "a", isSilent: false)]]),
  BindRow("ctrl-a:execute^a^", ["ctrl-a": [.execute(command: "a", isSilent: false)]]),
  BindRow("ctrl-a:execute&a&", ["ctrl-a": [.execute(command: "a", isSilent: false)]]),
  BindRow("ctrl-a:execute*a*", ["ctrl-a": [.execute(command: "a", isSilent: false)]]),
  BindRow("ctrl-a:execute;a;", ["ctrl-a": [.execute(command: "a", isSilent: false)]]),
  BindRow("ctrl-a:execute/a/", ["ctrl-a": [.execute(command: "a", isSilent: false)]]),
  BindRow("ctrl-a:execute|a|", ["ctrl-a": [.execute(command: "a", isSilent: false)]]),
  BindRow("ctrl-a:execute(echo (a))", ["ctrl-a": [.execute(command: "echo (a)", isSilent: false)]]),
  // The argument ends at the first closer followed by + or , (so `a)+b` splits).
  BindRow(
    "ctrl-a:execute(a)+accept,ctrl-b:abort",
    ["ctrl-a": [.execute(command: "a", isSilent: false), .accept], "ctrl-b": [.abort]]),
  BindRow(
    "ctrl-a:execute-silent(touch x)", ["ctrl-a": [.execute(command: "touch x", isSilent: true)]]),
  BindRow(
    "ctrl-a:execute:less {}+more, and a comma",
    ["ctrl-a": [.execute(command: "less {}+more, and a comma", isSilent: false)]]),
  BindRow(
    "ctrl-a:first+change-prompt:New> ", ["ctrl-a": [.first, .changePrompt(Array("New> ".utf8))]]),
  BindRow("ctrl-a:change-prompt(a+b> )", ["ctrl-a": [.changePrompt(Array("a+b> ".utf8))]]),
  BindRow(
    "ctrl-r:reload(seq 10)+clear-query",
    ["ctrl-r": [.reload(command: "seq 10", isSync: false), .clearQuery]]),
  BindRow("ctrl-r:reload-sync:seq 3", ["ctrl-r": [.reload(command: "seq 3", isSync: true)]]),
  BindRow("ctrl-a:print(a,b)+print-query", ["ctrl-a": [.print(Array("a,b".utf8)), .printQuery]]),
  BindRow("ctrl-a:change-header(x:y)", ["ctrl-a": [.change(.header, Array("x:y".utf8))]]),
  BindRow(
    "ctrl-a:transform-header(date)+bg-transform:echo up",
    [
      "ctrl-a": [
        .transform(.header, command: "date", isBackground: false),
        .transform(nil, command: "echo up", isBackground: true),
      ]
    ]),
  BindRow("ctrl-a:trigger(ctrl-b,enter)", ["ctrl-a": [.trigger(["ctrl-b", "enter"])]]),
  BindRow(
    "ctrl-a:unbind(a)+rebind(b)+toggle-bind(c)", ["ctrl-a": [.unbind(["a"]), .rebind(["b"]), .toggleBind(["c"])]]),
  BindRow("ctrl-a:change-multi+change-multi(3)", ["ctrl-a": [.changeMulti(nil), .changeMulti(3)]]),
  BindRow("ctrl-a:up-selected+down-selected", ["ctrl-a": [.previousSelected, .nextSelected]]),
  BindRow("ctrl-b:become(vim {})", ["ctrl-b": [.become("vim {}")]]),
  BindRow("ctrl-a:put(ab)+pos(-2)", ["ctrl-a": [.insert(["a", "b"]), .position(-2)]]),
  BindRow("ctrl-a:change-query(x y)", ["ctrl-a": [.changeQuery(Array("x y".utf8))]]),
  BindRow("ctrl-a:EXECUTE(ls)", ["ctrl-a": [.execute(command: "ls", isSilent: false)]]),
  // `,`, `:` and `+` as keys.
  BindRow(",:abort", [",": [.abort]]),
  BindRow("::abort", [":": [.abort]]),
  BindRow("+:abort", ["+": [.abort]]),
  BindRow("a:up,,:abort", ["a": [.up], ",": [.abort]]),
  BindRow("alt-,:abort", ["alt-,": [.abort]]),
  // An empty action list binds the key to nothing.
  BindRow("ctrl-a:", ["ctrl-a": []]),
])
func `valid --bind values give these bindings`(row: BindRow) throws {
  #expect(try bind(row.spec) == row.expected)
}

struct InvalidBindRow: Sendable, CustomTestStringConvertible {
  let spec: String
  let message: String
  init(_ spec: String, _ message: String) { (self.spec, self.message) = (spec, message) }
  var testDescription: String { spec }
}

@Test(arguments: [
  InvalidBindRow("foo:accept", "unsupported key: foo"),
  InvalidBindRow("ctrl-ab:accept", "unsupported key: ctrl-ab"),
  InvalidBindRow("ctrl-[:accept", "unsupported key: ctrl-["),
  InvalidBindRow("f13:accept", "unsupported key: f13"),
  InvalidBindRow("ctrl-f5:accept", "unsupported key: ctrl-f5"),
  InvalidBindRow("ctrl-a:fooo", "unknown action: fooo"),
  InvalidBindRow("ctrl-a:up+Bogus", "unknown action: Bogus"),
  InvalidBindRow("ctrl-a:up++down", "unknown action: "),
  InvalidBindRow("ctrl-a", "bind action not specified: ctrl-a"),
  InvalidBindRow("ctrl-a,ctrl-b", "bind action not specified: ctrl-a, ctrl-b"),
  InvalidBindRow(":abort", "key name required"),
  // fzf 0.74.5 rejects these too: `,,` is read as one key name.
  InvalidBindRow("a,,,:abort", "unsupported key: ,,"),
  InvalidBindRow("ctrl-a:execute(ls", "unknown action: execute(ls"),
  InvalidBindRow("ctrl-a:execute", "unknown action: execute"),
  InvalidBindRow("ctrl-a:put", "unable to put non-printable character"),
  // fzf accepts this and ignores it when the key is pressed; pick says so at once.
  InvalidBindRow("ctrl-a:pos(x)", "invalid position: x"),
  InvalidBindRow("ctrl-a:jump", "unsupported action: jump (pick does not have it)"),
  InvalidBindRow("ctrl-a:toggle-sort", "unsupported action: toggle-sort (pick does not have it)"),
  InvalidBindRow("jump:accept", "unsupported event: jump (pick has no jump action)"),
  InvalidBindRow("every(0):accept", "every() requires a positive number of seconds"),
  InvalidBindRow("every(x):accept", "every() requires a positive number of seconds"),
  InvalidBindRow("every(3e9):accept", "every() interval is too large"),
  InvalidBindRow("ctrl-a:change-nth(2)", "unsupported action: change-nth (pick does not have it)"),
  InvalidBindRow("?:preview(cat {})", "unsupported action: preview (pick does not have it)"),
  // fzf reads these key lists only when the key is pressed; pick at once.
  InvalidBindRow("ctrl-a:unbind()", "unbind target required"),
  InvalidBindRow("ctrl-a:trigger(bogus)", "unsupported key: bogus"),
  InvalidBindRow("ctrl-a:change-multi(-1)", "invalid multi-select limit: -1"),
  InvalidBindRow("ctrl-a:change-search(x)", "unknown action: change-search(x)"),
])
func `invalid --bind values are errors naming the bad part`(row: InvalidBindRow) {
  #expect(throws: InvalidValue(row.message)) { try bind(row.spec) }
}

@Test func `a later --bind replaces a key's actions, and a leading + appends to them`() throws {
  #expect(try bind("ctrl-a:up", "ctrl-a:down") == ["ctrl-a": [.down]])
  #expect(try bind("ctrl-a:select-all", "ctrl-a:+accept") == ["ctrl-a": [.selectAll, .accept]])
  // With nothing bound before, `+accept` is just accept (fzf's defaults are not appended to).
  #expect(try bind("ctrl-a:+accept") == ["ctrl-a": [.accept]])
  #expect(try bind("ctrl-a:up,ctrl-a:+down+first") == ["ctrl-a": [.up, .down, .first]])
}

@Test func `--bind accumulates across PICK_DEFAULT_OPTS and the command line`() throws {
  let options = try OptionParser.parse(
    arguments: [Array("--bind=ctrl-b:+accept".utf8), Array("--bind".utf8), Array("f1:abort".utf8)],
    defaultOpts: Array("--bind ctrl-b:select-all".utf8))
  #expect(options.bindings == ["ctrl-b": [.selectAll, .accept], "f1": [.abort]])
}

@Test func `a bad --bind is a usage error naming the option and the bad key`() {
  #expect(throws: OptionError("option --bind: invalid value 'bogus:up' (unsupported key: bogus)")) {
    try OptionParser.parse(arguments: [Array("--bind=bogus:up".utf8)])
  }
  #expect(
    throws: OptionError(
      "in PICK_DEFAULT_OPTS: option --bind: invalid value 'a:nope' (unknown action: nope)")
  ) {
    try OptionParser.parse(arguments: [], defaultOpts: Array("--bind a:nope".utf8))
  }
}

// MARK: --expect

@Test func `--expect lists keys by canonical name and keeps their spelling`() throws {
  #expect(
    try BindingParser.keyList(Array("ctrl-x,CTRL-Y,alt-,,return".utf8)) == [
      ExpectedKey(name: "ctrl-x", spelling: "ctrl-x"),
      ExpectedKey(name: "ctrl-y", spelling: "CTRL-Y"),
      ExpectedKey(name: "alt-,", spelling: "alt-,"), ExpectedKey(name: "enter", spelling: "return"),
    ])
  #expect(try BindingParser.keyList(Array(",".utf8)) == [ExpectedKey(name: ",", spelling: ",")])
  #expect(try BindingParser.keyList(Array("a,,".utf8)).map(\.name) == ["a", ","])
  #expect(throws: InvalidValue("unsupported key: xx")) {
    try BindingParser.keyList(Array("ctrl-a,xx".utf8))
  }
  #expect(throws: InvalidValue("key names required")) { try BindingParser.keyList([]) }
}

@Test func `--expect accumulates, a repeated key keeps its last spelling, and --no-expect clears`()
  throws
{
  let options = try OptionParser.parse(
    arguments: ["--expect=ctrl-x", "--expect", "f1,CTRL-X"].map { Array($0.utf8) })
  #expect(
    options.expect == [
      ExpectedKey(name: "f1", spelling: "f1"), ExpectedKey(name: "ctrl-x", spelling: "CTRL-X"),
    ])
  let cleared = try OptionParser.parse(
    arguments: ["--expect=ctrl-x", "--no-expect"].map { Array($0.utf8) })
  #expect(cleared.expect.isEmpty)
}

@Test func `--no-mouse turns mouse reporting off, --mouse back on`() throws {
  #expect(try OptionParser.parse(arguments: []).mouse)
  #expect(try !OptionParser.parse(arguments: [Array("--no-mouse".utf8)]).mouse)
  #expect(
    try OptionParser.parse(arguments: ["--no-mouse", "--mouse"].map { Array($0.utf8) }).mouse)
}

@Test func `random --bind values parse or fail with a message, never crash`() {
  var rng = SeededGenerator(seed: 0xB1ED)
  let pieces = [
    "a", "ctrl-a", "alt-", "enter", ":", ",", "+", "(", ")", "[", "]", "~", "!", "|", "execute",
    "change-prompt",
    "reload", "put", "pos", "up", "accept", "toggle", " ", "é", "\u{0}", "\u{1}", "\u{2}", "::",
    ",,", "+:",
  ]
  for _ in 0..<5000 {
    let count = Int.random(in: 0...12, using: &rng)
    let spec = (0..<count).map { _ in pieces.randomElement(using: &rng)! }.joined()
    var table: BindingParser.Table = [:]
    do {
      try BindingParser.parse(Array(spec.utf8), into: &table)
      for key in table.keys {
        #expect(KeyNames.canonical(key) == key || [",", ":", "+"].contains(key), "\(spec)")
      }
    } catch {
      #expect(!error.reason.isEmpty, "\(spec)")
    }
    _ = try? BindingParser.keyList(Array(spec.utf8))
  }
}
