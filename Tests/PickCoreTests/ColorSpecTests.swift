import Testing

@testable import PickCore

// `--color`: fzf 0.74's grammar (base schemes, elements and their aliases,
// colour forms, attributes), how several values add up, and errors that
// name the part that is wrong.

private func spec(_ values: String...) throws -> ColorSpec {
  var spec = ColorSpec()
  for value in values { try spec.apply(Array(value.utf8)) }
  return spec
}

private func reason(_ value: String) -> String? {
  var spec = ColorSpec()
  do {
    try spec.apply(Array(value.utf8))
    return nil
  } catch {
    return error.reason
  }
}

private func parse(_ words: String..., defaults: String? = nil) throws -> Options {
  try OptionParser.parse(arguments: words.map { Array($0.utf8) }, defaultOpts: defaults.map { Array($0.utf8) })
}

@Suite struct ColorSpecTests {
  @Test(arguments: [
    ("default", ColorScheme.standard), ("dark", .dark), ("light", .light), ("16", .base16),
    ("base16", .base16), ("bw", .bw), ("no", .bw), ("high-contrast", .highContrast), ("DARK", .dark),
  ])
  func `a base scheme by name or alias`(name: String, scheme: ColorScheme) throws {
    #expect(try spec(name).scheme == scheme)
  }

  @Test(arguments: [
    ("-1", ElementLook.ColorChoice.terminalDefault), ("0", .color(.palette(0))),
    ("255", .color(.palette(255))), ("#ff0080", .color(.rgb(255, 0, 128))), ("#00FF7f", .color(.rgb(0, 255, 127))),
    ("black", .color(.palette(0))), ("white", .color(.palette(7))), ("bright-black", .color(.palette(8))),
    ("gray", .color(.palette(8))), ("grey", .color(.palette(8))), ("bright-red", .color(.palette(9))),
    ("bright-white", .color(.palette(15))), ("magenta", .color(.palette(5))),
  ])
  func `every colour form`(text: String, color: ElementLook.ColorChoice) throws {
    #expect(try spec("fg:\(text)").overrides[.fg]?.color == color)
  }

  @Test(arguments: [
    ("bold", TextAttributes.bold), ("strong", .bold), ("dim", .dim), ("italic", .italic),
    ("underline", .underline), ("underline-curly", .underline), ("blink", .blink), ("reverse", .reverse),
    ("strikethrough", .strikethrough), ("strip", .strip),
  ])
  func `every attribute`(text: String, attribute: TextAttributes) throws {
    let look = try spec("hl:\(text)").overrides[.hl]
    #expect(look?.attributes == attribute)
    #expect(look?.color == nil)
  }

  @Test(arguments: [
    ("fg+", ThemeElement.currentFg), ("bg+", .currentBg), ("hl+", .currentHl), ("current-fg", .currentFg),
    ("input", .query), ("input-fg", .query), ("query", .query), ("header-fg", .header),
    ("footer-fg", .footer), ("selected-hl", .selectedHl), ("preview-border", .previewBorder),
    ("list-label", .listLabel), ("gap-line", .gapLine), ("nth", .nth), ("alt-gutter", .altGutter),
  ])
  func `elements by fzf's names and aliases`(name: String, element: ThemeElement) throws {
    #expect(try spec("\(name):red").overrides[element]?.color == .color(.red))
  }

  @Test func `every element fzf 0.74 names is accepted`() throws {
    // The names in fzf 0.74's parseTheme, in its order.
    let names = """
      query input input-fg ghost disabled fg bg list-fg list-bg preview-fg preview-bg current-fg fg+
      current-bg bg+ alt-bg selected-fg selected-bg nth nomatch gutter alt-gutter hl current-hl hl+
      selected-hl border preview-border separator scrollbar preview-scrollbar label list-label
      list-border preview-label prompt input-bg input-border input-label header-border header-label
      footer-border footer-label spinner info pointer marker header header-fg header-bg footer
      footer-fg footer-bg gap-line
      """.split { $0 == " " || $0 == "\n" }
    for name in names {
      #expect(ThemeElement.named(String(name)) != nil, "\(name)")
    }
    #expect(Set(names.compactMap { ThemeElement.named(String($0)) }) == Set(ThemeElement.allCases))
  }

  @Test func `colour and attributes in one entry, empty components skipped`() throws {
    let look = try spec("hl:#ff0000:underline::bold").overrides[.hl]
    #expect(look == ElementLook(color: .color(.rgb(255, 0, 0)), attributes: [.underline, .bold]))
  }

  @Test func `entries separate with commas and white space, and case is ignored`() throws {
    let parsed = try spec("  LIGHT,fg:Red \n hl:2\tprompt:#AbCdEf,, ")
    #expect(parsed.scheme == .light)
    #expect(parsed.overrides[.fg]?.color == .color(.red))
    #expect(parsed.overrides[.hl]?.color == .color(.palette(2)))
    #expect(parsed.overrides[.prompt]?.color == .color(.rgb(0xAB, 0xCD, 0xEF)))
  }

