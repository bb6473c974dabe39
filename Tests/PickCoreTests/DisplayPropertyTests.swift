import Testing

@testable import PickCore

// Seeded property tests of DisplayWidth and DisplayLine: arbitrary item
// bytes laid out in rows of every width never take more columns than the
// row, and never draw a control character from the item. Tests/Fuzz has the
// libFuzzer harness for the same properties.

private func below(_ bound: Int, _ rng: inout SeededGenerator) -> Int {
  Int(rng.next() % UInt64(bound))
}

/// Item pieces: text of every width, marks, emoji sequences, controls,
/// bidi controls, separators, tabs and bytes that are not UTF-8.
private let itemPieces: [[UInt8]] =
  [
    "a", "bc", " ", "\t", "\u{1B}[31m", "\r", "\n", "\u{7F}", "\u{85}", "\u{0301}", "\u{200D}",
    "\u{FE0F}",
    "é", "日本", "😀", "👍🏻", "❤️", "👨‍👩‍👧", "🇫🇷", "\u{1F1E6}", "1️⃣", "\u{202E}", "\u{2066}", "\u{2028}",
    "\u{1100}\u{1161}\u{11A8}", "\u{AD}", "…", "\u{3000}", "\u{E0041}",
  ].map { Array($0.utf8) } + [
    [0xFF], [0xC3], [0xE2, 0x82], [0xF0, 0x9F, 0x98], [0xED, 0xA0, 0x80], [0xC0, 0xAF],
  ]

/// Why `scalar` must not be drawn, or `nil`.
private func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
  let value = scalar.value
  return value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x061C
    || (0x200E...0x200F).contains(value)
    || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value) || value == 0x2028
    || value == 0x2029
}

private func segments(_ item: [UInt8], matches: [Int] = [], width: Int, tabstop: Int = 8)
  -> [DisplaySegment]
{
  item.withUnsafeBufferPointer {
    DisplayLine.segments(of: $0, matches: matches, width: width, tabstop: tabstop)
  }
}

@Test func `a row never takes more than its width nor draws a control from the item`() {
  var rng = SeededGenerator(seed: 0x4449_5350)
  let tabstops = [1, 2, 3, 4, 8, 8, 8, 100, 1 << 20, Int(Int32.max), Int.max]
  var failures: [String] = []
  var cut = 0
  for _ in 0..<100_000 {
    var item: [UInt8] = []
    for _ in 0..<below(12, &rng) { item += itemPieces[below(itemPieces.count, &rng)] }
    let width = below(40, &rng)
    let matches = (0..<below(4, &rng)).map { _ in below(item.count + 2, &rng) }
    let tabstop = tabstops[below(tabstops.count, &rng)]
    let row = segments(item, matches: matches, width: width, tabstop: tabstop)
    let drawn = row.map(\.text).joined()
    var problems: [String] = []
    let claimed = row.reduce(0) { $0 + $1.columns }
    if claimed > width { problems.append("\(claimed) columns claimed") }
    if DisplayWidth.columns(of: drawn) > width {
      problems.append("\(DisplayWidth.columns(of: drawn)) columns drawn")
    }
    if drawn.unicodeScalars.contains(where: isUnsafe) { problems.append("a control drawn") }
    if zip(row, row.dropFirst()).contains(where: { $0.isMatch == $1.isMatch }) {
      problems.append("unmerged segments")
    }
    if matches.allSatisfy({ $0 >= item.count }) && row.contains(where: \.isMatch) {
      problems.append("a false highlight")
    }
    if width == 0 && !row.isEmpty { problems.append("drawn in no columns") }
    // Cut at either end: the tail view has no ellipsis last.
    if drawn.hasSuffix("\u{2026}") || drawn.hasPrefix("\u{2026}") { cut += 1 }
    if !problems.isEmpty {
      failures.append(
        "\(item) in \(width) columns, tab \(tabstop), matches \(matches): \(problems) \(drawn.debugDescription)"
      )
      if failures.count >= 5 { break }
    }
  }
  #expect(failures.isEmpty, "\(failures)")
  #expect(cut > 20_000, "only \(cut) rows were cut")
}

@Test func `text that fits is drawn whole and its width is the sum of its characters`() {
  var rng = SeededGenerator(seed: 0x4449_5351)
  let printable = Array("abc xyz-019~é日😀👍🏻🇫🇷\u{0301}".unicodeScalars)
  var failures: [String] = []
  for _ in 0..<100_000 {
    var scalars = String.UnicodeScalarView()
    // A mark never starts the text: on its own it would be drawn on a dotted circle.
    scalars.append("x")
    for _ in 0..<below(8, &rng) { scalars.append(printable[below(printable.count, &rng)]) }
    let text = String(scalars)
    let columns = DisplayWidth.columns(of: text)
    if columns != text.reduce(0, { $0 + DisplayWidth.columns(of: $1) }) {
      failures.append("\(text.debugDescription): not the sum of its characters")
    }
    if text.unicodeScalars.contains(where: { !(0...2).contains(DisplayWidth.columns(of: $0)) }) {
      failures.append("\(text.debugDescription): a scalar out of 0...2 columns")
    }
    let width = columns + below(3, &rng)
    let row = segments(Array(text.utf8), width: width)
    if row.map(\.text).joined() != text || row.reduce(0, { $0 + $1.columns }) != columns {
      failures.append("\(text.debugDescription) in \(width) columns: \(row)")
    }
    if failures.count >= 5 { break }
  }
  #expect(failures.isEmpty, "\(failures)")
}

// Found by fuzzing: a tab stop near Int.max (`--tabstop=9223372036854775807`
// parses) overflowed the sum of the tabs' columns and trapped.
@Test func `a tab stop near Int.max does not overflow the row`() {
  for tabstop in [Int.max, Int.max / 2, Int.max - 7] {
    let row = segments(Array("\t\tx".utf8), matches: [2], width: 30, tabstop: tabstop)
    #expect(row.reduce(0) { $0 + $1.columns } <= 30)
    // The tail view: the matched x after an ellipsis for the tabs.
    #expect(row.map(\.text).joined() == "\u{2026}x")
  }
}
