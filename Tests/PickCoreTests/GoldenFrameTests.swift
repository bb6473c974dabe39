import PickTestSupport
import Testing

@testable import PickCore

// Golden frames: keys in, frames out. Each test builds a picker, presses
// keys and compares the frame's plain text with the screen drawn literally
// (trailing spaces are not significant; the width is checked exactly).

@Suite struct GoldenFrameTests {
  // MARK: Single mode

  @Test func `single mode, reverse layout: prompt, info, list with the pointer on the best match`() throws {
    var p = try PickerHarness(["apple", "banana", "cherry"])
    expectScreen(
      p.frame(width: 20, height: 6),
      """
      >
        3/3
      >  apple
         banana
         cherry

      """)
  }

  @Test func `down moves the pointer; typing filters and the prompt shows the query`() throws {
    var p = try PickerHarness(["apple", "banana", "cherry"])
    _ = p.frame(width: 20, height: 6)
    p.press("down")
    expectScreen(
      p.frame(width: 20, height: 6),
      """
      >
        3/3
         apple
      >  banana
         cherry

      """)
    p.press("a", "n")
    let frame = p.frame(width: 20, height: 6)
    expectScreen(
      frame,
      """
      > an
        1/3
      >  banana



      """)
    #expect(frame.cursor == CursorPosition(row: 0, column: 4))
  }

  @Test func `no match shows 0 of N and an empty list`() throws {
    var p = try PickerHarness(["apple", "banana"])
    p.press("z", "z")
    expectScreen(
      p.frame(width: 12, height: 4),
      """
      > zz
        0/2


      """)
  }

  @Test func `a custom prompt`() throws {
    var p = try PickerHarness(["apple"], query: "ap") { $0.prompt = Array("fruit: ".utf8) }
    let frame = p.frame(width: 16, height: 3)
    expectScreen(
      frame,
      """
      fruit: ap
        1/1
      >  apple
      """)
    #expect(frame.cursor == CursorPosition(row: 0, column: 9))
  }

  // MARK: Multi mode: the select-all row

  @Test func `multi mode: the select-all row is empty at first`() throws {
    var p = try PickerHarness(["apple", "banana", "cherry"], multi: .max)
    expectScreen(
      p.frame(width: 30, height: 7),
      """
      >
        3/3
        [ ] All               0 of 3
      >  apple
         banana
         cherry

      """)
  }

  @Test func `multi mode: tab marks the row and moves down, the box shows some`() throws {
    var p = try PickerHarness(["apple", "banana", "cherry"], multi: .max)
    _ = p.frame(width: 30, height: 7)
    p.press("tab")
    expectScreen(
      p.frame(width: 30, height: 7),
      """
      >
        3/3
        [-] All               1 of 3
       * apple
      >  banana
         cherry

      """)
  }

  @Test func `multi mode: ctrl-a selects all, again selects none`() throws {
    var p = try PickerHarness(["apple", "banana", "cherry"], multi: .max)
    _ = p.frame(width: 30, height: 7)
    p.press("tab", "ctrl-a")
    expectScreen(
      p.frame(width: 30, height: 7),
      """
      >
        3/3
        [x] All               3 of 3
       * apple
      >* banana
       * cherry

      """)
    p.press("ctrl-a")
    expectScreen(
      p.frame(width: 30, height: 7),
      """
      >
        3/3
        [ ] All               0 of 3
         apple
      >  banana
         cherry

      """)
  }

  @Test func `multi mode: a selection hidden by the query shows as +K hidden`() throws {
    var p = try PickerHarness(["apple", "avocado", "banana"], multi: .max)
    _ = p.frame(width: 32, height: 6)
    p.press("down", "down", "tab", "a", "v")
    expectScreen(
      p.frame(width: 32, height: 6),
      """
      > av
        1/3
        [ ] All      0 of 1  +1 hidden
      >  avocado


      """)
    p.press("ctrl-a")
    expectScreen(
      p.frame(width: 32, height: 6),
      """
      > av
        1/3
        [x] All      1 of 1  +1 hidden
      >* avocado


      """)
  }

