/// `pick --completion zsh`: an `_arguments` completion function for pick.
///
/// The same text works both ways zsh loads completions: evaluated
/// (`eval "$(pick --completion zsh)"`, after `compinit`) it registers itself
/// with `compdef`; saved as `_pick` in a directory of `fpath` it is autoloaded
/// and completes at once.
///
/// Spellings follow pick's parser: `--name=` takes the value attached with `=`
/// or as the next word, `-x+` attached or as the next word, and an optional
/// value (`--multi=-`, `-m-`) only attached. `-s` lets one-letter flags bundle.
enum ZshCompletion {
  static func script(_ table: [OptionSpec]) -> String {
    var specs: [String] = []
    for spec in table {
      let message = ":\(placeholder(spec)):\(action(spec.valueCompletion))"
      for long in spec.longNames {
        switch spec.kind {
        case .flag: specs.append("--\(long)")
        case .requiredValue: specs.append("--\(long)=\(message)")
        case .optionalValue: specs.append("--\(long)=-:\(message)")
        }
      }
      if let short = spec.short {
        switch spec.kind {
        case .flag: specs.append("-\(short)")
        case .requiredValue: specs.append("-\(short)+\(message)")
        case .optionalValue: specs.append("-\(short)-:\(message)")
        }
      }
      if let negated = spec.negatedLong { specs.append("--\(negated)") }
      if let negatedShort = spec.negatedShort { specs.append("+\(negatedShort)") }
    }
    let arguments = specs.map { "    '\($0)'" }.joined(separator: " \\\n")
    return """
      #compdef pick
      # zsh completion for pick's options. Printed by `pick --completion zsh`;
      # load it with: eval "$(pick --completion zsh)" (after compinit), or save
      # it as _pick in a directory of $fpath.

      \(helpers)      \(fieldFunctions)
      _pick() {
        _arguments -s -S \\
      \(arguments)
      }

      if [[ ${zsh_eval_context[-1]-} == loadautofunc ]]; then
        _pick "$@"
      elif (( ${+functions[compdef]} )); then
        compdef _pick pick
      else
        print -u2 'pick: run compinit before loading the completion (autoload -Uz compinit; compinit)'
      fi

      """
  }

  /// The functions the value actions call: a `NAME:VALUE` element, the remembered keys.
  private static let helpers = """
    # An element of NAME:VALUE,...: a name (with its colon), or after the
    # last : or + of the element, a value.
    _pick_complete_fields() {
      compset -P '*,'
      if compset -P '*[:+]'; then
        compadd -- ${=2}
      else
        local -a names=(${=1})
        compadd -S '' -- ${names[@]}
      fi
    }

    # The keys --remember has stored: the files of pick's state directory.
    _pick_complete_remembered() {
      local directory=${XDG_STATE_HOME-}
      if [[ $directory == /* ]]; then directory+=/pick; else directory=${HOME-}/.local/state/pick; fi
      local -a keys=($directory/*(N:t))
      compadd -a keys
    }

    """

  /// The `.fields` completions of the table, in order: each gets a function
  /// `_pick_complete_fields_N` (N its place here) that passes its words on.
  private static let fieldCompletions: [ValueCompletion] = {
    var found: [ValueCompletion] = []
    for spec in OptionParser.table where !found.contains(spec.valueCompletion) {
      if case .fields = spec.valueCompletion { found.append(spec.valueCompletion) }
    }
    return found
  }()

  private static func fieldsIndex(_ completion: ValueCompletion) -> Int {
    fieldCompletions.firstIndex(of: completion) ?? 0
  }

  /// The functions `action` names for `.fields` completions.
  private static var fieldFunctions: String {
    fieldCompletions.enumerated().map { index, completion in
      guard case .fields(let kind) = completion else { return "" }
      let (names, values) = kind.words
      return """
        _pick_complete_fields_\(index)() {
          _pick_complete_fields '\(names.joined(separator: " "))' '\(values.joined(separator: " "))'
        }

        """
    }.joined()
  }

  /// The value's name in messages: the placeholder from `--help`, lower case.
  private static func placeholder(_ spec: OptionSpec) -> String {
    switch spec.kind {
    case .flag: ""
    case .requiredValue(let placeholder, _), .optionalValue(let placeholder, _):
      // `:` and `'` would end the spec or the quoted word.
      String(placeholder.lowercased().filter { $0 != ":" && $0 != "'" && $0 != "[" && $0 != "]" })
    }
  }

  private static func action(_ completion: ValueCompletion) -> String {
    switch completion {
    case .anything: " "
    case .choices(let words): "(\(words.joined(separator: " ")))"
    case .list(let words): "_sequence compadd - \(words.joined(separator: " "))"
    case .file: "_files"
    case .directory: "_files -/"
    // Its words hold colons, which would end the spec: a function of their own.
    case .fields: "_pick_complete_fields_\(fieldsIndex(completion))"
    case .rememberedKeys: "_pick_complete_remembered"
    }
  }
}
