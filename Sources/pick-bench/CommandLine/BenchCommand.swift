/// What pick-bench was asked to do, parsed from its arguments once.
enum BenchCommand: Equatable {
  case filter(FilterOptions)
  case startup(StartupOptions)
  case latency(LatencyOptions)
  case load(LoadOptions)
  case abort(AbortOptions)
  case rank(RankOptions)
  case corpus(kind: CorpusKind, items: Int, seed: UInt64)
  /// `corpus tree [--root DIR]`: the files under a real tree (`TreeCorpus`).
  case treeCorpus(root: String)
  case help

  /// A corpus named by kind (generated and cached), by file, or a real tree.
  enum CorpusSource: Equatable {
    case generated(CorpusKind)
    case file(String)
    /// The files under this directory, listed afresh on each run.
    case tree(root: String)

    /// A `--corpus` argument: a generated corpus's name, `tree` (the files
    /// under `/usr`) or `tree:DIR`, else a file.
    init(argument: String) {
      if argument == "tree" {
        self = .tree(root: TreeCorpus.defaultRoot)
      } else if argument.hasPrefix("tree:"), argument.count > 5 {
        self = .tree(root: String(argument.dropFirst(5)))
      } else {
        self = CorpusKind(rawValue: argument).map(CorpusSource.generated) ?? .file(argument)
      }
    }
  }

  struct FilterOptions: Equatable {
    var items = 1_000_000
    var runs = 5
    var corpora: [CorpusSource] = CorpusKind.allCases.map(CorpusSource.generated)
    /// Empty: each corpus's `defaultQueries`.
    var queries: [String] = []
    var pick: String?
    var seed: UInt64 = 42
    var cacheDirectory = ".build/bench-corpora"
    /// `--fzf`, `--fzy`: the peers' paths; nil: found on PATH.
    var fzf: String?
    var fzy: String?
  }

  struct StartupOptions: Equatable {
    var runs = 200
    var pick: String?
    var fzf: String?
    var fzy: String?
  }

  /// `latency`: keys typed into pick and fzf on a pseudo-terminal.
  struct LatencyOptions: Equatable {
    var items = 1_000_000
    var runs = 3
    /// Typed one key at a time; each character is a key.
    var keys = "lib/py"
    /// Backspaces (0x7F) typed after `keys`; nil: one per character of `keys`.
    var backspaces: Int?
    var corpus = CorpusSource.generated(.paths)
    var pick: String?
    var seed: UInt64 = 42
    var cacheDirectory = ".build/bench-corpora"
    var fzf: String?

    /// The keys as sent: each character of `keys`, then the backspaces.
    var keySequence: [String] {
      keys.map(String.init) + Array(repeating: "\u{7F}", count: backspaces ?? keys.count)
    }
  }

  /// `load`: time until the picker shows every item, and its peak memory.
  struct LoadOptions: Equatable {
    /// One row of the table per size.
    var sizes = [1_000_000, 10_000_000]
    var runs = 1
    /// Files instead of generated `paths` corpora of `sizes`.
    var files: [String] = []
    var pick: String?
    var seed: UInt64 = 42
    var cacheDirectory = ".build/bench-corpora"
    var fzf: String?
  }

  /// `abort`: `seq N | TOOL` on a pseudo-terminal, Ctrl-C at `--at` ms.
  struct AbortOptions: Equatable {
    var items = 10_000_000
    var runs = 5
    var atMilliseconds = 100
    var pick: String?
    var fzf: String?
  }

  /// `rank`: pick's matcher in this process, no tools.
  struct RankOptions: Equatable {
    var items = 1_000_000
    var runs = 9
    var corpus = CorpusSource.generated(.paths)
    /// Empty: the corpus's `defaultQueries`, or `narrowingQueries` with `narrow`.
    var queries: [String] = []
    /// Each query ranks the previous one's matches.
    var narrow = false
    var workers: Int?
    var seed: UInt64 = 42
    var cacheDirectory = ".build/bench-corpora"

    /// What typing `lib/py` searches.
    static let narrowingQueries = ["l", "li", "lib", "lib/", "lib/p", "lib/py"]
  }

