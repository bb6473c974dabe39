import Testing

@testable import PickCore

/// Items that hold newlines, read with `--read0`: a row for each line (fzf
/// 0.53's multi-line items), the multi-line marker, scrolling by rows and
/// clicks on any row of an item; golden frames, no terminal.
@Suite struct MultiLineGoldenFrameTests {
  private func harness(_ items: [String], _ arguments: [String]) throws -> PickerHarness {
    let options = try OptionParser.parse(arguments: (["--read0", "--no-hint"] + arguments).map { Array($0.utf8) })
    return try PickerHarness(items) { $0 = options }
  }

  @Test func `each line of an item takes a row; the pointer marks every row of the cursor's item`() throws {
    var p = try harness(["one\ntwo\nthree", "single", "x"], ["-m"])
    expectScreen(
      p.frame(width: 20, height: 8),
      """
      >
        3/3
        [ ] All     0 of 3
      >  one
      >  two
      >  three
         single
         x
      """)
  }

  @Test func `a selected multi-line item is marked top, middle and bottom`() throws {
    var p = try harness(["one\ntwo\nthree", "single", "x"], ["-m"])
    p.press("tab")
    expectScreen(
      p.frame(width: 20, height: 8),
      """
      >
        3/3
        [-] All     1 of 3
       ╻ one
       ┃ two
       ╹ three
      >  single
         x
      """)
    // Back on it, selecting the one-row item too: that one keeps the marker.
    p.press("shift-tab")
    let frame = p.frame(width: 20, height: 8)
    expectScreen(
      frame,
      """
      >
        3/3
        [-] All     2 of 3
      >╻ one
      >┃ two
      >╹ three
       * single
         x
      """)
    let theme = p.state.configuration.theme
    #expect(frame.rows[4].contains { $0.text == "┃" && $0.style == theme.currentMarker })
    #expect(frame.rows[6].contains { $0.text == "*" && $0.style == theme.marker })
  }

  @Test func `--marker-multi-line and --no-unicode choose the signs`() throws {
    var own = try harness(["a\nb\nc\nd"], ["-m", "--marker-multi-line=┌│└"])
    own.press("tab")
    expectScreen(
      own.frame(width: 20, height: 7),
      """
      >
        1/1
        [x] All     1 of 1
      >┌ a
      >│ b
      >│ c
      >└ d
      """)
    var ascii = try harness(["a\nb\nc"], ["-m", "--no-unicode"])
    ascii.press("tab")
    expectScreen(
      ascii.frame(width: 20, height: 6),
      """
      >
        1/1
        [x] All     1 of 1
      >. a
      >| b
      >' c
      """)
  }

  @Test func `--no-multi-line draws the newlines as control pictures on one row`() throws {
    var p = try harness(["one\ntwo\nthree", "single"], ["--no-multi-line"])
    expectScreen(
      p.frame(width: 20, height: 4),
      """
      >
        2/2
      >  one␊two␊three
         single
      """)
  }

  @Test func `an item that ends with a newline has an empty last row, as in fzf`() throws {
    var p = try harness(["x1\nx2\n", "y"], [])
    expectScreen(
      p.frame(width: 12, height: 6),
      """
      >
        2/2
      >  x1
      >  x2
      >
         y
      """)
  }

  @Test func `a CR before a newline is not drawn (difference 85)`() throws {
    var p = try harness(["a\r\nb", "c\rd"], [])
    expectScreen(
      p.frame(width: 12, height: 5),
      """
      >
        2/2
      >  a
      >  b
         c␍d
      """)
  }

  @Test func `scrolling down past a multi-line item, and a page down, never cut the cursor's item`() throws {
    var p = try harness(["a1\na2\na3", "b", "c", "d1\nd2", "e"], [])
    expectScreen(
      p.frame(width: 12, height: 6),
      """
      >
        5/5
      >  a1
      >  a2
      >  a3
         b
      """)
    p.press("down", "down")
    expectScreen(
      p.frame(width: 12, height: 6),
      """
      >
        5/5
         b
      >  c
         d1
         d2
      """)
    p.press("pgdn")
    expectScreen(
      p.frame(width: 12, height: 6),
      """
      >
        5/5
         c
         d1
         d2
      >  e
      """)
    p.press("pgup")
    #expect(p.current == "b")
    p.press("pgup")
    #expect(p.current == "a1\na2\na3" && p.state.scroll == 0)
  }

  @Test func `a taller screen shows the items above again when they fit whole`() throws {
    var p = try harness(["a1\na2\na3", "b", "c", "d1\nd2", "e"], [])
    _ = p.frame(width: 12, height: 6)
    p.press("down", "down", "down", "down")
    #expect(p.state.scroll == 2)
    // Seven rows: b fits above c, the three rows of a do not.
    expectScreen(
      p.frame(width: 12, height: 9),
      """
      >
        5/5
         b
         c
         d1
         d2
      >  e


      """)
  }

