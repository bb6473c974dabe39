/// Assembles Unicode scalars from UTF-8 bytes that arrive one at a time, so a
/// character split across two reads is still one character.
///
/// Validity is the Unicode Standard's Table 3-7, as in `UTF8Decoding`: no
/// overlong forms, no surrogates, nothing above U+10FFFF.
struct UTF8Assembler: Sendable {
  enum Step: Equatable {
    /// A complete scalar.
    case scalar(Unicode.Scalar)
    /// A lead or continuation byte; more must follow.
    case pending
    /// The bytes so far are not UTF-8 and are dropped. `reprocess`: the byte
    /// just pushed did not continue the sequence and may start something
    /// else (ASCII, ESC, another lead byte), so the caller decodes it afresh.
    case invalid(reprocess: Bool)
  }

  private var value: UInt32 = 0
  private var remaining = 0
  private var low: UInt8 = 0x80
  private var high: UInt8 = 0xBF

  mutating func reset() {
    remaining = 0
  }

  mutating func push(_ byte: UInt8) -> Step {
    if remaining == 0 { return start(byte) }
    guard byte >= low && byte <= high else {
      remaining = 0
      return .invalid(reprocess: true)
    }
    value = value << 6 | UInt32(byte & 0x3F)
    remaining -= 1
    (low, high) = (0x80, 0xBF)
    guard remaining == 0 else { return .pending }
    // The ranges above admit only scalar values.
    return Unicode.Scalar(value).map(Step.scalar) ?? .invalid(reprocess: false)
  }

  private mutating func start(_ byte: UInt8) -> Step {
    (low, high) = (0x80, 0xBF)
    switch byte {
    case 0x00...0x7F:
      return .scalar(Unicode.Scalar(byte))
    case 0xC2...0xDF:
      (value, remaining) = (UInt32(byte & 0x1F), 1)
    case 0xE0...0xEF:
      (value, remaining) = (UInt32(byte & 0x0F), 2)
      if byte == 0xE0 { low = 0xA0 }
      if byte == 0xED { high = 0x9F }
    case 0xF0...0xF4:
      (value, remaining) = (UInt32(byte & 0x07), 3)
      if byte == 0xF0 { low = 0x90 }
      if byte == 0xF4 { high = 0x8F }
    default:
      return .invalid(reprocess: false)
    }
    return .pending
  }
}
