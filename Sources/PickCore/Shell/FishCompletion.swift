/// `pick --completion fish`: one `complete` line per option.
///
/// fish has no `+x` options, so fzf's `+x` negations are offered only as
/// `--no-NAME`. A value's words come with `-a`; a comma-separated list
/// (`--tiebreak`) completes its last element after the ones already typed.
enum FishCompletion {
  static func script(_ table: [OptionSpec]) -> String {
    var lines: [String] = []
    for spec in table {
      var value = ""
      if spec.takesValue && !spec.valueIsOptional {
        switch spec.valueCompletion {
        case .anything: value = " -x"
        case .choices(let words): value = " -x -a '\(words.joined(separator: " "))'"
        case .list(let words):
          value = " -x -a '(__pick_complete_list \(words.joined(separator: " ")))'"
        case .file: value = " -r -F"
        case .directory: value = " -x -a '(__fish_complete_directories)'"
        case .fields(let kind):
          let (names, values) = kind.words
          // Quoted: action names end in `(`, which fish would read as a substitution.
          let quoted = values.map { "\"\($0)\"" }.joined(separator: " ")
          value = " -x -a '(__pick_complete_fields \"\(names.joined(separator: " "))\" \(quoted))'"
        case .rememberedKeys: value = " -x -a '(__pick_complete_remembered)'"
        }
      }
      let short = spec.short.map { " -s \($0)" } ?? ""
      lines.append("complete -c pick\(short) -l \(spec.long)\(value)")
      for alias in spec.aliases { lines.append("complete -c pick -l \(alias)\(value)") }
      if let negated = spec.negatedLong { lines.append("complete -c pick -l \(negated)") }
    }
    return """
      # fish completion for pick's options. Printed by `pick --completion fish`;
      # load it with: pick --completion fish | source
      # (or save it as ~/.config/fish/completions/pick.fish).

      # pick takes no arguments besides options: no file names by default.
      complete -c pick -f

      \(helpers)      \(lines.joined(separator: "\n"))

      """
  }

  /// The functions the `complete` lines call: a list's last element, a
  /// `NAME:VALUE` element, the remembered keys.
  private static let helpers = """
    # The words of a comma-separated list, after the elements already typed.
    function __pick_complete_list
      set -l value (string replace -r -- '^--[^=]*=' '' (commandline -ct))
      set -l head (string match -r -- '^.*,' $value)
      for word in $argv
        echo $head$word
      end
    end

    # An element of NAME:VALUE,...: a name ($argv[1], space-separated), or
    # after the last : or + of the element, a value (the other arguments).
    function __pick_complete_fields
      set -l value (string replace -r -- '^--[^=]*=' '' (commandline -ct))
      # (`or echo`: an empty list, not an empty string, would empty $head$word.)
      set -l head (string match -r -- '^.*,' $value; or echo)
      set -l element (string replace -r -- '^.*,' '' $value)
      set -l words (string split ' ' -- $argv[1])
      if string match -q -r -- '[:+]' $element
        set head $head(string match -r -- '^.*[:+]' $element)
        set words $argv[2..-1]
      end
      for word in $words
        echo $head$word
      end
    end

    # The keys --remember has stored: the files of pick's state directory.
    function __pick_complete_remembered
      set -l directory $HOME/.local/state/pick
      string match -q -- '/*' "$XDG_STATE_HOME"; and set directory $XDG_STATE_HOME/pick
      for file in $directory/*
        basename -- $file
      end
    end

    """
}
