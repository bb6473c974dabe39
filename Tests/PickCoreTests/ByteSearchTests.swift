import CPick
import Testing

@testable import PickCore

/// The block scans in C that skip to where a character may be: each must
/// find exactly the first place a plain byte-by-byte search finds.
@Suite struct ByteSearchTests {
  /// The first offset of `needle` in `haystack`, one place at a time.
  private func naiveFind(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
    guard needle.count <= haystack.count else { return nil }
    return (0...haystack.count - needle.count).first { Array(haystack[$0..<$0 + needle.count]) == needle }
  }

  @Test func `cpick_memmem finds the first occurrence of a short needle, wherever it lies`() {
    var rng = SeededGenerator(seed: 0x5EA_2C11)
    // The bytes of 写 (E5 86 99) and 真 (E7 9C 9F), plus near misses, so that
    // partial matches cross every block edge.
    let alphabet: [UInt8] = [0xE5, 0x86, 0x99, 0xE7, 0x9C, 0x9F, 0x61]
    for trial in 0..<4000 {
      let length = Int.random(in: 0...(trial % 4 == 0 ? 200 : 40), using: &rng)
      let haystack = (0..<length).map { _ in alphabet.randomElement(using: &rng)! }
      let needle: [UInt8] =
        trial % 3 == 0
        ? [0xE5, 0x86, 0x99]
        : (0..<Int.random(in: 2...5, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }
      let found = haystack.withUnsafeBytes { hay in
        needle.withUnsafeBytes { want in
          cpick_memmem(hay.baseAddress, hay.count, want.baseAddress, want.count).map {
            UnsafeRawPointer($0) - hay.baseAddress!
          }
        }
      }
      #expect(found == naiveFind(needle, in: haystack), "trial \(trial): \(haystack) \(needle)")
    }
  }

  @Test func `cpick_separator_starts lists every separator, in order, up to the limit`() {
    var rng = SeededGenerator(seed: 0x5E9_0064)
    for trial in 0..<2000 {
      let length = Int.random(in: 0...300, using: &rng)
      // One trial in three holds a few bytes that are not ASCII, anywhere.
      var bytes = (0..<length).map { _ in Bool.random(using: &rng) ? UInt8(0x0A) : UInt8(0x61) }
      if trial % 3 == 0 && length > 0 {
        for _ in 0..<Int.random(in: 1...3, using: &rng) {
          bytes[Int.random(in: 0..<length, using: &rng)] = [0xC3, 0x80, 0xFF][Int.random(in: 0..<3, using: &rng)]
        }
      }
      let all = bytes.indices.filter { bytes[$0] == 0x0A }.map { UInt32(1000 + $0 + 1) }
      let limit = trial % 2 == 0 ? all.count : Int.random(in: 0...all.count, using: &rng)
      var starts = [UInt32](repeating: 0, count: max(limit, 1))
      var (scanned, nonASCII) = (0, Int32(0))
      let found = bytes.withUnsafeBufferPointer { b in
        starts.withUnsafeMutableBufferPointer {
          cpick_separator_starts(b.baseAddress, b.count, 0x0A, 1000, $0.baseAddress, limit, &scanned, &nonASCII)
        }
      }
      // Whether a byte it scanned is not ASCII.
      #expect((nonASCII != 0) == bytes.prefix(scanned).contains { $0 >= 0x80 }, "trial \(trial)")
      #expect(found == limit, "trial \(trial)")
      #expect(Array(starts.prefix(found)) == Array(all.prefix(limit)), "trial \(trial)")
      // Stopped at the first separator past the limit, or at the end.
      let stop = limit < all.count ? Int(all[limit]) - 1001 : length
      #expect(scanned == stop, "trial \(trial)")
    }
  }
}
