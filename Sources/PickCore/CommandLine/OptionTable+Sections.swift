/// fzf 0.74's section borders and labels (`SectionBorders`): `--list-border`,
/// `--input-border`, `--header-border`, `--header-lines-border`,
/// `--footer-border`, the `-label` and `-label-pos` of each (the header
/// lines have none, as in fzf) and `--preview-label`. A style is
/// `--border`'s, and a bare option is `rounded`; like every optional value
/// it only attaches (`--list-border=sharp`). As in fzf, `--list-border`
/// takes neither `line` nor `inline`, and only the header, header-lines and
/// footer borders take `inline`.
extension OptionParser {
  static let sectionTable: [OptionSpec] =
    [
      borderSpec(
        "list-border", refusing: [.line: "the list border cannot be line", .inline: SectionBorders.inlineOnly]
      ) {
        $0.list = $1
      } negation: {
        $0.list = .none
      }
    ] + labelSpecs("list", .list)
    + [
      borderSpec("input-border", refusing: [.inline: SectionBorders.inlineOnly]) {
        $0.input = $1
      } negation: {
        $0.input = .none
      }
    ] + labelSpecs("input", .input)
    + [
      borderSpec("header-border") {
        $0.header = $1
      } negation: {
        $0.header = .none
      },
      borderSpec("header-lines-border") {
        $0.headerLines = $1
      } negation: {
        $0.headerLines = nil
      },
    ] + labelSpecs("header", .header)
    + [
      borderSpec("footer-border") {
        $0.footer = $1
      } negation: {
        $0.footer = .none
      }
    ]
    + labelSpecs("footer", .footer) + labelSpecs("preview", .preview)

  /// `--NAME[=STYLE]`, `--no-NAME`: STYLE one of `--border`'s, but for the
  /// `refused` ones (with the reason); without STYLE, `rounded`.
  private static func borderSpec(
    _ name: String, refusing refused: [BorderShape: String] = [:],
    set: @escaping @Sendable (inout SectionBorders, BorderShape) -> Void,
    negation: @escaping @Sendable (inout SectionBorders) -> Void
  ) -> OptionSpec {
    OptionSpec(
      long: name,
      kind: .optionalValue(placeholder: "STYLE") { options, value throws(InvalidValue) in
        set(&options.sections, try borderStyle(value, refusing: refused))
      },
      negation: { negation(&$0.sections) },
      valueCompletion: .choices(borderStyles(refusing: refused)))
  }

  /// A border style given to `--border`, a section border or
  /// `--preview-border`: `rounded` when none is given.
  static func borderStyle(_ value: [UInt8]?, refusing refused: [BorderShape: String]) throws(InvalidValue)
    -> BorderShape
  {
    guard let value else { return .rounded }
    if let shape = BorderShape(rawValue: String(decoding: value, as: UTF8.self)) {
      if let reason = refused[shape] { throw InvalidValue(reason) }
      return shape
    }
    let names = borderStyles(refusing: refused)
    throw InvalidValue("expected \(names.dropLast().joined(separator: ", ")) or \(names.last ?? "")")
  }

  /// The styles an option takes, as completion offers them.
  static func borderStyles(refusing refused: [BorderShape: String]) -> [String] {
    BorderShape.allCases.filter { refused[$0] == nil }.map { $0.rawValue }
  }

  /// `--SECTION-label=LABEL` (`--no-SECTION-label`) and
  /// `--SECTION-label-pos=N[:top|bottom]`, as `--border-label`'s.
  private static func labelSpecs(_ section: String, _ label: SectionBorders.Labelled) -> [OptionSpec] {
    [
      OptionSpec(
        long: section + "-label",
        kind: .requiredValue(placeholder: "LABEL") { options, value in options.sections[label: label].text = value },
        negation: { $0.sections[label: label].text = [] }),
      OptionSpec(
        long: section + "-label-pos",
        kind: .requiredValue(placeholder: "N[:top|bottom]") { options, value throws(InvalidValue) in
          try options.sections[label: label].setPosition(value)
        }),
    ]
  }
}