  @Test func `multi mode with a cap: the info line says cap reached`() throws {
    var p = try PickerHarness(["a", "b", "c"], multi: 2)
    _ = p.frame(width: 30, height: 6)
    p.press("ctrl-a")
    expectScreen(
      p.frame(width: 30, height: 6),
      """
      >
        3/3  cap reached
        [-] All               2 of 3
      >* a
       * b
         c
      """)
    // At the cap Tab still moves, and marks nothing.
    p.press("down", "down", "tab")
    expectScreen(
      p.frame(width: 30, height: 6),
      """
      >
        3/3  cap reached
        [-] All               2 of 3
       * a
       * b
      >  c
      """)
  }

  @Test func `multi mode: --header is the select-all row's title, drawn once`() throws {
    var p = try PickerHarness(["apple", "banana"], multi: .max) { $0.header = Array("Fruits".utf8) }
    expectScreen(
      p.frame(width: 30, height: 6),
      """
      >
        2/2
        [ ] Fruits            0 of 2
      >  apple
         banana

      """)
  }

  @Test func `multi mode: header lines come after the select-all row`() throws {
    var p = try PickerHarness(["NAME", "apple", "banana"], multi: .max) { $0.headerLines = 1 }
    expectScreen(
      p.frame(width: 30, height: 6),
      """
      >
        2/2
        [ ] All               0 of 2
         NAME
      >  apple
         banana
      """)
  }

  // MARK: The narrow select-all row

  @Test func `a title and count that just fit share the row`() throws {
    var p = try PickerHarness(["apple", "banana", "cherry"], multi: .max) { $0.header = Array("Fruits".utf8) }
    expectScreen(
      p.frame(width: 20, height: 5),
      """
      >
        3/3
        [ ] Fruits  0 of 3
      >  apple
         banana
      """)
  }

  @Test func `when title and count do not fit together the count gets its own row`() throws {
    var p = try PickerHarness(["apple", "banana", "cherry"], multi: .max) {
      $0.header = Array("Fruit basket".utf8)
    }
    expectScreen(
      p.frame(width: 20, height: 6),
      """
      >
        3/3
        [ ] Fruit basket
            0 of 3
      >  apple
         banana
      """)
  }

  @Test func `a title wider than the row is cut with an ellipsis`() throws {
    var p = try PickerHarness(["apple", "banana", "cherry"], multi: .max) {
      $0.header = Array("Everything in the fruit bowl".utf8)
      $0.scrollOff = 0
    }
    _ = p.frame(width: 20, height: 6)
    p.press("tab")
    expectScreen(
      p.frame(width: 20, height: 6),
      """
      >
        3/3
        [-] Everything …
            1 of 3
       * apple
      >  banana
      """)
  }

  @Test func `a wide title is cut between characters`() throws {
    var p = try PickerHarness(["apple"], multi: .max) { $0.header = Array("果物の一覧表です".utf8) }
    expectScreen(
      p.frame(width: 16, height: 5),
      """
      >
        1/1
        [ ] 果物の …
            0 of 1
      >  apple
      """)
  }

  // MARK: Item text

  @Test func `wide characters take two columns and never overflow the row`() throws {
    let items = ["日本語のテキスト", "😀 smile 😀😀", "한국어", "plain"]
    var p = try PickerHarness(items)
    expectScreen(
      p.frame(width: 16, height: 6),
      """
      >
        4/4
      >  日本語のテ…
         😀 smile  …
         한국어
         plain
      """)
    // One column narrower: a wide character no longer fits before the `…`.
    expectScreen(
      p.frame(width: 15, height: 6),
      """
      >
        4/4
      >  日本語の …
         😀 smile …
         한국어
         plain
      """)
  }

