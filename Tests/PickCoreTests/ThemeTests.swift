import Testing

@testable import PickCore

// How a theme resolves: the schemes' looks, inheritance from parent
// elements, the user's looks over the scheme, bold and `--no-bold`.

@Suite struct ThemeTests {
  @Test func `pick's default theme is the look pick always had`() {
    let theme = Theme.standard
    #expect(theme.prompt == Style(foreground: .palette(4), bold: true))
    #expect(theme.query == .plain)
    #expect(theme.info == Style(foreground: .palette(8)))
    #expect(theme.spinner == Style(foreground: .palette(8)))
    #expect(theme.match == Style(foreground: .palette(2), bold: true))
    #expect(theme.currentMatch == Style(foreground: .palette(2), bold: true))
    #expect(theme.pointer == Style(foreground: .palette(1), bold: true))
    #expect(theme.marker == Style(foreground: .palette(5), bold: true))
    #expect(theme.selectAllBox == Style(foreground: .palette(5), bold: true))
    #expect(theme.header == .plain)
    #expect(theme.text == .plain)
    #expect(theme.currentText == Style(bold: true))
    #expect(theme.selectedText == .plain)
    #expect(theme.gutter == .plain)
    #expect(theme.previewBorder == Style(foreground: .palette(8)))
    #expect(theme.previewText == .plain)
  }

  @Test func `fzf's dark scheme: its 256-colour numbers, bold where fzf bolds`() {
    let theme = Theme(scheme: .dark)
    #expect(theme.prompt == Style(foreground: .palette(110), bold: true))
    #expect(theme.query == Style(bold: true))
    #expect(theme.currentText == Style(foreground: .palette(254), background: .palette(236), bold: true))
    #expect(theme.currentMatch == Style(foreground: .palette(151), background: .palette(236), bold: true))
    #expect(theme.match == Style(foreground: .palette(108)))
    #expect(theme.pointer == Style(foreground: .palette(161), background: .palette(236), bold: true))
    #expect(theme.marker == Style(foreground: .palette(168)))
    #expect(theme.gutter == Style(background: .palette(236)))
    #expect(theme.info == Style(foreground: .palette(144)))
    #expect(theme.spinner == Style(foreground: .palette(148), bold: true))
    #expect(theme.header == Style(foreground: .palette(109)))
    #expect(theme.previewBorder == Style(foreground: .palette(59)))
    #expect(theme[.label] == ElementStyle(color: .palette(145)))
    #expect(theme[.listLabel] == ElementStyle(color: .palette(145)))
  }

  @Test func `bw: no colour, matches underlined, the current line reversed`() {
    let theme = Theme(scheme: .bw)
    #expect(theme.match == Style(underline: true))
    #expect(theme.currentText == Style(bold: true, reverse: true))
    #expect(theme.currentMatch == Style(bold: true, reverse: true, underline: true))
    #expect(theme.previewBorder == Style(dim: true))
    for element in ThemeElement.allCases {
      #expect(theme[element].color == nil, "\(element)")
    }
  }

  @Test func `high-contrast: no colour at all and nothing dim`() {
    let theme = Theme(scheme: .highContrast)
    for element in ThemeElement.allCases {
      #expect(theme[element].color == nil, "\(element)")
      #expect(!theme[element].attributes.contains(.dim), "\(element)")
    }
    #expect(theme.currentText == Style(bold: true, reverse: true))
    #expect(theme.match == Style(bold: true, underline: true))
    #expect(theme.currentMatch == Style(bold: true, reverse: true, underline: true))
    #expect(theme.selectedText == Style(bold: true))
    // Told apart without colour and without bold, too.
    let plain = Theme(scheme: .highContrast, bold: false)
    let looks = [plain.text, plain.match, plain.currentText, plain.currentMatch]
    #expect(Set(looks).count == looks.count)
  }

  @Test func `an element nobody styles takes its parent's look`() {
    let theme = Theme(
      overrides: [.fg: ElementLook(color: .color(.palette(252))), .border: ElementLook(color: .color(.blue))])
    #expect(theme.text == Style(foreground: .palette(252)))
    #expect(theme.previewText == Style(foreground: .palette(252)))
    #expect(theme.currentText == Style(foreground: .palette(252), bold: true))
    #expect(theme.previewBorder == Style(foreground: .blue))
    #expect(theme[.scrollbar] == ElementStyle(color: .blue))
    #expect(theme[.separator] == ElementStyle(color: .blue))
  }

