import Testing

@testable import PickCore

/// The section options' grammar, fzf 0.74's: a style only attaches and is
/// `rounded` without one; `--no-*` forms; `line` and `inline` where fzf
/// takes them; the label positions as `--border-label-pos`'s.
@Suite struct SectionBorderOptionTests {
  private func parse(_ words: String...) throws -> Options {
    try OptionParser.parse(arguments: words.map { Array($0.utf8) })
  }

  private func refusal(_ words: String...) -> String? {
    do {
      _ = try OptionParser.parse(arguments: words.map { Array($0.utf8) })
      return nil
    } catch {
      return error.message
    }
  }

  @Test(arguments: ["list-border", "input-border", "header-border", "header-lines-border", "footer-border"])
  func `each border takes --border's styles, rounded without one, and --no- takes it away`(name: String) throws {
    func shape(_ words: String...) throws -> BorderShape? {
      let sections = try OptionParser.parse(arguments: words.map { Array($0.utf8) }).sections
      switch name {
      case "list-border": return sections.list
      case "input-border": return sections.input
      case "header-border": return sections.header
      case "header-lines-border": return sections.headerLines
      default: return sections.footer
      }
    }
    #expect(try shape("--\(name)") == .rounded)
    for style in ["sharp", "bold", "double", "dashed", "block", "thinblock", "horizontal", "top", "left", "none"] {
      #expect(try shape("--\(name)=\(style)") == BorderShape(rawValue: style))
    }
    let off: BorderShape? = name == "header-lines-border" ? nil : BorderShape.none
    #expect(try shape("--\(name)=double", "--no-\(name)") == off)
    #expect(refusal("--\(name)=wavy")?.hasPrefix("option --\(name): invalid value 'wavy' (expected rounded") == true)
    // An optional value only attaches (row D2).
    #expect(refusal("--\(name)", "sharp")?.hasPrefix("unexpected argument: sharp") == true)
  }

  @Test func `line and inline go where fzf takes them`() throws {
    #expect(try parse("--input-border=line").sections.input == .line)
    #expect(try parse("--header-border=inline").sections.header == .inline)
    #expect(try parse("--header-lines-border=inline").sections.headerLines == .inline)
    #expect(try parse("--footer-border=inline").sections.footer == .inline)
    let inlineOnly = "inline is only for --header-border, --header-lines-border and --footer-border"
    #expect(
      refusal("--list-border=line") == "option --list-border: invalid value 'line' (the list border cannot be line)")
    for name in ["list-border", "input-border", "border", "preview-border"] {
      #expect(refusal("--\(name)=inline") == "option --\(name): invalid value 'inline' (\(inlineOnly))")
    }
    #expect(refusal("--style=full:inline") == "option --style: invalid value 'full:inline' (\(inlineOnly))")
    #expect(
      refusal("--header-border=inline", "--header-lines-border=sharp")
        == "--header-border=inline needs --header-lines-border to be inline, none or unset")
    #expect(try parse("--header-border=inline", "--header-lines-border=none").sections.headerLines == BorderShape.none)
  }

  @Test func `labels and their positions, for every section and the preview`() throws {
    let sections = try parse(
      "--list-label=l", "--list-label-pos=3", "--input-label", "i", "--input-label-pos=-2:bottom",
      "--header-label=h", "--header-label-pos=bottom", "--footer-label=f", "--footer-label-pos=center",
      "--preview-label=p", "--preview-label-pos=1:top"
    ).sections
    #expect(sections.listLabel == BorderLabel(text: Array("l".utf8), column: 3))
    #expect(sections.inputLabel == BorderLabel(text: Array("i".utf8), column: -2, isBottom: true))
    #expect(sections.headerLabel == BorderLabel(text: Array("h".utf8), column: 0, isBottom: true))
    #expect(sections.footerLabel == BorderLabel(text: Array("f".utf8)))
    #expect(sections.previewLabel == BorderLabel(text: Array("p".utf8), column: 1))
    for name in ["list", "input", "header", "footer", "preview"] {
      #expect(try parse("--\(name)-label=x", "--no-\(name)-label").sections == SectionBorders())
      #expect(refusal("--\(name)-label-pos=left")?.contains("expected a whole number, center, top or bottom") == true)
      // fzf has no --no- form of a label position.
      #expect(refusal("--no-\(name)-label-pos")?.hasPrefix("unknown option") == true)
    }
  }

  @Test func `--style=full turns every section border on, and default and minimal off`() throws {
    let full = try parse("--style=full").sections
    #expect([full.list, full.input, full.header, full.footer] == [.rounded, .rounded, .rounded, .rounded])
    #expect(full.headerLines == nil)
    let sharp = try parse("--style=full:sharp").sections
    #expect([sharp.list, sharp.input, sharp.header, sharp.footer] == [.sharp, .sharp, .sharp, .sharp])
    // full:line: the list keeps what it had; --border=line too.
    let line = try parse("--list-border=double", "--style=full:line")
    #expect([line.sections.list, line.sections.input, line.sections.header] == [.double, .line, .line])
    #expect(line.decoration.shape == .line)
    for preset in ["default", "minimal"] {
      #expect(try parse("--style=full", "--style=\(preset)").sections == SectionBorders())
    }
    // A later option still wins.
    #expect(try parse("--style=full", "--no-list-border").sections.list == BorderShape.none)
  }

  @Test func `--style=full's separator is left out where a box already parts the input from the list`() throws {
    func separator(_ words: [String]) throws -> [UInt8]? {
      PickerConfiguration(options: try OptionParser.parse(arguments: words.map { Array($0.utf8) }))
        .listDecoration.separator
    }
    func separator(_ words: String...) throws -> [UInt8]? { try separator(words) }
    #expect(try separator("--style=full") == nil)
    #expect(try separator("--style=full", "--no-input-border", "--no-list-border") == ListDecoration.defaultSeparator)
    // A header's top line faces the input in the reverse layout, not in the default one.
    let header = ["--style=full", "--no-input-border", "--header=h", "--header-border=top"]
    #expect(try separator(header) == nil)
    #expect(try separator(header + ["--layout=default"]) == ListDecoration.defaultSeparator)
    // The input inside the list's box: the box's lines are not between them.
    #expect(try separator("--style=full", "--no-input-border") == ListDecoration.defaultSeparator)
    // A separator given is drawn.
    #expect(try separator("--style=full", "--separator=~") == Array("~".utf8))
  }

  @Test func `--preview-border is --preview-window=border-STYLE`() throws {
    func spec(_ words: String...) throws -> PreviewWindowSpec {
      try OptionParser.parse(arguments: words.map { Array($0.utf8) }).previewWindow
    }
    #expect(try spec("--preview-border=double") == PreviewWindowSpec().applying(Array("border-double".utf8)))
    #expect(try spec("--preview-border=top") == PreviewWindowSpec().applying(Array("border-top".utf8)))
    #expect(try spec("--preview-border=line") == PreviewWindowSpec().applying(Array("border-line".utf8)))
    #expect(try spec("--preview-border=sharp", "--preview-border") == PreviewWindowSpec())
    #expect(try spec("--no-preview-border").border == .none)
    #expect(throws: OptionError.self) { try spec("--preview-border=wavy") }
  }
}