  @Test func `a long item is cut with an ellipsis at the end`() throws {
    var p = try PickerHarness(["a-very-long-item-name-that-does-not-fit", "short"])
    expectScreen(
      p.frame(width: 20, height: 4),
      """
      >
        2/2
      >  a-very-long-it…
         short
      """)
  }

  @Test func `a match far to the right starts the row with an ellipsis and shows the match`() throws {
    let tail = String(repeating: "a", count: 40) + "xyz"
    var p = try PickerHarness([tail], query: "xyz")
    expectScreen(
      p.frame(width: 20, height: 3),
      """
      > xyz
        1/1
      >  …aaaaaaaaaaaxyz
      """)
  }

  @Test func `a match in the middle of a long item cuts both ends`() throws {
    let item = String(repeating: "a", count: 40) + "xyz" + String(repeating: "b", count: 40)
    var p = try PickerHarness([item], query: "xyz")
    expectScreen(
      p.frame(width: 20, height: 3),
      """
      > xyz
        1/1
      >  …aaaaxyzbbbbbb…
      """)
  }

  @Test func `a match far to the right after wide characters`() throws {
    let item = String(repeating: "字", count: 20) + "xyz"
    var p = try PickerHarness([item], query: "xyz")
    expectScreen(
      p.frame(width: 20, height: 3),
      """
      > xyz
        1/1
      >  …字字字字字xyz
      """)
  }

  @Test func `control characters and escape codes show as placeholders`() throws {
    let items = [
      "\u{1B}[31mred\u{1B}[0m", "bell\u{07}del\u{7F}", "a\tb", "rtl\u{202E}override", "nul\u{0}byte",
    ]
    var p = try PickerHarness(items)
    expectScreen(
      p.frame(width: 24, height: 7),
      """
      >
        5/5
      >  ␛[31mred␛[0m
         bell␇del␡
         a       b
         rtl⇆override
         nul␀byte
      """)
  }

  // MARK: Headers in single mode

  @Test func `header lines in single mode are drawn above the list and never match`() throws {
    var p = try PickerHarness(["NAME   AGE", "alice  30", "bob    25"]) { $0.headerLines = 1 }
    expectScreen(
      p.frame(width: 20, height: 6),
      """
      >
        2/2
         NAME   AGE
      >  alice  30
         bob    25

      """)
    p.press("A", "G", "E")
    expectScreen(
      p.frame(width: 20, height: 6),
      """
      > AGE
        0/2
         NAME   AGE



      """)
  }

  @Test func `--header in single mode is a header line`() throws {
    var p = try PickerHarness(["apple", "banana"]) { $0.header = Array("Pick a fruit".utf8) }
    expectScreen(
      p.frame(width: 20, height: 5),
      """
      >
        2/2
         Pick a fruit
      >  apple
         banana
      """)
  }

  // MARK: Layouts

  @Test func `default layout: prompt at the bottom, best match just above the info line`() throws {
    var p = try PickerHarness(["apple", "banana", "cherry"]) { $0.layout = .default }
    expectScreen(
      p.frame(width: 20, height: 6),
      """

         cherry
         banana
      >  apple
        3/3
      >
      """)
    // Up moves visually: towards banana.
    p.press("up", "b")
    let frame = p.frame(width: 20, height: 6)
    expectScreen(
      frame,
      """



      >  banana
        1/3
      > b
      """)
    #expect(frame.cursor == CursorPosition(row: 5, column: 3))
  }

  @Test func `default layout in multi mode: the select-all row sits above the info line`() throws {
    var p = try PickerHarness(["apple", "banana"], multi: .max) { $0.layout = .default }
    _ = p.frame(width: 30, height: 6)
    p.press("tab")
    expectScreen(
      p.frame(width: 30, height: 6),
      """

         banana
      >* apple
        [-] All               1 of 2
        2/2
      >
      """)
  }

