import Testing

@testable import PickCore

/// `--wrap`, `--wrap=word`, `--wrap-sign` and the toggles, drawn by the
/// layout: golden frames, no terminal. fzf 0.74.5 draws the same rows
/// (checked under tmux with `--pointer '>' --marker '*'`, where only pick's
/// blank column before the text differs).
@Suite struct WrapGoldenFrameTests {
  private func harness(_ items: [String], _ arguments: [String]) throws -> PickerHarness {
    let options = try OptionParser.parse(arguments: arguments.map { Array($0.utf8) })
    return try PickerHarness(items) { $0 = options }
  }

  private static let long = "alpha beta gamma delta"

  @Test func `a long item goes on over the next row after the wrap sign`() throws {
    var p = try harness([Self.long, "short"], ["--wrap"])
    let frame = p.frame(width: 20, height: 6)
    expectScreen(
      frame,
      """
      >
        2/2
      >  alpha beta gamm
      >  ↳ a delta
         short

      """)
    // The sign is dimmed, in the row's colours.
    let sign = frame.rows[3].first { $0.text == "↳ " }
    #expect(sign?.style.dim == true && sign?.style.bold == p.state.configuration.theme.currentText.bold)
  }

  @Test func `without --wrap the item is cut, as before`() throws {
    var p = try harness([Self.long, "short"], [])
    expectScreen(
      p.frame(width: 20, height: 5),
      """
      >
        2/2
      >  alpha beta gam…
         short

      """)
  }

  @Test func `matched characters are highlighted on the row they fall on`() throws {
    var p = try harness([Self.long, "short"], ["--wrap"])
    p.type("delta")
    let frame = p.frame(width: 20, height: 5)
    expectScreen(
      frame,
      """
      > delta
        1/2
      >  alpha beta gamm
      >  ↳ a delta

      """)
    let theme = p.state.configuration.theme
    #expect(frame.rows[3].contains { $0.text == "delta" && $0.style == theme.currentMatch })
    #expect(!frame.rows[2].contains { $0.style == theme.currentMatch })
  }

  @Test func `word wrap breaks after the last space that fits`() throws {
    var p = try harness([Self.long, "short"], ["--wrap=word"])
    expectScreen(
      p.frame(width: 20, height: 5),
      """
      >
        2/2
      >  alpha beta
      >  ↳ gamma delta
         short
      """)
  }

  @Test func `a CJK item wraps at a double-width boundary, never inside a character`() throws {
    // 15 columns for text: seven characters (14 columns) fit, the eighth would end at 16.
    var p = try harness(["日本語のテキストです", "x"], ["--wrap"])
    expectScreen(
      p.frame(width: 20, height: 5),
      """
      >
        2/2
      >  日本語のテキス
      >  ↳ トです
         x
      """)
  }

  @Test func `--wrap-sign and --no-unicode set the sign`() throws {
    var own = try harness([Self.long], ["--wrap", "--wrap-sign=.. "])
    expectScreen(
      own.frame(width: 20, height: 4),
      """
      >
        1/1
      >  alpha beta gamm
      >  .. a delta
      """)
    var ascii = try harness([Self.long], ["--wrap", "--no-unicode"])
    expectScreen(
      ascii.frame(width: 20, height: 4),
      """
      >
        1/1
      >  alpha beta gamm
      >  > a delta
      """)
    var none = try harness([Self.long], ["--wrap", "--wrap-sign="])
    expectScreen(
      none.frame(width: 20, height: 4),
      """
      >
        1/1
      >  alpha beta gamm
      >  a delta
      """)
  }

  @Test func `toggle-wrap bound to a key wraps and unwraps`() throws {
    var p = try harness([Self.long, "short"], ["--bind=f2:toggle-wrap"])
    let cut = """
      >
        2/2
      >  alpha beta gam…
         short

      """
    expectScreen(p.frame(width: 20, height: 5), cut)
    p.press("f2")
    expectScreen(
      p.frame(width: 20, height: 5),
      """
      >
        2/2
      >  alpha beta gamm
      >  ↳ a delta
         short
      """)
    p.press("f2")
    expectScreen(p.frame(width: 20, height: 5), cut)
  }

