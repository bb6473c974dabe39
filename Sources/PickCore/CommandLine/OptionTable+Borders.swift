/// The options that surround the frame and mark the list, fzf 0.74's
/// spellings: `--border`, `--border-label`, `--border-label-pos`,
/// `--margin`, `--padding` (`FrameDecoration`), `--separator`,
/// `--scrollbar`, `--gap` (`ListDecoration`) and `--style`, fzf's presets
/// of them. Optional values only attach (`--border=sharp`), as every
/// optional value does in pick.
extension OptionParser {
  static let borderTable: [OptionSpec] = [
    OptionSpec(
      long: "border",
      kind: .optionalValue(placeholder: "STYLE") { options, value throws(InvalidValue) in
        options.decoration.shape = try borderStyle(value, refusing: [.inline: SectionBorders.inlineOnly])
      },
      negation: { $0.decoration.shape = .none }, valueCompletion: notInline),
    OptionSpec(
      long: "border-label",
      kind: .requiredValue(placeholder: "LABEL") { options, value in options.decoration.label.text = value },
      negation: { $0.decoration.label.text = [] }),
    OptionSpec(
      long: "border-label-pos",
      kind: .requiredValue(placeholder: "N[:top|bottom]") { options, value throws(InvalidValue) in
        try options.decoration.label.setPosition(value)
      }),
    OptionSpec(
      long: "margin",
      kind: .requiredValue(placeholder: "TRBL") { options, value throws(InvalidValue) in
        options.decoration.margin = try EdgeSizes.parse(value)
      },
      negation: { $0.decoration.margin = .zero }),
    OptionSpec(
      long: "padding",
      kind: .requiredValue(placeholder: "TRBL") { options, value throws(InvalidValue) in
        options.decoration.padding = try EdgeSizes.parse(value)
      },
      negation: { $0.decoration.padding = .zero }),
    OptionSpec(
      long: "preview-border",
      kind: .optionalValue(placeholder: "STYLE") { options, value throws(InvalidValue) in
        let shape = try borderStyle(value, refusing: [.inline: SectionBorders.inlineOnly])
        options.previewWindow = try options.previewWindow.applying(Array(previewBorderWord(shape).utf8))
      },
      negation: { options in
        options.previewWindow =
          (try? options.previewWindow.applying(Array("border-none".utf8))) ?? options.previewWindow
      }, valueCompletion: notInline),
    OptionSpec(
      long: "separator",
      kind: .requiredValue(placeholder: "STR") { options, value in
        options.listDecoration.separator = value
        options.listDecoration.separatorIsAuto = false
      },
      negation: { $0.listDecoration.separator = [] }),
    OptionSpec(
      long: "scrollbar",
      kind: .optionalValue(placeholder: "C1[C2]") { options, value throws(InvalidValue) in
        options.listDecoration.scrollbar = try scrollbarCharacter(value)
      },
      negation: { $0.listDecoration.scrollbar = [] }),
    OptionSpec(
      long: "gap",
      kind: .optionalValue(placeholder: "N") { options, value throws(InvalidValue) in
        options.listDecoration.gap =
          try value.map { v throws(InvalidValue) in try OptionValues.count(v, atLeast: 0) } ?? 1
      },
      negation: { $0.listDecoration.gap = 0 }),
    OptionSpec(
      long: "gap-line",
      kind: .optionalValue(placeholder: "STR") { options, value in
        options.listDecoration.gapLine = value ?? ListDecoration.defaultGapLine
      },
      negation: { $0.listDecoration.gapLine = nil }),
    OptionSpec(
      long: "style",
      kind: .requiredValue(placeholder: "PRESET") { options, value throws(InvalidValue) in
        try applyStyle(value, to: &options)
      }, valueCompletion: .choices(["default", "minimal", "full"])),
  ]

  /// The styles `--border` and `--preview-border` take: all but `inline`.
  private static let notInline = ValueCompletion.choices(borderStyles(refusing: [.inline: ""]))

  /// `--preview-window`'s word for a `--border` style (`--preview-border`,
  /// `--style=full:STYLE`); the pane has no dashed lines and draws them rounded.
  static func previewBorderWord(_ shape: BorderShape) -> String {
    shape == .dashed ? "border-rounded" : "border-" + shape.rawValue
  }

  /// `--scrollbar`'s value: fzf's `│` without one, none when empty, else
  /// its first character, which must take one column.
  private static func scrollbarCharacter(_ value: [UInt8]?) throws(InvalidValue) -> [UInt8] {
    guard let value else { return ListDecoration.defaultScrollbar }
    guard let first = String(decoding: value, as: UTF8.self).first else { return [] }
    let glyph = String(first)
    guard glyph.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }),
      DisplayWidth.columns(of: glyph) == 1
    else {
      throw InvalidValue("the scrollbar's character must be printable and one column wide")
    }
    return Array(glyph.utf8)
  }

  /// `--style`: fzf's presets, in what pick has of them. `default`: no
  /// separator or scrollbar (pick's look), a rounded preview border, no
  /// section borders; `minimal`: the same, the preview's border a line
  /// facing the list; `full[:STYLE]`: the section borders (STYLE, rounded
  /// by default; the list's stays as it was for `line`), the separator
  /// (left out where a border already parts the input from the list, as
  /// fzf's default), scrollbar, inline info on the right and the
  /// highlighted line, the preview's border in STYLE (`full:line` also
  /// `--border=line`).
  static func applyStyle(_ value: [UInt8], to options: inout Options) throws(InvalidValue) {
    let text = String(decoding: value, as: UTF8.self).lowercased()
    let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
    var marks = options.listDecoration
    let previewBorder: String
    switch parts[0] {
    case "default" where parts.count == 1, "minimal" where parts.count == 1:
      let isMinimal = parts[0] == "minimal"
      (marks.separator, marks.scrollbar) = isMinimal ? ([], []) : (nil, nil)
      marks.separatorIsAuto = false
      previewBorder = isMinimal ? "border-line" : "border-rounded"
      options.sections.setAll(to: .none, list: .none, footer: .line)
      options.info = InfoStyle()
      options.highlightLine = false
    case "full":
      let shape = try fullStyleShape(parts.count == 2 ? String(parts[1]) : "")
      (marks.separator, marks.scrollbar) = (ListDecoration.defaultSeparator, ListDecoration.defaultScrollbar)
      marks.separatorIsAuto = true
      previewBorder = previewBorderWord(shape)
      if shape == .line { options.decoration.shape = .line }
      options.sections.setAll(to: shape, list: shape == .line ? options.sections.list : shape, footer: shape)
      options.info = InfoStyle(.inlineRight)
      options.highlightLine = true
    default:
      throw InvalidValue("expected default, minimal or full")
    }
    options.listDecoration = marks
    options.previewWindow = try options.previewWindow.applying(Array(previewBorder.utf8))
  }

  /// The STYLE of `full:STYLE` (rounded when empty): a `--border` style but `inline`.
  private static func fullStyleShape(_ word: String) throws(InvalidValue) -> BorderShape {
    guard !word.isEmpty else { return .rounded }
    guard let shape = BorderShape(rawValue: word) else {
      throw InvalidValue("in full:STYLE, STYLE is a --border style")
    }
    if shape == .inline { throw InvalidValue(SectionBorders.inlineOnly) }
    return shape
  }
}
