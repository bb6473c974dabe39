import PickTestSupport
import Testing

@testable import PickCore

// Golden frames with --border, --border-label, --margin and --padding: the
// layout's frame placed inside the decoration. The right-hand line stays two
// columns short of the edge (Docs/Design.md, Drawing).

private func picker(
  _ items: [String] = ["apple", "banana", "cherry"], multi: Int? = nil,
  _ configure: @escaping (inout FrameDecoration) -> Void
) throws -> PickerHarness {
  try PickerHarness(items, multi: multi) { options in
    configure(&options.decoration)
    options.mouse = true
  }
}

@Suite struct BorderGoldenFrameTests {
  @Test func `--border draws a rounded box two columns short of the right edge`() throws {
    var p = try picker { $0.shape = .rounded }
    let frame = p.frame(width: 20, height: 7)
    expectScreen(
      frame,
      """
      ╭────────────────╮
      │ >              │
      │   3/3          │
      │ >  apple       │
      │    banana      │
      │    cherry      │
      ╰────────────────╯
      """)
    #expect(frame.cursor == CursorPosition(row: 1, column: 4))
    #expect(p.state.listHeight == 3)
  }

  @Test(arguments: [
    (BorderShape.sharp, "┌────────┐", "└────────┘"),
    (.bold, "┏━━━━━━━━┓", "┗━━━━━━━━┛"),
    (.double, "╔════════╗", "╚════════╝"),
    (.dashed, "╭╶╶╶╶╶╶╶╶╮", "╰╶╶╶╶╶╶╶╶╯"),
    (.block, "▛▀▀▀▀▀▀▀▀▜", "▙▄▄▄▄▄▄▄▄▟"),
    (.thinblock, "🭽▔▔▔▔▔▔▔▔🭾", "🭼▁▁▁▁▁▁▁▁🭿"),
  ])
  func `each box style draws its own glyphs`(shape: BorderShape, top: String, bottom: String) throws {
    var p = try picker(["a"]) { $0.shape = shape }
    let (left, right) = (shape.glyphs.left, shape.glyphs.right)
    expectScreen(
      p.frame(width: 12, height: 5),
      [top, "\(left) >      \(right)", "\(left)   1/1  \(right)", "\(left) >  a   \(right)", bottom]
        .joined(separator: "\n"))
  }

  @Test func `every glyph is one column wide`() {
    for shape in BorderShape.allCases {
      let glyphs = shape.glyphs
      for glyph in [glyphs.top, glyphs.bottom, glyphs.left, glyphs.right] + [
        glyphs.topLeft, glyphs.topRight, glyphs.bottomLeft, glyphs.bottomRight,
      ] {
        #expect(DisplayWidth.columns(of: glyph) == 1, "\(shape) \(glyph)")
      }
    }
  }

  @Test func `horizontal, top and bottom draw lines only; vertical, left and right sides only`() throws {
    var p = try picker(["a"]) { $0.shape = .horizontal }
    expectScreen(p.frame(width: 10, height: 5), "────────\n>\n  1/1\n>  a\n────────")
    p = try picker(["a"]) { $0.shape = .top }
    expectScreen(p.frame(width: 10, height: 4), "────────\n>\n  1/1\n>  a")
    p = try picker(["a"]) { $0.shape = .bottom }
    expectScreen(p.frame(width: 10, height: 4), ">\n  1/1\n>  a\n────────")
    p = try picker(["a"]) { $0.shape = .vertical }
    expectScreen(p.frame(width: 12, height: 3), "│ >      │\n│   1/1  │\n│ >  a   │")
    p = try picker(["a"]) { $0.shape = .left }
    expectScreen(p.frame(width: 10, height: 3), "│ >\n│   1/1\n│ >  a")
    p = try picker(["a"]) { $0.shape = .right }
    expectScreen(p.frame(width: 12, height: 3), ">        │\n  1/1    │\n>  a     │")
  }

