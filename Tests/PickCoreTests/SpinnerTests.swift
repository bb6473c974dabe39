import Testing

@testable import PickCore

// --no-spinner (issue 19, reduced motion): while input streams in, the
// spinner turns by itself; without it, the frame changes only when
// something happens.

/// The info row of a picker whose input is still open (or has ended), at two moments.
private func infoRows(_ arguments: [String], info: InfoStyle = InfoStyle(), open: Bool = true) throws -> (
  String, String
) {
  let parsed = try OptionParser.parse(arguments: arguments.map { Array($0.utf8) })
  var p = try PickerHarness(["apple", "banana"], isInputOpen: open) { options in
    options.spinner = parsed.spinner
    options.info = info
  }
  let row = info.placement == .inline ? 0 : 1
  let first = p.frame(width: 30, height: 5).rows[row].map(\.text).joined()
  p.now += PickerTunables.spinnerInterval
  let second = p.frame(width: 30, height: 5).rows[row].map(\.text).joined()
  return (first, second)
}

@Suite struct SpinnerTests {
  @Test func `the spinner turns while input streams in, unless --no-spinner`() throws {
    let (turning1, turning2) = try infoRows([])
    #expect(turning1 != turning2, "\(turning1) / \(turning2)")
    let (still1, still2) = try infoRows(["--no-spinner"])
    #expect(still1 == still2)
    #expect(still1.hasPrefix("  2/2"), "\(still1)")
    #expect(try infoRows(["--no-spinner", "--spinner"]).0 != infoRows(["--no-spinner", "--spinner"]).1)
  }

  @Test func `no info style draws a spinner under --no-spinner`() throws {
    for placement in [InfoStyle.Placement.default, .right, .inline, .inlineRight] {
      let (first, second) = try infoRows(["--no-spinner"], info: InfoStyle(placement))
      #expect(first == second, "\(placement)")
      // The text is what it is once input has ended, when no spinner is drawn.
      #expect(first == (try infoRows([], info: InfoStyle(placement), open: false)).0, "\(placement)")
    }
  }
}
