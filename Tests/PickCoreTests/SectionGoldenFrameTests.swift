import Testing

@testable import PickCore

// Golden frames of fzf 0.74's section borders: each section's box alone,
// the labels, `--style=full` in each layout, with a preview pane, in multi
// mode, in ASCII and on a screen too small for the boxes. The stacking is
// fzf's (checked against fzf 0.74.5 under tmux); every box stops two
// columns short of the screen's right edge, as `--border` does (row D1).

func sectionHarness(
  _ arguments: [String], items: [String] = ["apple", "banana", "cherry"], width: Int = 26, height: Int = 24
) throws -> PickerHarness {
  let options = try OptionParser.parse(arguments: arguments.map { Array($0.utf8) })
  return try PickerHarness(items, multi: options.multi, width: width, height: height) { $0 = options }
}

@Suite struct SectionGoldenFrameTests {
  @Test func `--list-border boxes the list, and the input and header inside it`() throws {
    var p = try sectionHarness(["--list-border", "--header=head"])
    let frame = p.frame(width: 24, height: 8)
    expectScreen(
      frame,
      """
      ╭────────────────────╮
      │ >                  │
      │   3/3              │
      │    head            │
      │ >  apple           │
      │    banana          │
      │    cherry          │
      ╰────────────────────╯
      """)
    #expect(frame.cursor == CursorPosition(row: 1, column: 4))
    #expect(p.state.listHeight == 3)
  }

  @Test func `--input-border boxes the prompt and info rows; the list keeps the rest`() throws {
    var p = try sectionHarness(["--input-border"], items: (1...9).map(String.init))
    let frame = p.frame(width: 24, height: 8)
    expectScreen(
      frame,
      """
      ╭────────────────────╮
      │ >                  │
      │   9/9              │
      ╰────────────────────╯
      >  1
         2
         3
         4
      """)
    #expect(frame.cursor == CursorPosition(row: 1, column: 4))
    #expect(p.state.listHeight == 4)
  }

  @Test func `--header-border boxes the header between the input and the list`() throws {
    var p = try sectionHarness(["--header-border", "--header=head"])
    expectScreen(
      p.frame(width: 24, height: 8),
      """
      >
        3/3
      ╭────────────────────╮
      │  head              │
      ╰────────────────────╯
      >  apple
         banana
         cherry
      """)
  }

  @Test func `--header-lines-border gives the header lines their own box, after the header`() throws {
    var p = try sectionHarness(
      ["--header-lines-border=sharp", "--header-lines=1", "--header=head"], items: ["h", "apple", "banana"])
    expectScreen(
      p.frame(width: 24, height: 8),
      """
      >
        2/2
         head
      ┌────────────────────┐
      │  h                 │
      └────────────────────┘
      >  apple
         banana
      """)
  }

  @Test func `--footer-border boxes the footer at the far end of the list`() throws {
    var p = try sectionHarness(["--footer-border", "--footer=foot"])
    expectScreen(
      p.frame(width: 24, height: 9),
      """
      >
        3/3
      >  apple
         banana
         cherry

      ╭────────────────────╮
      │  foot              │
      ╰────────────────────╯
      """)
    var none = try sectionHarness(["--footer-border=none", "--footer=foot"])
    expectScreen(none.frame(width: 24, height: 6), ">\n  3/3\n>  apple\n   banana\n   cherry\n   foot")
  }

  @Test func `--style=full boxes every section, labelled, in the reverse layout`() throws {
    var p = try sectionHarness([
      "--style=full", "--header=head", "--footer=foot", "--list-label=list", "--input-label=input",
      "--header-label=header", "--footer-label=foot",
    ])
    let frame = p.frame(width: 26, height: 14)
    expectScreen(
      frame,
      """
      ╭────────input─────────╮
      │ >               3/3  │
      ╰──────────────────────╯
      ╭────────header────────╮
      │    head              │
      ╰──────────────────────╯
      ╭─────────list─────────╮
      │ >  apple             │
      │    banana            │
      │    cherry            │
      ╰──────────────────────╯
      ╭─────────foot─────────╮
      │    foot              │
      ╰──────────────────────╯
      """)
    #expect(frame.cursor == CursorPosition(row: 1, column: 4))
    #expect(p.state.listHeight == 3)
  }

  @Test func `--style=full in the default layout: the input at the bottom, the header lines above the header`() throws {
    var p = try sectionHarness(
      ["--style=full", "--header=head", "--footer=foot", "--layout=default", "--header-lines=1"])
    let frame = p.frame(width: 26, height: 14)
    expectScreen(
      frame,
      """
      ╭──────────────────────╮
      │    foot              │
      ╰──────────────────────╯
      ╭──────────────────────╮
      │    cherry            │
      │ >  banana            │
      ╰──────────────────────╯
      ╭──────────────────────╮
      │    apple             │
      │    head              │
      ╰──────────────────────╯
      ╭──────────────────────╮
      │ >               2/2  │
      ╰──────────────────────╯
      """)
    #expect(frame.cursor == CursorPosition(row: 12, column: 4))
  }

