import Testing

@testable import PickCore

/// The segments of `item` (its UTF-8, or `bytes`).
private func render(_ item: String, matches: [Int] = [], width: Int = 80, tabstop: Int = 8) -> [DisplaySegment] {
  render(bytes: Array(item.utf8), matches: matches, width: width, tabstop: tabstop)
}

private func render(bytes: [UInt8], matches: [Int] = [], width: Int = 80, tabstop: Int = 8) -> [DisplaySegment] {
  bytes.withUnsafeBufferPointer {
    DisplayLine.segments(of: $0, matches: matches, width: width, tabstop: tabstop)
  }
}

/// The drawn text with highlighted segments in brackets.
private func marked(_ segments: [DisplaySegment]) -> String {
  segments.map { $0.isMatch ? "[\($0.text)]" : $0.text }.joined()
}

private func shown(_ segments: [DisplaySegment]) -> String {
  segments.map(\.text).joined()
}

private func columns(_ segments: [DisplaySegment]) -> Int {
  segments.reduce(0) { $0 + $1.columns }
}

/// Byte offsets of the characters of `item` at `indices` (Character indices).
private func byteOffsets(_ item: String, _ indices: [Int]) -> [Int] {
  var offsets: [Int] = []
  var offset = 0
  for (index, character) in item.enumerated() {
    if indices.contains(index) { offsets.append(offset) }
    offset += character.utf8.count
  }
  return offsets
}

/// Whether `scalar` may reach the terminal.
private func isSafe(_ scalar: Unicode.Scalar) -> Bool {
  switch scalar.value {
  case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029:
    false
  default: true
  }
}

struct DisplayLineTests {
  // MARK: Making bytes safe

  @Test func `control characters become control pictures`() {
    #expect(shown(render("a\u{0}b\u{7}c\u{7F}d\u{1F}e\n")) == "a␀b␇c␡d␟e␊")
    #expect(columns(render("a\u{0}b")) == 3)
  }

  @Test func `escape sequences are drawn inert`() {
    #expect(shown(render("\u{1b}[31mred\u{1b}[0m")) == "␛[31mred␛[0m")
    #expect(shown(render("\u{1b}]0;title\u{7}x")) == "␛]0;title␇x")
    #expect(shown(render("\u{1b}]8;;http://x\u{1b}\\link")) == "␛]8;;http://x␛\\link")
  }

  @Test func `C1 controls and invalid bytes become the replacement character`() {
    // U+009B CSI as UTF-8, then the raw 8-bit CSI and ST bytes.
    #expect(shown(render("a\u{9B}31mb")) == "a\u{FFFD}31mb")
    #expect(shown(render(bytes: [0x61, 0x9B, 0x33, 0x9C, 0x62])) == "a\u{FFFD}3\u{FFFD}b")
    #expect(shown(render(bytes: [0x61, 0xFF, 0xC3, 0x62, 0xE6, 0x97])) == "a\u{FFFD}\u{FFFD}b\u{FFFD}\u{FFFD}")
    #expect(columns(render(bytes: [0xFF, 0xFE])) == 2)
  }

  @Test(
    arguments: [0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069]
      as [UInt32])
  func `bidi controls are shown, not obeyed`(value: UInt32) {
    let item = "abc" + String(Unicode.Scalar(value)!) + "fed.txt"
    let segments = render(item)
    #expect(shown(segments) == "abc⇆fed.txt")
    #expect(columns(segments) == 11)
  }

  @Test func `line and paragraph separators are shown as a newline symbol`() {
    #expect(shown(render("a\u{2028}b\u{2029}c")) == "a␤b␤c")
  }

  @Test func `tabs expand to the tab stop`() {
    #expect(shown(render("a\tb")) == "a       b")
    #expect(columns(render("a\tb")) == 9)
    #expect(shown(render("a\tb", tabstop: 4)) == "a   b")
    #expect(shown(render("ab\tc\td", tabstop: 4)) == "ab  c   d")
    #expect(shown(render("\t", tabstop: 4)) == "    ")
    #expect(shown(render("日\tx", tabstop: 4)) == "日  x")
    #expect(shown(render("abcd\tx", tabstop: 4)) == "abcd    x")
  }

