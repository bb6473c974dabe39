import PickTestSupport
import Testing

@testable import PickCore

/// `--ansi` in the picker: items are shown, matched and chosen as their
/// visible text, drawn in their own colours with the highlight over them.
@Suite struct ANSIGoldenFrameTests {
  private static let red = Style(foreground: .red)
  private static let onBlue = Style(background: .blue)
  private static let match = Style(foreground: .green, bold: true)

  /// The item text of a list row (after the pointer, marker and space), as (text, style) pairs.
  private func itemSpans(_ frame: Frame, row: Int) -> [Span] {
    Array(frame.rows[row].dropFirst(3))
  }

  private func span(_ text: String, _ style: Style) -> Span {
    Span(text, columns: text.count, style: style)
  }

  private func bold(_ style: Style) -> Style {
    var style = style
    style.bold = true
    return style
  }

  private let items = ["\u{1B}[31mred\u{1B}[0m apple", "\u{1B}[44mblue\u{1B}[0m sky"]

  @Test func `items show their visible text in their own colours; the current row is bold`() throws {
    var p = try PickerHarness(items) { $0.ansi = true }
    let frame = p.frame(width: 20, height: 4)
    expectScreen(
      frame,
      """
      >
        2/2
      >  red apple
         blue sky
      """)
    #expect(itemSpans(frame, row: 2) == [span("red", bold(Self.red)), span(" apple", bold(.plain))])
    #expect(itemSpans(frame, row: 3) == [span("blue", Self.onBlue), span(" sky", .plain)])
  }

  @Test func `the highlight takes the foreground and keeps the item's background`() throws {
    var p = try PickerHarness(items, query: "u") { $0.ansi = true }
    let frame = p.frame(width: 20, height: 3)
    expectScreen(
      frame,
      """
      > u
        1/2
      >  blue sky
      """)
    var matchOnBlue = Self.match
    matchOnBlue.background = .blue
    #expect(
      itemSpans(frame, row: 2) == [
        span("bl", bold(Self.onBlue)), span("u", matchOnBlue), span("e", bold(Self.onBlue)), span(" sky", bold(.plain)),
      ])
  }

  @Test func `a highlight over a coloured word replaces its colour only where it matched`() throws {
    var p = try PickerHarness(items, query: "ed") { $0.ansi = true }
    let frame = p.frame(width: 20, height: 3)
    #expect(
      itemSpans(frame, row: 2) == [span("r", bold(Self.red)), span("ed", Self.match), span(" apple", bold(.plain))])
    #expect(p.press("enter") == .accept)
    #expect(p.chosen() == ["red apple"])
  }

  @Test func `a long coloured item cut at both ends keeps its colours; the ellipses are pick's`() throws {
    let long = "\u{1B}[32m" + String(repeating: "x", count: 200) + "\u{1B}[0mtarget" + String(repeating: "y", count: 50)
    var p = try PickerHarness([long], query: "target") { $0.ansi = true }
    let frame = p.frame(width: 24, height: 3)
    expectScreen(
      frame,
      """
      > target
        1/1
      >  …xxxtargetyyyyyyyy…
      """)
    let green = bold(Style(foreground: .green))
    #expect(
      itemSpans(frame, row: 2) == [
        span("…", bold(.plain)), span("xxx", green), span("target", Self.match), span("yyyyyyyy", bold(.plain)),
        span("…", bold(.plain)),
      ])
  }

  @Test func `colours follow characters in text that is not ASCII`() throws {
    var p = try PickerHarness(["é\u{1B}[35mça\u{1B}[0m va"]) { $0.ansi = true }
    let frame = p.frame(width: 20, height: 3)
    #expect(
      itemSpans(frame, row: 2) == [
        span("é", bold(.plain)), span("ça", bold(Style(foreground: .magenta))), span(" va", bold(.plain)),
      ])
  }

  @Test func `without --ansi the escape codes are shown as placeholders, uncoloured`() throws {
    var p = try PickerHarness(["\u{1B}[31mred"])
    let frame = p.frame(width: 20, height: 3)
    expectScreen(
      frame,
      """
      >
        1/1
      >  ␛[31mred
      """)
    #expect(itemSpans(frame, row: 2).allSatisfy { $0.style.foreground == nil })
  }
}

extension ANSIGoldenFrameTests {
  @Test func `--with-nth fields keep their colours; --header-lines are coloured too`() throws {
    // --with-nth applies to the header line as well (fzf's test_header_lines_with_nth).
    let items = ["\u{1B}[32mNAME\u{1B}[0m \u{1B}[33mTITLE\u{1B}[0m", "\u{1B}[31mone\u{1B}[0m \u{1B}[34mtwo\u{1B}[0m"]
    let second = try OptionValues.fieldRanges(Array("2".utf8))
    var p = try PickerHarness(items) {
      $0.ansi = true
      $0.withNth = .ranges(second)
      $0.headerLines = 1
    }
    let frame = p.frame(width: 20, height: 4)
    expectScreen(
      frame,
      """
      >
        1/1
         TITLE
      >  two
      """)
    #expect(Array(frame.rows[2].dropFirst()) == [Span("TITLE", columns: 5, style: Style(foreground: .yellow))])
    #expect(Array(frame.rows[3].dropFirst(3)) == [Span("two", columns: 3, style: Style(foreground: .blue, bold: true))])
  }
}
