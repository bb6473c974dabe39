import Testing

@testable import PickCore

/// Decodes `bytes` and pairs each unit with its byte offset.
private func decoded(_ bytes: [UInt8]) -> (units: [UInt32], offsets: [Int32]) {
  var units: [UInt32] = []
  var offsets: [Int32] = []
  bytes.withUnsafeBufferPointer { UTF8Decoding.decode($0, into: &units, byteOffsets: &offsets) }
  return (units, offsets)
}

private func invalid(_ byte: UInt8) -> UInt32 { UTF8Decoding.invalidByteBase + UInt32(byte) }

@Test(
  arguments: [
    ([0x61, 0x62], [0x61, 0x62], [0, 1]),
    ([0xC3, 0xA9], [0xE9], [0]),  // é
    ([0x61, 0xE2, 0x82, 0xAC, 0x62], [0x61, 0x20AC, 0x62], [0, 1, 4]),  // a€b
    ([0xF0, 0x9F, 0x98, 0x80], [0x1F600], [0]),  // 😀
    ([0xF4, 0x8F, 0xBF, 0xBF], [0x10FFFF], [0]),
    ([0xED, 0x9F, 0xBF], [0xD7FF], [0]),
    ([0xEE, 0x80, 0x80], [0xE000], [0]),
    ([], [], []),
  ] as [([UInt8], [UInt32], [Int32])])
func `valid UTF-8 decodes to its scalars with their byte offsets`(
  bytes: [UInt8], units: [UInt32], offsets: [Int32]
) {
  let result = decoded(bytes)
  #expect(result.units == units)
  #expect(result.offsets == offsets)
}

@Test(
  arguments: [
    [0xC0, 0xAF],  // overlong "/"
    [0xE0, 0x80, 0xAF],  // overlong "/"
    [0xF0, 0x80, 0x80, 0xAF],  // overlong "/"
    [0xED, 0xA0, 0x80],  // surrogate D800
    [0xED, 0xBF, 0xBF],  // surrogate DFFF
    [0xF4, 0x90, 0x80, 0x80],  // 110000
    [0xE2, 0x82],  // truncated €
    [0xF0, 0x9F, 0x98],  // truncated 😀
    [0x80],  // lone continuation
    [0xBF, 0x80],
    [0xFF], [0xFE], [0xC1, 0xBF], [0xF5, 0x80, 0x80, 0x80],
  ] as [[UInt8]])
func `every byte of an ill-formed sequence becomes its own unit`(bytes: [UInt8]) {
  let result = decoded(bytes)
  #expect(result.units == bytes.map(invalid))
  #expect(result.offsets == bytes.indices.map { Int32($0) })
}

@Test func `a valid character right after a broken one is kept`() {
  // Truncated € then a whole €, then a truncated one cut by ASCII.
  let result = decoded([0xE2, 0x82, 0xE2, 0x82, 0xAC, 0xE2, 0x41])
  #expect(result.units == [invalid(0xE2), invalid(0x82), 0x20AC, invalid(0xE2), 0x41])
  #expect(result.offsets == [0, 1, 2, 5, 6])
}

@Test func `decoding reuses the arrays it is given`() {
  var units: [UInt32] = []
  var offsets: [Int32] = []
  let long = [UInt8](repeating: 0x61, count: 100)
  long.withUnsafeBufferPointer { UTF8Decoding.decode($0, into: &units, byteOffsets: &offsets) }
  let capacity = units.capacity
  [0xC3, 0xA9, 0xFF].withUnsafeBufferPointer {
    UTF8Decoding.decode($0, into: &units, byteOffsets: &offsets)
  }
  #expect(units == [0xE9, invalid(0xFF)])
  #expect(offsets == [0, 2])
  #expect(units.capacity == capacity)
}

