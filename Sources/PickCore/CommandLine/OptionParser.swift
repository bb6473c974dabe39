/// Turns pick's command line, and the default options from the environment,
/// into `Options`.
///
/// The grammar is GNU's, with fzf's `+x` negations:
///
/// - `--name`, `--name=value`, `--name value` (the next word is taken as the
///   value even when it starts with `-`, as getopt does).
/// - `-x`, and several one-letter flags bundled: `-ie` is `-i -e`. In a bundle
///   the first letter that takes a value takes the rest of the word, so
///   `-qfoo` is `-q foo` and `-ifoo` is `-i -f oo`; with nothing left, the next
///   word is the value.
/// - Optional values (`-m`, `--multi`) are only ever attached (`-m5`,
///   `--multi=5`): otherwise `--multi 5` could not tell the cap from an item.
/// - `+x` and `--no-NAME` turn an option off, as fzf spells them.
/// - `--` ends the options. pick takes no positional arguments (items come
///   from standard input), so any word that is not an option is an error that
///   names it, after `--` too.
///
/// Sources are read in order, each on its own, so a value option at the end
/// of one cannot swallow the first word of the next: the
/// `PICK_DEFAULT_OPTS_FILE` contents, then `PICK_DEFAULT_OPTS`, then the
/// command line. Later settings replace earlier ones, so the command line
/// wins. Errors from the defaults say which source they came from.
///
/// The parser never prints and never exits; `main` does both.
public enum OptionParser {
  /// Parses the default options and then `arguments` (argv without argv[0], as bytes).
  ///
  /// - Parameters:
  ///   - defaultOptsFile: the path and contents of `$PICK_DEFAULT_OPTS_FILE`,
  ///     when it is set and `main` has read it.
  ///   - defaultOpts: the bytes of `$PICK_DEFAULT_OPTS`, when it is set.
  public static func parse(
    arguments: [[UInt8]], defaultOptsFile: (path: String, contents: [UInt8])? = nil,
    defaultOpts: [UInt8]? = nil
  ) throws(OptionError) -> Options {
    var options = Options()
    if let file = defaultOptsFile {
      try apply(
        defaults: file.contents, from: "PICK_DEFAULT_OPTS_FILE (\(file.path))", to: &options)
    }
    if let defaultOpts {
      try apply(defaults: defaultOpts, from: "PICK_DEFAULT_OPTS", to: &options)
    }
    try apply(arguments, to: &options)
    if let conflict = options.sections.conflict { throw OptionError(conflict) }
    return options
  }

  /// Splits and applies one default-options source, prefixing its errors with `source`.
  private static func apply(
    defaults text: [UInt8], from source: String, to options: inout Options
  ) throws(OptionError) {
    do throws(OptionError) {
      try apply(ShellWords.split(text), to: &options)
    } catch {
      throw error.from(source)
    }
  }

  /// Applies one source's words, in order.
  static func apply(_ words: [[UInt8]], to options: inout Options) throws(OptionError) {
    var remaining = words[...]
    var hasEndedOptions = false
    while let word = remaining.popFirst() {
      if hasEndedOptions { throw unexpected(word) }
      if word == doubleDash {
        hasEndedOptions = true
      } else if word.starts(with: doubleDash) {
        try applyLong(word, rest: &remaining, to: &options)
      } else if word.count > 1, word[0] == UInt8(ascii: "-") {
        try applyShort(word, rest: &remaining, to: &options)
      } else if word.count > 1, word[0] == UInt8(ascii: "+") {
        try applyPlus(word, to: &options)
      } else {
        throw unexpected(word)
      }
    }
  }

  /// `--name`, `--name=value`, `--name value`, `--no-name`.
  private static func applyLong(
    _ word: [UInt8], rest: inout ArraySlice<[UInt8]>, to options: inout Options
  ) throws(OptionError) {
    let body = word.dropFirst(2)
    let equals = body.firstIndex(of: UInt8(ascii: "="))
    let nameBytes = Array(body[..<(equals ?? body.endIndex)])
    let name = String(decoding: nameBytes, as: UTF8.self)
    let attached = equals.map { Array(body[($0 + 1)...]) }
    let spelling = "--" + displayed(nameBytes)

    if let spec = table.first(where: { $0.longNames.contains(name) }) {
      try apply(spec, spelling: spelling, attached: attached, rest: &rest, to: &options)
    } else if let negation = table.first(where: { $0.negatedLong == name })?.negation {
      if attached != nil { throw OptionError("option \(spelling) takes no value") }
      negation(&options)
    } else {
      throw unknown(name.isEmpty ? displayed(word) : spelling, near: name)
    }
  }

