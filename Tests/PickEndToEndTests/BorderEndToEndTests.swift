// --border on the real binary: the box is drawn on the terminal around the
// inline area (--height), Enter prints the item under the cursor, and the
// terminal is restored (Picker.expectExit checks the settings and modes).

import PickTestSupport
import Testing

@Suite(.serialized) struct BorderEndToEndTests {
  @Test func `seq 5 | pick --border --height 10 draws the box and Enter prints the item`() throws {
    let picker = try Picker(["--border", "--height", "10"], items: "1\n2\n3\n4\n5\n")
    // Answer the cursor-position query: the cursor is on row 20.
    _ = picker.pty.output(waitingFor: { $0.contains("\u{1B}[6n") }, timeout: 5)
    picker.send("\u{1B}[20;1R")
    let screen = try picker.waitFor { $0.screenText.contains("5/5") && $0.screenText.contains("╰") }
    let rows = (0..<24).map { screen.row($0) }
    let top = try #require(rows.firstIndex { $0.hasPrefix("╭") })
    // Ten rows: the top line, the prompt, the info line, five items, an empty
    // row, the bottom line; 78 columns wide, the last two left blank.
    let box = "╭" + String(repeating: "─", count: 76) + "╮  "
    #expect(rows[top] == box)
    #expect(rows[top + 1].hasPrefix("│ >"))
    #expect(rows[top + 2].hasPrefix("│   5/5"))
    #expect(rows[top + 3].hasPrefix("│ >  1"))
    #expect(rows[top + 7].hasPrefix("│    5"))
    for row in top + 1...top + 8 {
      #expect(rows[row].hasPrefix("│ ") && rows[row].hasSuffix("│  "), "row \(row): \(rows[row])")
    }
    #expect(rows[top + 9] == "╰" + String(repeating: "─", count: 76) + "╯  ")
    picker.send("\u{1B}[B\r")
    try picker.expectExit(status: 0, stdout: "2\n")
  }
}
