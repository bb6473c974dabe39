import PickTestSupport
import Testing

@testable import PickCore

// Golden frames for colours: the same picker drawn in each base scheme and
// with element overrides, compared cell by cell as a map of styles. Each
// test names its styles with letters; `.` is a cell that looks like the
// terminal's default (plain, or a space whose style cannot show), `?` a
// style the legend does not name.

/// One letter per cell of each row, trailing `.` dropped.
func styleMap(_ frame: Frame, _ legend: [(Character, Style)]) -> [String] {
  frame.rows.map { row in
    var line = ""
    for span in row {
      for character in span.text {
        let cells = DisplayWidth.columns(of: character)
        let letter: Character
        if isInvisible(span.style, on: character) {
          letter = "."
        } else {
          letter = legend.first { $0.1 == span.style }?.0 ?? "?"
        }
        line += String(repeating: letter, count: max(cells, 0))
      }
    }
    while line.last == "." { line.removeLast() }
    return line
  }
}

/// Whether a cell in `style` looks the same as a plain one.
private func isInvisible(_ style: Style, on character: Character) -> Bool {
  if style == .plain { return true }
  guard character == " " else { return false }
  return style.background == nil && !style.reverse && !style.underline && !style.strikethrough
}

/// A multi-select picker with a header line and a preview pane: the prompt
/// and query, the info line, the select-all row, a `--header-lines` line, a
/// selected row with a match, the current row with a match, a row without,
/// and the pane's border and text.
private func sampleFrame(_ configure: (inout Options) -> Void) throws -> Frame {
  var p = try PickerHarness(
    ["title", "apple", "banana", "kiwi"], multi: .max, query: "a",
    configure: {
      $0.headerLines = 1
      configure(&$0)
    })
  p.press("tab")
  var pane = PreviewPane(spec: try PreviewWindowSpec().applying(Array("down,2,border-top".utf8)))
  pane.text = PreviewText(Array("pv\n".utf8))
  return p.frame(width: 20, height: 10, preview: pane)
}

@Suite struct ThemeGoldenFrameTests {
  @Test func `the sample frame's text`() throws {
    expectScreen(
      try sampleFrame { _ in },
      """
      > a
        2/3
        [-] All     1 of 2
         title
       * apple
      >  banana

      ──────────────────
      pv

      """)
  }

