// Shared by every harness in Tests/Fuzz (run.sh compiles it into each one).

/// The fuzzer's bytes read as structured input: a few leading bytes choose
/// settings, the rest is the data under test. Reading past the end gives
/// zeros, so every input, however short, is a valid case.
struct FuzzInput {
  private var bytes: ArraySlice<UInt8>

  init(_ data: UnsafePointer<UInt8>?, _ size: Int) {
    if let data, size > 0 {
      bytes = Array(UnsafeBufferPointer(start: data, count: size))[...]
    } else {
      bytes = []
    }
  }

  var isEmpty: Bool { bytes.isEmpty }

  mutating func byte() -> UInt8 { bytes.popFirst() ?? 0 }

  /// A value in `range`, from one byte (or two when the range is wider than 256).
  mutating func int(in range: ClosedRange<Int>) -> Int {
    let span = range.upperBound - range.lowerBound + 1
    let raw = span > 256 ? Int(byte()) << 8 | Int(byte()) : Int(byte())
    return range.lowerBound + raw % span
  }

  /// Up to `count` bytes.
  mutating func take(_ count: Int) -> [UInt8] {
    let taken = bytes.prefix(count)
    bytes = bytes.dropFirst(taken.count)
    return Array(taken)
  }

  /// Everything not read yet.
  mutating func rest() -> [UInt8] {
    defer { bytes = [] }
    return Array(bytes)
  }
}

/// A generator seeded from the input (FNV-1a of its bytes), for choices a
/// harness makes on its own (where to split), so that a crash replays. The
/// generator is the property tests' (`PickTestSupport/SeededGenerator.swift`,
/// compiled into every harness by `run.sh`).
func seededGenerator(from bytes: [UInt8]) -> SeededGenerator {
  var hash: UInt64 = 0xCBF2_9CE4_8422_2325
  for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
  return SeededGenerator(seed: hash)
}

/// Stops the run with `message` when an invariant fails: libFuzzer sees the
/// trap, saves the input as `crash-*` and reports it.
func require(
  _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
  file: StaticString = #file, line: UInt = #line
) {
  if !condition() { fatalError("invariant failed: \(message())", file: file, line: line) }
}

/// `bytes` with non-printable bytes as `\xNN`, for messages.
func escaped(_ bytes: [UInt8]) -> String {
  var text = ""
  for byte in bytes {
    if byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\\") {
      text.unicodeScalars.append(Unicode.Scalar(byte))
    } else {
      let hex = String(byte, radix: 16)
      text += "\\x" + (hex.count < 2 ? "0" : "") + hex
    }
  }
  return text
}
