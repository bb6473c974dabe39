/// The corpora pick-bench generates, and the queries it runs on each.
enum CorpusKind: String, CaseIterable {
  case paths, history, unicode

  /// Bumped whenever a generator's output changes, so a cached corpus from an
  /// older generator is never mistaken for the current one.
  static let generatorVersion = 1

  /// `count` newline-terminated items; the same bytes for the same kind,
  /// count and seed on every machine.
  func generate(count: Int, seed: UInt64) -> [UInt8] {
    switch self {
    case .paths: PathCorpus.generate(count: count, seed: seed, name: AsciiNames.name)
    case .history: HistoryCorpus.generate(count: count, seed: seed)
    case .unicode: PathCorpus.generate(count: count, seed: seed, name: UnicodeNames.name)
    }
  }

  /// One-, two-, four- and twelve-character queries and one that (nearly)
  /// never matches: broad queries stress sorting and output, long ones the
  /// scorer, the last one reading and the pre-filter.
  var defaultQueries: [String] {
    switch self {
    case .paths: ["s", "ut", "conf", "src/net/dev.c", "zzqx"]
    case .history: ["g", "gc", "push", "docker build", "zzqx"]
    case .unicode: ["é", "写真", "cafe", "写真/config.md", "zzqx"]
    }
  }
}
