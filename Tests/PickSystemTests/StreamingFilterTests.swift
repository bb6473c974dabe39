import Glibc
import PickCore
import PickTestSupport
import Testing

@testable import PickSystem

/// `pick --filter` ranks parts of the input while it is still arriving and
/// merges them: the printed order must be exactly that of one ranking of
/// the whole input, whatever the parts were.
@Suite struct StreamingFilterTests {
  /// Items in several shapes (ties, long and short, header-like lines).
  private static func items(count: Int, seed: UInt64) -> [String] {
    var random = SeededGenerator(seed: seed)
    let words = ["lib", "src", "py", "test", "main", "util", "conf", "a", "b", "café", "写真"]
    return (0..<count).map { _ in
      (0..<Int.random(in: 1...4, using: &random)).map { _ in words.randomElement(using: &random)! }
        .joined(separator: "/")
    }
  }

  /// Writes `bytes` into a pipe from another thread, in pieces of `piece`
  /// bytes with a pause between them, so the reader sees the input arrive,
  /// and a long pause halfway, so the ranking thread gets to rank a part
  /// before the input ends even on a busy machine.
  private static func feed(_ bytes: [UInt8], piece: Int) throws -> (fd: Int32, writer: pthread_t) {
    var fds: [Int32] = [0, 0]
    try #require(pipe(&fds) == 0)
    final class Job: @unchecked Sendable {
      let bytes: [UInt8]
      let fd: Int32
      let piece: Int
      init(bytes: [UInt8], fd: Int32, piece: Int) {
        self.bytes = bytes
        self.fd = fd
        self.piece = piece
      }
    }
    let job = Unmanaged.passRetained(Job(bytes: bytes, fd: fds[1], piece: piece)).toOpaque()
    var thread = pthread_t()
    pthread_create(
      &thread, nil,
      { raw in
        let job = Unmanaged<Job>.fromOpaque(raw!).takeRetainedValue()
        var offset = 0
        job.bytes.withUnsafeBytes { raw in
          while offset < raw.count {
            let n = write(job.fd, raw.baseAddress! + offset, min(job.piece, raw.count - offset))
            if n <= 0 { break }
            let half = offset < raw.count / 2
            offset += n
            usleep(half && offset >= raw.count / 2 ? 500_000 : 200)
          }
        }
        close(job.fd)
        return nil
      }, job)
    return (fds[0], thread)
  }

  private static func order(_ matches: RankedMatches) -> [Int] {
    (0..<matches.count).map { matches.itemIndex(at: $0) }
  }

  @Test(arguments: [
    ("lib", [] as [String]), ("a", ["--tiebreak=length,begin"]), ("py", ["--no-sort"]), ("", []),
    ("conf", ["--header-lines=3"]), ("src", ["--tac"]), ("b", ["--unique"]), ("zzz", []),
    ("cafe", ["-e"]),
  ])
  func `the streamed ranking equals one ranking of the whole input`(query: String, extra: [String])
    throws
  {
    let items = Self.items(count: 150_000, seed: 11)
    let bytes = Array(items.joined(separator: "\n").utf8)  // no final newline: the last item is virtual
    let arguments = (["--filter", query] + extra).map { Array($0.utf8) }
    let options = try OptionParser.parse(arguments: arguments)
    var command = FilterCommand(options: options)
    command.workers = 2

    let whole = try ItemStore(separator: 0x0A, byteLimit: 1 << 26, itemLimit: 1 << 20)
    try whole.append(bytes)
    try whole.finish()
    let expected = Self.order(command.rank(whole, range: command.rankedRange(whole), workers: 2))

    let (fd, writer) = try Self.feed(bytes, piece: 64 << 10)
    defer { close(fd) }
    let streamed = try ItemStore(separator: 0x0A, byteLimit: 1 << 26, itemLimit: 1 << 20)
    let ranked: RankedMatches
    if command.ranksInParts {
      let filter = StreamingFilter(store: streamed, command: command)
      ranked = try filter.run(fd)
      #expect(filter.partsRankedWhileReading > 0)
    } else {
      ranked = try StreamingFilter.readAndRank(fd, into: streamed, for: command)
    }
    pthread_join(writer, nil)
    #expect(streamed.count == items.count)
    #expect(Self.order(ranked) == expected)
  }

  @Test func `more header lines than items rank nothing`() throws {
    let options = try OptionParser.parse(
      arguments: ["--filter", "a", "--header-lines=10"].map { Array($0.utf8) })
    var command = FilterCommand(options: options)
    command.workers = 2
    let (fd, writer) = try Self.feed(Array("a\nab\nabc\n".utf8), piece: 2)
    defer { close(fd) }
    let store = try ItemStore(separator: 0x0A, byteLimit: 1 << 20, itemLimit: 1 << 10)
    let ranked = try StreamingFilter.readAndRank(fd, into: store, for: command)
    pthread_join(writer, nil)
    #expect(store.count == 3)
    #expect(ranked.count == 0)
  }
}

@Test func `merging ranked parts gives the ranking of their union`() throws {
  var random = SeededGenerator(seed: 3)
  let words = ["ab", "abc", "b", "xa", "ba", "aab"]
  let items = (0..<5000).map { _ in
    words.randomElement(using: &random)! + "\(Int.random(in: 0 ..< 50, using: &random))"
  }
  let store = try ItemStore(separator: 0x0A, byteLimit: 1 << 22, itemLimit: 1 << 16)
  try store.append(Array((items.joined(separator: "\n") + "\n").utf8))
  try store.finish()
  for tiebreak in [[Options.Tiebreak.length], [.length, .end]] {
    let ranker = Ranker(order: Ranker.Order(tiebreak: tiebreak), workers: 1)
    let query = CompiledQuery(QueryParser().parse(Array("ab".utf8)), scheme: .default)
    let cuts = [0, 7, 900, 901, 2500, 4999, 5000]
    let parts = zip(cuts, cuts.dropFirst()).map { ranker.rank(store, range: $0..<$1, query: query) }
    let merged = try #require(RankedMatches.merging(parts))
    let whole = ranker.rank(store, range: 0..<5000, query: query)
    #expect(
      (0..<merged.count).map(merged.itemIndex(at:)) == (0..<whole.count).map(whole.itemIndex(at:)))
  }
  #expect(RankedMatches.merging([]) == nil)
}