  @Test func `reverse-list layout: prompt at the bottom, list from the top`() throws {
    var p = try PickerHarness(["apple", "banana", "cherry"]) { $0.layout = .reverseList }
    _ = p.frame(width: 20, height: 6)
    p.press("down")
    expectScreen(
      p.frame(width: 20, height: 6),
      """
         apple
      >  banana
         cherry

        3/3
      >
      """)
  }

  @Test func `--header in the default layout is drawn between the list and the info line`() throws {
    var p = try PickerHarness(["apple", "banana"]) {
      $0.layout = .default
      $0.header = Array("Pick a fruit".utf8)
    }
    expectScreen(
      p.frame(width: 20, height: 6),
      """

         banana
      >  apple
         Pick a fruit
        2/2
      >
      """)
  }

  // MARK: Tiny sizes

  @Test(arguments: [(1, 1), (2, 3), (10, 2), (3, 1), (1, 5), (4, 4), (5, 10)])
  func `tiny sizes neither crash nor overflow`(width: Int, height: Int) throws {
    let size = (width: width, height: height)
    for multi in [nil, Int.max, 1] {
      var p = try PickerHarness(["日本語", "😀😀", "apple", "\u{1B}[1mbold"], multi: multi) {
        $0.header = Array("Title".utf8)
        $0.headerLines = 1
      }
      for keys in [[], ["tab"], ["down", "down", "down"], ["ctrl-a"], ["a"], ["bspace", "pgdn", "pgup"]] {
        p.press(keys)
        let frame = p.frame(width: size.width, height: size.height)
        expectFits(frame)
        #expect(frame.width == size.width && frame.height == size.height)
        if let cursor = frame.cursor {
          #expect(cursor.row < size.height && cursor.column < size.width)
        }
      }
    }
  }

  @Test func `tiny sizes: what is shown`() throws {
    var p = try PickerHarness(["apple", "banana", "cherry"])
    expectScreen(p.frame(width: 1, height: 1), "…")
    // The count does not fit: it is left out, never cut in the middle (`3…`).
    expectScreen(
      p.frame(width: 2, height: 3),
      """
      >

      >
      """)
    expectScreen(
      p.frame(width: 10, height: 2),
      """
      >
        3/3
      """)
  }

  // MARK: Scrolling

  @Test func `scrolling keeps the cursor row visible`() throws {
    let items = (1...20).map { "item \($0 < 10 ? "0" : "")\($0)" }
    var p = try PickerHarness(items)
    _ = p.frame(width: 20, height: 8)
    for _ in 0..<10 { p.press("down") }
    // fzf's --scroll-off=3 in six rows: the cursor stops with two rows
    // above it and three below (fzf 0.74.5 draws the same).
    expectScreen(
      p.frame(width: 20, height: 8),
      """
      >
        20/20
         item 09
         item 10
      >  item 11
         item 12
         item 13
         item 14
      """)
    // Back up past the top of the window: it scrolls the other way.
    for _ in 0..<6 { p.press("up") }
    expectScreen(
      p.frame(width: 20, height: 8),
      """
      >
        20/20
         item 03
         item 04
      >  item 05
         item 06
         item 07
         item 08
      """)
  }

  @Test func `keys pressed before the first frame still leave the cursor visible`() throws {
    let items = (1...20).map { "item \($0 < 10 ? "0" : "")\($0)" }
    var p = try PickerHarness(items)
    for _ in 0..<10 { p.press("down") }
    let text = p.frame(width: 20, height: 8).plainText
    #expect(text.contains(">  item 11"))
  }

  @Test func `scrolling in the default layout`() throws {
    let items = (1...20).map { "item \($0 < 10 ? "0" : "")\($0)" }
    var p = try PickerHarness(items) { $0.layout = .default }
    _ = p.frame(width: 20, height: 8)
    for _ in 0..<10 { p.press("up") }
    expectScreen(
      p.frame(width: 20, height: 8),
      """
         item 14
         item 13
         item 12
      >  item 11
         item 10
         item 09
        20/20
      >
      """)
  }