  @Test func `none, and line full screen, leave the frame as it is`() throws {
    var plain = try PickerHarness(["a", "b"])
    let expected = plain.frame(width: 12, height: 4)
    for shape in [BorderShape.none, .line] {
      var options = Options()
      options.decoration.shape = shape
      #expect(PickerConfiguration(options: options).decoration.isEmpty)
      var p = try picker(["a", "b"]) { $0.shape = shape }
      #expect(p.frame(width: 12, height: 4) == expected)
    }
  }

  @Test func `the default layout inside a border: prompt on the last content row, the cursor with it`() throws {
    var p = try PickerHarness(["a", "b"]) {
      $0.decoration.shape = .rounded
      $0.layout = .default
    }
    let frame = p.frame(width: 12, height: 7)
    expectScreen(frame, "╭────────╮\n│        │\n│    b   │\n│ >  a   │\n│   2/2  │\n│ >      │\n╰────────╯")
    #expect(frame.cursor == CursorPosition(row: 5, column: 4))
  }

  @Test func `a huge label position is clamped, not overflowed`() throws {
    var label = BorderLabel(text: Array("hi".utf8))
    try label.setPosition(Array("-9223372036854775808".utf8))
    #expect(label.startColumn(length: 2, width: 10) == 0)
    try label.setPosition(Array("9223372036854775807".utf8))
    #expect(label.startColumn(length: 2, width: 10) == 8)
  }

  @Test func `line is a top line inline (--height)`() {
    var options = Options()
    options.decoration.shape = .line
    options.height = HeightSpec(value: 10)
    #expect(PickerConfiguration(options: options).decoration.shape == .top)
  }
}

@Suite struct BorderLabelFrameTests {
  private func topLine(_ position: String, label: String = "hi", shape: BorderShape = .rounded) throws -> (
    String, String
  ) {
    var p = try picker(["a"]) {
      $0.shape = shape
      $0.label.text = Array(label.utf8)
      try? $0.label.setPosition(Array(position.utf8))
    }
    let lines = p.frame(width: 14, height: 5).plainText.split(separator: "\n").map(String.init)
    return (lines[0], lines[4])
  }

  @Test(arguments: [
    ("0", "╭────hi────╮  ", "╰──────────╯  "),
    ("center", "╭────hi────╮  ", "╰──────────╯  "),
    ("1", "hi─────────╮  ", "╰──────────╯  "),
    ("3", "╭─hi───────╮  ", "╰──────────╯  "),
    ("-1", "╭─────────hi  ", "╰──────────╯  "),
    ("-3", "╭───────hi─╮  ", "╰──────────╯  "),
    ("3:bottom", "╭──────────╮  ", "╰─hi───────╯  "),
    ("bottom", "╭──────────╮  ", "╰────hi────╯  "),
    ("99", "╭─────────hi  ", "╰──────────╯  "),
    ("-99", "hi─────────╮  ", "╰──────────╯  "),
  ])
  func `the label's position follows fzf's rules`(position: String, top: String, bottom: String) throws {
    let (first, last) = try topLine(position)
    #expect(first == top)
    #expect(last == bottom)
  }

  @Test func `a label wider than the line is cut with an ellipsis; a bottom-only border takes it below`() throws {
    let long = try topLine("0", label: "a long label here").0
    #expect(long == "a long labe…  ", "\(long)")
    #expect(try topLine("0", shape: .bottom).1 == "─────hi─────  ")
    #expect(try topLine("0:bottom", shape: .top).0 == "─────hi─────  ")
  }

  @Test func `a label is drawn in the label style, the lines in the border style`() throws {
    var p = try picker(["a"]) {
      $0.label.text = Array("hi".utf8)
      $0.shape = .rounded
      $0.labelStyle = Style(bold: true)
    }
    let row = p.frame(width: 14, height: 5).rows[0]
    #expect(row.map(\.text) == ["╭────", "hi", "────╮"])
    #expect(row[1].style == Style(bold: true))
    #expect(row[0].style == Style(foreground: .palette(8)))
  }

  @Test func `controls in a label are drawn as their pictures`() throws {
    let (first, _) = try topLine("0", label: "a\u{1B}b")
    #expect(first == "╭───a␛b────╮  ")
  }
}

