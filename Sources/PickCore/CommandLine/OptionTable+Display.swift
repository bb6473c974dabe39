/// The options that say how a long line is shown and how the list scrolls,
/// fzf 0.74's spellings, values and errors: `--keep-right`, `--hscroll`,
/// `--hscroll-off`, `--freeze-left`, `--freeze-right` (`LineFit`),
/// `--scroll-off` and `--ambidouble`. The numbers take what Go's `Atoi`
/// takes (a sign, then digits) and are refused with fzf's words.
extension OptionParser {
  static let displayTable: [OptionSpec] = [
    OptionSpec(
      long: "keep-right", kind: .flag { $0.lineFit.keepsRight = true },
      negation: { $0.lineFit.keepsRight = false }),
    OptionSpec(
      long: "hscroll", kind: .flag { $0.lineFit.scrolls = true }, negation: { $0.lineFit.scrolls = false }),
    OptionSpec(
      long: "hscroll-off",
      kind: .requiredValue(placeholder: "COLS") { options, value throws(InvalidValue) in
        options.lineFit.context = try OptionValues.fzfCount(
          value, missing: "hscroll offset required", negative: "hscroll offset must be a non-negative integer")
      }),
    OptionSpec(
      long: "freeze-left",
      kind: .requiredValue(placeholder: "N") { options, value throws(InvalidValue) in
        options.lineFit.frozen.left = try OptionValues.fzfCount(value, missing: freezeMissing, negative: freezeNegative)
      }),
    OptionSpec(
      long: "freeze-right",
      kind: .requiredValue(placeholder: "N") { options, value throws(InvalidValue) in
        options.lineFit.frozen.right = try OptionValues.fzfCount(
          value, missing: freezeMissing, negative: freezeNegative)
      }),
    OptionSpec(
      long: "scroll-off",
      kind: .requiredValue(placeholder: "LINES") { options, value throws(InvalidValue) in
        options.scrollOff = try OptionValues.fzfCount(
          value, missing: "scroll offset required", negative: "scroll offset must be a non-negative integer")
      }),
    OptionSpec(
      long: "ambidouble", kind: .flag { $0.lineFit.ambiguous = .wide },
      negation: { $0.lineFit.ambiguous = .narrow }),
  ]

  private static let freezeMissing = "number of fields required"
  private static let freezeNegative = "number of fields to freeze must be a non-negative integer"
}

extension OptionValues {
  /// A count as fzf reads it: an optional sign, then decimal digits (Go's
  /// `strconv.Atoi`), refused with fzf's own words when it is not a number
  /// (`missing`) or is below zero (`negative`).
  static func fzfCount(_ bytes: [UInt8], missing: String, negative: String) throws(InvalidValue) -> Int {
    var digits = bytes[...]
    let isNegative = digits.first == UInt8(ascii: "-")
    if isNegative || digits.first == UInt8(ascii: "+") { digits = digits.dropFirst() }
    guard !digits.isEmpty, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
      let magnitude = Int(String(decoding: digits, as: UTF8.self))
    else { throw InvalidValue(missing) }
    guard !isNegative || magnitude == 0 else { throw InvalidValue(negative) }
    return magnitude
  }
}