  @Test func `current-fg adds its attributes to fg's; other children replace them`() {
    let theme = Theme(
      overrides: [
        .fg: ElementLook(attributes: .dim), .currentFg: ElementLook(attributes: .italic),
        .previewFg: ElementLook(attributes: .underline),
      ])
    #expect(theme.currentText == Style(bold: true, dim: true, italic: true))
    #expect(theme.previewText == Style(underline: true))
  }

  @Test func `the user's look lies over the scheme's: colour alone keeps the scheme's attributes`() {
    let red = Theme(overrides: [.hl: ElementLook(color: .color(.red))])
    #expect(red.match == Style(foreground: .red, bold: true))
    let overridden = Theme(
      overrides: [.hl: ElementLook(color: .color(.rgb(255, 0, 0)), attributes: .underline)])
    #expect(overridden.match == Style(foreground: .rgb(255, 0, 0), bold: true, underline: true))
    // current-hl is an element of its own, as in fzf: the scheme's stays.
    #expect(overridden.currentMatch == Style(foreground: .palette(2), bold: true))
  }

  @Test func `--no-bold drops the scheme's bold; regular drops it for one element; the user's bold stays`() {
    #expect(Theme(bold: false).prompt == Style(foreground: .palette(4)))
    #expect(Theme(bold: false).currentText == .plain)
    let regular = Theme(overrides: [.prompt: ElementLook(attributes: [], isRegular: true)])
    #expect(regular.prompt == Style(foreground: .palette(4)))
    let asked = Theme(overrides: [.info: ElementLook(attributes: .bold)], bold: false)
    #expect(asked.info == Style(foreground: .palette(8), bold: true))
    for element in ThemeElement.allCases where element != .info {
      #expect(!asked[element].attributes.contains(.bold), "\(element)")
    }
  }

  @Test func `bg elements lend their colour as the background; -1 is the terminal's default`() {
    let theme = Theme(
      scheme: .dark,
      overrides: [
        .bg: ElementLook(color: .color(.palette(234))), .currentBg: ElementLook(color: .terminalDefault),
        .selectedBg: ElementLook(color: .color(.palette(52))),
      ])
    #expect(theme.text == Style(background: .palette(234)))
    #expect(theme.match == Style(foreground: .palette(108), background: .palette(234)))
    #expect(theme.currentText == Style(foreground: .palette(254), bold: true))
    #expect(theme.selectedText == Style(background: .palette(52)))
    #expect(theme.marker == Style(foreground: .palette(168), background: .palette(52)))
    #expect(theme.previewText == Style(background: .palette(234)))
  }

  @Test func `a reversed element in the default colour keeps the default background`() {
    let theme = Theme(
      overrides: [.currentBg: ElementLook(color: .color(.palette(236))), .currentFg: ElementLook(attributes: .reverse)])
    #expect(theme.currentText == Style(bold: true, reverse: true))
  }
}

/// Issue 19, without colour: under `--no-color` or `NO_COLOR`, in every
/// scheme, with and without bold, the cursor row differs from the others
/// by more than bold, and a match differs from the text around it on every
/// kind of row (fzf's `bw` underlines them and reverses the current row).
@Test(arguments: ColorScheme.allCases, [true, false])
func `without colours the current row and its matches stay distinguishable`(scheme: ColorScheme, bold: Bool) {
  let theme = Theme(scheme: scheme, bold: bold).distinguishableWithoutColors
  func look(_ style: Style, bold keepsBold: Bool = true) -> Style {
    var style = style.withoutColors
    if !keepsBold { style.bold = false }
    return style
  }
  #expect(look(theme.currentText, bold: false) != look(theme.text, bold: false))
  #expect(look(theme.currentMatch) != look(theme.currentText))
  #expect(look(theme.match) != look(theme.text))
  #expect(look(theme.selectedMatch) != look(theme.selectedText))
}

@Test func `pick's default scheme without colours: the current row reversed, its matches underlined`() {
  let theme = Theme(scheme: .standard).distinguishableWithoutColors
  #expect(theme.currentText.withoutColors == Style(bold: true, reverse: true))
  #expect(theme.currentMatch.withoutColors == Style(bold: true, reverse: true, underline: true))
  // Matches elsewhere were already bold on plain text: unchanged.
  #expect(theme.match.withoutColors == Style(bold: true))
}

@Test func `--no-color adapts the theme; colours on leave it as it was`() throws {
  let plain = PickerConfiguration(options: try OptionParser.parse(arguments: [Array("--no-color".utf8)]))
  #expect(plain.theme.currentMatch.underline)
  let colored = PickerConfiguration(options: Options())
  #expect(colored.theme == Theme.standard)
}