@Suite struct MarginPaddingFrameTests {
  @Test func `a margin is blank around the border, a padding blank inside it`() throws {
    var p = try picker(["a"]) {
      $0.shape = .sharp
      $0.margin = try! EdgeSizes.parse(Array("1,3".utf8))
      $0.padding = try! EdgeSizes.parse(Array("0,1".utf8))
    }
    let frame = p.frame(width: 20, height: 7)
    expectScreen(
      frame,
      """

         ┌────────────┐
         │  >         │
         │    1/1     │
         │  >  a      │
         └────────────┘

      """)
    #expect(frame.cursor == CursorPosition(row: 2, column: 8))
  }

  @Test func `margins alone move the frame; the right margin is not widened without a line`() throws {
    var p = try picker(["a"]) { $0.margin = try! EdgeSizes.parse(Array("1,0,0,2".utf8)) }
    expectScreen(p.frame(width: 10, height: 4), "\n  >\n    1/1\n  >  a")
  }

  @Test func `percentages count from the screen's height and width`() throws {
    var p = try picker(["a"]) { $0.margin = try! EdgeSizes.parse(Array("25%,10%".utf8)) }
    // 25% of 8 rows is 2, 10% of 20 columns is 2.
    expectScreen(p.frame(width: 20, height: 8), "\n\n  >\n    1/1\n  >  a\n\n\n")
    #expect(p.state.listHeight == 2)
  }

  @Test func `margins and paddings shrink on a small screen; lines too big leave the frame undecorated`() throws {
    var p = try picker(["a"]) {
      $0.shape = .rounded
      $0.margin = .init(top: .cells(10), right: .cells(10), bottom: .cells(10), left: .cells(10))
    }
    let frame = p.frame(width: 20, height: 9)
    expectFits(frame)
    #expect(frame.plainText.contains("╭"))
    #expect(p.state.listHeight >= 1)
    var tiny = try picker(["a"]) { $0.shape = .rounded }
    // `1/1` does not fit in the info row: left out, not cut to `1…`.
    expectScreen(tiny.frame(width: 4, height: 2), ">\n")
  }

  @Test(arguments: [
    ("1", EdgeSizes(top: .cells(1), right: .cells(1), bottom: .cells(1), left: .cells(1))),
    ("1,2", EdgeSizes(top: .cells(1), right: .cells(2), bottom: .cells(1), left: .cells(2))),
    ("1,2,3", EdgeSizes(top: .cells(1), right: .cells(2), bottom: .cells(3), left: .cells(2))),
    ("1,2,3,4", EdgeSizes(top: .cells(1), right: .cells(2), bottom: .cells(3), left: .cells(4))),
    ("10%,2.5%", EdgeSizes(top: .percent(10), right: .percent(2.5), bottom: .percent(10), left: .percent(2.5))),
    ("49%", EdgeSizes(top: .percent(49), right: .percent(49), bottom: .percent(49), left: .percent(49))),
  ])
  func `margin and padding take fzf's forms`(text: String, sizes: EdgeSizes) throws {
    #expect(try EdgeSizes.parse(Array(text.utf8)) == sizes)
    let options = try OptionParser.parse(arguments: [
      Array("--margin=\(text)".utf8), Array("--padding".utf8), Array(text.utf8),
    ])
    #expect(options.decoration.margin == sizes)
    #expect(options.decoration.padding == sizes)
  }

  @Test(arguments: [
    ("", "a size is N or N% (N a non-negative whole number)"),
    ("1,2,3,4,5", "expected 1 to 4 comma-separated sizes: TRBL, TB,RL, T,RL,B or T,R,B,L"),
    ("-1", "a size is N or N% (N a non-negative whole number)"),
    ("1.5", "a size is N or N% (N a non-negative whole number)"),
    ("50%", "at most 49%"),
    ("x%", "a size is N or N% (N a non-negative number)"),
    ("1,,2", "a size is N or N% (N a non-negative whole number)"),
  ])
  func `a bad margin is a usage error that says why`(text: String, reason: String) {
    #expect(throws: OptionError("option --margin: invalid value '\(text)' (\(reason))")) {
      try OptionParser.parse(arguments: [Array("--margin=\(text)".utf8)])
    }
  }
}

