/// `pick --completion bash`: a `complete -F` function for pick's options.
///
/// bash splits `--layout=rev` into `--layout`, `=` and `rev` when `=` is in
/// `COMP_WORDBREAKS` (the default), and keeps it one word otherwise; the
/// function handles both, and a value given as the next word (`--layout rev`,
/// `-d ,`) for options whose value may be separate. Optional values (`-m5`,
/// `--multi=5`) are only ever attached, as pick parses them.
enum BashCompletion {
  static func script(_ table: [OptionSpec]) -> String {
    let options = CompletionScript.spellings(table).joined(separator: " ")
    var cases = ""
    for spec in table where spec.takesValue {
      var names = spec.longNames.map { "--" + $0 }
      // A separate word is the value only for required values.
      if let short = spec.short, !spec.valueIsOptional { names.append("-" + String(short)) }
      cases += "    \(names.joined(separator: "|"))) \(action(spec.valueCompletion)) ;;\n"
    }
    return """
      # bash completion for pick's options. Printed by `pick --completion bash`;
      # load it with: eval "$(pick --completion bash)"

      _pick_completion() {
        local cur=${COMP_WORDS[COMP_CWORD]} prev= before= option= value= prefix= typed
        ((COMP_CWORD >= 1)) && prev=${COMP_WORDS[COMP_CWORD - 1]}
        ((COMP_CWORD >= 2)) && before=${COMP_WORDS[COMP_CWORD - 2]}
        COMPREPLY=()
        typed=${COMP_LINE:0:COMP_POINT}
        typed=${typed##*[[:space:]]}
        if [[ $typed == --*=* && $cur != "$typed" && $cur != = && $prev != = ]]; then
          # The value holds a word break (--bind=ctrl-a:acc): read from the line.
          option=${typed%%=*}
        elif [[ $cur == --*=* ]]; then
          # One word (= not in COMP_WORDBREAKS): the reply keeps the option.
          option=${cur%%=*} value=${cur#*=} prefix=${cur%%=*}=
        elif [[ $cur == = && $prev == --* ]]; then
          option=$prev
        elif [[ $prev == = && $before == --* ]]; then
          option=$before value=$cur
        elif [[ $prev == -* ]]; then
          option=$prev value=$cur
          # Only options whose value may be the next word get here.
          case $option in --*) [[ $option == *=* ]] && option= ;; esac
        fi
        case $option in
      \(cases)    *) option= ;;
        esac
        [[ -n $option ]] && return 0
        COMPREPLY=($(compgen -W '\(options)' -- "$cur"))
      }

      \(helpers)      complete -F _pick_completion pick

      """
  }

  /// The functions the case arms call: the words of a value, a
  /// `NAME:VALUE` element, the remembered keys, files.
  private static let helpers = """
    # The words of a value; for a comma-separated list, of its last element.
    _pick_complete_words() {
      local list=$1 words=$2 head=
      if [[ $list == list && $value == *,* ]]; then head=${value%,*},; fi
      COMPREPLY=($(compgen -P "$prefix$head" -W "$words" -- "${value##*,}"))
    }

    # An element of NAME:VALUE,...: a name (kept whole, with its colon), or
    # after the last : or + of the element, a value. bash breaks words at :
    # and =, so the value is read from the line, and each reply is what
    # follows the text bash will keep.
    _pick_complete_fields() {
      local names=$1 list=$1 typed option= element head= last word before
      typed=${COMP_LINE:0:COMP_POINT}
      typed=${typed##*[[:space:]]}
      [[ $typed == --*=* ]] && option=${typed%%=*}=
      element=${typed#"$option"}
      [[ $element == *,* ]] && head=${element%,*},
      element=${element##*,}
      last=$element
      if [[ $element == *[:+]* ]]; then
        last=${element##*[:+]}
        head+=${element%"$last"}
        list=$2
      fi
      before=${typed%"$cur"}
      compopt -o nospace 2> /dev/null
      for word in $list; do
        [[ $word == "$last"* ]] || continue
        word=$option$head$word
        COMPREPLY+=("${word#"$before"}")
      done
    }

    # The keys --remember has stored: the files of pick's state directory.
    _pick_complete_remembered() {
      local directory=${XDG_STATE_HOME-} IFS=$'\\n'
      if [[ $directory == /* ]]; then directory+=/pick; else directory=${HOME-}/.local/state/pick; fi
      COMPREPLY=($(compgen -P "$prefix" -W "$(command ls -A -- "$directory" 2> /dev/null)" -- "$value"))
    }

    _pick_complete_files() {
      local directories=$1 IFS=$'\\n'
      compopt -o filenames 2> /dev/null
      if [[ $directories == yes ]]; then
        COMPREPLY=($(compgen -P "$prefix" -d -- "$value"))
      else
        COMPREPLY=($(compgen -P "$prefix" -f -- "$value"))
      fi
    }

    """

  /// What the case arm does for a value: offer words, files, or nothing (the
  /// value is free text, so the option's own arm ends the completion).
  private static func action(_ completion: ValueCompletion) -> String {
    switch completion {
    case .anything: ":"
    case .choices(let words): "_pick_complete_words one '\(words.joined(separator: " "))'"
    case .list(let words): "_pick_complete_words list '\(words.joined(separator: " "))'"
    case .file: "_pick_complete_files no"
    case .directory: "_pick_complete_files yes"
    case .fields(let kind): fieldsAction(kind.words)
    case .rememberedKeys: "_pick_complete_remembered"
    }
  }

  private static func fieldsAction(_ words: (names: [String], values: [String])) -> String {
    "_pick_complete_fields '\(words.names.joined(separator: " "))' '\(words.values.joined(separator: " "))'"
  }
}
