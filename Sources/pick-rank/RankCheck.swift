import Foundation
import PickTestSupport

/// The whole check: generate lists, draw cases, run both filters on every
/// case, and report.
struct RankCheck {
  let options: RankOptions

  func run() throws {
    let started = Date()
    let lists = GeneratedList.lists(seed: options.seed, perKind: options.listsPerKind)
    var sampler = CaseSampler(lists: lists, rng: SeededGenerator(seed: options.seed).derived(2))
    let cases = sampler.cases(count: options.cases)
    let lineCount = lists.reduce(0) { $0 + $1.lines.count }
    log("seed \(options.seed): \(lists.count) lists, \(lineCount) lines, \(cases.count) cases")

    if let directory = options.listOnlyDirectory {
      try write(lists, cases, to: directory)
      return
    }

    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("pick-rank-\(ProcessInfo.processInfo.processIdentifier)").path
    try write(lists, cases, to: directory)
    defer { try? FileManager.default.removeItem(atPath: directory) }

    let pick = FilterProgram(executable: options.pick ?? Self.defaultPickPath())
    let fzf = FilterProgram(executable: options.fzf ?? Self.fzfOnPath())
    let inputs = lists.map { "\(directory)/\($0.name).txt" }
    let results = try CaseRunner(pick: pick, fzf: fzf, inputs: inputs).results(for: cases)
    log(String(format: "ran %d filter processes in %.1f s", 2 * cases.count, Date().timeIntervalSince(started)))

    let report = Report(lists: lists, results: results)
    print("pick: \(pick.executable)\nfzf:  \(fzf.executable)\n")
    print(report.table())
    if options.showLosses > 0 {
      print("\nCases where fzf ranked the target higher than pick:\n")
      print(report.losses(options.showLosses))
    }
  }

  /// Each list as `NAME.txt`, one line each, and `cases.tsv` (strategy,
  /// list, query, target) for inspection.
  private func write(_ lists: [GeneratedList], _ cases: [RankCase], to directory: String) throws {
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    for list in lists {
      try (list.lines.joined(separator: "\n") + "\n")
        .write(toFile: "\(directory)/\(list.name).txt", atomically: true, encoding: .utf8)
    }
    let rows = cases.map { "\($0.strategy.label)\t\(lists[$0.list].name)\t\($0.query)\t\($0.target)" }
    try (["strategy\tlist\tquery\ttarget"] + rows).joined(separator: "\n").appending("\n")
      .write(toFile: "\(directory)/cases.tsv", atomically: true, encoding: .utf8)
  }

  /// The first executable `fzf` in PATH's directories, or plain `fzf` (which
  /// then fails to start, naming it) when there is none.
  private static func fzfOnPath() -> String {
    let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
    let candidates = directories.map { "\($0)/fzf" }
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? "fzf"
  }

  /// `pick` in the directory of this executable: `.build/release/pick` when
  /// run as `.build/release/pick-rank`.
  private static func defaultPickPath() -> String {
    let me =
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments[0]
    return URL(fileURLWithPath: me).deletingLastPathComponent().appendingPathComponent("pick").path
  }
}

/// Progress and summaries go to standard error, so standard output holds
/// only the report.
func log(_ message: String) {
  FileHandle.standardError.write(Data("pick-rank: \(message)\n".utf8))
}
