import Glibc

/// What stops a benchmark run; `main` prints it and exits.
enum BenchError: Error, CustomStringConvertible {
  case usage(String)
  case cannotOpen(String)
  case cannotWrite(String)
  case cannotRun(String, String)
  case missingPick(String)
  case system(String, Int32)
  /// Nothing to measure here (a real-tree corpus whose tree is missing):
  /// said on both outputs, exit status 0.
  case skipped(String)

  var description: String {
    switch self {
    case .usage(let message): "\(message)\nRun `pick-bench --help` for usage."
    case .cannotOpen(let path): "cannot open \(path)"
    case .cannotWrite(let path): "cannot write \(path)"
    case .cannotRun(let path, let reason): "cannot run \(path): \(reason)"
    case .missingPick(let path):
      "no pick binary at \(path): build it with `swift build -c release --static-swift-stdlib` or pass --pick PATH"
    case .system(let call, let code): "\(call) failed: \(String(cString: strerror(code)))"
    case .skipped(let reason): reason
    }
  }
}

/// A progress note on standard error, keeping standard output clean Markdown.
func progress(_ message: String) {
  var line = "pick-bench: " + message + "\n"
  line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}