  @Test func `a later colour wins and attributes add up`() throws {
    let parsed = try spec("hl:red:bold", "hl:blue:underline")
    #expect(parsed.overrides[.hl] == ElementLook(color: .color(.blue), attributes: [.bold, .underline]))
  }

  @Test func `regular clears the attributes before it, in the entry and before`() throws {
    let parsed = try spec("hl:bold:italic", "hl:regular:underline")
    #expect(parsed.overrides[.hl] == ElementLook(attributes: .underline, isRegular: true))
    #expect(try spec("fg+:bold:regular").overrides[.currentFg] == ElementLook(attributes: [], isRegular: true))
  }

  @Test func `a base scheme starts over, dropping the looks before it`() throws {
    let parsed = try spec("hl:red,fg:blue", "dark,fg:green")
    #expect(parsed.scheme == .dark)
    #expect(parsed.overrides == [.fg: ElementLook(color: .color(.green))])
  }

  @Test(arguments: [
    ("fgg:red", "unknown colour element 'fgg'; did you mean fg?"),
    ("darkk", "unknown colour scheme or element 'darkk'; did you mean dark?"),
    ("hl", "'hl' needs a colour or an attribute (hl:COLOR[:ATTRIBUTE...])"),
    ("dark,hl:bolder", "'hl:bolder': 'bolder' is not a colour or an attribute"),
    ("fg:256", "'fg:256': colour 256 is out of range (-1 to 255)"),
    ("fg:-2", "'fg:-2': colour -2 is out of range (-1 to 255)"),
    ("fg:#12345", "'fg:#12345': '#12345' is not a colour or an attribute"),
    ("fg:#12345g", "'fg:#12345g': '#12345g' is not a colour or an attribute"),
    ("fg:+12", "'fg:+12': '+12' is not a colour or an attribute"),
  ])
  func `a bad entry names the part that is wrong`(value: String, expected: String) {
    #expect(reason(value) == expected)
  }

  @Test func `empty components are skipped, as in fzf`() throws {
    #expect(try spec("hl:").overrides[.hl] == ElementLook())
    #expect(try spec("hl::red").overrides[.hl] == ElementLook(color: .color(.red)))
  }
}

@Suite struct ColorOptionTests {
  @Test func `several --color options add up, the defaults first`() throws {
    let options = try parse("--color=hl:underline", "--color=fg:#010203", defaults: "--color=light,hl:red")
    #expect(options.colors.scheme == .light)
    #expect(options.colors.overrides[.hl] == ElementLook(color: .color(.red), attributes: .underline))
    #expect(options.colors.overrides[.fg]?.color == .color(.rgb(1, 2, 3)))
  }

  @Test func `a bare --color turns colours on and drops the element looks, keeping the scheme`() throws {
    let options = try parse("--no-color", "--color", defaults: "--color=dark,hl:red")
    #expect(options.usesColor)
    #expect(options.colors.scheme == .dark)
    #expect(options.colors.overrides.isEmpty)
    #expect(try parse("--color=bw,hl:red", "--color=").colors.overrides.isEmpty)
  }

  @Test func `--color with a spec turns colours on; --no-color after it turns them off`() throws {
    #expect(try parse("--no-color", "--color=dark").usesColor)
    let off = try parse("--color=dark", "--no-color")
    #expect(!off.usesColor)
    #expect(off.colors.scheme == .dark)
  }

  @Test func `--no-bold and --bold`() throws {
    #expect(try parse().bold)
    #expect(try !parse("--no-bold").bold)
    #expect(try parse("--no-bold", "--bold").bold)
  }

  @Test func `a bad spec is a usage error naming the option and the bad part`() {
    #expect(
      throws: OptionError("option --color: invalid value 'fgg:red' (unknown colour element 'fgg'; did you mean fg?)")
    ) {
      try parse("--color=fgg:red")
    }
    #expect(
      throws: OptionError(
        "in PICK_DEFAULT_OPTS: option --color: invalid value 'dark,hl:zz' ('hl:zz': 'zz' is not a colour or an attribute)"
      )
    ) {
      try parse(defaults: "--color=dark,hl:zz")
    }
  }

  @Test func `the value only attaches: --color dark is an unexpected argument`() {
    #expect(throws: OptionError.self) { try parse("--color", "dark") }
  }

  @Test func `the configuration's theme is the spec's, with --no-bold`() throws {
    let options = try parse("--color=16,hl:underline", "--no-bold")
    let theme = PickerConfiguration(options: options).theme
    #expect(theme == Theme(scheme: .base16, overrides: [.hl: ElementLook(attributes: .underline)], bold: false))
    #expect(PickerConfiguration(options: try parse()).theme == .standard)
  }
}
