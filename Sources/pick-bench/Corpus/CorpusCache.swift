import Glibc

/// Where generated corpora live between runs (`.build/bench-corpora/` by
/// default: ignored by git, removed by `swift package clean`).
struct CorpusCache {
  let directory: String

  /// The file holding `kind` with `count` items and `seed`, generated and
  /// written first if it is not there yet.
  func file(for kind: CorpusKind, count: Int, seed: UInt64) throws -> String {
    let path = "\(directory)/\(kind.rawValue)-\(count)-seed\(seed)-v\(CorpusKind.generatorVersion).txt"
    if SmallFile.exists(path) { return path }
    try SmallFile.createDirectory(directory)
    progress("generating \(kind.rawValue) corpus, \(count) items ...")
    // A child process (`pick-bench corpus`) generates it, so that our own
    // heap stays small: it is the floor of every child's peak memory (see
    // `MeasuredCommand`). It writes under a temporary name that is renamed when
    // complete, so an interrupted run never leaves a truncated corpus behind.
    let temporary = path + ".partial-\(getpid())"
    let generator = MeasuredCommand(
      executable: SmallFile.currentExecutable(),
      arguments: ["corpus", kind.rawValue, "--items", String(count), "--seed", String(seed)],
      output: .file(temporary))
    let result = try generator.run()
    guard result.termination == .exited(0), rename(temporary, path) == 0 else {
      unlink(temporary)
      throw BenchError.cannotWrite(path + ": " + result.text)
    }
    return path
  }
}

extension CorpusCache {
  /// What `source` stands for: a label for the report, the file (a
  /// generated corpus of `count` items is made and cached first) and the
  /// queries measured on it by default (a file gets the paths queries).
  func resolve(_ source: BenchCommand.CorpusSource, count: Int, seed: UInt64) throws -> (
    label: String, file: String, queries: [String]
  ) {
    switch source {
    case .generated(let kind):
      return (kind.rawValue, try file(for: kind, count: count, seed: seed), kind.defaultQueries)
    case .file(let path):
      return (SmallFile.baseName(path), path, CorpusKind.paths.defaultQueries)
    case .tree(let root):
      return ("tree \(root)", try treeFile(root: root), TreeCorpus.defaultQueries)
    }
  }

  /// The list of the files under `root`, made afresh (the tree may have
  /// changed since the last run) by a child process, as generated corpora
  /// are. Throws `BenchError.skipped` if `root` cannot be listed.
  func treeFile(root: String) throws -> String {
    guard TreeCorpus.isWalkable(root) else { throw BenchError.skipped(TreeCorpus.missingNote(root)) }
    let name = root.split(separator: "/").joined(separator: "_")
    let path = "\(directory)/tree-\(name.isEmpty ? "root" : name).txt"
    try SmallFile.createDirectory(directory)
    progress("listing the files under \(root) ...")
    let temporary = path + ".partial-\(getpid())"
    let lister = MeasuredCommand(
      executable: SmallFile.currentExecutable(), arguments: ["corpus", "tree", "--root", root],
      output: .file(temporary))
    let result = try lister.run()
    guard result.termination == .exited(0), rename(temporary, path) == 0 else {
      unlink(temporary)
      throw BenchError.cannotWrite(path + ": " + result.text)
    }
    return path
  }
}
