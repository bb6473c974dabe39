import PickTestSupport
import Testing

@testable import PickCore

/// Issue 19, `--accessible` (Docs/Accessibility.md): the terminal's cursor
/// sits on the current row after every frame, the rows carry text signs,
/// nothing moves by itself, the selection is said in words, and a frame
/// rewrites only the rows that changed.
@Suite struct AccessibilityTests {
  /// A picker under `--accessible` (multi mode, no keys' hint) and `arguments`.
  static func picker(
    _ arguments: [String] = [], items: [String] = ["apple", "banana", "cherry", "date"], isInputOpen: Bool = false
  ) throws -> PickerHarness {
    let options = try OptionParser.parse(
      arguments: (["-m", "--accessible", "--no-hint"] + arguments).map { Array($0.utf8) })
    return try PickerHarness(items, multi: options.multi, isInputOpen: isInputOpen) { $0 = options }
  }

  @Test func `the cursor sits on the current row's first column after every frame`() throws {
    var p = try Self.picker()
    let first = p.frame(width: 30, height: 8)
    expectScreen(
      first,
      """
      >
        4/4  0 of 4 selected
        [ ] All               0 of 4
      >  apple
         banana
         cherry
         date

      """)
    #expect(first.cursor == CursorPosition(row: 3, column: 0))
    p.press("down")
    #expect(p.frame(width: 30, height: 8).cursor == CursorPosition(row: 4, column: 0))
    p.press("tab")
    let afterTab = p.frame(width: 30, height: 8)
    #expect(afterTab.cursor == CursorPosition(row: 5, column: 0))
    expectScreen(
      afterTab,
      """
      >
        4/4  1 of 4 selected
        [-] All               1 of 4
         apple
       * banana
      >  cherry
         date

      """)
  }

  @Test func `with no item on screen the cursor goes back to the query`() throws {
    var p = try Self.picker()
    p.type("zz")
    #expect(p.frame(width: 30, height: 8).cursor == CursorPosition(row: 0, column: 4))
  }

  @Test func `without --accessible the cursor stays in the query`() throws {
    var p = try PickerHarness(["apple", "banana"], multi: .max)
    p.press("down")
    #expect(p.frame(width: 30, height: 8).cursor == CursorPosition(row: 0, column: 2))
  }

  @Test func `the cursor follows the current row in every layout, inside a border and with sections`() throws {
    var reverse = try Self.picker(["--layout=default"])
    // The default layout: the prompt at the bottom, the best match just above the select-all row.
    #expect(reverse.frame(width: 30, height: 8).cursor == CursorPosition(row: 4, column: 0))
    reverse.press("up")
    #expect(reverse.frame(width: 30, height: 8).cursor == CursorPosition(row: 3, column: 0))

    var bordered = try Self.picker(["--border", "--margin=1,3"])
    let frame = bordered.frame(width: 30, height: 10)
    // The margin's row and the border's line come first; the row's first column is inside them.
    let row = try #require(frame.cursor).row
    let line = Array(frame.plainText.split(separator: "\n", omittingEmptySubsequences: false)[row])
    #expect(String(line[(try #require(frame.cursor).column)...]).hasPrefix(">  apple"))

    for layout in ["reverse", "default"] {
      var sections = try Self.picker(["--input-border", "--list-border", "--layout=\(layout)"])
      let frame = sections.frame(width: 30, height: 12)
      let cursor = try #require(frame.cursor)
      let line = Array(frame.plainText.split(separator: "\n", omittingEmptySubsequences: false)[cursor.row])
      #expect(String(line[cursor.column...]).hasPrefix(">  apple"), "\(layout)")
    }
  }

  @Test func `empty signs become text signs a screen reader reads`() throws {
    var p = try Self.picker(["--pointer=", "--marker="])
    p.press("tab")
    expectScreen(
      p.frame(width: 30, height: 6),
      """
      >
        4/4  1 of 4 selected
        [-] All               1 of 4
       * apple
      >  banana
         cherry
      """)
  }

  @Test func `no spinner while input streams in`() throws {
    var p = try Self.picker(isInputOpen: true)
    let frames = (0..<4).map { tick -> String in
      p.now += PickerTunables.spinnerInterval
      p.send(.tick)
      return p.frame(width: 30, height: 6).plainText
    }
    #expect(Set(frames).count == 1)
    #expect(frames[0].split(separator: "\n")[1].hasPrefix("  4/4"))
  }

  @Test(arguments: [["--no-accessible", "--no-spinner"], ["--no-accessible", "--info=hidden"]])
  func `--no-spinner and --info=hidden stop the spinner without --accessible`(arguments: [String]) throws {
    var p = try Self.picker(arguments, isInputOpen: true)
    let frames = (0..<4).map { tick -> String in
      p.now += PickerTunables.spinnerInterval
      p.send(.tick)
      return p.frame(width: 30, height: 6).plainText
    }
    #expect(Set(frames).count == 1)
    // The spinner turns by default.
    var spinning = try Self.picker(["--no-accessible"], isInputOpen: true)
    let turning = (0..<4).map { tick -> String in
      spinning.now += PickerTunables.spinnerInterval
      spinning.send(.tick)
      return spinning.frame(width: 30, height: 6).plainText
    }
    #expect(Set(turning).count > 1)
  }

  @Test func `the selection is said in words, hidden selections too`() throws {
    var p = try Self.picker()
    p.press("tab", "tab")
    p.type("an")
    let info = p.frame(width: 60, height: 6).plainText.split(separator: "\n")[1]
    #expect(info.hasPrefix("  1/4  1 of 1 selected, 1 hidden"))
    // Narrow, the hidden count goes before the sentence is cut.
    let narrow = p.frame(width: 26, height: 6).plainText.split(separator: "\n")[1]
    #expect(narrow.trimmingSuffixSpaces == "  1/4  1 of 1 selected")
  }

  @Test func `a move rewrites only the two rows that changed`() throws {
    var p = try Self.picker()
    var renderer = FrameRenderer()
    var terminal = VirtualTerminal(width: 30, height: 8)
    expectRendered(p.frame(width: 30, height: 8), with: &renderer, on: &terminal)
    p.press("down")
    let bytes = renderer.render(p.frame(width: 30, height: 8))
    // Each rewritten row starts with an absolute move to its first column.
    let rows = String(decoding: bytes, as: UTF8.self).matches(of: /\u{1B}\[(\d+);1H/).map { Int($0.1)! }
    // Rows 4 and 5 (1-based) are redrawn; the last move is the cursor's, to row 5.
    #expect(rows == [4, 5, 5])
    terminal.feed(bytes)
    #expect(terminal.cursor == (4, 0))
  }
}

extension Substring {
  fileprivate var trimmingSuffixSpaces: Substring {
    var text = self
    while text.last == " " { text.removeLast() }
    return text
  }
}
