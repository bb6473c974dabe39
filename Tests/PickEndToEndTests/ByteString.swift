/// Bytes written like a string in test tables: `"café"` is its UTF-8, and
/// `.raw("a", 0xFF, "b")` mixes text with bytes that are not valid UTF-8.
struct ByteString: Sendable, Hashable, Comparable, ExpressibleByStringLiteral,
  CustomStringConvertible
{
  /// One piece of a `.raw(…)` literal: UTF-8 text or a single byte.
  enum Part: Sendable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    case text(String)
    case byte(UInt8)

    init(stringLiteral value: String) { self = .text(value) }
    init(integerLiteral value: UInt8) { self = .byte(value) }
  }

  var bytes: [UInt8]

  init(_ bytes: [UInt8]) { self.bytes = bytes }
  init(stringLiteral value: String) { bytes = Array(value.utf8) }

  static func raw(_ parts: Part...) -> ByteString {
    ByteString(
      parts.flatMap { part -> [UInt8] in
        switch part {
        case .text(let text): Array(text.utf8)
        case .byte(let byte): [byte]
        }
      })
  }

  static func < (lhs: ByteString, rhs: ByteString) -> Bool {
    lhs.bytes.lexicographicallyPrecedes(rhs.bytes)
  }

  /// Printable ASCII as is, everything else escaped, so failures show the exact bytes.
  var description: String {
    var text = "\""
    for byte in bytes {
      switch byte {
      case UInt8(ascii: "\""): text += "\\\""
      case UInt8(ascii: "\\"): text += "\\\\"
      case UInt8(ascii: "\n"): text += "\\n"
      case UInt8(ascii: "\r"): text += "\\r"
      case UInt8(ascii: "\t"): text += "\\t"
      case 0x20..<0x7F: text += String(UnicodeScalar(byte))
      default:
        let hex = String(byte, radix: 16, uppercase: true)
        text += "\\x" + (hex.count == 1 ? "0" + hex : hex)
      }
    }
    return text + "\""
  }
}

extension Array where Element == UInt8 {
  /// The records of `self`, each ended by `terminator`; nil when the last one is unterminated.
  func records(endedBy terminator: UInt8) -> [ByteString]? {
    guard !isEmpty else { return [] }
    guard last == terminator else { return nil }
    return split(separator: terminator, omittingEmptySubsequences: false).dropLast()
      .map { ByteString(Array($0)) }
  }
}

/// nil when `actual == expected`, else where they first differ. For large
/// outputs: `#expect(a == b)` on a failure diffs the two collections, which
/// takes quadratic time on megabytes.
func bytesDifference(_ actual: [UInt8], _ expected: [UInt8]) -> String? {
  if actual == expected { return nil }
  let common = zip(actual, expected).prefix { $0 == $1 }.count
  func around(_ bytes: [UInt8]) -> ByteString {
    ByteString(Array(bytes[max(0, common - 16)..<min(bytes.count, common + 16)]))
  }
  return "\(actual.count) bytes, expected \(expected.count); first difference at byte \(common): "
    + "\(around(actual)) instead of \(around(expected))"
}
