import Testing

@testable import PickCore

/// The long-line and scrolling options parse with fzf 0.74's grammar: the
/// flags and their `--no-` forms, and numbers as Go's `Atoi` reads them,
/// refused with fzf's own words.
@Suite struct LineFitOptionTests {
  private func parse(_ arguments: String...) throws(OptionError) -> Options {
    try OptionParser.parse(arguments: arguments.map { Array($0.utf8) })
  }

  private func error(_ arguments: String...) -> String {
    do {
      _ = try OptionParser.parse(arguments: arguments.map { Array($0.utf8) })
      return ""
    } catch {
      return error.message
    }
  }

  @Test func `the defaults are fzf's`() throws {
    let options = try parse()
    #expect(options.lineFit == LineFit())
    #expect(options.lineFit.scrolls && options.lineFit.context == 10 && !options.lineFit.keepsRight)
    #expect(options.lineFit.frozen.left == 0 && options.lineFit.frozen.right == 0)
    #expect(options.lineFit.ambiguous == .narrow)
    #expect(options.scrollOff == 3)
  }

  @Test func `flags and their negations, the last one winning`() throws {
    #expect(try parse("--keep-right").lineFit.keepsRight)
    #expect(try !parse("--keep-right", "--no-keep-right").lineFit.keepsRight)
    #expect(try !parse("--no-hscroll").lineFit.scrolls)
    #expect(try parse("--no-hscroll", "--hscroll").lineFit.scrolls)
    #expect(try parse("--ambidouble").lineFit.ambiguous == .wide)
    #expect(try parse("--ambidouble", "--no-ambidouble").lineFit.ambiguous == .narrow)
    #expect(error("--keep-right=1") != "")
  }

  @Test func `numbers take a value attached or as the next word, with a sign as Go reads it`() throws {
    #expect(try parse("--hscroll-off=4").lineFit.context == 4)
    #expect(try parse("--hscroll-off", "0").lineFit.context == 0)
    #expect(try parse("--freeze-left=2").lineFit.frozen.left == 2)
    #expect(try parse("--freeze-right", "+1").lineFit.frozen.right == 1)
    #expect(try parse("--scroll-off=-0").scrollOff == 0)
    #expect(try parse("--scroll-off=007").scrollOff == 7)
  }

  @Test func `bad numbers are refused with fzf's words`() {
    #expect(error("--freeze-left=x") == "option --freeze-left: invalid value 'x' (number of fields required)")
    #expect(
      error("--freeze-right=-1")
        == "option --freeze-right: invalid value '-1' (number of fields to freeze must be a non-negative integer)")
    #expect(error("--hscroll-off=") == "option --hscroll-off: invalid value '' (hscroll offset required)")
    #expect(
      error("--hscroll-off=-2")
        == "option --hscroll-off: invalid value '-2' (hscroll offset must be a non-negative integer)")
    #expect(error("--scroll-off=1.5") == "option --scroll-off: invalid value '1.5' (scroll offset required)")
    #expect(
      error("--scroll-off=-3")
        == "option --scroll-off: invalid value '-3' (scroll offset must be a non-negative integer)")
    #expect(error("--scroll-off") == "option --scroll-off needs a value")
    #expect(
      error("--freeze-left", "99999999999999999999")
        == "option --freeze-left: invalid value '99999999999999999999' (number of fields required)")
  }

  @Test func `the picker's configuration takes them, with the delimiter for the frozen fields`() throws {
    let configuration = PickerConfiguration(
      options: try parse("--freeze-left=1", "--freeze-right=2", "-d", ":", "--scroll-off=5", "--keep-right"))
    #expect(configuration.lineFit.frozen == FrozenFields(left: 1, right: 2, splitter: FieldSplitter(delimiter: [0x3A])))
    #expect(configuration.lineFit.keepsRight)
    #expect(configuration.scrollOff == 5)
  }

  @Test func `--ambidouble measures the ellipsis and the signs, and draws lines in ASCII`() throws {
    let narrow = PickerConfiguration(options: try parse("--pointer=▶", "--gutter=▌"))
    #expect(narrow.ellipsis.columns == 1 && narrow.itemMarks.pointerColumns == 1 && narrow.drawsUnicodeLines)
    let wide = PickerConfiguration(options: try parse("--pointer=▶", "--gutter=▌", "--scrollbar", "--ambidouble"))
    #expect(wide.ellipsis.columns == 2)
    #expect(wide.itemMarks.pointerColumns == 2)
    // The gutter takes one column: a sign drawn wider becomes a blank.
    #expect(wide.itemMarks.gutter == " ")
    #expect(!wide.drawsUnicodeLines)
    #expect(wide.listDecoration.scrollbar == Array("|".utf8))
  }
}