  @Test func `a trailing CR is not drawn, a CR elsewhere is`() {
    #expect(shown(render("abc\r")) == "abc")
    #expect(shown(render("日本\r")) == "日本")
    #expect(shown(render("a\rb")) == "a␍b")
    #expect(shown(render("a\r\r")) == "a␍")
    #expect(render("\r").isEmpty)
  }

  @Test func `a mark with nothing to attach to is drawn on a dotted circle`() {
    #expect(shown(render("\u{301}abc")) == "◌\u{301}abc")
    #expect(columns(render("\u{301}abc")) == 4)
    #expect(shown(render("\u{1}\u{301}")) == "␁◌\u{301}")
    #expect(shown(render("\u{1}\u{FE0F}x")) == "␁◌\u{FE0F}x")
    #expect(shown(render("e\u{301}")) == "e\u{301}")
  }

  // MARK: Cutting

  @Test func `an item that fits is drawn whole`() {
    #expect(marked(render("abcde", width: 5)) == "abcde")
    #expect(marked(render("日本語", width: 6)) == "日本語")
  }

  @Test func `a long item is cut with an ellipsis`() {
    let segments = render("abcdefghij", width: 5)
    #expect(shown(segments) == "abcd…")
    #expect(columns(segments) == 5)
    #expect(shown(render("日本語のファイル名/テスト.txt", width: 10)) == "日本語の …")
  }

  @Test func `a wide character at the last column is replaced by a space`() {
    let segments = render("abc日本", width: 5)
    #expect(shown(segments) == "abc …")
    #expect(columns(segments) == 5)
  }

  @Test func `a match past the edge cuts the start and keeps context after it`() {
    let item = String(repeating: "a", count: 40) + "match" + String(repeating: "b", count: 40)
    let segments = render(item, matches: Array(40..<45), width: 20)
    #expect(marked(segments) == "…aaaa[match]bbbbbbbbb…")
    #expect(columns(segments) == 20)
  }

  @Test func `a match near the end shows the end of the item`() {
    let item = String(repeating: "a", count: 40) + "xy"
    let segments = render(item, matches: [40, 41], width: 10)
    #expect(marked(segments) == "…aaaaaaa[xy]")
    #expect(columns(segments) == 10)
  }

  @Test func `a match that is visible does not move the start`() {
    let item = "src/" + String(repeating: "a", count: 40)
    #expect(marked(render(item, matches: [0], width: 10)) == "[s]rc/aaaaa…")
  }

  @Test func `a long match shows its end, as fzf scrolls to the last matched character`() {
    let item = String(repeating: "a", count: 30) + String(repeating: "m", count: 30) + String(repeating: "z", count: 30)
    #expect(marked(render(item, matches: Array(30..<60), width: 10)) == "…[mmmm]zzzz…")
    // What follows the target, when no wider than the ellipsis, is shown instead of one.
    let short = String(repeating: "a", count: 30) + String(repeating: "m", count: 30)
    #expect(marked(render(short, matches: Array(30..<60), width: 10)) == "…[mmmmmmmmm]")
  }

  @Test func `cutting the start keeps wide characters whole`() {
    let item = String(repeating: "日", count: 20) + "x" + String(repeating: "本", count: 20)
    let segments = render(item, matches: [60], width: 12)
    #expect(columns(segments) <= 12)
    #expect(marked(segments).contains("[x]"))
    #expect(marked(segments).hasPrefix("…"))
    #expect(marked(segments).hasSuffix("…"))
  }

