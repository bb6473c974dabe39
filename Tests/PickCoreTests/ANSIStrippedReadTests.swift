import CPick
import PickTestSupport
import Testing

@testable import PickCore

/// `--filter --ansi` stripping as it reads (`ItemStore.stripsItems`): each
/// item is stripped whole once its separator has come, sixty-four bytes at
/// a time (`cpick_ansi_visible`, and the same run by run where the
/// processor has no byte shuffles), and must hold what the picker's stream
/// filter (`ANSIFilter`, a byte at a time) keeps, whatever the reads cut.
@Suite struct ANSIStrippedReadTests {
  /// The items of `input` as the picker's store holds them (the reference).
  static func pickerItems(_ input: [UInt8], separator: UInt8) throws -> [[UInt8]] {
    let store = try ItemStore(separator: separator, byteLimit: 1 << 26, itemLimit: 1 << 20, interpretsANSI: true)
    try store.append(input)
    try store.finish()
    return (0..<store.count).map { Array(store.item($0)) }
  }

  /// `input` read into a `--filter --ansi` store that strips as it reads, in
  /// reads of `sizes` bytes, each time `atOnce` bytes have come (`nil`: at each read).
  static func strippedItems(
    _ input: [UInt8], separator: UInt8, sizes: ClosedRange<Int>, seed: UInt64, atOnce: Int? = nil
  ) throws -> [[UInt8]] {
    let store = try ItemStore(
      separator: separator, byteLimit: 1 << 26, itemLimit: 1 << 20, wideningOffset: Int(UInt32.max),
      interpretsANSI: true, keepsColors: false, strippedAtOnce: atOnce)
    #expect(store.interpretsANSI && !store.holdsEscapes)
    var generator = SeededGenerator(seed: seed)
    var offset = 0
    while offset < input.count {
      let end = min(input.count, offset + Int.random(in: sizes, using: &generator))
      try store.append(Array(input[offset..<end]))
      offset = end
    }
    try store.finish()
    return (0..<store.count).map { Array(store.item($0)) }
  }

  @Test(arguments: [UInt8(0x0A), 0])
  func `whole items stripped as read hold what the picker's filter keeps, however the input is read`(
    separator: UInt8
  ) throws {
    // The last item is cut short in a sequence, and then one that shows nothing (no item).
    var input = ColouredItems.input(count: 4_000, separator: separator, seed: 0x16B0 + UInt64(separator))
    input += [separator] + Array("tail\u{1B}[3".utf8) + [separator] + Array("\u{1B}[31m\u{1B}]0;t".utf8)
    let expected = try Self.pickerItems(input, separator: separator)
    #expect(expected.count > 4_000)
    #expect(expected.last == Array("tail".utf8))
    // Stripped at each read, in parts from one byte, a few reads' worth in parts, and all at the end.
    for atOnce in [nil, 1, 700, ItemStore.strippedInParts] {
      for (sizes, seed) in [(1...9, UInt64(1)), (1...300, 2), (1_000...70_000, 3), ((1 << 20)...(1 << 20), 4)] {
        let got = try Self.strippedItems(input, separator: separator, sizes: sizes, seed: seed, atOnce: atOnce)
        #expect(got.count == expected.count, "reads of \(sizes), \(String(describing: atOnce)) at once")
        #expect(got == expected, "reads of \(sizes), \(String(describing: atOnce)) at once")
      }
    }
  }

  @Test func `an item longer than a read is stripped once it ends`() throws {
    let long = Array(repeating: Array("\u{1B}[01;34mab\u{1B}[0m/".utf8), count: 5_000).flatMap { $0 }
    let input = Array("x\n".utf8) + long + Array("\ny\u{1B}[m".utf8)
    for atOnce in [nil, 1, 3_000] {
      let got = try Self.strippedItems(input, separator: 0x0A, sizes: 1_000...5_000, seed: 5, atOnce: atOnce)
      #expect(got == [Array("x".utf8), Array(repeating: Array("ab/".utf8), count: 5_000).flatMap { $0 }, [0x79]])
    }
  }

  /// Random bytes from an alphabet of the grammar's edges, with runs of
  /// text between, long enough for the 64-byte blocks and their edges.
  @Test(arguments: [UInt8(0x0A), 0])
  func `stripping in place and into a buffer keep what the picker's filter keeps`(separator: UInt8) {
    let alphabet: [UInt8] = [
      0x1B, 0x1B, 0x1B, 0x1B, 0x5B, 0x5B, 0x5B, 0x5D, 0x50, 0x5F, 0x5C, 0x07, 0x3B, 0x31, 0x3F, 0x6D, 0x6D, 0x20,
      0x28, 0x40, 0x7E, 0x7F, 0xC3, 0xA9, 0x0D, 0x00, 0x0A, 0x2F, 0x30,
    ]
    var generator = SeededGenerator(seed: UInt64(separator) + 0x16B1)
    for _ in 0..<20_000 {
      let density = Int.random(in: 1...8, using: &generator)
      let input = (0..<Int.random(in: 0...300, using: &generator)).map { _ in
        Int.random(in: 0..<density, using: &generator) == 0
          ? alphabet[Int.random(in: 0..<alphabet.count, using: &generator)]
          : UInt8(ascii: "a") + UInt8.random(in: 0...2, using: &generator)
      }
      var expected = input
      let kept = expected.withUnsafeMutableBufferPointer { bytes in
        guard let base = bytes.baseAddress else { return 0 }
        return ANSIFilter(separator: separator, keepsColors: false).filter(base, count: bytes.count, at: 0)
      }
      // Exactly the input's bytes, so that what reads past them is caught.
      let exact = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(input.count, 1))
      let out = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(input.count, 1))
      defer {
        exact.deallocate()
        out.deallocate()
      }
      // Both ways of copying the text: by byte shuffles where the processor has them, and run by run.
      for (way, strip) in [("", cpick_ansi_visible), (" by runs", cpick_ansi_visible_by_runs)] {
        _ = exact.initialize(from: input)
        let copied = strip(exact.baseAddress, input.count, out.baseAddress, separator)
        #expect(Array(out[..<copied]) == Array(expected[..<kept]), "into a buffer\(way): \(input)")
        let inPlace = strip(exact.baseAddress, input.count, exact.baseAddress, separator)
        #expect(Array(exact[..<inPlace]) == Array(expected[..<kept]), "in place\(way): \(input)")
      }
    }
  }
}