  /// Parses the arguments after the program name.
  ///
  /// A list option (`--corpus`, `--query`) takes every following argument up
  /// to the next one that starts with `--`; it may also be repeated, and
  /// `--query=--odd` passes a query that starts with dashes.
  static func parse(_ arguments: [String]) throws -> BenchCommand {
    guard let subcommand = arguments.first, !["-h", "--help", "help"].contains(subcommand) else { return .help }
    var options = try OptionList(Array(arguments.dropFirst()))
    if options.has("help") || options.has("h") { return .help }
    let command: BenchCommand
    switch subcommand {
    case "filter": command = try parseFilter(&options)
    case "startup": command = try parseStartup(&options)
    case "latency": command = try parseLatency(&options)
    case "load": command = try parseLoad(&options)
    case "abort": command = try parseAbort(&options)
    case "rank": command = try parseRank(&options)
    case "corpus": command = try parseCorpus(&options)
    default:
      throw BenchError.usage("unknown command '\(subcommand)'")
    }
    try options.checkAllUsed(by: subcommand)
    return command
  }

  /// `filter`: pick, fzf and fzy on each corpus and query.
  private static func parseFilter(_ options: inout OptionList) throws -> BenchCommand {
    var filter = FilterOptions()
    if let items = try options.count("items") { filter.items = items }
    if let runs = try options.count("runs") { filter.runs = runs }
    if let seed = try options.count("seed") { filter.seed = UInt64(seed) }
    if let corpora = options.values("corpus") {
      filter.corpora = corpora.map(CorpusSource.init(argument:))
    }
    filter.queries = options.values("query") ?? []
    filter.pick = try options.single("pick")
    filter.fzf = try options.single("fzf")
    filter.fzy = try options.single("fzy")
    if let cache = try options.single("cache") { filter.cacheDirectory = cache }
    return .filter(filter)
  }

  /// `startup`: each tool started on a tiny input.
  private static func parseStartup(_ options: inout OptionList) throws -> BenchCommand {
    var startup = StartupOptions()
    if let runs = try options.count("runs") { startup.runs = runs }
    startup.pick = try options.single("pick")
    startup.fzf = try options.single("fzf")
    startup.fzy = try options.single("fzy")
    return .startup(startup)
  }

  /// `latency`: keys typed into each picker on a terminal.
  private static func parseLatency(_ options: inout OptionList) throws -> BenchCommand {
    var latency = LatencyOptions()
    if let items = try options.count("items") { latency.items = items }
    if let runs = try options.count("runs") { latency.runs = runs }
    if let seed = try options.count("seed") { latency.seed = UInt64(seed) }
    if let keys = try options.single("keys") {
      guard !keys.isEmpty else { throw BenchError.usage("--keys needs at least one key") }
      latency.keys = keys
    }
    if let backspaces = try options.single("backspaces") {
      guard let count = Int(backspaces), count >= 0 else {
        throw BenchError.usage("--backspaces needs a number, not '\(backspaces)'")
      }
      latency.backspaces = count
    }
    if let corpus = try options.single("corpus") {
      latency.corpus = CorpusSource(argument: corpus)
    }
    latency.pick = try options.single("pick")
    latency.fzf = try options.single("fzf")
    if let cache = try options.single("cache") { latency.cacheDirectory = cache }
    return .latency(latency)
  }

  /// `load`: time until each picker shows all of a large input.
  private static func parseLoad(_ options: inout OptionList) throws -> BenchCommand {
    var load = LoadOptions()
    if let sizes = options.values("items") {
      guard !sizes.isEmpty else { throw BenchError.usage("--items needs at least one number") }
      load.sizes = try sizes.map { try OptionList.parseCount($0, name: "items") }
    }
    if let runs = try options.count("runs") { load.runs = runs }
    if let seed = try options.count("seed") { load.seed = UInt64(seed) }
    if let files = options.values("corpus") {
      for file in files where CorpusKind(rawValue: file) != nil {
        throw BenchError.usage(
          "load --corpus takes files; generated corpora are paths of --items sizes, not '\(file)'")
      }
      load.files = files
    }
    load.pick = try options.single("pick")
    load.fzf = try options.single("fzf")
    if let cache = try options.single("cache") { load.cacheDirectory = cache }
    return .load(load)
  }

