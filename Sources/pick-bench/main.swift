// Entry point: parse the command, run it, report errors. See Docs/Benchmarks.md.
import Glibc

do {
  switch try BenchCommand.parse(Array(CommandLine.arguments.dropFirst())) {
  case .help: print(usage, terminator: "")
  case .filter(let options): try FilterBenchmark(options: options).run()
  case .startup(let options): try StartupBenchmark(options: options).run()
  case .latency(let options): try LatencyBenchmark(options: options).run()
  case .load(let options): try LoadBenchmark(options: options).run()
  case .abort(let options): try AbortBenchmark(options: options).run()
  case .rank(let options): try RankBenchmark(options: options).run()
  case .corpus(let kind, let items, let seed):
    try FileDescriptorWriter.writeAll(kind.generate(count: items, seed: seed), to: 1)
  case .treeCorpus(let root):
    // Nothing on standard output: it is the corpus file. (Benchmarks check
    // first and skip the corpus; see `CorpusCache.treeFile`.)
    guard TreeCorpus.isWalkable(root) else { throw BenchError.cannotOpen(root) }
    try FileDescriptorWriter.writeAll(TreeCorpus.list(root: root), to: 1)
  }
} catch BenchError.skipped(let reason) {
  // Not a failure: a benchmark of a tree this machine lacks has nothing to measure.
  progress(reason)
  print("*\(reason)*")
} catch {
  progress("\(error)")
  exit(2)
}
