import PickTestSupport
import Testing

@testable import PickCore

// Golden frames with a preview pane: where the pane goes for each side and
// size, its border, the scroll position, the status line, hidden panes.

@Suite struct PreviewGoldenFrameTests {
  private static let output = "line one\nline two is long\n\u{1B}[31mred\u{1B}[0m\n4\n5\n6\n7\n8"

  private func pane(_ spec: String, text: String = output, scroll: Int = 0, status: String? = nil)
    throws
    -> PreviewPane
  {
    var pane = PreviewPane(spec: try PreviewWindowSpec().applying(Array(spec.utf8)))
    pane.text = PreviewText(Array(text.utf8))
    pane.scroll = scroll
    pane.status = status
    return pane
  }

  @Test
  func `the default pane: right half, rounded border, position, two free columns at the edge`()
    throws
  {
    var p = try PickerHarness(["apple", "banana", "cherry"])
    let pane = try pane("right")
    let frame = p.frame(width: 30, height: 7, preview: pane)
    expectScreen(
      frame,
      """
      >              ╭───────────╮
        3/3          │ line  1/8 │
      >  apple       │ line two  │
         banana      │ red       │
         cherry      │ 4         │
                     │ 5         │
                     ╰───────────╯
      """)
    // The text cursor stays on the prompt; the list kept its own width.
    #expect(frame.cursor == CursorPosition(row: 0, column: 2))
    #expect(p.state.listHeight == 5)
    // The ANSI colour of the output is drawn.
    let red = frame.rows[3].first { $0.text == "red" }
    #expect(red?.style.foreground == .red)
  }

  @Test func `a failed command's status stays in view under the output`() throws {
    var p = try PickerHarness(["apple"])
    let pane = try pane("down,50%,border-top", status: "[exit status 1]")
    expectScreen(
      p.frame(width: 30, height: 7, preview: pane),
      """
      >
        1/1
      >  apple

      ────────────────────────────
      line one                 1/8
      [exit status 1]
      """)
  }

  @Test func `a pane above everything, N rows of text under its border; scrolled output shows its position`() throws {
    var p = try PickerHarness(["apple", "banana"])
    let pane = try pane("up,2", scroll: 2)
    let frame = p.frame(width: 30, height: 8, preview: pane)
    expectScreen(
      frame,
      """
      ╭──────────────────────────╮
      │ red                  3/8 │
      │ 4                        │
      ╰──────────────────────────╯
      >
        2/2
      >  apple
         banana
      """)
    #expect(frame.cursor == CursorPosition(row: 4, column: 2))
  }

  @Test func `a pane on the left without a border, then a blank column, then the list`() throws {
    var p = try PickerHarness(["apple", "banana"])
    p.press("b")
    let pane = try pane("left,40%,noborder", text: "one\ntwo")
    let frame = p.frame(width: 30, height: 4, preview: pane)
    expectScreen(
      frame,
      """
      one         > b
      two           1/2
                  >  banana

      """)
    #expect(frame.cursor == CursorPosition(row: 0, column: 15))
  }

  @Test func `wrap continues long lines after the wrap sign; border-line faces the list`() throws {
    var p = try PickerHarness(["apple"])
    let pane = try pane("right,8,border-line,wrap", text: "line two is long\nend")
    let frame = p.frame(width: 30, height: 5, preview: pane)
    expectScreen(
      frame,
      """
      >                 │ line two
        1/1             │ ↳  is lo
      >  apple          │ ↳ ng
                        │ end
                        │
      """)
    #expect(frame.rows[1].contains { $0.text == "↳ " && $0.style.dim })
  }

  @Test func `--preview-wrap-sign sets the pane's sign`() throws {
    var p = try PickerHarness(["apple"]) { $0.previewWrapSign = Array("+".utf8) }
    let pane = try pane("right,8,border-line,wrap", text: "line two is long")
    expectScreen(
      p.frame(width: 30, height: 3, preview: pane),
      """
      >                 │ line two
        1/1             │ + is lon
      >  apple          │ +g
      """)
  }

  @Test func `a size in cells is the text's size, the border comes on top (fzf's test_preview_hidden)`() throws {
    var p = try PickerHarness(["apple"])
    expectScreen(
      p.frame(width: 30, height: 7, preview: try pane("down,1", text: "one\ntwo")),
      """
      >
        1/1
      >  apple

      ╭──────────────────────────╮
      │ one                  1/2 │
      ╰──────────────────────────╯
      """)
    let frame = p.frame(width: 40, height: 3, preview: try pane("right,10", text: "0123456789ABC"))
    expectScreen(
      frame,
      """
      >                       ╭────────────╮
        1/1                   │ 0123456789 │
      >  apple                ╰────────────╯
      """)
  }

  @Test func `a hidden pane draws the plain picker; a pane with no room is left out`() throws {
    var p = try PickerHarness(["apple"])
    let plain = p.frame(width: 30, height: 4)
    let hidden = try pane("right,hidden")
    #expect(p.frame(width: 30, height: 4, preview: hidden) == plain)
    let tooBig = try pane("up,100%")
    let frame = p.frame(width: 30, height: 2, preview: tooBig)
    expectScreen(frame, ">\n  1/1")
  }
}
