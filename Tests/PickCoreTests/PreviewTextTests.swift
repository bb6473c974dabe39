import Testing

@testable import PickCore

/// The preview's output: SGR colours kept, every other escape and control
/// dropped, split into lines, cut or wrapped to the pane.
@Suite struct PreviewTextTests {
  private func text(_ s: String) -> PreviewText { PreviewText(Array(s.utf8)) }

  private func plain(_ line: [PreviewText.Run]) -> String {
    String(decoding: line.flatMap(\.bytes), as: UTF8.self)
  }

  @Test func `SGR colours and attributes become styles, carried to the next line`() {
    let t = text("a\u{1B}[1;31mred\u{1B}[0m b\n\u{1B}[38;5;208mx\nstill\u{1B}[39;4m u\u{1B}[m")
    #expect(t.lines.count == 3)
    #expect(t.lines[0].map(\.style) == [.plain, Style(foreground: .red, bold: true), .plain])
    #expect(t.lines[0].map { String(decoding: $0.bytes, as: UTF8.self) } == ["a", "red", " b"])
    #expect(t.lines[1] == [.init(bytes: Array("x".utf8), style: Style(foreground: .palette(208)))])
    #expect(t.lines[2].map(\.style) == [Style(foreground: .palette(208)), Style(underline: true)])
  }

  @Test func `bright, background, 24-bit and colon forms; 24-bit colours stay 24-bit`() {
    let t = text("\u{1B}[92;104mA\u{1B}[0;48;2;255;0;0mB\u{1B}[0;38:5:33mC\u{1B}[0;38:2::1:2:3mD\u{1B}[3;9mE")
    #expect(
      t.lines[0].map(\.style) == [
        Style(foreground: .palette(10), background: .palette(12)),
        Style(background: .rgb(255, 0, 0)),
        Style(foreground: .palette(33)),
        Style(foreground: .rgb(1, 2, 3)),
        Style(foreground: .rgb(1, 2, 3), italic: true, strikethrough: true),
      ])
  }

  @Test func `other escape sequences and controls are dropped whole`() {
    let input =
      "a\u{1B}[2J\u{1B}[10;5Hb\u{1B}]0;title\u{07}c\u{1B}]8;;http://x\u{1B}\\d\u{1B}(Be\u{1B}7f"
      + "\r\u{08}\u{07}g\u{7F}\u{1B}[?1049hh\u{1B}P1$r\u{1B}\\i\u{1B}[>4;1mj\u{1B}[1 qk"
    let t = text(input)
    #expect(t.lines.count == 1)
    #expect(plain(t.lines[0]) == "abcdefghijk")
    #expect(t.lines[0].allSatisfy { $0.style == .plain })
  }

  @Test func `a sequence split across reads is still understood`() {
    var t = PreviewText()
    for byte in Array("x\u{1B}[3".utf8) { t.append([byte]) }
    t.append(Array("2my\u{1B}".utf8))
    t.append(Array("]2;t\u{07}z".utf8))
    #expect(plain(t.lines[0]) == "xyz")
    #expect(t.lines[0].map(\.style) == [.plain, Style(foreground: .green)])
  }

  @Test func `empty lines count; output is bounded by lines and bytes`() {
    #expect(text("a\n\nb\n").lines.count == 3)
    var many = PreviewText()
    many.append(Array(String(repeating: "x\n", count: PreviewText.maxLines + 5).utf8))
    #expect(many.lines.count == PreviewText.maxLines)
    #expect(many.isTruncated)
    var big = PreviewText()
    big.append([UInt8](repeating: UInt8(ascii: "y"), count: PreviewText.maxBytes + 10))
    #expect(big.isTruncated)
    #expect(big.lines[0].reduce(0) { $0 + $1.bytes.count } == PreviewText.maxBytes)
  }

  @Test func `rows cut at the pane edge or wrap, never splitting a wide character`() {
    let line = text("ab日本cd").lines[0]
    let cut = PreviewText.rows(ofLine: line, width: 5, wraps: false)
    #expect(cut.map { $0.map(\.text).joined() } == ["ab日"])
    let wrapped = PreviewText.rows(ofLine: line, width: 5, wraps: true)
    #expect(wrapped.map { $0.map(\.text).joined() } == ["ab日", "本cd"])
    #expect(wrapped.allSatisfy { $0.reduce(0) { $0 + $1.columns } <= 5 })
  }

  @Test func `a wrapped row starts with the wrap sign, when it leaves room for text`() {
    let line = text("ab日本cdef").lines[0]
    let sign = Span("↳ ", columns: 2, style: Style(dim: true))
    let wrapped = PreviewText.rows(ofLine: line, width: 5, wraps: true, wrapSign: sign)
    #expect(wrapped.map { $0.map(\.text).joined() } == ["ab日", "↳ 本c", "↳ def"])
    #expect(wrapped[1].first == sign)
    #expect(wrapped.allSatisfy { $0.reduce(0) { $0 + $1.columns } <= 5 })
    // A sign as wide as the pane is left out.
    let narrow = PreviewText.rows(ofLine: text("abcd").lines[0], width: 2, wraps: true, wrapSign: sign)
    #expect(narrow.map { $0.map(\.text).joined() } == ["ab", "cd"])
  }

  @Test func `tabs expand; C1 and bidi controls and invalid bytes are drawn as placeholders`() {
    let t = PreviewText([
      UInt8(ascii: "a"), 0x09, UInt8(ascii: "b"), 0xC2, 0x85, 0xE2, 0x80, 0x8F, 0xFF,
    ])
    let rows = PreviewText.rows(ofLine: t.lines[0], width: 40, wraps: false, tabstop: 4)
    #expect(rows[0].map(\.text).joined() == "a   b\u{FFFD}\u{21C6}\u{FFFD}")
  }
}

extension PreviewTextTests {
  @Test func `a megabyte-long line is cut or wrapped to the rows asked for`() {
    var t = PreviewText()
    t.append([UInt8](repeating: UInt8(ascii: "w"), count: PreviewText.maxBytes - 1))
    let cut = PreviewText.rows(ofLine: t.lines[0], width: 10, wraps: false)
    #expect(cut.map { $0.map(\.text).joined() } == ["wwwwwwwwww"])
    let wrapped = PreviewText.rows(ofLine: t.lines[0], width: 10, wraps: true, maximumRows: 3)
    #expect(wrapped.count == 3)
    #expect(wrapped.allSatisfy { $0.map(\.text).joined() == "wwwwwwwwww" })
  }
}
