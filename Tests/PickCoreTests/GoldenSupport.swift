import PickTestSupport
import Testing

@testable import PickCore

/// Checks that no row of `frame` is wider than the frame: neither by the
/// layout's own measure (its spans' columns) nor by the virtual terminal's
/// independent one (each padded `plainText` row is exactly `width` cells).
/// `crossCheck: false` skips the virtual terminal's measure, for emoji
/// sequences that pick (Docs/Design.md, Drawing) and that simple rule measure differently.
func expectFits(_ frame: Frame, crossCheck: Bool = true, sourceLocation: SourceLocation = #_sourceLocation) {
  #expect(frame.rows.count == frame.height, "row count", sourceLocation: sourceLocation)
  for (index, row) in frame.rows.enumerated() {
    let columns = row.reduce(0) { $0 + $1.columns }
    #expect(columns <= frame.width, "row \(index) takes \(columns) columns", sourceLocation: sourceLocation)
    for span in row where crossCheck {
      #expect(
        CellWidth.of(span.text) == span.columns, "row \(index): span \(span.text.debugDescription)",
        sourceLocation: sourceLocation)
    }
  }
  let lines = frame.plainText.split(separator: "\n", omittingEmptySubsequences: false)
  #expect(lines.count == frame.height, sourceLocation: sourceLocation)
  for (index, line) in lines.enumerated() where crossCheck {
    #expect(CellWidth.of(String(line)) == frame.width, "row \(index): \(line)", sourceLocation: sourceLocation)
  }
}

/// Compares `frame` with a literal screen, one line per row. Trailing spaces
/// are ignored on both sides so the literal stays readable; the frame must
/// still fit its width exactly (`expectFits`).
func expectScreen(
  _ frame: Frame, _ expected: String, crossCheck: Bool = true, sourceLocation: SourceLocation = #_sourceLocation
) {
  expectFits(frame, crossCheck: crossCheck, sourceLocation: sourceLocation)
  let actual = trimmedLines(frame.plainText)
  let wanted = trimmedLines(expected)
  #expect(
    actual == wanted,
    "\nexpected:\n\(boxed(wanted, width: frame.width))\nactual:\n\(boxed(actual, width: frame.width))",
    sourceLocation: sourceLocation)
}

private func trimmedLines(_ text: String) -> [String] {
  text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
    var line = Substring(line)
    while line.last == " " { line.removeLast() }
    return String(line)
  }
}

/// A screen drawn between bars, so a failure shows where the rows end.
private func boxed(_ lines: [String], width: Int) -> String {
  lines.map { "|" + $0 + String(repeating: " ", count: max(width - CellWidth.of($0), 0)) + "|" }
    .joined(separator: "\n")
}

/// Renders `frame` with `renderer` into `terminal` and checks the screen
/// shows exactly the frame, with the cursor where the frame puts it.
func expectRendered(
  _ frame: Frame, with renderer: inout FrameRenderer, on terminal: inout VirtualTerminal,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  terminal.feed(renderer.render(frame))
  #expect(terminal.screenText == frame.plainText, sourceLocation: sourceLocation)
  #expect(terminal.linesScrolled == 0, sourceLocation: sourceLocation)
  if let cursor = frame.cursor {
    #expect(terminal.cursor == (cursor.row, cursor.column), sourceLocation: sourceLocation)
  }
}