/// A random mix of ASCII, valid multi-byte characters (pieces of which may be
/// cut off) and arbitrary bytes, biased towards the bytes that make UTF-8
/// interesting (leads, continuations, E0/ED/F0/F4 boundaries). Half the
/// strings are clean UTF-8, so valid text is checked as much as broken text.
/// Runs of ASCII up to 40 bytes long reach the decoder's block of sixteen
/// (`cpick_widen_ascii`) and the bytes after a run's end.
private func randomBytes(using rng: inout SeededGenerator) -> [UInt8] {
  var bytes: [UInt8] = []
  let isClean = Bool.random(using: &rng)
  let pieces = Int.random(in: 0...12, using: &rng)
  for _ in 0..<pieces {
    switch Int.random(in: 0..<(isClean ? 3 : 5), using: &rng) {
    case 0 where Int.random(in: 0..<4, using: &rng) == 0:
      bytes += (0..<Int.random(in: 1...40, using: &rng)).map { _ in UInt8.random(in: 0...0x7F, using: &rng) }
    case 0:
      bytes.append(UInt8.random(in: 0...0x7F, using: &rng))
    case 1, 2:
      let ranges: [ClosedRange<UInt32>] = [0x80...0x7FF, 0x800...0xFFFF, 0x1_0000...0x10_FFFF]
      let value = UInt32.random(in: ranges[Int.random(in: 0..<3, using: &rng)], using: &rng)
      guard let scalar = Unicode.Scalar(value) else { continue }
      var encoded = Array(String(Character(scalar)).utf8)
      if !isClean && Int.random(in: 0..<6, using: &rng) == 0 {
        encoded.removeLast(Int.random(in: 1..<encoded.count, using: &rng))
      }
      bytes += encoded
    case 3:
      let interesting: [UInt8] = [
        0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF,
        0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF,
      ]
      bytes.append(interesting[Int.random(in: 0..<interesting.count, using: &rng)])
    default:
      bytes.append(UInt8.random(in: 0...0xFF, using: &rng))
    }
  }
  return bytes
}

/// The reference: the standard library's validating parser. Each scalar it
/// accepts is one unit; each byte of each error it reports is one
/// invalid-byte unit.
private func referenceDecoding(_ bytes: [UInt8]) -> (units: [UInt32], offsets: [Int32]) {
  var units: [UInt32] = []
  var offsets: [Int32] = []
  var parser = Unicode.UTF8.ForwardParser()
  var iterator = bytes.makeIterator()
  var offset = 0
  loop: while true {
    switch parser.parseScalar(from: &iterator) {
    case .valid(let encoded):
      units.append(Unicode.UTF8.decode(encoded).value)
      offsets.append(Int32(offset))
      offset += encoded.count
    case .error(let length):
      for k in 0..<length {
        units.append(invalid(bytes[offset + k]))
        offsets.append(Int32(offset + k))
      }
      offset += length
    case .emptyInput:
      break loop
    }
  }
  return (units, offsets)
}

@Test func `decoding agrees with the standard library on random bytes`() {
  var rng = SeededGenerator(seed: 0x5EED_0F_91C4)
  var units: [UInt32] = []
  var offsets: [Int32] = []
  var failures = 0
  var withInvalidBytes = 0
  var validWithMultiByte = 0
  for trial in 0..<100_000 {
    let bytes = randomBytes(using: &rng)
    bytes.withUnsafeBufferPointer { UTF8Decoding.decode($0, into: &units, byteOffsets: &offsets) }
    let expected = referenceDecoding(bytes)
    let validPart = String(validating: bytes, as: UTF8.self)
    let ok =
      units == expected.units && offsets == expected.offsets
      && units.count <= bytes.count && offsets.count == units.count
      && (validPart == nil || validPart.map { $0.unicodeScalars.map(\.value) } == units)
    if !ok {
      failures += 1
      Issue.record("trial \(trial): \(bytes.map { String($0, radix: 16) }) → \(units)")
      if failures > 5 { return }
    }
    if units.contains(where: { $0 >= UTF8Decoding.invalidByteBase }) {
      withInvalidBytes += 1
    } else if units.count < bytes.count {
      validWithMultiByte += 1
    }
  }
  // The generator must exercise both sides, or the agreement proves little.
  #expect(withInvalidBytes > 20_000 && validWithMultiByte > 20_000)
}