  /// `abort`: Ctrl-C while a huge input streams in.
  private static func parseAbort(_ options: inout OptionList) throws -> BenchCommand {
    var abort = AbortOptions()
    if let items = try options.count("items") { abort.items = items }
    if let runs = try options.count("runs") { abort.runs = runs }
    if let at = try options.count("at") { abort.atMilliseconds = at }
    abort.pick = try options.single("pick")
    abort.fzf = try options.single("fzf")
    return .abort(abort)
  }

  /// `rank`: pick's matcher in process.
  private static func parseRank(_ options: inout OptionList) throws -> BenchCommand {
    var rank = RankOptions()
    if let items = try options.count("items") { rank.items = items }
    if let runs = try options.count("runs") { rank.runs = runs }
    if let seed = try options.count("seed") { rank.seed = UInt64(seed) }
    if let corpus = try options.single("corpus") {
      rank.corpus = CorpusSource(argument: corpus)
    }
    rank.queries = options.values("query") ?? []
    if let flag = options.values("narrow") {
      guard flag.isEmpty else { throw BenchError.usage("--narrow takes no value") }
      rank.narrow = true
    }
    rank.workers = try options.count("workers")
    if let cache = try options.single("cache") { rank.cacheDirectory = cache }
    return .rank(rank)
  }

  /// `corpus KIND`: a generated corpus on standard output; `corpus tree`:
  /// the files under `--root` (default `/usr`).
  private static func parseCorpus(_ options: inout OptionList) throws -> BenchCommand {
    if options.positional.first == "tree" {
      return .treeCorpus(root: try options.single("root") ?? TreeCorpus.defaultRoot)
    }
    guard let name = options.positional.first, let kind = CorpusKind(rawValue: name) else {
      throw BenchError.usage("corpus needs a kind: paths, history, unicode or tree")
    }
    return .corpus(
      kind: kind, items: try options.count("items") ?? 1_000_000, seed: UInt64(try options.count("seed") ?? 42))
  }
}

/// `--name value...` arguments grouped by name, consumed as they are read so
/// that leftovers can be reported.
private struct OptionList {
  private var values: [String: [String]] = [:]
  private var order: [String] = []
  private(set) var positional: [String] = []

  init(_ arguments: [String]) throws {
    var current: String?
    for argument in arguments {
      if argument.hasPrefix("--") || argument == "-h" {
        let body = argument.drop(while: { $0 == "-" })
        let parts = body.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let name = String(parts[0])
        if values[name] == nil { order.append(name) }
        values[name, default: []] += parts.count == 2 ? [String(parts[1])] : []
        current = parts.count == 2 ? nil : name
      } else if let name = current {
        values[name, default: []].append(argument)
      } else {
        positional.append(argument)
      }
    }
  }

  func has(_ name: String) -> Bool { values[name] != nil }

  mutating func values(_ name: String) -> [String]? {
    guard let list = values.removeValue(forKey: name) else { return nil }
    return list
  }

  mutating func single(_ name: String) throws -> String? {
    guard let list = values(name) else { return nil }
    guard list.count == 1 else { throw BenchError.usage("--\(name) takes one value") }
    return list[0]
  }

  /// A positive count: digits with optional `_` or `,` separators and an
  /// optional `k` or `M` suffix (`100k`, `1_000_000`, `1M`).
  mutating func count(_ name: String) throws -> Int? {
    guard let text = try single(name) else { return nil }
    return try Self.parseCount(text, name: name)
  }

  static func parseCount(_ text: String, name: String) throws -> Int {
    var digits = text.filter { $0 != "_" && $0 != "," }
    var scale = 1
    if digits.hasSuffix("k") { scale = 1_000 } else if digits.hasSuffix("M") { scale = 1_000_000 }
    if scale > 1 { digits.removeLast() }
    guard let value = Int(digits), value > 0 else {
      throw BenchError.usage("--\(name) needs a positive number, not '\(text)'")
    }
    return value * scale
  }

  func checkAllUsed(by subcommand: String) throws {
    if let unused = order.first(where: { values[$0] != nil }) {
      throw BenchError.usage("\(subcommand) does not take --\(unused)")
    }
    if subcommand != "corpus", let extra = positional.first {
      throw BenchError.usage("unexpected argument '\(extra)'")
    }
  }
}