  /// `-x`, bundles such as `-ie`, and attached values such as `-qfoo` and `-m5`.
  private static func applyShort(
    _ word: [UInt8], rest: inout ArraySlice<[UInt8]>, to options: inout Options
  ) throws(OptionError) {
    var index = 1
    while index < word.count {
      let letter = Character(Unicode.Scalar(word[index]))
      index += 1
      guard let spec = table.first(where: { $0.short == letter }) else {
        // `-tac` is more likely a missing dash than a bundle with a bad letter.
        let body = String(decoding: word.dropFirst(), as: UTF8.self)
        if let suggestion = Suggestion.nearest(to: body, in: allLongNames) {
          throw OptionError("unknown option: \(displayed(word)) (did you mean --\(suggestion)?)")
        }
        throw OptionError("unknown option: -\(displayed([word[index - 1]]))")
      }
      if case .flag(let set) = spec.kind {
        set(&options)
        continue
      }
      let attached = index < word.count ? Array(word[index...]) : nil
      try apply(spec, spelling: "-\(letter)", attached: attached, rest: &rest, to: &options)
      return
    }
  }

  /// fzf's negations: `+x`, `+e`, `+i`, `+s`, `+m`. Never bundled, as in fzf.
  private static func applyPlus(_ word: [UInt8], to options: inout Options) throws(OptionError) {
    if word.count == 2, FzfOptions.unsupportedPlus.contains(Character(Unicode.Scalar(word[1]))) {
      throw FzfOptions.refusal(displayed(word))
    }
    guard word.count == 2,
      let negation = table.first(where: {
        $0.negatedShort == Character(Unicode.Scalar(word[1]))
      })?.negation
    else {
      throw OptionError("unknown option: \(displayed(word))")
    }
    negation(&options)
  }

  /// Applies `spec`, taking its value from `attached` or, when it needs one
  /// and none is attached, from the next word.
  private static func apply(
    _ spec: OptionSpec, spelling: String, attached: [UInt8]?,
    rest: inout ArraySlice<[UInt8]>, to options: inout Options
  ) throws(OptionError) {
    switch spec.kind {
    case .flag(let set):
      if attached != nil { throw OptionError("option \(spelling) takes no value") }
      set(&options)
    case .requiredValue(_, let set):
      guard let value = attached ?? rest.popFirst() else {
        throw OptionError("option \(spelling) needs a value")
      }
      do throws(InvalidValue) {
        try set(&options, value)
      } catch {
        throw invalid(spelling, value, error)
      }
    case .optionalValue(_, let set):
      do throws(InvalidValue) {
        try set(&options, attached)
      } catch {
        throw invalid(spelling, attached ?? [], error)
      }
    }
  }

  private static func invalid(
    _ spelling: String, _ value: [UInt8], _ error: InvalidValue
  ) -> OptionError {
    // The reason may quote part of the value (`unsupported key: …`): escaped the same way.
    OptionError(
      "option \(spelling): invalid value '\(displayed(value))' (\(displayed(Array(error.reason.utf8))))")
  }

  private static let doubleDash: [UInt8] = [UInt8(ascii: "-"), UInt8(ascii: "-")]

  private static func unexpected(_ word: [UInt8]) -> OptionError {
    OptionError(
      "unexpected argument: \(displayed(word)) "
        + "(pick takes no positional arguments; items come from standard input)")
  }

  private static func unknown(_ spelling: String, near name: String) -> OptionError {
    if FzfOptions.unsupported.contains(name) { return FzfOptions.refusal(spelling) }
    if name.hasPrefix("no-"), allLongNames.contains(String(name.dropFirst(3))) {
      return OptionError("unknown option: \(spelling) (--\(name.dropFirst(3)) has no negated form)")
    }
    let names = allLongNames + allNegatedLongNames
    guard let suggestion = Suggestion.nearest(to: name, in: names) else {
      return OptionError("unknown option: \(spelling)")
    }
    return OptionError("unknown option: \(spelling) (did you mean --\(suggestion)?)")
  }

  /// `bytes` as text for a one-line message (`MessageText`).
  static func displayed(_ bytes: [UInt8]) -> String {
    MessageText.oneLine(bytes)
  }
}
