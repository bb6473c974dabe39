import Testing

@testable import PickCore

/// Long lines in the picker, drawn by the layout without a terminal:
/// `--hscroll`, `--no-hscroll`, `--hscroll-off`, `--keep-right`,
/// `--freeze-left`, `--freeze-right` and `--ambidouble`.
///
/// The frames are 30 columns wide, so an item has 25 (three columns of signs
/// before it, two kept free after it). Each expectation was checked against
/// fzf 0.74.5 drawing the same item in 25 columns with `--ellipsis=…`, except
/// where a comment names a row of Docs/fzf-compatibility.md.
@Suite struct HorizontalScrollTests {
  private func harness(_ items: [String], _ arguments: [String] = []) throws -> PickerHarness {
    let options = try OptionParser.parse(arguments: arguments.map { Array($0.utf8) })
    return try PickerHarness(items) { $0 = options }
  }

  /// The item rows of a frame of the picker after typing `query` (an
  /// option error is recorded, and gives no rows).
  private func rows(
    _ items: [String], _ arguments: [String] = [], query: String = "", width: Int = 30
  ) -> String {
    guard var p = try? harness(items, arguments) else {
      Issue.record("options refused: \(arguments)")
      return ""
    }
    if !query.isEmpty { p.type(query) }
    let frame = p.frame(width: width, height: 2 + items.count)
    expectFits(frame, crossCheck: !arguments.contains("--ambidouble"))
    return frame.plainText.split(separator: "\n").dropFirst(2).map {
      String($0.reversed().drop { $0 == " " }.reversed())
    }.joined(separator: "\n")
  }

  static let long = String(repeating: "a", count: 40) + "match" + String(repeating: "b", count: 40)

  // MARK: --hscroll, --hscroll-off, --no-hscroll

  @Test func `a match past the right edge scrolls into view with ten columns after it`() throws {
    #expect(rows([Self.long], query: "match") == ">  …aaaaaaaamatchbbbbbbbbbb…")
  }

  @Test func `a match that fits with its context leaves the head alone`() throws {
    let item = "src/" + String(repeating: "x", count: 60)
    #expect(rows([item], query: "src") == ">  src/xxxxxxxxxxxxxxxxxxxx…")
  }

  @Test func `a match near the end shows the tail without a trailing ellipsis`() throws {
    // Less than an ellipsis follows the ten columns after the match: it is shown instead.
    let item = String(repeating: "a", count: 40) + "match" + String(repeating: "b", count: 11)
    #expect(rows([item], query: "match") == ">  …aaaaaaaamatchbbbbbbbbbbb")
  }

  @Test func `--hscroll-off sets the columns after the match, at most half the row`() throws {
    #expect(rows([Self.long], ["--hscroll-off=2"], query: "match") == ">  …aaaaaaaaaaaaaaaamatchbb…")
    #expect(rows([Self.long], ["--hscroll-off=0"], query: "match") == ">  …aaaaaaaaaaaaaaaaaamatch…")
    // 25 columns: at most 25 / 2 - 1 = 11 after the match, the rest before it.
    #expect(rows([Self.long], ["--hscroll-off=100"], query: "match") == ">  …aaaaaaamatchbbbbbbbbbbb…")
  }

  @Test(arguments: [0, 3, 6])
  func `fzf's own test of --hscroll-off passes`(offset: Int) {
    // test_hscroll_off (fzf's test_core.rb), with pick's ellipsis.
    let item = String(repeating: "=", count: 10_000) + "0123456789"
    let context = (0...offset).map(String.init).joined()
    #expect(rows([item], ["--hscroll-off=\(offset)"], query: "0", width: 60).hasSuffix(context + "…"))
    #expect(rows([item], ["--hscroll-off=\(offset)"], query: "09", width: 60).hasSuffix("789"))
    #expect(rows([item], ["--hscroll-off=\(offset)", "--no-hscroll"], query: "09", width: 60).hasSuffix("=…"))
  }