  @Test func `page down moves by the list height less one row of context, as fzf`() throws {
    let items = (1...20).map { "item \($0 < 10 ? "0" : "")\($0)" }
    var p = try PickerHarness(items)
    _ = p.frame(width: 20, height: 8)
    p.press("pgdn")
    // Then --scroll-off keeps three rows below the cursor (fzf 0.74.5 draws the same).
    expectScreen(
      p.frame(width: 20, height: 8),
      """
      >
        20/20
         item 04
         item 05
      >  item 06
         item 07
         item 08
         item 09
      """)
  }
}

// MARK: - The renderer draws golden frames exactly

@Suite struct GoldenRenderTests {
  /// A picker, a size, and one more key to draw incrementally.
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var items: [String]
    var multi: Int? = nil
    var width = 30
    var height = 7
    var keys: [String] = []
    var next: [String]
    var layout: Options.Layout = .reverse
    var header: String? = nil
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(name: "single, reverse", items: ["apple", "banana", "cherry"], next: ["down"]),
    Case(name: "single, typing", items: ["apple", "banana", "cherry"], keys: ["a"], next: ["n"]),
    Case(name: "multi, tab", items: ["apple", "banana", "cherry"], multi: .max, next: ["tab"]),
    Case(name: "multi, ctrl-a", items: ["apple", "banana", "cherry"], multi: .max, keys: ["tab"], next: ["ctrl-a"]),
    Case(name: "multi, cap", items: ["a", "b", "c"], multi: 2, keys: ["tab"], next: ["tab"]),
    Case(
      name: "multi, hidden", items: ["apple", "avocado", "banana"], multi: .max, width: 32,
      keys: ["down", "down", "tab", "a"], next: ["v"]),
    Case(
      name: "narrow title", items: ["apple", "banana"], multi: .max, width: 20, next: ["tab"],
      header: "Everything in the fruit bowl"),
    Case(
      name: "wide characters", items: ["日本語のテキスト", "😀 smile 😀😀", "plain"], width: 15, next: ["down"]),
    Case(
      name: "wide characters, cut in the last column", items: ["日本語のテキスト", "x日本語のテキスト"], width: 16,
      next: ["down"]),
    Case(
      name: "match far right", items: [String(repeating: "a", count: 40) + "xyz", "b"], width: 20, keys: ["x", "y"],
      next: ["z"]),
    Case(name: "placeholders", items: ["\u{1B}[31mred\u{1B}[0m", "bell\u{07}"], next: ["down"]),
    Case(name: "default layout", items: ["apple", "banana", "cherry"], next: ["up"], layout: .default),
    Case(name: "reverse-list layout", items: ["apple", "banana", "cherry"], next: ["down"], layout: .reverseList),
    Case(
      name: "scrolling", items: (1...20).map { "item \($0)" }, height: 8, keys: Array(repeating: "down", count: 5),
      next: ["down"]),
    Case(name: "tiny 2×3", items: ["apple", "banana"], width: 2, height: 3, next: ["down"]),
    Case(name: "tiny 1×1", items: ["apple", "banana"], width: 1, height: 1, next: ["a"]),
    Case(name: "tiny 10×2", items: ["apple", "banana"], multi: .max, width: 10, height: 2, next: ["tab"]),
  ]

  @Test(arguments: cases)
  func `the virtual terminal shows the frame, then the next frame drawn incrementally`(_ c: Case) throws {
    var p = try PickerHarness(c.items, multi: c.multi) {
      $0.layout = c.layout
      $0.header = c.header.map { Array($0.utf8) }
    }
    var renderer = FrameRenderer()
    var terminal = VirtualTerminal(width: c.width, height: c.height)
    _ = p.frame(width: c.width, height: c.height)
    p.press(c.keys)
    let first = p.frame(width: c.width, height: c.height)
    expectFits(first)
    expectRendered(first, with: &renderer, on: &terminal)
    p.press(c.next)
    let second = p.frame(width: c.width, height: c.height)
    expectFits(second)
    expectRendered(second, with: &renderer, on: &terminal)
    // The same frame again draws nothing.
    #expect(renderer.render(second).isEmpty)
  }

  @Test func `an incremental frame rewrites only the rows that changed`() throws {
    var p = try PickerHarness(["apple", "banana", "cherry"], multi: .max)
    var renderer = FrameRenderer()
    var terminal = VirtualTerminal(width: 30, height: 7)
    expectRendered(p.frame(width: 30, height: 7), with: &renderer, on: &terminal)
    p.press("tab")
    let bytes = renderer.render(p.frame(width: 30, height: 7))
    terminal.feed(bytes)
    #expect(terminal.screenText == p.frame(width: 30, height: 7).plainText)
    // Rows 3 (select-all), 4 (apple) and 5 (banana) changed; 1-based 3;1H, 4;1H, 5;1H.
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.contains("\u{1B}[3;1H") && text.contains("\u{1B}[4;1H") && text.contains("\u{1B}[5;1H"))
    #expect(!text.contains("\u{1B}[1;1H") && !text.contains("\u{1B}[2;1H") && !text.contains("\u{1B}[6;1H"))
  }
}