  @Test func `Alt-slash toggles word wrapping, as in fzf`() throws {
    var p = try harness([Self.long], [])
    p.press("alt-/")
    #expect(p.state.lineBreaking == LineBreaking(wraps: true, wrapsWords: true))
    expectScreen(
      p.frame(width: 20, height: 4),
      """
      >
        1/1
      >  alpha beta
      >  ↳ gamma delta
      """)
    p.press("alt-/")
    #expect(!p.state.lineBreaking.wraps)
  }

  @Test func `the default layout keeps each item's rows top-down`() throws {
    var p = try harness([Self.long, "short"], ["--wrap", "--layout=default"])
    expectScreen(
      p.frame(width: 20, height: 6),
      """

         short
      >  alpha beta gamm
      >  ↳ a delta
        2/2
      >
      """)
  }

  @Test func `scrolling down past a wrapped item keeps the cursor's item whole`() throws {
    var p = try harness([Self.long, "b", "c", "d"], ["--wrap"])
    _ = p.frame(width: 20, height: 5)
    p.press("down", "down")
    expectScreen(
      p.frame(width: 20, height: 5),
      """
      >
        4/4
         b
      >  c
         d
      """)
    p.press("up", "up")
    expectScreen(
      p.frame(width: 20, height: 5),
      """
      >
        4/4
      >  alpha beta gamm
      >  ↳ a delta
         b
      """)
  }

  @Test func `the wrap follows the width: a wider screen needs fewer rows`() throws {
    var p = try harness([Self.long, "b"], ["--wrap"])
    expectScreen(
      p.frame(width: 27, height: 4),
      """
      >
        2/2
      >  alpha beta gamma delta
         b
      """)
    expectScreen(
      p.frame(width: 20, height: 4),
      """
      >
        2/2
      >  alpha beta gamm
      >  ↳ a delta
      """)
  }

  @Test func `reverse-list: the prompt at the bottom, the list top-down`() throws {
    var p = try harness([Self.long, "short"], ["--wrap", "--layout=reverse-list"])
    expectScreen(
      p.frame(width: 20, height: 6),
      """
      >  alpha beta gamm
      >  ↳ a delta
         short

        2/2
      >
      """)
  }

  @Test func `an item's own colours (--ansi) go on over its rows`() throws {
    var p = try PickerHarness(["\u{1B}[31mred red red red red\u{1B}[0m"]) {
      $0.ansi = true
      $0.wrap = true
    }
    let frame = p.frame(width: 20, height: 4)
    expectScreen(
      frame,
      """
      >
        1/1
      >  red red red red
      >  ↳  red
      """)
    #expect(frame.rows[3].contains { $0.text == " red" && $0.style.foreground == .red })
  }

  @Test func `--with-nth: the fields shown are what wraps`() throws {
    var p = try harness(["id1 alpha beta gamma delta", "id2 b"], ["--wrap", "--with-nth=2.."])
    expectScreen(
      p.frame(width: 20, height: 5),
      """
      >
        2/2
      >  alpha beta gamm
      >  ↳ a delta
         b
      """)
  }

  @Test func `--highlight-line fills every row of the current item`() throws {
    var p = try harness([Self.long, "b"], ["--wrap", "--highlight-line", "--color=bg+:236"])
    let frame = p.frame(width: 20, height: 5)
    for row in [2, 3] {
      #expect(frame.rows[row].reduce(0) { $0 + $1.columns } == 18, "row \(row)")
      #expect(frame.rows[row].last?.style.background == .palette(236), "row \(row)")
    }
    #expect(frame.rows[4].reduce(0) { $0 + $1.columns } == 4)
  }

  @Test func `the scrollbar counts rows`() throws {
    var p = try harness([Self.long, "b", "c", "d", "e", "f"], ["--wrap", "--scrollbar"])
    let frame = p.frame(width: 21, height: 5)
    // The scrollbar's column comes out of the text's: 15 columns still.
    // Three rows of list for seven rows of items: a one-row thumb at the top.
    expectScreen(
      frame,
      """
      >
        6/6
      >  alpha beta gamm│
      >  ↳ a delta
         b
      """)
  }

  @Test func `a row too narrow for the sign and some text wraps without the sign (difference 90)`() throws {
    var p = try harness(["abcdef"], ["--wrap"])
    expectScreen(
      p.frame(width: 7, height: 5),
      """
      >
        1/1
      >  ab
      >  cd
      >  ef
      """)
    // No column for text at all: one row, nothing wrapped.
    expectScreen(
      p.frame(width: 5, height: 4),
      """
      >
        1/1
      >

      """)
  }
}