  @Test func `--no-hscroll always shows the head, --hscroll turns scrolling back on`() throws {
    #expect(rows([Self.long], ["--no-hscroll"], query: "match") == ">  aaaaaaaaaaaaaaaaaaaaaaaa…")
    #expect(
      rows([Self.long], ["--no-hscroll", "--hscroll"], query: "match") == ">  …aaaaaaaamatchbbbbbbbbbb…")
  }

  // MARK: --keep-right

  @Test func `--keep-right shows the end while the query is empty`() throws {
    let item = "start" + Self.long + "TAIL"
    #expect(rows([item], ["--keep-right"]) == ">  …bbbbbbbbbbbbbbbbbbbbTAIL")
    // A match gives way to the scroll (fzf: "effective only when the query string is empty").
    #expect(rows([item], ["--keep-right"], query: "match") == ">  …aaaaaaaamatchbbbbbbbbbb…")
    // A match at the left shows the head, not the end.
    #expect(rows([item], ["--keep-right"], query: "start") == ">  startaaaaaaaaaaaaaaaaaaa…")
    #expect(rows([item], ["--keep-right", "--no-keep-right"]) == ">  startaaaaaaaaaaaaaaaaaaa…")
  }

  @Test func `--keep-right keeps the end of header and footer lines, with a query too`() throws {
    let header = String(repeating: "H", count: 40) + "END"
    var p = try harness(
      [header, Self.long],
      ["--keep-right", "--header-lines=1", "--header=" + String(repeating: "X", count: 40) + "Y"])
    p.type("match")
    expectScreen(
      p.frame(width: 30, height: 5),
      """
      > match
        1/1
         …XXXXXXXXXXXXXXXXXXXXXXXY
         …HHHHHHHHHHHHHHHHHHHHHEND
      >  …aaaaaaaamatchbbbbbbbbbb…
      """)
  }

  // MARK: --freeze-left, --freeze-right

  static let path = "42 /usr/share/very/long/path/to/some/deeply/nested/file.txt 1.2K"

  @Test func `--freeze-left keeps the first field while the rest scrolls to the match`() throws {
    #expect(rows([Self.path], ["--freeze-left=1"]) == ">  42 /usr/share/very/long/…")
    #expect(rows([Self.path], ["--freeze-left=1"], query: "nested") == ">  42…eply/nested/file.txt …")
  }

  @Test func `--freeze-right keeps the last field, drawn after the part that scrolls`() throws {
    #expect(rows([Self.path], ["--freeze-right=1"]) == ">  42 /usr/share/very/l…1.2K")
    #expect(
      rows([Self.path], ["--freeze-left=1", "--freeze-right=1"], query: "nested")
        == ">  42…ly/nested/file.tx…1.2K")
    // With --keep-right the middle shows its end.
    #expect(rows([Self.path], ["--freeze-right=1", "--keep-right"]) == ">  …ply/nested/file.txt 1.2K")
  }

  @Test func `frozen fields follow --delimiter, the delimiter going with the frozen part`() throws {
    let item = "a:b:" + String(repeating: "c", count: 40) + ":d"
    #expect(rows([item], ["-d:", "--freeze-left=1", "--freeze-right=1"]) == ">  a:b:cccccccccccccccccc…:d")
  }

  @Test func `a frozen field too long for the row is cut and nothing else shows`() throws {
    let item = String(repeating: "x", count: 40) + " y"
    #expect(rows([item], ["--freeze-left=1", "--freeze-right=1"]) == ">  xxxxxxxxxxxxxxxxxxxxxxxx…")
  }

  @Test func `fzf's edge cases: one field, leading blanks, frozen parts that meet`() throws {
    // No more fields than --freeze-right: the whole line is the right part, its tail shown.
    #expect(rows([String(repeating: "a", count: 30) + "END"], ["--freeze-right=1"]) == ">  …aaaaaaaaaaaaaaaaaaaaaEND")
    // Leading blanks belong to the first frozen field's part.
    let blanks = "  a  " + String(repeating: "b", count: 30) + "  c"
    #expect(rows([blanks], ["--freeze-left=1"]) == ">    a  bbbbbbbbbbbbbbbbbbb…")
    // The right part would start inside the left one: it starts where the left one ends.
    let meeting = "one two " + String(repeating: "b", count: 30) + " three"
    #expect(rows([meeting], ["--freeze-left=1", "--freeze-right=3"]) == ">  one…bbbbbbbbbbbbbbb three")
  }

  @Test func `fzf's own tests of frozen fields on a long line pass`() {
    // test_freeze_left_and_right and test_freeze_left_and_right_delimiter (fzf's test_core.rb).
    let spaced = (1...10_000).map(String.init).joined(separator: " ") + " "
    let arguments = ["--freeze-left=3", "--freeze-right=3", "--ellipsis=XX"]
    #expect(rows([spaced], arguments, width: 60).hasSuffix("XX9998 9999 10000"))
    let matched = rows([spaced], arguments, query: "'1000", width: 60)
    #expect(matched.hasPrefix(">  1 2 3XX") && matched.hasSuffix("XX9998 9999 10000"), "\(matched)")
    let commas = (1...10_000).map { "\($0) , " }.joined()
    let delimited = rows([commas], arguments + ["--delimiter= , "], query: "'1000", width: 60)
    #expect(delimited.hasPrefix(">  1 , 2 , 3 ,XX") && delimited.hasSuffix("XX, 9999 , 10000 ,"), "\(delimited)")
  }

  @Test func `an item over a mebibyte is drawn without frozen fields`() {
    let huge = "id " + String(repeating: "x", count: FrozenFields.maximumBytes) + " end"
    #expect(rows([huge], ["--freeze-left=1", "--freeze-right=1"]) == ">  id xxxxxxxxxxxxxxxxxxxxx…")
  }

  @Test func `each frozen part keeps the item's own colours and the highlights`() {
    let item = Array(("aa:" + String(repeating: "b", count: 30) + ":cc").utf8)
    var fit = LineFit()
    fit.frozen = FrozenFields(left: 1, right: 1, splitter: FieldSplitter(delimiter: Array(":".utf8)))
    // --ansi style changes where the b's start and at the last colon; a
    // match on the first c, past the middle, so the middle shows its end (as fzf).
    let segments = item.withUnsafeBufferPointer {
      DisplayLine.segments(of: $0, matches: [34], width: 12, styleBreaks: [3, 33], fit: fit)
    }
    #expect(
      segments.map { "\($0.text)/\($0.run)\($0.isMatch ? "!" : "")" } == [
        "aa:…/0", "bbbbb/1", ":/2", "c/2!", "c/2",
      ])
  }

  @Test func `--no-hscroll freezes nothing`() throws {
    #expect(rows([Self.path], ["--freeze-left=1", "--no-hscroll"], query: "nested") == ">  42 /usr/share/very/long/…")
  }

  @Test func `a short line is drawn whole whatever is frozen`() throws {
    #expect(rows(["a b c"], ["--freeze-left=1", "--freeze-right=1"]) == ">  a b c")
  }

  // MARK: Items over several rows

  static let twoLines =
    "left " + String(repeating: "a", count: 43) + " right\nsecond " + String(repeating: "b", count: 40) + "match "
    + String(repeating: "c", count: 24) + " end"

  /// The rows of the one item after typing `query` (the prompt and info rows dropped).
  private func itemRows(_ arguments: [String], query: String = "") throws -> [String] {
    var p = try harness([Self.twoLines], ["--read0"] + arguments)
    if !query.isEmpty { p.type(query) }
    let frame = p.frame(width: 30, height: 4)
    expectFits(frame)
    return frame.plainText.split(separator: "\n").dropFirst(2).map {
      String($0.reversed().drop { $0 == " " }.reversed())
    }
  }

  @Test func `each line of a multi-line item scrolls to its own match, or keeps its end`() throws {
    #expect(try itemRows([], query: "match") == [">  left aaaaaaaaaaaaaaaaaaa…", ">  …bbbbbbbbmatch ccccccccc…"])
    #expect(try itemRows(["--keep-right"]) == [">  …aaaaaaaaaaaaaaaaaa right", ">  …cccccccccccccccccccc end"])
  }

  @Test func `a multi-line item's fields are frozen where they fall, as fzf splits the whole item`() throws {
    let frozen = ["--freeze-left=1", "--freeze-right=1"]
    #expect(try itemRows(frozen) == [">  left aaaaaaaaaaaaaaaaaaa…", ">  second bbbbbbbbbbbbbb…end"])
    #expect(try itemRows(frozen, query: "match") == [">  left aaaaaaaaaaaaaaaaaaa…", ">  …bbbbbmatch ccccccccc…end"])
  }

  @Test func `wrapped lines are neither scrolled nor frozen`() throws {
    var p = try harness(["id " + String(repeating: "x", count: 30) + "match"], ["--wrap", "--freeze-left=1"])
    p.type("match")
    expectScreen(
      p.frame(width: 20, height: 5),
      """
      > match
        1/1
      >  id xxxxxxxxxxxx
      >  ↳ xxxxxxxxxxxxx
      >  ↳ xxxxxmatch
      """)
  }

  // MARK: Wide characters and --ambidouble

  @Test func `wide characters at a cut are never split`() throws {
    let text = "日本語のファイル名とテキストです"
    // 25 columns: twelve wide characters and the ellipsis; in 24, a space
    // where the twelfth does not fit, before the ellipsis (row 93).
    #expect(rows([text + "x" + text]) == ">  日本語のファイル名とテキ…")
    #expect(rows([text + "x" + text], width: 29) == ">  日本語のファイル名とテ …")
    // Ten columns (five wide characters) after the match: fzf counts ten characters (row 92).
    #expect(rows([text + "x" + text], query: "x") == ">  …テキストですx日本語のフ…")
  }

  @Test func `--ambidouble counts ambiguous characters, and the ellipsis, as two columns`() throws {
    let circled = "①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳"
    #expect(rows([circled]) == ">  ①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳")
    // Eleven of them (22 columns), one blank column, and a two-column `…`.
    #expect(rows([circled], ["--ambidouble"]) == ">  ①②③④⑤⑥⑦⑧⑨⑩⑪ …")
    #expect(rows([circled], ["--ambidouble", "--no-ambidouble"]) == ">  ①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳")
    // Five "±1 " (four columns each), "±1" and the ellipsis: 25 columns.
    let plusMinus = String(repeating: "±1 ", count: 10)
    #expect(rows([plusMinus], ["--ambidouble"]) == ">  ±1 ±1 ±1 ±1 ±1 ±1…")
    #expect(rows([plusMinus]) == ">  ±1 ±1 ±1 ±1 ±1 ±1 ±1 ±1 …")
  }

  @Test func `--ambidouble wraps ambiguous characters as two columns`() throws {
    var p = try harness(["①②③④⑤⑥⑦⑧⑨⑩"], ["--wrap", "--ambidouble"])
    let frame = p.frame(width: 20, height: 4)
    expectFits(frame, crossCheck: false)
    // Fifteen columns: seven of them, then the wrap sign and the other three.
    #expect(
      frame.plainText.split(separator: "\n").dropFirst(2).map { $0.trimmingCharacters(in: .whitespaces) } == [
        ">  ①②③④⑤⑥⑦", ">  ↳ ⑧⑨⑩",
      ])
  }

  @Test func `--ambidouble measures a separator the user gives as two columns a glyph`() throws {
    func glyphs(_ arguments: [String]) throws -> Int {
      var p = try harness(["one"], arguments)
      let frame = p.frame(width: 30, height: 3)
      expectFits(frame, crossCheck: false)
      return frame.rows[1].map(\.text).joined().filter { $0 == "═" }.count
    }
    let narrow = try glyphs(["--separator=═"])
    let wide = try glyphs(["--separator=═", "--ambidouble"])
    #expect(narrow == 22)
    #expect(wide == 11)
  }

  @Test func `--ambidouble measures the query and draws pick's own lines in ASCII (row D10)`() throws {
    var p = try harness(["one"], ["--ambidouble", "--border", "--prompt=±> "])
    p.type("±")
    let frame = p.frame(width: 16, height: 6)
    expectScreen(
      frame,
      """
      +------------+
      | ±> ±     |
      |   0/1      |
      |            |
      |            |
      +------------+
      """, crossCheck: false)
    // Section boxes too (fzf's --style=full draws them).
    var full = try harness(["one"], ["--ambidouble", "--style=full"])
    let boxed = full.frame(width: 30, height: 8).plainText
    #expect(boxed.contains("+") && !boxed.unicodeScalars.contains { (0x2500...0x257F).contains($0.value) })
    // Each ± takes two columns (the plain text above shows it as one
    // character); the text cursor is after the prompt's and the query's.
    #expect(frame.cursor?.column == 2 + 4 + 2)
  }
}