  @Test func `a cut never splits a grapheme cluster`() {
    #expect(shown(render("ab👨‍👩‍👧cd", width: 4)) == "ab …")
    #expect(shown(render("ab👨‍👩‍👧cd", width: 5)) == "ab👨‍👩‍👧…")
    #expect(
      shown(render(String(repeating: "e\u{301}", count: 10), width: 5)) == String(repeating: "e\u{301}", count: 4) + "…"
    )
    #expect(shown(render("🇯🇵🇺🇸🇫🇷", width: 5)) == "🇯🇵🇺🇸…")
    #expect(shown(render("x1️⃣2️⃣", width: 4)) == "x1️⃣…")
  }

  @Test func `narrow rows do not crash`() {
    #expect(render("abc", width: 0).isEmpty)
    #expect(render("", width: 0).isEmpty)
    #expect(render("", width: 1).isEmpty)
    #expect(shown(render("abc", width: 1)) == "…")
    #expect(shown(render("a", width: 1)) == "a")
    #expect(shown(render("日", width: 1)) == "…")
    #expect(shown(render("abc", width: 2)) == "a…")
    #expect(shown(render("日", width: 2)) == "日")
    #expect(shown(render("日本", width: 2)) == " …")
    #expect(shown(render("abcdef", matches: [5], width: 1)) == "…")
    #expect(shown(render("abcdef", matches: [5], width: 2)) == "…f")
    #expect(marked(render("abcdefg", matches: [5], width: 3)) == "…[f]g")
    #expect(marked(render("abcdefgh", matches: [5], width: 3)) == "…[f]…")
    #expect(render("abc", width: -1).isEmpty)
  }

  // MARK: Highlighting

  @Test func `highlighted characters form their own segments`() {
    let segments = render("abcdef", matches: [1, 2, 4], width: 80)
    #expect(
      segments == [
        DisplaySegment(text: "a", columns: 1, isMatch: false),
        DisplaySegment(text: "bc", columns: 2, isMatch: true),
        DisplaySegment(text: "d", columns: 1, isMatch: false),
        DisplaySegment(text: "e", columns: 1, isMatch: true),
        DisplaySegment(text: "f", columns: 1, isMatch: false),
      ])
  }

  @Test func `byte offsets highlight the right multi-byte characters`() {
    let item = "日本語.txt"
    let segments = render(item, matches: byteOffsets(item, [1, 3]), width: 80)
    #expect(marked(segments) == "日[本]語[.]txt")
    #expect(segments.map(\.columns) == [2, 2, 2, 1, 3])
    #expect(marked(render("café.txt", matches: byteOffsets("café.txt", [3, 4]))) == "caf[é.]txt")
  }

  @Test func `a match on any scalar of a cluster highlights the whole cluster`() {
    // The skin-tone modifier starts at byte 5.
    #expect(marked(render("x👍🏻y", matches: [5])) == "x[👍🏻]y")
    #expect(marked(render("e\u{301}x", matches: [1])) == "[e\u{301}]x")
  }

  @Test func `matches on placeholders, tabs and invalid bytes are highlighted`() {
    #expect(marked(render("a\u{1b}b", matches: [1])) == "a[␛]b")
    #expect(marked(render("a\tb", matches: [1], tabstop: 4)) == "a[   ]b")
    #expect(marked(render(bytes: [0x61, 0xFF, 0x62], matches: [1])) == "a[\u{FFFD}]b")
  }

  @Test func `unsorted and out-of-range matches are tolerated`() {
    #expect(marked(render("abcdef", matches: [4, 1, 99, -3])) == "a[b]cd[e]f")
    #expect(marked(render("abc\r", matches: [3])) == "abc")
  }

  // MARK: Properties

  @Test func `random items never overflow the row or draw unsafe characters`() {
    var rng = SeededGenerator(seed: 0xD15B_1000)
    let pieces: [[UInt8]] = [
      "a", "Z", " ", "/", "日", "ｆ", "e\u{301}", "\u{301}", "👍🏻", "🇯", "\u{200D}", "\u{FE0F}", "👨‍👩‍👧",
      "1️⃣", "\t", "\r", "\u{1b}", "\u{7F}", "\u{9B}", "\u{202E}", "\u{2066}", "\u{2028}", "\u{0600}",
      "\u{0915}\u{093F}", "\u{1100}", "\u{1161}", "…",
    ].map { Array($0.utf8) }
    for trial in 0..<10_000 {
      var item: [UInt8] = []
      for _ in 0..<Int.random(in: 0...40, using: &rng) {
        if Bool.random(using: &rng) {
          item.append(UInt8.random(in: 0...255, using: &rng))
        } else {
          item += pieces.randomElement(using: &rng)!
        }
      }
      let width = Int.random(in: 0...30, using: &rng)
      let matches = item.indices.filter { _ in Int.random(in: 0..<8, using: &rng) == 0 }
      let tabstop = Int.random(in: 1...8, using: &rng)
      let segments = render(bytes: item, matches: matches, width: width, tabstop: tabstop)
      let total = columns(segments)
      let text = shown(segments)
      let unsafe = text.unicodeScalars.first { !isSafe($0) }
      let adjacentAlike = zip(segments, segments.dropFirst()).contains { $0.isMatch == $1.isMatch }
      let measured = segments.allSatisfy { DisplayWidth.columns(of: $0.text) == $0.columns }
      // The last match stays in view, unless a cluster is wider than a
      // narrow row can give it next to its context (a tab, a prepended mark
      // before an emoji).
      let firstMatchShown =
        width < 20 || matches.allSatisfy { $0 == item.count - 1 && item[$0] == 0x0D }
        || segments.contains { $0.isMatch }
      if total > width || unsafe != nil || adjacentAlike || !measured || !firstMatchShown {
        Issue.record(
          "trial \(trial): \(item) width \(width) matches \(matches) → \(segments.map { "\($0)" })")
        return
      }
    }
  }

  @Test func `a megabyte-long line is drawn from what fits`() {
    let item = [UInt8](repeating: 0x61, count: 1 << 20) + Array("日本".utf8)
    #expect(marked(render(bytes: item, width: 10)) == "aaaaaaaaa…")
    #expect(marked(render(bytes: item, matches: [1 << 20], width: 10)) == "…aaaaa[日]本")
    var wide = [UInt8]()
    for _ in 0..<(1 << 18) { wide += Array("日".utf8) }
    #expect(marked(render(bytes: wide, matches: [3 << 17], width: 10)) == "…日[日]日日…")
  }
}

