import Glibc
import PickCore
import PickSystem
import PickTestSupport
import Testing

/// `--filter --ansi` maps a regular file as plain input is mapped: its items
/// keep their escape sequences (`ItemStore.holdsEscapes`) and are stripped
/// only when matched or printed. What it prints equals `--filter` over the
/// stripped items, from a mapped file and from one read as a pipe would be.
@Suite(.serialized) struct ANSIMappedInputTests {
  @Test(arguments: [[], ["--tac"], ["--no-sort"], ["--print0"], ["--read0"], ["--nth=2", "--tiebreak=end"]])
  func `a mapped coloured file prints what the stripped items print`(extra: [String]) throws {
    let separator: UInt8 = extra.contains("--read0") ? 0 : 0x0A
    // About 3 MB: two output regions, items across pages.
    let input = ColouredItems.input(count: 120_000, separator: separator, seed: 16)
    let file = try MappedInputTests.InputFile(input)
    let mapped = try Self.deferredStore(separator)
    try InputReader.readAll(file.fd, into: mapped, mapping: true)
    try #require(mapped.isMapped && mapped.holdsEscapes)
    let read = try Self.deferredStore(separator)
    try read.append(input)
    try read.finish()
    #expect(!read.isMapped)
    let colours = try ItemStore(separator: separator, interpretsANSI: true, keepsColors: false)
    try colours.append(input)
    try colours.finish()
    let stripped = try ItemStore(separator: separator)
    try stripped.append(UnsafeRawBufferPointer(colours.items(0..<colours.count)))
    try stripped.finish()
    for query in ["", "conf", "zq", "é", "日本", "ab | cd", "^a", "b$", "!m", "'conf"] {
      let options = try OptionParser.parse(arguments: (["--filter", query] + extra).map { Array($0.utf8) })
      var ansi = options
      ansi.ansi = true
      let expected = Self.output(options, stripped)
      #expect(Self.output(ansi, mapped) == expected, "mapped, query \(query) \(extra)")
      #expect(Self.output(ansi, read) == expected, "read, query \(query) \(extra)")
    }
  }

  @Test func `the sequences are kept for a file only when few sampled items match`() throws {
    let input = ColouredItems.input(count: 120_000, separator: 0x0A, seed: 17)
    let file = try MappedInputTests.InputFile(input)
    let sample = try #require(InputReader.sampleItems(file.fd, separator: 0x0A))
    #expect(sample.count > 400 && sample.count <= 512)
    // Whole items: each one is an item of the input.
    let items = Set(input.split(separator: 0x0A, omittingEmptySubsequences: false).map { Array($0) })
    #expect(sample.allSatisfy { items.contains($0) })
    #expect(lseek(file.fd, 0, SEEK_CUR) == 0)
    func defers(_ arguments: String...) throws -> Bool {
      let options = try OptionParser.parse(arguments: arguments.map { Array($0.utf8) })
      return FilterCommand(options: options).defersStripping(sample: sample, separator: 0x0A)
    }
    #expect(try defers("--ansi", "--filter", "zzqx"))
    #expect(try !defers("--ansi", "--filter", "a"))
    #expect(try !defers("--ansi", "--filter", ""))
    #expect(try !defers("--ansi", "--unique", "--filter", "zzqx"))
    #expect(try !defers("--filter", "zzqx"))
    let pipe = try makePipe()
    defer {
      close(pipe.read)
      close(pipe.write)
    }
    #expect(InputReader.sampleItems(pipe.read, separator: 0x0A) == nil)
  }

  @Test func `a pipe is judged by its first items, which the store then takes first`() throws {
    var input: [UInt8] = []
    for index in 0..<600 { input += Array("\u{1B}[1mitem \(index)\u{1B}[0m\n".utf8) }
    input += Array("last\u{1B}[0m".utf8)
    let pipe = try makePipe()
    defer { close(pipe.read) }
    // Less than a pipe holds: written whole before it is read.
    #expect(input.withUnsafeBytes { write(pipe.write, $0.baseAddress, $0.count) } == input.count)
    close(pipe.write)
    let head = try InputReader.readHead(pipe.read, separator: 0x0A)
    #expect(head.items.count == 512)
    #expect(head.items.first == Array("\u{1B}[1mitem 0\u{1B}[0m".utf8))
    #expect(head.items.last == Array("\u{1B}[1mitem 511\u{1B}[0m".utf8))
    let options = try OptionParser.parse(arguments: ["--ansi", "--filter", "zq"].map { Array($0.utf8) })
    func defers(_ sample: [[UInt8]], fromHead: Bool) -> Bool {
      FilterCommand(options: options).defersStripping(sample: sample, separator: 0x0A, fromHead: fromHead)
    }
    #expect(defers(head.items, fromHead: true))
    // A head must show the query rarer than a sample from all over a file: fewer than 4 of 512, not 16.
    func sample(matching: Int) -> [[UInt8]] {
      (0..<512).map { Array(($0 < matching ? "\u{1B}[1mz\u{1B}[0mq" : "\u{1B}[1mab").utf8) }
    }
    #expect(defers(sample(matching: 3), fromHead: true) && defers(sample(matching: 3), fromHead: false))
    #expect(!defers(sample(matching: 4), fromHead: true) && defers(sample(matching: 4), fromHead: false))
    #expect(!defers(sample(matching: 16), fromHead: false))
    // The store takes the bytes read for the sample, then the rest.
    let store = try Self.deferredStore(0x0A)
    try store.append(head.bytes)
    try InputReader.readAll(pipe.read, into: store)
    #expect(store.count == 601)
    #expect(Array(store.item(0)) == Array("\u{1B}[1mitem 0\u{1B}[0m".utf8))
    #expect(Array(store.item(599)) == Array("\u{1B}[1mitem 599\u{1B}[0m".utf8))
    #expect(Array(store.item(600)) == Array("last\u{1B}[0m".utf8))
  }

  @Test(arguments: [("a\nb", ["a", "b"]), ("a\n", ["a"]), ("", []), ("a\n\nb\n", ["a", "", "b"])])
  func `a short pipe's head is all of it, its last item whole at its end`(input: String, items: [String]) throws {
    let pipe = try makePipe()
    defer { close(pipe.read) }
    let bytes = Array(input.utf8)
    #expect(bytes.withUnsafeBytes { write(pipe.write, $0.baseAddress, $0.count) } == bytes.count)
    close(pipe.write)
    let head = try InputReader.readHead(pipe.read, separator: 0x0A)
    #expect(head.bytes == bytes)
    #expect(head.items == items.map { Array($0.utf8) })
  }

  static func deferredStore(_ separator: UInt8) throws -> ItemStore {
    try ItemStore(separator: separator, interpretsANSI: true, keepsColors: false, defersStripping: true)
  }

  /// What `pick --filter` prints over `store`.
  static func output(_ options: Options, _ store: ItemStore) -> [UInt8] {
    final class Bytes: @unchecked Sendable { var value: [UInt8] = [] }
    let collected = Bytes()
    var sink = ResultSink(capacity: 4096) { bytes in collected.value += Array(bytes) }
    let command = FilterCommand(options: options)
    _ = try? command.write(command.rank(store, workers: 2), store: store, into: &sink)
    return collected.value
  }
}