// MARK: - More item text, resizing, the info line

extension GoldenFrameTests {
  @Test func `emoji sequences take two columns each`() throws {
    // The virtual terminal's simple width rule measures ZWJ sequences and
    // VS16 differently, so only the layout's own measure is checked here.
    var p = try PickerHarness(["👨‍👩‍👧 family", "🇯🇵 flag", "❤️ heart", "1️⃣ keycap", "👍🏽 thumbs"])
    expectScreen(
      p.frame(width: 20, height: 7),
      """
      >
        5/5
      >  👨‍👩‍👧 family
         🇯🇵 flag
         ❤️ heart
         1️⃣ keycap
         👍🏽 thumbs
      """, crossCheck: false)
    // Cut: the sequence is never split; `…` stays in the last column.
    expectScreen(
      p.frame(width: 8, height: 7),
      """
      >
        5/5
      >  👨‍👩‍👧…
         🇯🇵…
         ❤️…
         1️⃣…
         👍🏽…
      """, crossCheck: false)
  }

  @Test func `a mark with no base, a trailing CR and a CR inside`() throws {
    var p = try PickerHarness(["\u{301}abc", "dos line\r", "mid\rcr"])
    expectScreen(
      p.frame(width: 14, height: 5),
      """
      >
        3/3
      >  ◌́abc
         dos line
         mid␍cr
      """)
  }

  @Test func `a tab keeps its width when the start of the item is cut`() throws {
    var p = try PickerHarness([String(repeating: "a", count: 30) + "\tx"], query: "x")
    expectScreen(
      p.frame(width: 14, height: 3),
      """
      > x
        1/1
      >  …aaaaa  x
      """)
  }

  @Test func `a match at the end of wide text`() throws {
    var p = try PickerHarness(["日本語のテキスト"], query: "キスト")
    expectScreen(
      p.frame(width: 12, height: 3),
      """
      > キスト
        1/1
      >  …キスト
      """)
  }

  @Test func `header lines in the default layout read upwards from the prompt, as in fzf`() throws {
    var p = try PickerHarness(["H1", "H2", "a", "b"]) {
      $0.headerLines = 2
      $0.layout = .default
    }
    expectScreen(
      p.frame(width: 10, height: 7),
      """

         b
      >  a
         H2
         H1
        2/2
      >
      """)
  }

