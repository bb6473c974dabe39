// Fuzzes display width and row layout (Sources/PickCore/Display):
// DisplayWidth on arbitrary text and DisplayLine on arbitrary item bytes.
//
// Input layout: the row width (one byte, 0-255), the tab stop (one byte:
// 1-16, or from 250 up one of a few huge values `--tabstop` accepts), a
// count of matched offsets and that many offsets (one byte each), then the
// item's bytes.
//
// Invariants: the row never takes more than the width, counted both from the
// segments' own column counts and by measuring the drawn text again; nothing
// drawn is a control character (C0, DEL, C1), a bidi control or a line
// separator; adjacent segments differ in highlighting; only matched text is
// highlighted; printable ASCII that fits is drawn unchanged.
@testable import PickCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDisplay(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let width = Int(input.byte())
  let tabstop = DisplayChecks.tabstop(input.byte())
  let matches = input.take(Int(input.byte() % 32)).map(Int.init)
  let item = input.rest()

  let text = String(decoding: item, as: UTF8.self)
  let total = DisplayWidth.columns(of: text)
  require(total >= 0, "negative width")
  for scalar in text.unicodeScalars {
    require((0...2).contains(DisplayWidth.columns(of: scalar)), "scalar width out of 0...2")
  }

  let segments = item.withUnsafeBufferPointer {
    DisplayLine.segments(of: $0, matches: matches, width: width, tabstop: tabstop)
  }
  DisplayChecks.check(segments, item: item, matches: matches, width: width)
  return 0
}

enum DisplayChecks {
  /// `--tabstop` values: small ones mostly, and a few huge ones the option accepts.
  static func tabstop(_ byte: UInt8) -> Int {
    let huge = [100, 1 << 20, Int(Int32.max), Int.max / 2, Int.max, 99_999_999_999]
    return byte < 250 ? 1 + Int(byte % 16) : huge[Int(byte - 250)]
  }

  static func check(_ segments: [DisplaySegment], item: [UInt8], matches: [Int], width: Int) {
    let shown = escaped(item)
    let claimed = segments.reduce(0) { $0 + $1.columns }
    require(claimed <= width, "\(claimed) columns claimed in a row of \(width): \(shown)")
    let drawn = segments.map(\.text).joined()
    let measured = DisplayWidth.columns(of: drawn)
    require(measured <= width, "\(measured) columns drawn in a row of \(width): \(shown)")
    for scalar in drawn.unicodeScalars {
      let value = scalar.value
      let isUnsafe =
        value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x061C
        || (0x200E...0x200F).contains(value) || (0x202A...0x202E).contains(value)
        || (0x2066...0x2069).contains(value) || value == 0x2028 || value == 0x2029
      require(!isUnsafe, "U+\(String(value, radix: 16)) drawn from \(shown)")
    }
    for (left, right) in zip(segments, segments.dropFirst()) {
      require(left.isMatch != right.isMatch, "adjacent segments with the same highlight")
    }
    if matches.allSatisfy({ $0 >= item.count }) {
      require(segments.allSatisfy { !$0.isMatch }, "highlight without a match: \(shown)")
    }
    if width == 0 || item.isEmpty || item == [0x0D] {
      require(segments.isEmpty || width > 0, "segments in a zero-width row")
    }
    let isPrintableASCII = item.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    if isPrintableASCII && item.count <= width {
      require(drawn == String(decoding: item, as: UTF8.self), "fitting ASCII changed: \(shown)")
    }
  }
}