  @Test func `reverse-list: the header lines head the list, outside its box`() throws {
    var p = try sectionHarness(
      ["--style=full", "--header=head", "--layout=reverse-list", "--header-lines=1"],
      items: ["h", "apple", "banana"])
    expectScreen(
      p.frame(width: 26, height: 11),
      """
           h
      ╭──────────────────────╮
      │ >  apple             │
      │    banana            │
      ╰──────────────────────╯
      ╭──────────────────────╮
      │    head              │
      ╰──────────────────────╯
      ╭──────────────────────╮
      │ >               2/2  │
      ╰──────────────────────╯
      """)
  }

  @Test func `--header-first puts the header's box beyond the input`() throws {
    var p = try sectionHarness(["--header-border=sharp", "--header=head", "--header-first", "--input-border=line"])
    expectScreen(
      p.frame(width: 24, height: 9),
      """
      ┌────────────────────┐
      │  head              │
      └────────────────────┘
      >
        3/3
      ──────────────────────
      >  apple
         banana
         cherry
      """)
  }

  @Test func `inline header and footer sit inside the list's box, parted by lines with their labels`() throws {
    var p = try sectionHarness(
      [
        "--list-border", "--list-label=L", "--header-border=inline", "--header=head", "--header-label=H",
        "--footer-border=inline", "--footer=foot", "--footer-label=F",
      ], items: ["1", "2", "3"])
    expectScreen(
      p.frame(width: 24, height: 11),
      """
        >
          3/3
      ╭─────────L──────────╮
      │    head            │
      ├─────────H──────────┤
      │ >  1               │
      │    2               │
      │    3               │
      ├─────────F──────────┤
      │    foot            │
      ╰────────────────────╯
      """)
    var bottomUp = try sectionHarness(
      ["--list-border=sharp", "--header-border=inline", "--header=head", "--layout=default"], items: ["1", "2"])
    expectScreen(
      bottomUp.frame(width: 24, height: 8),
      """
      ┌────────────────────┐
      │    2               │
      │ >  1               │
      ├────────────────────┤
      │    head            │
      └────────────────────┘
          2/2
        >
      """)
  }

  @Test func `inline without a list box to hold it is a line`() throws {
    var p = try sectionHarness(["--header-border=inline", "--header=head"])
    expectScreen(
      p.frame(width: 24, height: 7),
      """
      >
        3/3
         head
      ──────────────────────
      >  apple
         banana
         cherry
      """)
  }
}

@Suite struct SectionGoldenFrameMoreTests {
  @Test(arguments: [
    ("0", "╭────────LL────────╮", "╰──────────────────╯"),
    ("3", "╭─LL───────────────╮", "╰──────────────────╯"),
    ("-3", "╭───────────────LL─╮", "╰──────────────────╯"),
    ("3:bottom", "╭──────────────────╮", "╰─LL───────────────╯"),
    ("bottom", "╭──────────────────╮", "╰────────LL────────╯"),
  ])
  func `a section's label goes where --border-label's would`(position: String, top: String, bottom: String) throws {
    var p = try sectionHarness(["--list-border", "--list-label=LL", "--list-label-pos=\(position)"])
    let rows = p.frame(width: 22, height: 7).plainText.split(separator: "\n").map(String.init)
    #expect(rows[0] == top + "  ")
    #expect(rows[6] == bottom + "  ")
  }

  @Test func `the input's label, on its only line`() throws {
    var p = try sectionHarness(["--input-border=bottom", "--input-label=in", "--input-label-pos=-2"])
    expectScreen(p.frame(width: 24, height: 4), ">\n  3/3\n───────────────────in─\n>  apple")
  }

  @Test func `beside a preview pane: the boxes reach the pane, which carries its own label`() throws {
    var p = try sectionHarness(["--style=full", "--list-label=L", "--preview-label=pv", "--preview-label-pos=2:bottom"])
    var pane = PreviewPane(spec: p.options.previewWindow)
    pane.text = PreviewText(Array("apple".utf8))
    expectScreen(
      p.frame(width: 30, height: 9, preview: pane),
      """
      ╭─────────────╮╭───────────╮
      │ >      3/3  ││ apple     │
      ╰─────────────╯│           │
      ╭──────L──────╮│           │
      │ >  apple    ││           │
      │    bana…    ││           │
      │    cher…    ││           │
      │             ││           │
      ╰─────────────╯╰pv─────────╯
      """)
  }

  @Test func `the preview's label alone, on the pane's top line`() throws {
    var p = try sectionHarness(["--preview-label=[ pv ]"])
    var pane = PreviewPane(spec: try PreviewWindowSpec().applying(Array("down,3".utf8)))
    pane.text = PreviewText(Array("apple".utf8))
    expectScreen(
      p.frame(width: 24, height: 8, preview: pane),
      """
      >
        3/3
      >  apple
      ╭───────[ pv ]───────╮
      │ apple              │
      │                    │
      │                    │
      ╰────────────────────╯
      """)
  }