@Suite struct BorderOptionTests {
  private func parse(_ words: String...) throws -> FrameDecoration {
    try OptionParser.parse(arguments: words.map { Array($0.utf8) }).decoration
  }

  @Test func `--border is rounded; a style attaches; --no-border removes it`() throws {
    #expect(try parse("--border").shape == .rounded)
    #expect(try parse("--border=double").shape == .double)
    #expect(try parse("--border=thinblock", "--no-border").shape == BorderShape.none)
    #expect(throws: OptionError.self) { try parse("--border=wavy") }
    #expect(throws: OptionError.self) { try parse("--border", "sharp") }
  }

  @Test func `--border-label and its position`() throws {
    let decoration = try parse("--border-label", "hi", "--border-label-pos=-3:bottom")
    #expect(decoration.label == BorderLabel(text: Array("hi".utf8), column: -3, isBottom: true))
    #expect(try parse("--border-label-pos=bottom:5").label.column == 5)
    #expect(try parse("--border-label=hi", "--no-border-label").label.text.isEmpty)
    #expect(throws: OptionError.self) { try parse("--border-label-pos=left") }
  }
}

@Suite struct BorderControllerTests {
  @Test func `a click lands on the row drawn under it, through the border and margin`() throws {
    var p = try picker { decoration in
      decoration.shape = .rounded
      decoration.margin = .init(top: .cells(1), right: .cells(0), bottom: .cells(0), left: .cells(3))
    }
    _ = p.frame(width: 30, height: 9)
    // Row 1 is the margin, row 2 the top line, then prompt, info, apple, banana.
    p.press(bytes: Array("\u{1B}[<0;8;6M".utf8))
    #expect(p.current == "banana")
    // A click on the bottom line or in the margin hits nothing.
    p.press(bytes: Array("\u{1B}[<0;8;9M".utf8))
    p.press(bytes: Array("\u{1B}[<0;2;5M".utf8))
    #expect(p.current == "banana")
  }

  @Test func `a click in the query line places the text cursor by the content's columns`() throws {
    var p = try picker { $0.shape = .sharp }
    p.type("apple")
    _ = p.frame(width: 30, height: 8)
    // "│ > apple": the query starts at column 5 (1-based); column 6 is between a and p.
    p.press(bytes: Array("\u{1B}[<0;6;2M".utf8))
    #expect(p.frame(width: 30, height: 8).cursor == CursorPosition(row: 1, column: 5))
  }

  @Test func `inline with --height the border is inside the height`() throws {
    var p = try PickerHarness(["1", "2", "3", "4", "5"]) {
      $0.decoration.shape = .rounded
      $0.height = HeightSpec(value: 6)
    }
    expectScreen(
      p.frame(width: 12, height: 6),
      """
      ╭────────╮
      │ >      │
      │   5/5  │
      │ >  1   │
      │    2   │
      ╰────────╯
      """)
    #expect(p.state.listHeight == 2)
  }
}

@Suite struct BorderPreviewTests {
  @Test func `the preview pane is inside the border, and a click beside it still lands on the list`() throws {
    var p = try picker { $0.shape = .sharp }
    var pane = PreviewPane(spec: try PreviewWindowSpec().applying(Array("right,50%,noborder".utf8)))
    pane.text = PreviewText(Array("one\ntwo".utf8))
    let frame = p.frame(width: 30, height: 7, preview: pane)
    expectScreen(
      frame,
      """
      ┌──────────────────────────┐
      │ >           one          │
      │   3/3       two          │
      │ >  apple                 │
      │    banana                │
      │    cherry                │
      └──────────────────────────┘
      """)
    p.press(bytes: Array("\u{1B}[<0;5;5M".utf8))
    #expect(p.current == "banana")
    // The wheel over the pane scrolls the pane, not the list.
    p.press(bytes: Array("\u{1B}[<65;18;5M".utf8))
    #expect(p.current == "banana")
  }
}
