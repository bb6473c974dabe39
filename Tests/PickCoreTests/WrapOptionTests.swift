import Testing

@testable import PickCore

/// `--wrap[=MODE]`, `--wrap-word`, `--wrap-sign`, `--multi-line`,
/// `--marker-multi-line` and `--preview-wrap-sign`, read with fzf 0.74's
/// switches; what the picker starts with.
@Suite struct WrapOptionTests {
  private func parse(_ words: String...) throws -> Options {
    try OptionParser.parse(arguments: words.map { Array($0.utf8) })
  }

  private func error(_ words: String...) -> String {
    do {
      _ = try OptionParser.parse(arguments: words.map { Array($0.utf8) })
      return ""
    } catch {
      return error.message
    }
  }

  private func breaking(_ words: String...) throws -> LineBreaking {
    PickerConfiguration(options: try OptionParser.parse(arguments: words.map { Array($0.utf8) })).lineBreaking
  }

  @Test func `--wrap and --wrap-word set fzf's two switches`() throws {
    #expect(try breaking() == LineBreaking())
    #expect(try breaking("--wrap") == LineBreaking(wraps: true))
    #expect(try breaking("--wrap=char") == LineBreaking(wraps: true))
    #expect(try breaking("--wrap=word") == LineBreaking(wraps: true, wrapsWords: true))
    #expect(try breaking("--wrap-word") == LineBreaking(wraps: true, wrapsWords: true))
    // As in fzf: a bare --wrap keeps word mode, --wrap=char ends it.
    #expect(try breaking("--wrap-word", "--wrap") == LineBreaking(wraps: true, wrapsWords: true))
    #expect(try breaking("--wrap-word", "--wrap=char") == LineBreaking(wraps: true))
    // --no-wrap ends both; --no-wrap-word only word mode.
    #expect(try breaking("--wrap-word", "--no-wrap") == LineBreaking())
    #expect(try breaking("--wrap-word", "--no-wrap-word") == LineBreaking(wraps: true))
    #expect(try breaking("--no-wrap-word") == LineBreaking())
  }

  @Test func `a wrap mode other than char or word is refused, and MODE only attaches`() {
    #expect(error("--wrap=line") == "option --wrap: invalid value 'line' (expected char or word)")
    #expect(error("--wrap", "word").hasPrefix("unexpected argument: word"))
  }

  @Test func `multi-line items are on with --read0 unless --no-multi-line`() throws {
    #expect(try breaking("--read0").multiLine)
    #expect(try !breaking().multiLine)
    #expect(try !breaking("--read0", "--no-multi-line").multiLine)
    #expect(try breaking("--read0", "--no-multi-line", "--multi-line").multiLine)
  }

  @Test func `the wrap signs: fzf's, ASCII without Unicode, the preview's the list's unless given`() throws {
    let standard = PickerConfiguration(options: try parse())
    #expect(standard.wrapSign.text == "↳ " && standard.wrapSign.columns == 2)
    #expect(standard.previewWrapSign.text == "↳ ")
    #expect(PickerConfiguration(options: try parse("--no-unicode")).wrapSign.text == "> ")
    let own = PickerConfiguration(options: try parse("--wrap-sign=» "))
    #expect(own.wrapSign.text == "» " && own.previewWrapSign.text == "» ")
    let both = PickerConfiguration(options: try parse("--wrap-sign=»", "--preview-wrap-sign=++ "))
    #expect(both.wrapSign.text == "»" && both.previewWrapSign == PickerConfiguration.sign("++ "))
    #expect(PickerConfiguration(options: try parse("--wrap-sign=")).wrapSign.columns == 0)
  }

  @Test func `a sign with a control character is refused (difference 87)`() {
    #expect(error("--wrap-sign=\t") == "option --wrap-sign: invalid value '\\t' (the wrap sign must be printable text)")
    #expect(error("--preview-wrap-sign=\u{1B}[31m").contains("must be printable text"))
  }

  @Test func `--marker-multi-line takes three signs of 3 or 6 columns in all`() throws {
    var marks = try parse("--marker-multi-line=abc").itemMarks
    #expect(marks.marker(for: .top, usesUnicode: true) == "a")
    #expect(marks.marker(for: .middle, usesUnicode: true) == "b")
    #expect(marks.marker(for: .bottom, usesUnicode: true) == "c")
    #expect(marks.marker(for: .single, usesUnicode: true) == "*")
    // Two columns each: the marker is padded to match, as in fzf.
    marks = try parse("--marker-multi-line=┏┓┃┃┗┛").itemMarks
    #expect(marks.markerColumns == 2 && marks.marker == "* ")
    #expect(marks.marker(for: .top, usesUnicode: true) == "┏┓")
    // A wider marker pads the signs.
    marks = try parse("--marker=✓✓").itemMarks
    #expect(marks.marker(for: .middle, usesUnicode: true) == "┃ ")
    #expect(marks.marker(for: .bottom, usesUnicode: false) == "' ")
    // Empty: no signs; an empty marker takes the default ones away, as in fzf.
    #expect(try parse("--marker-multi-line=").itemMarks.marker(for: .top, usesUnicode: true) == " ")
    #expect(try parse("--marker=").itemMarks.marker(for: .top, usesUnicode: true) == "")
    #expect(error("--marker-multi-line=ab").contains("3 or 6 columns wide in all (or empty), not 2"))
    #expect(error("--marker-multi-line=abcd").contains("not 4"))
    #expect(error("--marker-multi-line=a\n").contains("must be printable text"))
  }

  @Test func `the toggles are actions --bind can name`() throws {
    let options = try parse("--bind=f2:toggle-wrap+toggle-multi-line,f3:toggle-wrap-word")
    #expect(options.bindings["f2"] == [.toggleWrap, .toggleMultiLine])
    #expect(options.bindings["f3"] == [.toggleWrapWord])
    #expect(PickerAction.toggleWrapWord.name == "toggle-wrap-word")
    #expect(!PickerAction.toggleWrap.needsCurrentMatches)
  }

  @Test func `the toggles work as fzf's`() {
    var breaking = LineBreaking()
    breaking.toggleWrap()
    #expect(breaking == LineBreaking(wraps: true))
    breaking.toggleWrapWord()
    #expect(breaking == LineBreaking(wraps: true, wrapsWords: true))
    breaking.toggleWrap()
    #expect(breaking == LineBreaking())
    breaking = LineBreaking(wraps: true, wrapsWords: true)
    breaking.toggleWrapWord()
    #expect(breaking == LineBreaking())
  }
}