  @Test func `a page down from the top moves by items without skipping one`() throws {
    var p = try harness(["a1\na2\na3", "b", "c", "d1\nd2", "e"], [])
    _ = p.frame(width: 12, height: 6)
    p.press("pgdn")
    // The list held a and b; b is now at its top and the cursor went as far
    // as it could with --scroll-off's rows below it (fzf 0.74.5 draws the same).
    expectScreen(
      p.frame(width: 12, height: 6),
      """
      >
        5/5
         b
      >  c
         d1
         d2
      """)
  }

  @Test func `a page stops where the item at the list's far edge reaches its top`() throws {
    // Ten items of three rows in ten rows: three whole, the fourth cut.
    var p = try harness((0..<10).map { "i\($0)\n-\n-" }, [])
    _ = p.frame(width: 12, height: 12)
    p.press("pgdn")
    // fzf's limit (the same rows under tmux): the list may scroll until the
    // fourth item (i3) is at its top; --scroll-off (3) keeps the cursor a
    // whole item from the bottom.
    #expect(p.current == "i4\n-\n-" && p.state.scroll == 3)
    // The cut item's last row is its line as it is (fzf: `i6␊`, difference 89).
    let last = p.frame(width: 12, height: 12).plainText.split(separator: "\n").last.map(String.init)
    #expect(last?.unicodeScalars.map(\.value) == "   i6       ".unicodeScalars.map(\.value))
    // Back up until the item a page of rows above the first (i0, cut) would be at the top.
    p.press("pgup")
    #expect(p.current == "i2\n-\n-" && p.state.scroll == 1)
  }

  @Test func `a click on any row of an item points at the item`() throws {
    var p = try harness(["a1\na2\na3", "b", "c"], [])
    _ = p.frame(width: 12, height: 6)
    p.press("down")
    #expect(p.current == "b")
    // The frame's fourth row (a2), as a terminal reports it: 1-based.
    p.press(bytes: Array("\u{1B}[<0;5;4M".utf8))
    #expect(p.current == "a1\na2\na3")
    p.press(bytes: Array("\u{1B}[<0;5;6M".utf8))
    #expect(p.current == "b")
  }

  @Test func `in the default layout an item cut at the top shows its last rows`() throws {
    var p = try harness(["a", "b", "l1\nl2\nl3"], ["-m", "--layout=default"])
    _ = p.frame(width: 20, height: 7)
    p.press("up", "up", "tab", "down")
    expectScreen(
      p.frame(width: 20, height: 7),
      """
       ┃ l2
       ╹ l3
         b
      >  a
        [-] All     1 of 3
        3/3
      >
      """)
  }

  @Test func `an item too tall to look for its end shows its first rows (difference 86)`() throws {
    let tall = (0..<5000).map { "L\($0)" }.joined(separator: "\n")
    var p = try harness(["a", tall, "b\nc\nd"], ["--layout=default"])
    expectScreen(
      p.frame(width: 12, height: 5),
      """
         L0
         L1
      >  a
        3/3
      >
      """)
    // Past the first rows a shorter item shows its last ones.
    p.type("!L")
    expectScreen(
      p.frame(width: 12, height: 5),
      """
         c
         d
      >  a
        2/3
      > !L
      """)
  }

  @Test func `the header lines, the select-all row and --gap stay as they were`() throws {
    var p = try harness(["h1\nh2", "a\nb", "c"], ["-m", "--header-lines=1", "--gap"])
    expectScreen(
      p.frame(width: 20, height: 8),
      """
      >
        2/2
        [ ] All     0 of 2
         h1␊h2
      >  a
      >  b

         c
      """)
  }

  @Test func `toggle-multi-line bound to a key puts the item on one row and back`() throws {
    var p = try harness(["one\ntwo", "x"], ["--bind=f2:toggle-multi-line"])
    p.press("f2")
    expectScreen(
      p.frame(width: 12, height: 4),
      """
      >
        2/2
      >  one␊two
         x
      """)
    p.press("f2")
    expectScreen(
      p.frame(width: 12, height: 5),
      """
      >
        2/2
      >  one
      >  two
         x
      """)
  }

  @Test func `wrapping and multi-line items together: a new line never starts with the sign`() throws {
    var p = try harness(["abcdefghijkl\nxy"], ["--wrap"])
    expectScreen(
      p.frame(width: 12, height: 6),
      """
      >
        1/1
      >  abcdefg
      >  ↳ hijkl
      >  xy

      """)
  }
}
