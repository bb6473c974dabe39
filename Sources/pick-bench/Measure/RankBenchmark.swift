import Glibc
import PickCore

/// `pick-bench rank`: pick's matcher and ranker in this process, as the
/// picker runs them (all cores, the best 1024 sorted), timed per query.
///
/// Whole-process timings (`filter`, `latency`) include pipes, page faults of
/// fresh memory and the other tools; on a shared virtual machine they drift
/// by tens of percent between invocations. Ranking an already loaded store
/// repeatedly measures the matcher alone, so two builds of it can be
/// compared to a few percent: build each version and run both.
struct RankBenchmark {
  let options: BenchCommand.RankOptions

  func run() throws { print(try report()) }

  /// The heading and the table.
  func report() throws -> String {
    let (label, file, defaults) = try CorpusCache(directory: options.cacheDirectory).resolve(
      options.corpus, count: options.items, seed: options.seed)
    let store = try load(file)
    let queries =
      !options.queries.isEmpty
      ? options.queries : options.narrow ? BenchCommand.RankOptions.narrowingQueries : defaults
    let workers = options.workers ?? SearchTunables.workers
    var ranker = Ranker(order: Ranker.Order(options: Options()), workers: workers)
    ranker.sortLimit = SearchTunables.sortLimit  // as the picker sorts
    let heading = "## rank: \(label), \(Format.count(store.count)) items, \(workers) workers, \(options.runs) runs\n"
    // With --narrow, also the time to list the matches as the next query's
    // candidates (`itemsInInputOrder`), which the picker spends before it
    // starts that search.
    let headers = ["query", "matches", "median ms", "fastest ms"] + (options.narrow ? ["list ms"] : [])
    var table = MarkdownTable(headers: headers, numeric: options.narrow ? [1, 2, 3, 4] : [1, 2, 3])
    var candidates: [Int]? = nil
    for query in queries {
      progress("rank: \(query)")
      let compiled = CompiledQuery(Array(query.utf8), options: Options())
      var times: [Double] = []
      var result: RankedMatches? = nil
      for _ in 0..<options.runs {
        let start = monotonicMilliseconds()
        result =
          candidates.map { ranker.rank(store, items: $0, query: compiled, spanning: 0..<store.count) }
          ?? ranker.rank(store, range: 0..<store.count, query: compiled)
        times.append(monotonicMilliseconds() - start)
      }
      let count = result?.count ?? 0
      var row = [
        MarkdownTable.code(query), Format.count(count), Format.milliseconds(median(times)),
        Format.milliseconds(times.min() ?? 0),
      ]
      if options.narrow {
        let start = monotonicMilliseconds()
        candidates = result?.itemsInInputOrder()
        row.append(Format.milliseconds(monotonicMilliseconds() - start))
      }
      table.rows.append(row)
    }
    return heading + "\n" + table.markdown
  }

  /// The corpus's lines in an item store, as pick reads them.
  private func load(_ file: String) throws -> ItemStore {
    let descriptor = open(file, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw BenchError.cannotOpen(file) }
    defer { close(descriptor) }
    let store = try ItemStore(separator: 0x0A)
    var buffer = [UInt8](repeating: 0, count: 1 << 20)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { break }
      try buffer.withUnsafeBytes { try store.append(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
    }
    try store.finish()
    return store
  }

  private func monotonicMilliseconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1_000_000
  }
}
