import PickTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Issue 19 on a real terminal: `--accessible` (and `ACCESSIBLE=1`) leave
/// the terminal's cursor on the current row after every frame, the
/// multi-select hint, narrow windows and `NO_COLOR`.
@Suite(.serialized) struct AccessibleEndToEndTests {
  /// The screen after each frame pick drew (each ends by showing the
  /// cursor, `ESC[?25h`, or by hiding it), replayed from its output.
  static func screensAfterEachFrame(_ picker: Picker) -> [VirtualTerminal] {
    let bytes = picker.pty.outputBytes
    let show: [UInt8] = Array("\u{1B}[?25h".utf8)
    var screens: [VirtualTerminal] = []
    var index = 0
    while index + show.count <= bytes.count {
      if Array(bytes[index..<(index + show.count)]) == show {
        var terminal = VirtualTerminal(width: picker.columns, height: picker.rows)
        terminal.feed(Array(bytes[..<(index + show.count)]))
        screens.append(terminal)
      }
      index += 1
    }
    return screens
  }

  /// Whether the cursor is on the first column of the row that holds the
  /// pointer (`>` in the first column, below the prompt), or, when no row
  /// does (no item yet), in the query after the prompt `> `.
  static func isOnCurrentRow(_ screen: VirtualTerminal) -> Bool {
    let (row, column) = screen.cursor
    guard (1..<screen.height).contains(where: { screen.row($0).hasPrefix(">") }) else {
      return row == 0 && column >= 2
    }
    return row > 0 && column == 0 && screen.row(row).hasPrefix(">")
  }

  @Test func `ACCESSIBLE=1: after every frame the cursor is on the current row`() throws {
    let picker = try Picker(
      ["-m"], items: "apple\nbanana\ncherry\n", rows: 8, columns: 40, environment: ["ACCESSIBLE": "1"])
    var screen = try picker.waitFor("0 of 3 selected")
    #expect(screen.cursor == (3, 0))
    picker.send([0x0E])  // Ctrl-N: down
    screen = try picker.waitFor { $0.cursor == (4, 0) }
    #expect(screen.row(4).hasPrefix(">  banana"))
    picker.send("\t")
    screen = try picker.waitFor("1 of 3 selected")
    #expect(screen.row(4).hasPrefix(" * banana"))
    #expect(screen.cursor == (5, 0))
    picker.send("ch")
    screen = try picker.waitFor("1/3")
    let frames = Self.screensAfterEachFrame(picker)
    #expect(frames.count >= 4)
    for frame in frames {
      let isOnCurrentRow = Self.isOnCurrentRow(frame)
      #expect(isOnCurrentRow, "cursor \(frame.cursor) on\n\(frame.screenText)")
    }
    picker.send("\r")
    try picker.expectExit(status: 0, stdout: "banana\n")
  }

  @Test func `--no-accessible wins over ACCESSIBLE; the cursor stays in the query`() throws {
    let picker = try Picker(
      ["-m", "--no-accessible"], items: "apple\nbanana\n", rows: 8, columns: 40,
      environment: ["ACCESSIBLE": "1"])
    let screen = try picker.waitFor("2/2")
    #expect(screen.cursor == (0, 2))
    #expect(!screen.screenText.contains("selected"))
    picker.send([0x1B])
    try picker.expectExit(status: 130, stdout: "")
  }

  @Test func `--accessible: nothing moves while input streams in`() throws {
    let picker = try Picker(["--accessible"], items: "one\ntwo\n", rows: 6, columns: 30, keepStdinOpen: true)
    _ = try picker.waitFor("2/2")
    let before = Self.screensAfterEachFrame(picker).count
    usleep(400_000)  // four of the spinner's turns
    let frames = Self.screensAfterEachFrame(picker).dropFirst(before - 1).map(\.screenText)
    #expect(frames.count == 1)
    #expect(!frames.contains { $0.contains("-") || $0.contains("\\") || $0.contains("|") || $0.contains("/ ") })
    picker.send([0x1B])
    try picker.expectExit(status: 130, stdout: "")
  }

  @Test func `NO_COLOR: the current row is reversed and its matches underlined`() throws {
    let picker = try Picker(["-q", "ban"], items: "apple\nbanana\n", environment: ["NO_COLOR": "1"])
    let screen = try picker.waitFor("1/2")
    #expect(screen.style(atRow: 2, column: 3) == .init(bold: true, underline: true, reverse: true))
    #expect(screen.style(atRow: 2, column: 6) == .init(bold: true, reverse: true))
    picker.send([0x1B])
    try picker.expectExit(status: 130, stdout: "")
  }

  @Test func `multi mode hints its keys until the first key`() throws {
    let picker = try Picker(["-m"], items: "one\ntwo\n", rows: 6, columns: 80)
    var screen = try picker.waitFor("2/2")
    #expect(screen.row(1).hasPrefix("  2/2  Tab select  Ctrl-A all  Ctrl-S review  Enter accept  Esc cancel"))
    picker.send("\t")
    screen = try picker.waitFor("1 of 2")
    #expect(screen.row(1) == "  2/2".padded(to: 80))
    picker.send("\r")
    try picker.expectExit(status: 0, stdout: "one\n")
  }
}