  @Test func `multi mode: the select-all row stays in the input's box, by the prompt and the count`() throws {
    var p = try sectionHarness(["--style=full", "-m", "--header=All"])
    _ = p.press("tab")
    let frame = p.frame(width: 26, height: 9)
    expectScreen(
      frame,
      """
      ╭──────────────────────╮
      │ >               3/3  │
      │   [-] All     1 of 3 │
      ╰──────────────────────╯
      ╭──────────────────────╮
      │  * apple             │
      │ >  banana            │
      │    cherry            │
      ╰──────────────────────╯
      """)
    var bottomUp = try sectionHarness(["--style=full", "-m", "--header=All", "--layout=default"])
    expectScreen(
      bottomUp.frame(width: 26, height: 9),
      """
      ╭──────────────────────╮
      │    cherry            │
      │    banana            │
      │ >  apple             │
      ╰──────────────────────╯
      ╭──────────────────────╮
      │   [ ] All     0 of 3 │
      │ >               3/3  │
      ╰──────────────────────╯
      """)
  }

  @Test func `--no-unicode draws every section's box in ASCII, the inline line too`() throws {
    var p = try sectionHarness(["--style=full", "--no-unicode", "--input-label=in"])
    expectScreen(
      p.frame(width: 26, height: 8),
      """
      +----------in----------+
      | >               3/3  |
      +----------------------+
      +----------------------+
      | >  apple             |
      |    banana            |
      |    cherry            |
      +----------------------+
      """)
    var inline = try sectionHarness(
      ["--list-border=double", "--header-border=inline", "--header=h", "--no-unicode"], items: ["1"])
    expectScreen(
      inline.frame(width: 16, height: 7),
      "  >\n    1/1\n+------------+\n|    h       |\n+------------+\n| >  1       |\n+------------+")
  }

  @Test func `inside --border the boxes reach the border's content edge`() throws {
    var p = try sectionHarness(["--style=full", "--border=sharp"], items: ["1", "2"])
    expectScreen(
      p.frame(width: 24, height: 9),
      """
      ┌────────────────────┐
      │ ╭────────────────╮ │
      │ │ >         2/2  │ │
      │ ╰────────────────╯ │
      │ ╭────────────────╮ │
      │ │ >  1           │ │
      │ │    2           │ │
      │ ╰────────────────╯ │
      └────────────────────┘
      """)
  }

  @Test func `a screen too small for the boxes is drawn as one area; the header and footer go first`() throws {
    let arguments = ["--style=full", "--header=head", "--footer=foot"]
    var roomy = try sectionHarness(arguments, items: (1...9).map(String.init))
    // The input (3 rows) and the list (its lines and a row) fit; the header
    // and the footer (3 each) do not, and are left out.
    expectScreen(
      roomy.frame(width: 20, height: 8),
      """
      ╭────────────────╮
      │ >         9/9  │
      ╰────────────────╯
      ╭────────────────╮
      │ >  1       │   │
      │    2           │
      │    3           │
      ╰────────────────╯
      """)
    #expect(roomy.state.listHeight == 3)
    // Fewer rows than the input's box and the list's: no box at all.
    var small = try sectionHarness(arguments, items: (1...9).map(String.init))
    expectScreen(
      small.frame(width: 20, height: 5), ">               9/9\n   head\n>  1             │\n──────────────────\n   foot"
    )
    #expect(small.state.listHeight == 1)
  }

  @Test func `the section colours: each box in its border's, each label in its label's`() throws {
    var p = try sectionHarness([
      "--list-border", "--list-label=L", "--input-border", "--color=list-border:1,list-label:2,input-border:3",
    ])
    let frame = p.frame(width: 24, height: 9)
    #expect(frame.rows[0].first?.style.foreground == .palette(3))
    let listTop = frame.rows[4]
    #expect(listTop.first?.style.foreground == .palette(1))
    #expect(listTop.first { $0.text == "L" }?.style.foreground == .palette(2))
    // An inline header's line and the sides of its rows are in the header's border colour.
    var inline = try sectionHarness([
      "--list-border", "--header-border=inline", "--header=h", "--color=list-border:1,header-border:4",
    ])
    let rows = inline.frame(width: 24, height: 9).rows
    // Rows: the prompt, the info, the list's top line, the header, its line, the items.
    #expect(rows[3].first?.style.foreground == .palette(4))
    #expect(rows[3].last?.style.foreground == .palette(4))
    #expect(rows[4].first?.style.foreground == .palette(4))
    #expect(rows[5].first?.style.foreground == .palette(1))
    // Without colours of their own they are the border's grey and plain.
    var plain = try sectionHarness(["--list-border", "--list-label=L"])
    let row = plain.frame(width: 24, height: 6).rows[0]
    #expect(row.first?.style == Style(foreground: .palette(8)))
    #expect(row.first { $0.text == "L" }?.style == .plain)
  }
}
