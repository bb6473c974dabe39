/// Byte-level UTF-8 helpers for fields, which must work on items that are not
/// valid UTF-8 without decoding them first.
enum FieldBytes {
  /// The length of the well-formed UTF-8 sequence starting at `index`, or 1
  /// when the byte there does not start one (as Go's `utf8.DecodeRune`: no
  /// overlong forms, surrogates or values past U+10FFFF).
  static func sequenceLength(at index: Int, in text: UnsafeBufferPointer<UInt8>) -> Int {
    let lead = text[index]
    let length: Int
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch lead {
    case 0x00...0x7F: return 1
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      low = 0xA0
    case 0xED:
      length = 3
      high = 0x9F
    case 0xE1...0xEF: length = 3
    case 0xF0:
      length = 4
      low = 0x90
    case 0xF4:
      length = 4
      high = 0x8F
    case 0xF1...0xF3: length = 4
    default: return 1
    }
    guard index + length <= text.count else { return 1 }
    let second = text[index + 1]
    guard second >= low, second <= high else { return 1 }
    for offset in 2..<max(2, length) where text[index + offset] & 0xC0 != 0x80 {
      return 1
    }
    return length
  }

  /// The end of `range` in `text` once trailing Unicode white space is
  /// dropped: what Go's `strings.TrimRightFunc(s, unicode.IsSpace)` keeps.
  ///
  /// fzf trims this way after `--with-nth` and for AWK-style `--accept-nth`.
  /// The set is Go's `unicode.IsSpace`: `\t \n \v \f \r` and space, U+0085,
  /// U+00A0, U+1680, U+2000–U+200A, U+2028, U+2029, U+202F, U+205F, U+3000.
  /// An invalid byte is not white space, so trimming stops there.
  static func endTrimmingWhitespace(of range: Range<Int>, in text: UnsafeBufferPointer<UInt8>)
    -> Int
  {
    var end = range.upperBound
    while end > range.lowerBound {
      let width = whitespaceWidth(endingAt: end, from: range.lowerBound, in: text)
      if width == 0 { break }
      end -= width
    }
    return end
  }

  /// The byte length of the white-space character that ends just before `end`, or 0.
  private static func whitespaceWidth(
    endingAt end: Int, from start: Int, in text: UnsafeBufferPointer<UInt8>
  ) -> Int {
    let last = text[end - 1]
    switch last {
    case 0x09...0x0D, 0x20: return 1
    case 0x80...0xBF: break
    default: return 0
    }
    if end - start >= 2, text[end - 2] == 0xC2, last == 0x85 || last == 0xA0 { return 2 }
    guard end - start >= 3 else { return 0 }
    switch (text[end - 3], text[end - 2], last) {
    case (0xE1, 0x9A, 0x80),  // U+1680 OGHAM SPACE MARK
      (0xE2, 0x80, 0x80...0x8A),  // U+2000–U+200A
      (0xE2, 0x80, 0xA8), (0xE2, 0x80, 0xA9),  // LINE / PARAGRAPH SEPARATOR
      (0xE2, 0x80, 0xAF),  // U+202F NARROW NO-BREAK SPACE
      (0xE2, 0x81, 0x9F),  // U+205F MEDIUM MATHEMATICAL SPACE
      (0xE3, 0x80, 0x80):  // U+3000 IDEOGRAPHIC SPACE
      return 3
    default: return 0
    }
  }
}