  // fzf's test_header, test_header_and_header_lines and their layouts:
  // one row per line of --header, reading top-down in every layout.
  @Test(arguments: [Options.Layout.reverse, .default, .reverseList])
  func `a --header of several lines is drawn one row per line, with the header lines`(
    layout: Options.Layout
  ) throws {
    var p = try PickerHarness(["H1", "H2", "a", "b"]) {
      $0.header = Array("line1\nline2\n".utf8)
      $0.headerLines = 2
      $0.layout = layout
    }
    let expected: String
    switch layout {
    case .reverse: expected = ">\n  2/2\n   line1\n   line2\n   H1\n   H2\n>  a\n   b"
    case .default: expected = "   b\n>  a\n   H2\n   H1\n   line1\n   line2\n  2/2\n>"
    case .reverseList: expected = "   H1\n   H2\n>  a\n   b\n   line1\n   line2\n  2/2\n>"
    }
    expectScreen(p.frame(width: 10, height: 8), expected)
  }

  @Test func `multi mode: the first --header line is the title, the others header rows`() throws {
    var p = try PickerHarness(["apple", "banana"], multi: .max) { $0.header = Array("Fruits\npick some".utf8) }
    expectScreen(
      p.frame(width: 24, height: 6),
      """
      >
        2/2
        [ ] Fruits      0 of 2
         pick some
      >  apple
         banana
      """)
  }

  @Test func `--with-nth applies to the header lines too (fzf's test_header_lines_with_nth)`() throws {
    var p = try PickerHarness(["1", "2", "3"]) {
      $0.headerLines = 1
      $0.withNth = [FieldRange(1), FieldRange(1)]
    }
    expectScreen(
      p.frame(width: 10, height: 5),
      """
      >
        2/2
         11
      >  22
         33
      """)
  }

  @Test func `growing the screen scrolls back so the list fills it; shrinking keeps the cursor`() throws {
    let items = (1...20).map { "item \($0)" }
    var p = try PickerHarness(items)
    _ = p.frame(width: 12, height: 8)
    p.press("end")
    for _ in 0..<19 { p.press("down") }
    expectScreen(
      p.frame(width: 12, height: 4),
      """
      >
        20/20
         item 19
      >  item 20
      """)
    let grown = p.frame(width: 12, height: 24)
    expectFits(grown)
    let rows = grown.plainText.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(rows[2].hasPrefix("   item 1 "))
    #expect(rows[21].hasPrefix(">  item 20"))
    #expect(rows[22].allSatisfy { $0 == " " })
  }

  @Test func `the info line shows a spinner while loading, and waiting… while Enter waits`() throws {
    var p = try PickerHarness(["apple", "banana"], isInputOpen: true)
    p.now = 100  // the spinner's second frame
    expectScreen(
      p.frame(width: 20, height: 3),
      """
      >
      \\ 2/2
      >  apple
      """)
    p.press("z", "enter")
    p.now = 400
    expectScreen(
      p.frame(width: 20, height: 3),
      """
      > z
      - 0/2  waiting…

      """)
  }

  @Test func `the cap in the narrow layout`() throws {
    var p = try PickerHarness(["apple", "banana", "cherry"], multi: 1) {
      $0.header = Array("Pick one fruit".utf8)
      $0.scrollOff = 0
    }
    _ = p.frame(width: 18, height: 6)
    p.press("tab")
    expectScreen(
      p.frame(width: 18, height: 6),
      """
      >
        3/3  cap reached
        [-] Pick one …
            1 of 3
       * apple
      >  banana
      """)
  }

  // MARK: Known issues

