import PickTestSupport
import Testing

@testable import PickCore

/// The shared seeded generator, visible to every file of this target.
typealias SeededGenerator = PickTestSupport.SeededGenerator

/// Matches `item` against `query` with default options; `nil` when it does not match.
func matchScore(_ query: String, _ item: String, scheme: Options.Scheme = .default) -> Int32? {
  let compiled = CompiledQuery(QueryParser().parse(Array(query.utf8)), scheme: scheme)
  return Array(item.utf8).withUnsafeBufferPointer { ItemMatcher(compiled).match($0)?.score }
}

/// Matched byte positions of `query` in `item`.
func matchPositions(_ query: String, _ item: String) -> [Int]? {
  let compiled = CompiledQuery(QueryParser().parse(Array(query.utf8)), scheme: .default)
  let positions = PositionList()
  let found = Array(item.utf8).withUnsafeBufferPointer { ItemMatcher(compiled).match($0, positions: positions) }
  return found == nil ? nil : positions.values.sorted()
}

/// A store holding `items`, newline-separated; `finished: false` leaves it
/// open for more, as while input streams in.
func makeStore(
  _ items: [String], separator: UInt8 = 0x0A, finished: Bool = true, interpretsANSI: Bool = false
) throws -> ItemStore {
  let store = try ItemStore(
    separator: separator, byteLimit: 1 << 26, itemLimit: 1 << 20, interpretsANSI: interpretsANSI)
  var bytes: [UInt8] = []
  for item in items {
    bytes += Array(item.utf8)
    bytes.append(separator)
  }
  try store.append(bytes)
  if finished { try store.finish() }
  return store
}

/// Runs `pick --filter` in-process over `items` and returns the printed lines.
func filter(_ items: [String], _ query: String, configure: (inout Options) -> Void = { _ in }) throws -> [String] {
  var options = Options()
  options.filter = Array(query.utf8)
  configure(&options)
  let store = try makeStore(items, separator: options.read0 ? 0 : 0x0A, interpretsANSI: options.ansi)
  var output: [UInt8] = []
  let collected = Collector()
  var sink = ResultSink(capacity: 64) { bytes in collected.bytes += Array(bytes) }
  _ = try FilterCommand(options: options).run(store, into: &sink)
  output = collected.bytes
  let terminator: UInt8 = options.print0 ? 0 : 0x0A
  var lines = output.split(separator: terminator, omittingEmptySubsequences: false).map {
    String(decoding: $0, as: UTF8.self)
  }
  if lines.last == "" { lines.removeLast() }
  return lines
}

final class Collector: @unchecked Sendable {
  var bytes: [UInt8] = []
}

/// What `pick --filter` wrote and whether it reports a match (exit 0) or not (exit 1).
struct FilterResult: Equatable, CustomStringConvertible {
  var output: [UInt8]
  var matched: Bool

  var text: String { String(decoding: output, as: UTF8.self) }
  var description: String { "\(matched ? "exit 0" : "exit 1"): \(String(reflecting: text))" }
}

/// Runs `pick ARGUMENTS` in-process over the raw `input` bytes, as `printf INPUT | pick ARGUMENTS`
/// would; the arguments are parsed by the real option parser and must include `--filter`.
func runFilter(
  _ input: [UInt8], _ arguments: [String], workers: Int? = nil
) throws -> FilterResult {
  let options = try OptionParser.parse(arguments: arguments.map { Array($0.utf8) })
  let store = try ItemStore(separator: options.read0 ? 0 : 0x0A, byteLimit: 1 << 26, itemLimit: 1 << 20)
  try store.append(input)
  try store.finish()
  let collected = Collector()
  var sink = ResultSink(capacity: 64) { bytes in collected.bytes += Array(bytes) }
  var command = FilterCommand(options: options)
  if let workers { command.workers = workers }
  let matched = try command.run(store, into: &sink)
  return FilterResult(output: collected.bytes, matched: matched)
}

/// Checks each query on `items` with the byte scans the ranker's matcher
/// takes (`MatchStrategy` for `.trimmedLength`) against the prepared text:
/// the same match and trimmed length for every item.
func expectByteScansAgree(_ queries: [String], _ items: [[UInt8]], options: Options) {
  for query in queries {
    let compiled = CompiledQuery(Array(query.utf8), options: options)
    let fast = ItemMatcher(compiled, detail: .trimmedLength)
    let general = ItemMatcher(compiled, detail: .trimmedLength, strategy: .prepared(longItemsFromBytes: false))
    #expect(fast.strategy != general.strategy, "query \(query) takes no byte scan")
    for bytes in items {
      let item = String(decoding: bytes, as: UTF8.self)
      let a = bytes.withUnsafeBufferPointer { fast.matchForRanking($0) }
      let b = bytes.withUnsafeBufferPointer { general.matchForRanking($0) }
      #expect(a?.match == b?.match, "query \(query) item \(item.debugDescription)")
      if a != nil, b != nil {
        #expect(a?.trimmedLength == b?.trimmedLength, "query \(query) item \(item.debugDescription)")
      }
    }
  }
}
