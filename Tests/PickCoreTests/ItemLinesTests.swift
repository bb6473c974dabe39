import Testing

@testable import PickCore

/// `ItemLines` and `WrappedLine`: an item's text over several rows, as
/// fzf 0.74's `Chars.Lines` lays it out (no picker, no terminal).
@Suite struct ItemLinesTests {
  private func shape(
    width: Int, sign: Int = 2, wraps: Bool = true, words: Bool = false, multiLine: Bool = false, tabstop: Int = 8
  ) -> ItemLines.Shape {
    ItemLines.Shape(
      width: width, signColumns: sign, tabstop: tabstop, ellipsis: DisplayLine.ellipsis,
      breaking: LineBreaking(wraps: wraps, wrapsWords: words, multiLine: multiLine))
  }

  /// Each row's text, with `+` before a continued one, and whether more rows were left out.
  private func rows(
    _ text: String, _ shape: ItemLines.Shape, matches: [Int] = [], maxRows: Int = 100
  ) -> (rows: [String], isCut: Bool) {
    let bytes = Array(text.utf8)
    let (rows, isCut) = bytes.withUnsafeBufferPointer {
      ItemLines.rows(of: $0, matches: matches, styleBreaks: [], shape: shape, maxRows: maxRows)
    }
    let count = bytes.withUnsafeBufferPointer { ItemLines.rowCount(of: $0, shape: shape, maxRows: maxRows) }
    #expect(count == rows.count, "rowCount agrees with the rows made")
    return (rows.map { ($0.isContinuation ? "+" : "") + $0.segments.map(\.text).joined() }, isCut)
  }

  @Test func `a long line goes on over rows narrowed by the sign`() {
    #expect(rows("abcdefgh", shape(width: 4)).rows == ["abcd", "+ef", "+gh"])
    #expect(rows("abcd", shape(width: 4)).rows == ["abcd"])
    #expect(rows("", shape(width: 4)).rows == [""])
  }

  @Test func `word mode breaks after the last space or tab that fits, else at the edge`() {
    #expect(rows("aaa bbb ccc", shape(width: 9, words: true)).rows == ["aaa bbb ", "+ccc"])
    #expect(rows("aaa bbb ccc", shape(width: 9)).rows == ["aaa bbb c", "+cc"])
    // No space among the characters that fit: a character break, as fzf.
    #expect(rows("abcdefghij kl", shape(width: 6, words: true)).rows == ["abcdef", "+ghij", "+ kl"])
  }

  @Test func `a wide character that does not fit goes to the next row whole`() {
    // 日本 is 4 columns of 5; 語 would need 6. A continued row has 3.
    #expect(rows("日本語日本", shape(width: 5)).rows == ["日本", "+語", "+日", "+本"])
  }

  @Test func `multi-line items take a row a line; a CR before a newline is not drawn`() {
    let lines = shape(width: 10, wraps: false, multiLine: true)
    #expect(rows("a\nb\r\nc", lines).rows == ["a", "b", "c"])
    // An item that ends with a newline has an empty last row, as in fzf.
    #expect(rows("x1\nx2\n", lines).rows == ["x1", "x2", ""])
    // Without multi-line items a newline is a control picture.
    #expect(rows("a\nb", shape(width: 10, wraps: false)).rows == ["a␊b"])
    // Each line is cut on its own.
    #expect(rows("short\na line too long", lines).rows == ["short", "a line to…"])
    // And wrapped on its own: a new line never starts with the sign.
    #expect(rows("abcdef\ngh", shape(width: 4, multiLine: true)).rows == ["abcd", "+ef", "gh"])
  }

  @Test func `only the rows asked for are made, and the rest is said to be cut`() {
    let made = rows("abcdefgh", shape(width: 2, sign: 0), maxRows: 3)
    #expect(made.rows == ["ab", "+cd", "+ef"] && made.isCut)
    let lines = rows("1\n2\n3\n4", shape(width: 5, wraps: false, multiLine: true), maxRows: 2)
    #expect(lines.rows == ["1", "2"] && lines.isCut)
    #expect(!rows("1\n2", shape(width: 5, wraps: false, multiLine: true), maxRows: 2).isCut)
  }

  @Test func `matches are highlighted on the row they fall on`() {
    let bytes = Array("abcdefgh".utf8)
    let made = bytes.withUnsafeBufferPointer {
      ItemLines.rows(of: $0, matches: [1, 5], styleBreaks: [], shape: shape(width: 4), maxRows: 10).rows
    }
    #expect(made[0].segments.filter(\.isMatch).map(\.text) == ["b"])
    #expect(made[1].segments.filter(\.isMatch).map(\.text) == ["f"])
    #expect(made[2].segments.allSatisfy { !$0.isMatch })
    // On a later line of a multi-line item too.
    let lines = Array("ab\ncd".utf8).withUnsafeBufferPointer {
      ItemLines.rows(
        of: $0, matches: [4], styleBreaks: [], shape: shape(width: 5, wraps: false, multiLine: true), maxRows: 10
      ).rows
    }
    #expect(lines[1].segments.filter(\.isMatch).map(\.text) == ["d"])
  }

  @Test func `tabs count from the start of their row`() {
    #expect(rows("abc\tdefg\th", shape(width: 8, sign: 0, tabstop: 4)).rows == ["abc defg", "+    h"])
  }

  @Test func `a huge line gives only the rows asked for`() {
    let line = [UInt8](repeating: UInt8(ascii: "x"), count: 20 << 20)
    let made = line.withUnsafeBufferPointer {
      ItemLines.rows(of: $0, matches: [], styleBreaks: [], shape: shape(width: 80), maxRows: 5)
    }
    #expect(made.rows.count == 5 && made.isCut)
    #expect(made.rows.dropFirst().allSatisfy { $0.isContinuation && $0.segments.map(\.columns) == [78] })
    #expect(line.withUnsafeBufferPointer { ItemLines.rowCount(of: $0, shape: shape(width: 80), maxRows: 5) } == 5)
  }
}
