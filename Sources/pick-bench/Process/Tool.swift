import Glibc

/// A program measured by the benchmark, and how to ask it to filter.
struct Tool {
  let name: String
  /// `nil` when the tool is not installed: its columns say n/a.
  let executable: String?
  let filterArguments: (String) -> [String]
  /// What `--version` said, for the report header.
  var version = ""
  /// Options of an interactive run (`latency`, `load`): the defaults, in
  /// single-selection mode.
  var interactiveArguments: [String] = []
  /// Where the first list row is from the info line (`M/N`) in the
  /// interactive layout: +1 below (pick's default reverse layout), -1 above
  /// (fzf's default layout, prompt at the bottom).
  var listRowOffset = -1

  /// pick at `path`, or next to the running pick-bench.
  static func pick(at path: String?) throws -> Tool {
    let bench = SmallFile.currentExecutable()
    let executable = path ?? String(bench[..<(bench.lastIndex(of: "/") ?? bench.startIndex)]) + "/pick"
    guard access(executable, X_OK) == 0 else { throw BenchError.missingPick(executable) }
    let version =
      (try? MeasuredCommand(executable: executable, arguments: ["--version"], output: .captured).run().text) ?? ""
    return Tool(
      name: "pick", executable: executable, filterArguments: { ["--filter", $0] }, version: firstLine(version),
      interactiveArguments: ["--no-multi"], listRowOffset: 1)
  }

  /// fzf 0.74, the reference: the file given by `--fzf`, else the first
  /// `fzf` on PATH that says 0.74 (Debian's 0.38 matches and ranks
  /// differently, so it is skipped with a note).
  static func fzf(at path: String?) -> Tool {
    peer(
      name: "fzf", wanted: "0.74", at: path, isWanted: { $0.hasPrefix("0.74") },
      filterArguments: { ["--filter", $0] })
  }

  /// fzy 1.0: the file given by `--fzy`, else the first `fzy` on PATH. (Its
  /// `--version` starts with the path it was run as:
  /// `/usr/bin/fzy 1.0 © 2014-2018 John Hawthorn`.)
  static func fzy(at path: String?) -> Tool {
    peer(name: "fzy", wanted: "1.x", at: path, isWanted: { $0.contains("fzy 1.") }, filterArguments: { ["-e", $0] })
  }

  /// The peer at `path`, or the first on PATH whose `--version` is wanted.
  ///
  /// A peer that is missing, or only found in another version, is said on
  /// standard error and left out (its columns say n/a): the other tools are
  /// still measured. A `path` given by flag is taken whatever its version,
  /// with a note when the version is not the one the docs compare against.
  private static func peer(
    name: String, wanted: String, at path: String?, isWanted: (String) -> Bool,
    filterArguments: @escaping (String) -> [String]
  ) -> Tool {
    let missing = Tool(name: name, executable: nil, filterArguments: filterArguments)
    if let path {
      guard access(path, X_OK) == 0, let version = version(of: path) else {
        progress("\(name): \(path) is not a program that runs; its columns say n/a")
        return missing
      }
      if !isWanted(version) { progress("\(name): \(path) is not \(name) \(wanted): \(firstLine(version))") }
      return Tool(name: name, executable: path, filterArguments: filterArguments, version: firstLine(version))
    }
    var skipped: [String] = []
    for candidate in searchPath(for: name) where access(candidate, X_OK) == 0 {
      guard let version = version(of: candidate) else { continue }
      guard isWanted(version) else {
        skipped.append("\(candidate) (\(firstLine(version)))")
        continue
      }
      return Tool(name: name, executable: candidate, filterArguments: filterArguments, version: firstLine(version))
    }
    let found = skipped.isEmpty ? "none on PATH" : "PATH has only " + skipped.joined(separator: ", ")
    progress("\(name) \(wanted) not found (\(found)); give --\(name) PATH; its columns say n/a")
    return missing
  }

  /// What `executable --version` prints, or nil when it cannot be run.
  private static func version(of executable: String) -> String? {
    (try? MeasuredCommand(executable: executable, arguments: ["--version"], output: .captured).run())?.text
  }

  /// A warning when `pick` is not the static release build that users get:
  /// a dynamic Swift binary starts twice as slowly (1.5 ms against 3 ms).
  var staticBuildWarning: String? {
    guard let executable else { return nil }
    guard let ldd = try? MeasuredCommand(executable: "ldd", arguments: [executable], output: .captured).run() else {
      return nil
    }
    if ldd.text.contains("libswiftCore") {
      return
        "\(executable) links the Swift runtime dynamically (ldd shows libswiftCore): build it with `swift build -c release --static-swift-stdlib`"
    }
    if executable.contains("/debug/") {
      return "\(executable) looks like a debug build: build it with `swift build -c release --static-swift-stdlib`"
    }
    return nil
  }

  private static func firstLine(_ text: String) -> String {
    String(text.split(separator: "\n").first ?? "")
  }

  private static func searchPath(for name: String) -> [String] {
    guard let path = getenv("PATH") else { return [] }
    return String(cString: path).split(separator: ":").map { "\($0)/\(name)" }
  }
}
