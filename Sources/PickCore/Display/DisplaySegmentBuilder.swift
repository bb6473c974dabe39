/// Appends text, merging runs with the same highlighting into one segment.
struct DisplaySegmentBuilder {
  var segments: [DisplaySegment] = []

  mutating func append(_ segment: DisplaySegment) {
    append(segment.text, columns: segment.columns, isMatch: segment.isMatch)
  }

  mutating func append(_ text: String, columns: Int, isMatch: Bool) {
    if let last = segments.indices.last, segments[last].isMatch == isMatch {
      segments[last].text += text
      segments[last].columns += columns
    } else {
      segments.append(DisplaySegment(text: text, columns: columns, isMatch: isMatch))
    }
  }

  mutating func append<Scalars: Collection<Unicode.Scalar>>(
    scalars: Scalars, columns: Int, isMatch: Bool
  ) {
    if let last = segments.indices.last, segments[last].isMatch == isMatch {
      segments[last].text.unicodeScalars.append(contentsOf: scalars)
      segments[last].columns += columns
    } else {
      var text = String()
      text.unicodeScalars.append(contentsOf: scalars)
      segments.append(DisplaySegment(text: text, columns: columns, isMatch: isMatch))
    }
  }

  mutating func append(ascii bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, isMatch: Bool) {
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    append(text, columns: range.count, isMatch: isMatch)
  }

  /// The padding and trailing ellipsis of `window`.
  mutating func appendTail(of window: DisplayLine.Window) {
    guard window.hasTrailingEllipsis else { return }
    if window.padding > 0 {
      append(String(repeating: " ", count: window.padding), columns: window.padding, isMatch: false)
    }
    append(DisplayLine.ellipsis)
  }
}
