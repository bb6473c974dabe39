import PickTestSupport

/// One generated list: its lines in input order, and their anatomy for the
/// intention rule.
struct GeneratedList: Sendable {
  /// `paths-1002`: the kind and the seed, used in reports and file names.
  let name: String
  let kind: ListKind
  let lines: [String]
  let anatomy: [LineAnatomy]
  /// Lines outside vendored trees (`node_modules`, `vendor`, `.venv`): the
  /// code people work on, and so most of the targets. All of a history.
  let firstParty: [Int]

  init(kind: ListKind, seed: UInt64) {
    // Sizes vary by seed within what real trees and histories have;
    // both programs take well under 0.1 s per query at these sizes.
    var sizing = SeededGenerator(seed: seed).derived(1)
    let lines: [String]
    switch kind {
    case .paths:
      var generator = SourceTreeGenerator(seed: seed)
      lines = generator.paths(lineCount: sizing.within(20_000...45_000))
    case .history:
      var generator = ShellHistoryGenerator(seed: seed)
      // Newest first, as `fc -rl` prints it and fzf's Ctrl-R binding reads it.
      lines = generator.commands(lineCount: sizing.within(20_000...30_000)).reversed()
    }
    self.lines = lines
    self.kind = kind
    name = "\(kind.rawValue)-\(seed)"
    anatomy = lines.map(LineAnatomy.init)
    let vendored = ["node_modules/", "vendor/", ".venv/"]
    firstParty = lines.indices.filter { i in !vendored.contains { lines[i].contains($0) } }
  }

  /// The lists a run uses: `count` of each kind, with seeds derived from the
  /// run's seed so that `--seed 2` is a wholly different set of lists.
  static func lists(seed: UInt64, perKind count: Int) -> [GeneratedList] {
    ListKind.allCases.flatMap { kind in
      (0..<count).map { i in
        GeneratedList(kind: kind, seed: seed &* 1000 &+ UInt64(i + 1) &+ (kind == .history ? 500 : 0))
      }
    }
  }
}
