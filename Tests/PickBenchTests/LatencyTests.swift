import Testing

@testable import pick_bench

// MARK: - Arguments

@Test func `latency defaults to the issue's procedure`() throws {
  let expected = BenchCommand.LatencyOptions(
    items: 1_000_000, runs: 3, keys: "lib/py", backspaces: nil, corpus: .generated(.paths), pick: nil, seed: 42,
    cacheDirectory: ".build/bench-corpora")
  #expect(try BenchCommand.parse(["latency"]) == .latency(expected))
  #expect(expected.keySequence == ["l", "i", "b", "/", "p", "y"] + Array(repeating: "\u{7F}", count: 6))
}

@Test func `latency takes keys, backspaces, a corpus file and pick`() throws {
  let command = try BenchCommand.parse([
    "latency", "--items", "100k", "--runs", "5", "--keys", "conf", "--backspaces", "2", "--corpus", "/tmp/p.txt",
    "--pick", "/opt/pick",
  ])
  var expected = BenchCommand.LatencyOptions()
  expected.items = 100_000
  expected.runs = 5
  expected.keys = "conf"
  expected.backspaces = 2
  expected.corpus = .file("/tmp/p.txt")
  expected.pick = "/opt/pick"
  #expect(command == .latency(expected))
  #expect(expected.keySequence == ["c", "o", "n", "f", "\u{7F}", "\u{7F}"])
}

@Test func `load takes several sizes or files`() throws {
  #expect(try BenchCommand.parse(["load"]) == .load(.init()))
  #expect(try BenchCommand.parse(["load"]) == .load(.init(sizes: [1_000_000, 10_000_000], runs: 1)))
  #expect(
    try BenchCommand.parse(["load", "--items", "100k", "1M", "--runs", "2"])
      == .load(.init(sizes: [100_000, 1_000_000], runs: 2)))
  #expect(try BenchCommand.parse(["load", "--corpus", "/a", "/b"]) == .load(.init(files: ["/a", "/b"])))
}

@Test(arguments: [
  ["latency", "--keys", ""],
  ["latency", "--keys", "a", "b"],
  ["latency", "--backspaces", "-1"],
  ["latency", "--corpus", "a", "b"],
  ["latency", "--query", "s"],
  ["load", "--items", "0"],
  ["load", "--corpus", "paths"],
  ["load", "--keys", "x"],
])
func `bad latency and load arguments are usage errors`(arguments: [String]) {
  #expect(throws: BenchError.self) { try BenchCommand.parse(arguments) }
}

@Test func `typing builds the query, a backspace erases its last character`() {
  #expect(
    LatencyBenchmark.queries(typing: ["l", "i", "\u{7F}", "\u{7F}", "\u{7F}", "é"]) == ["l", "li", "l", "", "", "é"])
}

// MARK: - The screen-text matcher

/// pick's reverse layout: prompt, info line, then the list (three-column gutter).
private let pickScreen = [
  "> lib/p",
  "  30036/1000000",
  ">  src/lib/parse.c",
  "   lib/python/x.py",
]

/// fzf's default layout: the list above the info line, the prompt at the bottom.
private let fzfScreen = [
  "  lib/python/x.py",
  "▌ src/lib/parse.c",
  "  30036/1000000 ──────────",
  "> lib/p",
]

@Test func `the screen shows a result when the count and the best match are in place`() {
  let pick = ScreenExpectation(
    matches: 30036, total: 1_000_000, bestMatch: Array("src/lib/parse.c".utf8), listRowOffset: 1)
  let fzf = ScreenExpectation(
    matches: 30036, total: 1_000_000, bestMatch: Array("src/lib/parse.c".utf8), listRowOffset: -1)
  #expect(pick.isShown(on: pickScreen))
  #expect(fzf.isShown(on: fzfScreen))
  // The layouts are not interchangeable: the best match is on the wrong side of the count.
  #expect(!pick.isShown(on: fzfScreen))
  #expect(!fzf.isShown(on: pickScreen))
}

