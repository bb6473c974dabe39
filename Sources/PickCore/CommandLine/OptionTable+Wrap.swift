/// The options that lay items out over several rows, fzf 0.74's spellings
/// and switches: `--wrap[=char|word]`, `--wrap-word` (and their `--no-`
/// forms, which fzf gives different reaches: `--no-wrap` ends both,
/// `--no-wrap-word` only word mode), `--wrap-sign`, `--multi-line`,
/// `--marker-multi-line` and `--preview-wrap-sign`. MODE only attaches
/// (`--wrap=word`), as every optional value does in pick.
extension OptionParser {
  static let wrapTable: [OptionSpec] = [
    OptionSpec(
      long: "wrap",
      kind: .optionalValue(placeholder: "MODE") { options, value throws(InvalidValue) in
        options.wrap = true
        guard let value else { return }
        switch String(decoding: value, as: UTF8.self) {
        case "char": options.wrapWord = false
        case "word": options.wrapWord = true
        default: throw InvalidValue("expected char or word")
        }
      },
      negation: {
        $0.wrap = false
        $0.wrapWord = false
      }, valueCompletion: .choices(["char", "word"])),
    OptionSpec(
      long: "wrap-word",
      kind: .flag {
        $0.wrap = true
        $0.wrapWord = true
      },
      negation: { $0.wrapWord = false }),
    OptionSpec(
      long: "wrap-sign",
      kind: .requiredValue(placeholder: "STR") { options, value throws(InvalidValue) in
        options.wrapSign = Array(try OptionValues.printableText(value, "wrap sign").utf8)
      }),
    OptionSpec(long: "multi-line", kind: .flag { $0.multiLine = true }, negation: { $0.multiLine = false }),
    OptionSpec(
      long: "marker-multi-line",
      kind: .requiredValue(placeholder: "STR") { options, value throws(InvalidValue) in
        try options.itemMarks.setMarkerMultiLine(value)
      }),
    OptionSpec(
      long: "preview-wrap-sign",
      kind: .requiredValue(placeholder: "STR") { options, value throws(InvalidValue) in
        options.previewWrapSign = Array(try OptionValues.printableText(value, "preview wrap sign").utf8)
      }),
  ]
}
