/// Parsers for the values of options: bytes in, typed values out.
///
/// Each throws `InvalidValue` with the reason in words a user can act on; the
/// option parser adds the option's name and the value itself.
enum OptionValues {
  /// `--scheme`: one of `default`, `path`, `history`.
  /// A value that names one case of `type` (its raw value).
  static func enumeration<Value: RawRepresentable & CaseIterable>(
    _ bytes: [UInt8], _ type: Value.Type
  ) throws(InvalidValue) -> Value where Value.RawValue == String {
    let text = String(decoding: bytes, as: UTF8.self)
    if let value = Value(rawValue: text) { return value }
    let names = Value.allCases.map(\.rawValue)
    throw InvalidValue("expected \(names.dropLast().joined(separator: ", ")) or \(names.last ?? "")")
  }

  static func scheme(_ bytes: [UInt8]) throws(InvalidValue) -> Options.Scheme {
    guard let scheme = Options.Scheme(rawValue: String(decoding: bytes, as: UTF8.self)) else {
      throw InvalidValue("expected default, path or history")
    }
    return scheme
  }

  /// A `--remember`, `--recall` or `--forget` key (`RememberKey`).
  static func rememberKey(_ bytes: [UInt8]) throws(InvalidValue) -> [UInt8] {
    guard RememberKey(bytes) != nil else {
      throw InvalidValue("a key is 1 to 200 of A-Z a-z 0-9 . _ - and not . or ..")
    }
    return bytes
  }

  /// `--algo`: `v1` or `v2`.
  static func algorithm(_ bytes: [UInt8]) throws(InvalidValue) -> Options.Algorithm {
    guard let algorithm = Options.Algorithm(rawValue: String(decoding: bytes, as: UTF8.self)) else {
      throw InvalidValue("expected v1 or v2")
    }
    return algorithm
  }

  /// `--tiebreak`: comma-separated criteria, with fzf's rules: no criterion
  /// twice, `index` only last (input order is the final tiebreak anyway, so
  /// anything after it could never apply), and at most three besides `index`.
  /// Case is ignored, as fzf ignores it.
  static func tiebreak(_ bytes: [UInt8]) throws(InvalidValue) -> [Options.Tiebreak] {
    let names = String(decoding: bytes, as: UTF8.self).lowercased()
      .split(separator: ",", omittingEmptySubsequences: false)
    var criteria: [Options.Tiebreak] = []
    for name in names {
      guard let criterion = Options.Tiebreak(rawValue: String(name)) else {
        let all = Options.Tiebreak.allCases.map(\.rawValue).joined(separator: ", ")
        throw InvalidValue("expected a comma-separated list of \(all)")
      }
      if criteria.contains(criterion) {
        throw InvalidValue("\(criterion.rawValue) is given twice")
      }
      if criteria.last == .index {
        throw InvalidValue("index must be the last criterion")
      }
      criteria.append(criterion)
    }
    if criteria.filter({ $0 != .index }).count > 3 {
      throw InvalidValue("at most 3 criteria besides index")
    }
    return criteria
  }

  /// `--delimiter`: a literal byte string (not a regular expression, unlike
  /// fzf's) with `\t`, `\n`, `\0` and `\\` decoded so that tabs and NULs can
  /// be typed (`FieldSplitter.delimiter(unescaping:)`). Any other backslash is
  /// an error, so a regular expression written for fzf (`\|`) is reported
  /// rather than silently split on. Empty is an error: there would be nothing to split on.
  static func delimiter(_ bytes: [UInt8]) throws(InvalidValue) -> [UInt8] {
    guard let decoded = FieldSplitter.delimiter(unescaping: bytes) else {
      throw InvalidValue("a backslash may only escape t, n, 0 or \\ (-d is a literal string, not a regular expression)")
    }
    if decoded.isEmpty { throw InvalidValue("the delimiter must not be empty") }
    return decoded
  }

  /// `--nth`, `--with-nth`, `--accept-nth`: field index expressions.
  static func fieldRanges(_ bytes: [UInt8]) throws(InvalidValue) -> [FieldRange] {
    guard let text = String(validating: bytes, as: UTF8.self),
      let ranges = FieldRange.parseList(text)
    else {
      throw InvalidValue("expected field index expressions such as 1,3..5,-1")
    }
    return ranges
  }

  /// `--with-nth`, `--accept-nth`: a list of field index expressions or a template.
  static func fieldSpec(_ bytes: [UInt8]) throws(InvalidValue) -> FieldSpec {
    guard let spec = FieldSpec.parse(bytes) else {
      throw InvalidValue("expected field index expressions such as 1,3..5,-1, or a template such as '{2} {1}'")
    }
    return spec
  }

  /// A count written in decimal digits only (no sign, no spaces), at least `minimum`.
  /// Text drawn as given (`--pointer`, `--marker`, `--gutter`,
  /// `--ellipsis`): valid UTF-8 with no control character, so nothing in it
  /// can move the cursor or colour the screen.
  static func printableText(_ bytes: [UInt8], _ what: String) throws(InvalidValue) -> String {
    let text = String(decoding: bytes, as: UTF8.self)
    let printable = text.unicodeScalars.allSatisfy {
      $0.value >= 0x20 && $0.value != 0x7F && !(0x80..<0xA0).contains($0.value) && $0 != "\u{FFFD}"
    }
    guard printable else { throw InvalidValue("the \(what) must be printable text") }
    return text
  }

  static func count(_ bytes: [UInt8], atLeast minimum: Int) throws(InvalidValue) -> Int {
    let isDigits =
      !bytes.isEmpty && bytes.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    guard isDigits, let count = Int(String(decoding: bytes, as: UTF8.self)), count >= minimum
    else {
      throw InvalidValue("expected a whole number, \(minimum) or more")
    }
    return count
  }

  /// `--with-shell`: a command and its flags, split into words as
  /// `PICK_DEFAULT_OPTS` is (quotes and backslashes, no expansion), e.g.
  /// `bash -c` or `'/opt/my shell' -c`.
  static func shellCommand(_ bytes: [UInt8]) throws(InvalidValue) -> [[UInt8]] {
    let words: [[UInt8]]
    do throws(OptionError) {
      words = try ShellWords.split(bytes)
    } catch {
      throw InvalidValue(error.message)
    }
    guard !words.isEmpty else { throw InvalidValue("expected a command and its flags, e.g. 'bash -c'") }
    return words
  }
}