@Test func `a best match further down the list does not count`() {
  let expectation = ScreenExpectation(
    matches: 30036, total: 1_000_000, bestMatch: Array("lib/python/x.py".utf8), listRowOffset: 1)
  #expect(!expectation.isShown(on: pickScreen))
}

@Test func `the count must stand alone, not inside a longer number`() {
  #expect(ScreenExpectation.row("  30036/1000000", showsCount: "30036/1000000"))
  #expect(ScreenExpectation.row("  30036/1000000 (45%)", showsCount: "30036/1000000"))
  #expect(!ScreenExpectation.row("  130036/1000000", showsCount: "30036/1000000"))
  #expect(!ScreenExpectation.row("  3/10000000", showsCount: "3/1000000"))
  #expect(!ScreenExpectation.row("  3/100", showsCount: "3/1000000"))
  #expect(!ScreenExpectation.row("", showsCount: "3/1000000"))
}

@Test func `an old count does not count`() {
  let expectation = ScreenExpectation(
    matches: 10939, total: 1_000_000, bestMatch: Array("src/lib/parse.c".utf8), listRowOffset: 1)
  #expect(!expectation.isShown(on: pickScreen))
}

@Test func `only the start of a long line that surely fits is compared`() {
  let long = Array(String(repeating: "abcdefghij", count: 30).utf8)
  #expect(ScreenExpectation.visiblePrefix(of: long) == String(repeating: "abcdefghij", count: 10))
  // Cut between characters, never inside one: 50 two-byte characters fit in 100 bytes, not 51.
  let accented = Array(String(repeating: "é", count: 60).utf8)
  #expect(ScreenExpectation.visiblePrefix(of: accented) == String(repeating: "é", count: 50))
  // Up to the first control character, which terminals draw in their own ways.
  #expect(ScreenExpectation.visiblePrefix(of: Array("name\tvalue".utf8)) == "name")
}

@Test func `a row is matched after its gutter`() {
  #expect(ScreenExpectation.row(">  src/a.c", startsWithItem: "src/a.c"))
  #expect(ScreenExpectation.row("▌ src/a.c and more", startsWithItem: "src/a.c"))
  #expect(!ScreenExpectation.row("   src/b.c", startsWithItem: "src/a.c"))
  #expect(!ScreenExpectation.row("  xsrc/a.c", startsWithItem: "src/a.c"))
  // No matches: an empty list row is the expected "best match".
  #expect(ScreenExpectation.row("", startsWithItem: ""))
}

// MARK: - Median and worst

@Test func `latency samples give the median and the worst, timeouts apart`() {
  var samples = LatencySamples()
  #expect(samples.median == nil && samples.worst == nil)
  for value in [30.0, 10, nil, 20, 100] { samples.append(value) }
  #expect(samples.milliseconds == [30, 10, 20, 100])
  #expect(samples.median == 25)
  #expect(samples.worst == 100)
  #expect(samples.timeouts == 1)
  samples.append(5)
  #expect(samples.median == 20)
}

@Test func `a run that did not load adds no key samples`() {
  var latencies = ToolLatencies(keys: 2)
  latencies.record(SessionResult(loadMilliseconds: nil, keyMilliseconds: [], peakKiB: nil, failure: "never loaded"))
  latencies.record(SessionResult(loadMilliseconds: 40, keyMilliseconds: [12, nil], peakKiB: 2048, failure: "timeout"))
  #expect(latencies.load == LatencySamples(milliseconds: [40], timeouts: 1))
  #expect(latencies.keys == [LatencySamples(milliseconds: [12]), LatencySamples(milliseconds: [], timeouts: 1)])
  #expect(latencies.peakMiB == [2])
  #expect(latencies.failures == ["never loaded", "timeout"])
}

@Test func `key names and queries read well in a table`() {
  #expect(LatencyReport.keyName("\u{7F}") == "⌫")
  #expect(LatencyReport.keyName("/") == "`/`")
  #expect(LatencyReport.queryName("") == "(empty)")
  #expect(LatencyReport.queryName("a|b") == "`a\\|b`")
}
