import Foundation

/// What a filter printed for one query: where the target came, and the top
/// of the list for showing losses.
struct FilterOutcome: Sendable {
  /// The target's 1-based position, or nil when it was not printed at all.
  let rank: Int?
  /// The first three lines printed.
  let top: [String]
}

/// A fuzzy filter run as `PROGRAM --filter QUERY < list`, the interface fzf
/// and pick share.
struct FilterProgram: Sendable {
  let executable: String

  enum Failure: Error, CustomStringConvertible {
    case cannotStart(String, String)
    case exited(String, Int32, query: String)

    var description: String {
      switch self {
      case .cannotStart(let path, let reason):
        return "cannot run \(path): \(reason)"
      case .exited(let path, let status, let query):
        return "\(path) --filter '\(query)' exited with status \(status)"
      }
    }
  }

  /// Runs the filter on the list in `inputPath` and finds `target` in what it prints.
  func outcome(query: String, inputPath: String, target: String) throws -> FilterOutcome {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = ["--filter", query]
    process.environment = Self.environment
    guard let input = FileHandle(forReadingAtPath: inputPath) else {
      throw Failure.cannotStart(inputPath, "cannot open the list")
    }
    defer { try? input.close() }
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      throw Failure.cannotStart(executable, "\(error)")
    }
    // Read everything before waiting: the output can exceed a pipe's buffer.
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    // fzf exits with 1 when nothing matches; anything else is a failure.
    guard process.terminationStatus == 0 || process.terminationStatus == 1 else {
      throw Failure.exited(executable, process.terminationStatus, query: query)
    }
    return Self.outcome(of: data, target: Array(target.utf8))
  }

  private static func outcome(of data: Data, target: [UInt8]) -> FilterOutcome {
    var top: [String] = []
    var rank: Int?
    var number = 0
    data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
      var start = 0
      for i in 0..<bytes.count where bytes[i] == 0x0A {
        number += 1
        let line = UnsafeRawBufferPointer(rebasing: bytes[start..<i])
        if top.count < 3 { top.append(String(decoding: line, as: UTF8.self)) }
        if rank == nil, line.elementsEqual(target) { rank = number }
        if rank != nil, top.count == 3 { return }
        start = i + 1
      }
    }
    return FilterOutcome(rank: rank, top: top)
  }

  /// The caller's environment without the variables that would change fzf's
  /// defaults: the comparison is with fzf as it ships.
  private static let environment: [String: String] = ProcessInfo.processInfo.environment.filter {
    !$0.key.hasPrefix("FZF_")
  }
}
