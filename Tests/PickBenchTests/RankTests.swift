import Glibc
import Testing

@testable import pick_bench

@Test func `rank defaults to generated paths, nine runs, every core`() throws {
  #expect(try BenchCommand.parse(["rank"]) == .rank(BenchCommand.RankOptions()))
  let command = try BenchCommand.parse([
    "rank", "--corpus", "/tmp/c.txt", "--query", "ab", "a b", "--narrow", "--workers", "1", "--runs", "3",
  ])
  var expected = BenchCommand.RankOptions()
  expected.corpus = .file("/tmp/c.txt")
  expected.queries = ["ab", "a b"]
  expected.narrow = true
  expected.workers = 1
  expected.runs = 3
  #expect(command == .rank(expected))
}

@Test(arguments: [["rank", "--narrow", "yes"], ["rank", "--workers", "0"], ["rank", "--pick", "/p"]])
func `rank rejects what it cannot use`(arguments: [String]) {
  #expect(throws: BenchError.self) { try BenchCommand.parse(arguments) }
}

@Test func `rank prints the matches of each query, narrowing as typing does`() throws {
  let file = "/tmp/pick-bench-rank-\(getpid()).txt"
  defer { unlink(file) }
  let lines = ["lib/a.py", "src/lib.c", "lib/b.rs", "docs/x.md", "lib/py/c.py"]
  let text = lines.joined(separator: "\n") + "\n"
  let descriptor = open(file, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
  #expect(descriptor >= 0)
  _ = text.utf8CString.withUnsafeBufferPointer { write(descriptor, $0.baseAddress, text.utf8.count) }
  close(descriptor)
  var options = BenchCommand.RankOptions()
  options.corpus = .file(file)
  options.queries = ["l", "lib", "lib/py"]
  options.narrow = true
  options.runs = 2
  let output = try RankBenchmark(options: options).report()
  #expect(output.contains("| `l` | 4 |"))
  #expect(output.contains("| `lib` | 4 |"))
  #expect(output.contains("| `lib/py` | 2 |"))
  #expect(output.contains("| list ms |"))
}