extension DisplayLineTests {
  @Test func `a long line of zero-width characters is cut between characters`() {
    var item = Array("a".utf8)
    for _ in 0..<5_000 { item += Array("\u{200B}".utf8) }
    item += Array("日".utf8)
    for width in 1...12 {
      let text = shown(render(bytes: item, width: width))
      #expect(!text.unicodeScalars.contains("\u{FFFD}"), "width \(width)")
    }
  }

  // MARK: Decoding only near the match

  @Test func `a match far into a line is drawn as when the whole line was decoded`() {
    // Far past the decoding reach (64 bytes a column), in ASCII and in two-byte text.
    for filler in ["a", "é"] {
      let prefix = String(repeating: filler, count: 200_000)
      let item = prefix + "match" + String(repeating: filler, count: 40)
      let start = prefix.utf8.count
      let segments = render(item, matches: Array(start..<start + 5), width: 20)
      let fill = String(repeating: filler, count: 4)
      #expect(marked(segments) == "…\(fill)[match]\(String(repeating: filler, count: 9))…", "\(filler)")
      #expect(columns(segments) == 20)
    }
  }

  @Test func `a match at the far end of a long line shows the end`() {
    let item = String(repeating: "é", count: 200_000) + "xy"
    let start = item.utf8.count - 2
    let segments = render(item, matches: [start, start + 1], width: 10)
    #expect(marked(segments) == "…ééééééé[xy]")
  }

  @Test func `decoding from inside a line starts on a character`() {
    let item = Array(String(repeating: "é", count: 1000).utf8)
    item.withUnsafeBufferPointer { bytes in
      // 1001 - 100 is odd: the second byte of an é.
      let start = DisplayLine.decodingStart(bytes, anchor: 1001, reach: 100)
      #expect(start == 902)
      #expect(DisplayLine.decodingStart(bytes, anchor: 100, reach: 100) == 0)
    }
  }

  @Test func `a row cut before its start shows the match even when narrow`() {
    let item = String(repeating: "a", count: 10_000) + "y"
    #expect(marked(render(item, matches: [10_000], width: 2)) == "…[y]")
    // Too narrow for a wide match: what follows it, as fzf's arithmetic gives.
    let wide = String(repeating: "a", count: 10_000) + "日b"
    #expect(marked(render(wide, matches: [10_000], width: 2)) == "…b")
    // Nothing fits at all: only the ellipsis, not the head (which is not decoded).
    let wider = String(repeating: "a", count: 10_000) + "日本"
    #expect(marked(render(wider, matches: [10_000], width: 2)) == " …")
  }
}