  @Test func `nothing ambiguous is drawn in the last two columns`() throws {
    // Docs/Design.md, Drawing: the two right-hand columns stay blank. `…`
    // (U+2026) is East Asian Width A: a terminal that draws ambiguous
    // characters wide cannot fit it in the last column.
    var long = try PickerHarness(["a-very-long-item-name-that-does-not-fit"])
    var title = try PickerHarness(["apple"], multi: .max) { $0.header = Array("Everything in the fruit bowl".utf8) }
    var query = try PickerHarness(["apple"], query: "abcdefghijklmnop")
    let frames = [
      long.frame(width: 20, height: 3), title.frame(width: 20, height: 5), query.frame(width: 10, height: 3),
    ]
    for frame in frames {
      for (index, line) in frame.plainText.split(separator: "\n").enumerated() {
        let lastTwo = String(line).unicodeScalars.suffix(2)
        #expect(!lastTwo.contains { isAmbiguous($0) }, "row \(index): \(line)")
      }
    }
  }

  @Test func `a query longer than the row scrolls so the cursor and the last typed character show`() throws {
    var p = try PickerHarness(["apple"])
    _ = p.frame(width: 10, height: 3)
    p.press("a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k")
    let frame = p.frame(width: 10, height: 3)
    let prompt = String(frame.plainText.split(separator: "\n")[0])
    let cursor = try #require(frame.cursor)
    let beforeCursor = Array(prompt)[..<cursor.column]
    #expect(beforeCursor.last == "k", "prompt row \(prompt.debugDescription), cursor column \(cursor.column)")
  }
}

/// A few East Asian Width "A" characters pick itself may draw: `…`, U+FFFD,
/// and Latin-1's ambiguous letters and signs.
private func isAmbiguous(_ scalar: Unicode.Scalar) -> Bool {
  switch scalar.value {
  case 0x2026, 0xFFFD, 0x00A1, 0x00A4, 0x00A7, 0x00A8, 0x00AA, 0x00AD, 0x00AE, 0x00B0...0x00B4, 0x00B6...0x00BA,
    0x00BC...0x00BF, 0x00C6, 0x00D0, 0x00D7, 0x00D8, 0x00DE...0x00E1, 0x00E6, 0x00E8...0x00EA, 0x00EC, 0x00ED,
    0x00F0, 0x00F2, 0x00F3, 0x00F7...0x00FA, 0x00FC, 0x00FE:
    return true
  default:
    return false
  }
}

@Suite struct GhostTextTests {
  @Test func `--ghost shows its text, dimmed, until something is typed`() throws {
    var p = try PickerHarness(["apple", "banana"]) { $0.ghost = Array("type a fruit".utf8) }
    let frame = p.frame(width: 20, height: 4)
    expectScreen(
      frame,
      """
      > type a fruit
        2/2
      >  apple
         banana
      """)
    #expect(frame.rows[0].last?.style.dim == true)
    #expect(frame.cursor == CursorPosition(row: 0, column: 2))
    p.press("b")
    expectScreen(
      p.frame(width: 20, height: 3),
      """
      > b
        1/2
      >  banana
      """)
  }
}

@Suite struct HeaderFirstTests {
  // As fzf 0.74 draws `seq 5 | fzf --header-lines 1 --header $'h1\nh2' --header-first`.
  @Test(arguments: [Options.Layout.reverse, .default, .reverseList])
  func `--header-first puts the header rows beyond the prompt`(layout: Options.Layout) throws {
    var p = try PickerHarness(["1", "2", "3"]) {
      $0.header = Array("h1\nh2".utf8)
      $0.headerLines = 1
      $0.headerFirst = true
      $0.layout = layout
    }
    let frame = p.frame(width: 10, height: 7)
    let expected: String
    let cursorRow: Int
    switch layout {
    case .reverse:
      (expected, cursorRow) = ("   h1\n   h2\n>\n  2/2\n   1\n>  2\n   3", 2)
    case .default:
      (expected, cursorRow) = ("   3\n>  2\n   1\n  2/2\n>\n   h1\n   h2", 4)
    case .reverseList:
      (expected, cursorRow) = ("   1\n>  2\n   3\n  2/2\n>\n   h1\n   h2", 4)
    }
    expectScreen(frame, expected)
    #expect(frame.cursor?.row == cursorRow)
  }
}
