/// Writes JSON by hand, for `--listen`'s GET (the `pick` binary has no
/// Foundation, and needs only objects, arrays, numbers, booleans and strings).
///
/// Strings are items' bytes, which need not be UTF-8, while a JSON text
/// must be. Each byte that is not part of well-formed UTF-8 (the rule of
/// `UTF8Decoding`) is written as `\ufffd`, as Go's encoder, and so fzf,
/// writes it: the output is always valid JSON, and an item's `index` names
/// its exact bytes. `"` and `\` are escaped, controls as `\n`, `\r`, `\t`,
/// `\b`, `\f` or `\u00XX`, and U+2028 and U+2029 as `\u2028` and `\u2029`
/// (JavaScript once read them as line ends); every other character is
/// written as itself.
public struct JSONWriter {
  public private(set) var bytes: [UInt8] = []
  /// Whether the next value in the current object or array needs a comma first.
  private var needsComma = false
  private var units: [UInt32] = []
  private var offsets: [Int32] = []

  public init() {}

  /// `{`; then `key(_:)` and a value, any number of times; then `endObject()`.
  public mutating func beginObject() {
    separate()
    bytes.append(UInt8(ascii: "{"))
    needsComma = false
  }

  public mutating func endObject() {
    bytes.append(UInt8(ascii: "}"))
    needsComma = true
  }

  public mutating func beginArray() {
    separate()
    bytes.append(UInt8(ascii: "["))
    needsComma = false
  }

  public mutating func endArray() {
    bytes.append(UInt8(ascii: "]"))
    needsComma = true
  }

  /// A member's name (ASCII, written as it is); its value comes next.
  public mutating func key(_ name: String) {
    separate()
    bytes.append(UInt8(ascii: "\""))
    bytes += name.utf8
    bytes += [UInt8(ascii: "\""), UInt8(ascii: ":")]
    needsComma = false
  }

  public mutating func number(_ value: Int) {
    separate()
    bytes += String(value).utf8
    needsComma = true
  }

  public mutating func bool(_ value: Bool) {
    separate()
    bytes += (value ? "true" : "false").utf8
    needsComma = true
  }

  public mutating func null() {
    separate()
    bytes += "null".utf8
    needsComma = true
  }

  /// `text` as a JSON string (invalid UTF-8 as `\ufffd`, see the type).
  public mutating func string(_ text: UnsafeBufferPointer<UInt8>) {
    separate()
    UTF8Decoding.decode(text, into: &units, byteOffsets: &offsets)
    bytes.append(UInt8(ascii: "\""))
    for unit in units { append(unit) }
    bytes.append(UInt8(ascii: "\""))
    needsComma = true
  }

  public mutating func string(_ text: [UInt8]) {
    text.withUnsafeBufferPointer { string($0) }
  }

  /// The scalar index (counting each invalid byte as one, as it is written)
  /// of each byte offset into `text`, for match positions.
  public static func scalarIndices(of byteOffsets: [Int], in text: UnsafeBufferPointer<UInt8>) -> [Int] {
    var units: [UInt32] = []
    var starts: [Int32] = []
    UTF8Decoding.decode(text, into: &units, byteOffsets: &starts)
    return byteOffsets.map { offset in
      // The unit whose bytes hold `offset`: the last one starting at or before it.
      var low = 0
      var high = starts.count
      while low < high {
        let middle = (low + high) / 2
        if Int(starts[middle]) <= offset { low = middle + 1 } else { high = middle }
      }
      return max(low - 1, 0)
    }
  }

  private mutating func separate() {
    if needsComma { bytes.append(UInt8(ascii: ",")) }
  }

  private mutating func append(_ unit: UInt32) {
    switch unit {
    case 0x22: bytes += [0x5C, 0x22]
    case 0x5C: bytes += [0x5C, 0x5C]
    case 0x0A: bytes += [0x5C, UInt8(ascii: "n")]
    case 0x0D: bytes += [0x5C, UInt8(ascii: "r")]
    case 0x09: bytes += [0x5C, UInt8(ascii: "t")]
    case 0x08: bytes += [0x5C, UInt8(ascii: "b")]
    case 0x0C: bytes += [0x5C, UInt8(ascii: "f")]
    case 0..<0x20, 0x2028, 0x2029, UTF8Decoding.invalidByteBase...: escape(unit)
    default:
      guard let scalar = Unicode.Scalar(unit) else { return escape(0xFFFD) }
      UTF8.encode(scalar) { bytes.append($0) }
    }
  }

  /// `\uXXXX`; an invalid byte's unit as U+FFFD.
  private mutating func escape(_ unit: UInt32) {
    let value = unit >= UTF8Decoding.invalidByteBase ? 0xFFFD : unit
    let digits = Array("0123456789abcdef".utf8)
    bytes += [0x5C, UInt8(ascii: "u")]
    for shift in stride(from: 12, through: 0, by: -4) { bytes.append(digits[Int(value >> UInt32(shift)) & 0xF]) }
  }
}
