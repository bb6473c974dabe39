import Testing

@testable import pick_bench

@Test func `no arguments or --help asks for help`() throws {
  #expect(try BenchCommand.parse([]) == .help)
  #expect(try BenchCommand.parse(["--help"]) == .help)
  #expect(try BenchCommand.parse(["filter", "--items", "10", "-h"]) == .help)
}

@Test func `filter defaults to three corpora of a million items, five runs`() throws {
  let expected = BenchCommand.FilterOptions(
    items: 1_000_000, runs: 5, corpora: [.generated(.paths), .generated(.history), .generated(.unicode)],
    queries: [], pick: nil, seed: 42, cacheDirectory: ".build/bench-corpora")
  #expect(try BenchCommand.parse(["filter"]) == .filter(expected))
}

@Test func `list options take every value up to the next option`() throws {
  let command = try BenchCommand.parse([
    "filter", "--items", "100k", "--runs", "3", "--corpus", "paths", "/tmp/my corpus.txt", "--query", "s", "src/net",
    "--pick", "/opt/pick", "--query=--odd", "--cache", "/tmp/c", "--seed", "7",
  ])
  var expected = BenchCommand.FilterOptions()
  expected.items = 100_000
  expected.runs = 3
  expected.corpora = [.generated(.paths), .file("/tmp/my corpus.txt")]
  expected.queries = ["s", "src/net", "--odd"]
  expected.pick = "/opt/pick"
  expected.cacheDirectory = "/tmp/c"
  expected.seed = 7
  #expect(command == .filter(expected))
}

@Test(arguments: ["1000000", "1_000_000", "1,000,000", "1M", "1000k"])
func `counts accept separators and suffixes`(text: String) throws {
  #expect(
    try BenchCommand.parse(["corpus", "paths", "--items", text]) == .corpus(kind: .paths, items: 1_000_000, seed: 42))
}

@Test(arguments: [
  ["filter", "--items", "0"],
  ["filter", "--items", "many"],
  ["filter", "--runs", "1", "2"],
  ["filter", "--unknown"],
  ["filter", "stray"],
  ["startup", "--corpus", "paths"],
  ["corpus"],
  ["corpus", "words"],
  ["bench"],
])
func `bad arguments are usage errors`(arguments: [String]) {
  #expect(throws: BenchError.self) { try BenchCommand.parse(arguments) }
}

@Test func `startup takes runs and pick`() throws {
  #expect(
    try BenchCommand.parse(["startup", "--runs", "20", "--pick", "p"])
      == .startup(.init(runs: 20, pick: "p")))
}

@Test func `peers are found on PATH unless --fzf and --fzy name them`() throws {
  #expect(try BenchCommand.parse(["filter"]) == .filter(.init()))
  var filter = BenchCommand.FilterOptions()
  filter.fzf = "/tmp/fzf-0.74"
  filter.fzy = "bin/fzy"
  #expect(try BenchCommand.parse(["filter", "--fzf", "/tmp/fzf-0.74", "--fzy=bin/fzy"]) == .filter(filter))
  #expect(
    try BenchCommand.parse(["startup", "--fzf", "f", "--fzy", "y"]) == .startup(.init(pick: nil, fzf: "f", fzy: "y")))
  var latency = BenchCommand.LatencyOptions()
  latency.fzf = "f"
  #expect(try BenchCommand.parse(["latency", "--fzf", "f"]) == .latency(latency))
  var load = BenchCommand.LoadOptions()
  load.fzf = "f"
  #expect(try BenchCommand.parse(["load", "--fzf", "f"]) == .load(load))
  #expect(try BenchCommand.parse(["abort", "--fzf", "f"]) == .abort(.init(fzf: "f")))
}

@Test(arguments: [
  ["latency", "--fzy", "y"], ["rank", "--fzf", "f"], ["filter", "--fzf"], ["filter", "--fzf", "a", "b"],
])
func `--fzy goes only where fzy runs, and each peer flag takes one path`(arguments: [String]) {
  #expect(throws: BenchError.self) { try BenchCommand.parse(arguments) }
}

@Test func `a peer flag naming no program leaves that peer out instead of failing`() {
  let fzf = Tool.fzf(at: "/nonexistent/fzf")
  #expect(fzf.executable == nil)
  let fzy = Tool.fzy(at: "/nonexistent/fzy")
  #expect(fzy.executable == nil)
}
