/// Appends text, merging runs with the same highlighting (and the same item
/// style run, under `--ansi`) into one segment.
struct DisplaySegmentBuilder {
  var segments: [DisplaySegment] = []

  mutating func append(_ segment: DisplaySegment) {
    // An empty `--ellipsis` leaves no segment behind.
    guard segment.columns > 0 || !segment.text.isEmpty else { return }
    append(segment.text, columns: segment.columns, isMatch: segment.isMatch, run: segment.run)
  }

  /// Whether text with this highlighting and run continues the last segment.
  private func continuesLast(isMatch: Bool, run: Int) -> Bool {
    guard let last = segments.last else { return false }
    return last.isMatch == isMatch && last.run == run
  }

  mutating func append(_ text: String, columns: Int, isMatch: Bool, run: Int = 0) {
    if continuesLast(isMatch: isMatch, run: run) {
      segments[segments.count - 1].text += text
      segments[segments.count - 1].columns += columns
    } else {
      segments.append(DisplaySegment(text: text, columns: columns, isMatch: isMatch, run: run))
    }
  }

  mutating func append<Scalars: Collection<Unicode.Scalar>>(
    scalars: Scalars, columns: Int, isMatch: Bool, run: Int = 0
  ) {
    if continuesLast(isMatch: isMatch, run: run) {
      segments[segments.count - 1].text.unicodeScalars.append(contentsOf: scalars)
      segments[segments.count - 1].columns += columns
    } else {
      var text = String()
      text.unicodeScalars.append(contentsOf: scalars)
      segments.append(DisplaySegment(text: text, columns: columns, isMatch: isMatch, run: run))
    }
  }

  mutating func append(ascii bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, isMatch: Bool, run: Int = 0) {
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    append(text, columns: range.count, isMatch: isMatch, run: run)
  }

  /// The padding and trailing ellipsis of `window`.
  mutating func appendTail(of window: DisplayLine.Window, ellipsis: DisplaySegment = DisplayLine.ellipsis) {
    guard window.hasTrailingEllipsis else { return }
    if window.padding > 0 {
      append(String(repeating: " ", count: window.padding), columns: window.padding, isMatch: false)
    }
    append(ellipsis)
  }
}
