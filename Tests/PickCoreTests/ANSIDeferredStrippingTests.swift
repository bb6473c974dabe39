import PickTestSupport
import Testing

@testable import PickCore

/// `--filter --ansi` over a store that keeps the escape sequences
/// (`ItemStore.holdsEscapes`, stripping only what is matched or printed)
/// prints exactly what `--filter` prints over
/// the stripped text: the same lines, bytes and order.
@Suite struct ANSIDeferredStrippingTests {
  static let queries = [
    "", "conf", "lib", "zq", "ab cd", "a b d x", "é", "e", "日本", "ｆ", "f", "foo", "1", "m", ";", "[",
    "^ab", "cd$", "'abc", "!ab", "ab | zq", "!m conf", "^é", "'日 | 'ß", "naive", "x$ !^a",
  ]

  static let optionSets: [[String]] = [
    [], ["--read0"], ["--nth=2"], ["--with-nth=2.."], ["--accept-nth=1"], ["--delimiter=/", "--nth=-1"],
    ["--tac"], ["--no-sort"], ["--tiebreak=begin,length"], ["--tiebreak=index"], ["-e"], ["+i"], ["--literal"],
    ["--print0"], ["--tail=300"], ["--header-lines=3"], ["--scheme=path"],
  ]

  @Test(arguments: optionSets)
  func `--filter --ansi prints what --filter prints over the stripped items`(extra: [String]) throws {
    let separator: UInt8 = extra.contains("--read0") ? 0 : 0x0A
    let input = ColouredItems.input(count: 2_000, separator: separator, seed: 1616)
    let stripped = try Self.strippedStore(input, separator: separator)
    let deferred = try Self.deferredStore(input, separator: separator)
    for query in Self.queries {
      let options = try OptionParser.parse(arguments: (["--filter", query] + extra).map { Array($0.utf8) })
      var plainOptions = options
      plainOptions.ansi = false
      var ansiOptions = options
      ansiOptions.ansi = true
      let expected = Self.output(plainOptions, stripped)
      #expect(Self.output(ansiOptions, deferred) == expected, "query \(query) \(extra)")
    }
  }

  /// Enough items for the ranker's block skip and its census of characters,
  /// on several workers.
  @Test(arguments: [UInt64(7), 8])
  func `the block skip over the raw bytes skips no match`(seed: UInt64) throws {
    let input = ColouredItems.input(count: 40_000, separator: 0x0A, seed: seed)
    let stripped = try Self.strippedStore(input, separator: 0x0A)
    let deferred = try Self.deferredStore(input, separator: 0x0A)
    for query in ["zq", "日本", "é", "ｆ", "f", "foo", "conf", "naïve", "'日 ab", "É lib"] {
      let options = try OptionParser.parse(arguments: ["--filter", query].map { Array($0.utf8) })
      var ansiOptions = options
      ansiOptions.ansi = true
      let expected = Self.output(options, stripped)
      #expect(!expected.isEmpty)
      #expect(Self.output(ansiOptions, deferred) == expected, "query \(query)")
    }
  }

  @Test func `an item is stripped alone as the whole input is`() throws {
    let input = ColouredItems.input(count: 3_000, separator: 0x0A, seed: 99)
    let stripped = try Self.strippedStore(input, separator: 0x0A)
    let deferred = try Self.deferredStore(input, separator: 0x0A)
    #expect(deferred.holdsEscapes && deferred.interpretsANSI)
    try #require(deferred.count == stripped.count)
    let visible = VisibleText(separator: 0x0A)
    for index in 0..<deferred.count {
      #expect(Array(visible.of(deferred.item(index))) == Array(stripped.item(index)), "item \(index)")
    }
  }

  /// Random bytes from an alphabet of the grammar's edges: every way a
  /// sequence starts, continues, ends or breaks.
  @Test(arguments: [UInt8(0x0A), 0])
  func `VisibleText strips each item as the picker's filter does`(separator: UInt8) {
    let alphabet: [UInt8] = [
      0x1B, 0x1B, 0x1B, 0x5B, 0x5B, 0x5D, 0x50, 0x58, 0x5E, 0x5F, 0x5C, 0x07, 0x3B, 0x31, 0x3F, 0x6D, 0x20, 0x28,
      0x40, 0x7E, 0x7F, 0x61, 0xC3, 0xA9, 0x0D, 0x00, 0x0A, 0x09, 0x2F, 0x30, 0x3A,
    ]
    var generator = SeededGenerator(seed: UInt64(separator) + 4)
    let visible = VisibleText(separator: separator)
    for _ in 0..<20_000 {
      let length = Int.random(in: 0...40, using: &generator)
      let item = (0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] }
        .filter { $0 != separator }
      var expected = item
      let kept = expected.withUnsafeMutableBufferPointer { bytes in
        guard let base = bytes.baseAddress else { return 0 }
        return ANSIFilter(separator: separator, keepsColors: false).filterItem(base, count: bytes.count)
      }
      let got = item.withUnsafeBufferPointer { Array(visible.of($0)) }
      #expect(got == Array(expected[..<kept]), "item \(item)")
    }
  }

  /// The visible text of `input`: what the store of the picker holds.
  static func strippedStore(_ input: [UInt8], separator: UInt8) throws -> ItemStore {
    let colours = try ItemStore(
      separator: separator, byteLimit: 1 << 26, itemLimit: 1 << 20, interpretsANSI: true, keepsColors: false)
    try colours.append(input)
    try colours.finish()
    let plain = try ItemStore(separator: separator, byteLimit: 1 << 26, itemLimit: 1 << 20)
    try plain.append(UnsafeRawBufferPointer(colours.items(0..<colours.count)))
    try plain.finish()
    return plain
  }

  /// `input` as `--filter --ansi` keeps it: with its escape sequences.
  static func deferredStore(_ input: [UInt8], separator: UInt8) throws -> ItemStore {
    let store = try ItemStore(
      separator: separator, byteLimit: 1 << 26, itemLimit: 1 << 20, interpretsANSI: true, keepsColors: false,
      defersStripping: true)
    try store.append(input)
    try store.finish()
    return store
  }

  /// What `pick --filter` prints with `options` over `store`.
  static func output(_ options: Options, _ store: ItemStore) -> [UInt8] {
    let collected = Collector()
    var sink = ResultSink(capacity: 4096) { bytes in collected.bytes += Array(bytes) }
    _ = try? FilterCommand(options: options).run(store, into: &sink)
    return collected.bytes
  }
}
