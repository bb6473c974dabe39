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

  /// fzf 0.74, the reference: `/opt/peers/fzf`, else `fzf` on PATH only if
  /// it is 0.74 (Debian's 0.38 matches and ranks differently).
  static func fzf() -> Tool {
    peer(name: "fzf", isWanted: { $0.hasPrefix("0.74") }, filterArguments: { ["--filter", $0] })
  }

  /// fzy 1.0: `/opt/peers/fzy`, else `fzy` on PATH. (Its `--version` starts
  /// with the path it was run as: `/usr/bin/fzy 1.0 © 2014-2018 John Hawthorn`.)
  static func fzy() -> Tool {
    peer(name: "fzy", isWanted: { $0.contains("fzy 1.") }, filterArguments: { ["-e", $0] })
  }

  private static func peer(name: String, isWanted: (String) -> Bool, filterArguments: @escaping (String) -> [String])
    -> Tool
  {
    for candidate in ["/opt/peers/" + name] + searchPath(for: name) {
      guard access(candidate, X_OK) == 0,
        let result = try? MeasuredCommand(executable: candidate, arguments: ["--version"], output: .captured).run(),
        isWanted(result.text)
      else { continue }
      return Tool(name: name, executable: candidate, filterArguments: filterArguments, version: firstLine(result.text))
    }
    return Tool(name: name, executable: nil, filterArguments: filterArguments)
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