  @Test func `pick's default theme`() throws {
    let map = styleMap(
      try sampleFrame { _ in },
      [
        ("P", Style(foreground: .blue, bold: true)), ("G", Style(foreground: .palette(8))),
        ("K", Style(foreground: .magenta, bold: true)), ("M", Style(foreground: .green, bold: true)),
        ("R", Style(foreground: .red, bold: true)), ("C", Style(bold: true)),
      ])
    #expect(
      map == [
        "P",
        "..GGG",
        "..KKK.........G.GG.G",
        "",
        ".K.M",
        "R..CMCCCC",
        "",
        "GGGGGGGGGGGGGGGGGG",
        "",
        "",
      ])
  }

  @Test func `dark`() throws {
    let bg = Color.palette(236)
    let map = styleMap(
      try sampleFrame { $0.colors.scheme = .dark },
      [
        ("P", Style(foreground: .palette(110), bold: true)), ("Q", Style(bold: true)),
        ("I", Style(foreground: .palette(144))), ("K", Style(foreground: .palette(168))),
        ("H", Style(foreground: .palette(109))), ("M", Style(foreground: .palette(108))),
        ("G", Style(background: bg)), ("R", Style(foreground: .palette(161), background: bg, bold: true)),
        ("C", Style(foreground: .palette(254), background: bg, bold: true)),
        ("c", Style(foreground: .palette(151), background: bg, bold: true)),
        ("B", Style(foreground: .palette(59))),
      ])
    #expect(
      map == [
        "P.Q",
        "..III",
        "..KKK.HHH.....I.II.I",
        "...HHHHH",
        "GK.M",
        "RGGCcCCCC",
        "",
        "BBBBBBBBBBBBBBBBBB",
        "",
        "",
      ])
  }

  @Test func `light`() throws {
    let bg = Color.palette(251)
    let map = styleMap(
      try sampleFrame { $0.colors.scheme = .light },
      [
        ("P", Style(foreground: .palette(25), bold: true)), ("Q", Style(bold: true)),
        ("I", Style(foreground: .palette(101))), ("K", Style(foreground: .palette(168))),
        ("H", Style(foreground: .palette(31))), ("M", Style(foreground: .palette(66))),
        ("G", Style(background: bg)), ("R", Style(foreground: .palette(161), background: bg, bold: true)),
        ("C", Style(foreground: .palette(237), background: bg, bold: true)),
        ("c", Style(foreground: .palette(23), background: bg, bold: true)),
        ("B", Style(foreground: .palette(145))),
      ])
    #expect(
      map == [
        "P.Q", "..III", "..KKK.HHH.....I.II.I", "...HHHHH", "GK.M", "RGGCcCCCC", "",
        "BBBBBBBBBBBBBBBBBB", "", "",
      ])
  }

  @Test func `16: the standard colours, fzf's base16`() throws {
    let bg = Color.palette(8)
    let map = styleMap(
      try sampleFrame { $0.colors.scheme = .base16 },
      [
        ("P", Style(foreground: .blue, bold: true)), ("Q", Style(bold: true)),
        ("I", Style(foreground: .yellow)), ("K", Style(foreground: .magenta)),
        ("H", Style(foreground: .cyan)), ("M", Style(foreground: .green)),
        ("G", Style(background: bg)), ("R", Style(foreground: .red, background: bg, bold: true)),
        ("C", Style(foreground: .palette(15), background: bg, bold: true)),
        ("c", Style(foreground: .palette(10), background: bg, bold: true)),
        ("D", Style(dim: true)),
      ])
    #expect(
      map == [
        "P.Q", "..III", "..KKK.HHH.....I.II.I", "...HHHHH", "GK.M", "RGGCcCCCC", "",
        "DDDDDDDDDDDDDDDDDD", "", "",
      ])
  }

  @Test func `bw: attributes only`() throws {
    let map = styleMap(
      try sampleFrame { $0.colors.scheme = .bw },
      [
        ("B", Style(bold: true)), ("U", Style(underline: true)), ("C", Style(bold: true, reverse: true)),
        ("c", Style(bold: true, reverse: true, underline: true)), ("D", Style(dim: true)),
      ])
    #expect(map == ["B.B", "", "", "", "...U", "B..CcCCCC", "", "DDDDDDDDDDDDDDDDDD", "", ""])
  }

  @Test func `high-contrast: attributes only, selected lines bold, nothing dim`() throws {
    let legend: [(Character, Style)] = [
      ("B", Style(bold: true)), ("U", Style(bold: true, underline: true)),
      ("C", Style(bold: true, reverse: true)), ("c", Style(bold: true, reverse: true, underline: true)),
    ]
    let map = styleMap(try sampleFrame { $0.colors.scheme = .highContrast }, legend)
    #expect(map == ["B.B", "", "..BBB", "", ".B.UBBBB", "B..CcCCCC", "", "", "", ""])
    // --no-bold: the current line, its matches and the other matches still differ.
    let plain = styleMap(
      try sampleFrame {
        $0.colors.scheme = .highContrast
        $0.bold = false
      },
      [("U", Style(underline: true)), ("C", Style(reverse: true)), ("c", Style(reverse: true, underline: true))])
    #expect(plain == ["", "", "", "", "...U", "...CcCCCC", "", "", "", ""])
  }

  @Test func `hl:#ff0000:underline colours and underlines the matched characters`() throws {
    let red = Style(foreground: .rgb(255, 0, 0), underline: true)
    let legend: [(Character, Style)] = [
      ("U", red), ("u", Style(foreground: .rgb(255, 0, 0), bold: true, underline: true)),
      ("P", Style(foreground: .blue)), ("G", Style(foreground: .palette(8))),
      ("K", Style(foreground: .magenta)), ("R", Style(foreground: .red)), ("M", Style(foreground: .green)),
    ]
    let map = styleMap(
      try sampleFrame {
        try? $0.colors.apply(Array("hl:#ff0000:underline".utf8))
        $0.bold = false
      }, legend)
    #expect(map == ["P", "..GGG", "..KKK.........G.GG.G", "", ".K.U", "R...M", "", "GGGGGGGGGGGGGGGGGG", "", ""])
    // With the scheme's bold, the matches stay bold too.
    let bold = styleMap(try sampleFrame { try? $0.colors.apply(Array("hl:#ff0000:underline".utf8)) }, legend)
    #expect(bold[4] == ".?.u")
  }

  @Test func `preview-fg and preview-bg paint the pane's text and its padding`() throws {
    let map = styleMap(
      try sampleFrame { try? $0.colors.apply(Array("preview-fg:3,preview-bg:4,preview-border:1".utf8)) },
      [
        ("T", Style(foreground: .yellow, background: .blue)), ("S", Style(background: .blue)),
        ("B", Style(foreground: .red, background: .blue)),
      ])
    #expect(map[7] == String(repeating: "B", count: 18))
    #expect(map[8] == "TT" + String(repeating: "S", count: 16))
  }

  @Test func `bg fills every row of the list and the pane, not only its text`() throws {
    let frame = try sampleFrame { try? $0.colors.apply(Array("dark,bg:234".utf8)) }
    for (index, row) in frame.rows.enumerated() {
      let backgrounds = row.flatMap { span in Array(repeating: span.style.background, count: span.columns) }
      // The pane (rows 7-9) stops two columns short of the edge, as every pane does.
      #expect(backgrounds.count == (index < 7 ? 20 : 18), "row \(index)")
      // bg+ behind the current line's text, and dark's gutter (bg+ too) on the other item's.
      let current = index == 5 ? 9 : (index == 4 ? 1 : 0)
      let expected: [Color?] =
        Array(repeating: .palette(236), count: current)
        + Array(repeating: .palette(234), count: backgrounds.count - current)
      #expect(backgrounds == expected, "row \(index)")
    }
  }

  @Test func `without a bg, rows end where their text ends`() throws {
    let frame = try sampleFrame { $0.colors.scheme = .dark }
    #expect(frame.rows[3].reduce(0) { $0 + $1.columns } == 8)
  }
}

@Suite struct ThemeDecorationTests {
  private func configuration(_ words: [String]) throws -> PickerConfiguration {
    PickerConfiguration(options: try OptionParser.parse(arguments: words.map { Array($0.utf8) }))
  }

  @Test func `border, label and separator colours reach the frame's decoration`() throws {
    let plain = try configuration(["--border"])
    #expect(plain.decoration.borderStyle == Style(foreground: .palette(8)))
    let coloured = try configuration([
      "--border", "--color=border:red,label:#00ff00:bold,separator:4", "--separator=-",
    ])
    #expect(coloured.decoration.borderStyle.foreground == .red)
    #expect(coloured.decoration.labelStyle == Style(foreground: .rgb(0, 255, 0), bold: true))
    #expect(coloured.listDecoration.style.foreground == .blue)
  }
}
