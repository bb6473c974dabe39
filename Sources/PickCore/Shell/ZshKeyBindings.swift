/// The zsh key bindings that `pick --shell zsh` prints (after the line that
/// defines `__pick_bin`, the absolute path of the binary that printed them).
///
/// Each widget runs under `emulate -L zsh`, so the user's options (say
/// `sh_word_split` or `ksh_arrays`) cannot change how it splits or indexes.
/// zsh variables hold NUL bytes, so pick's `--print0` output is kept in one
/// variable and split with the `(0)` flag: names and history entries with
/// newlines (and trailing newlines) come through intact. Chosen names are
/// quoted with `(q)`, which zsh reads back as one word each.
///
/// - Ctrl-T inserts the chosen names at the cursor.
/// - Ctrl-R feeds `$history` (full entries, newest first, multi-line ones
///   whole) with `print -rN`; the chosen entry replaces the command line.
/// - Alt-C saves the line being typed (`push-line`: it comes back at the next
///   prompt), then runs `builtin cd -- DIR` as a command, so it is in the
///   history and the prompt shows the new directory.
///
/// Options are layered as in the bash script (`BashKeyBindings`).
enum ZshKeyBindings {
  static let body = #"""
    if [[ -o interactive ]]; then

    \#(KeyBindingScript.runFunction(firstLine: "emulate -L zsh"))

    # Ctrl-T: files and directories under the current directory, several at
    # once, inserted at the cursor, each quoted.
    __pick_file_widget() {
      emulate -L zsh
      local output
      if [[ -n ${PICK_CTRL_T_COMMAND-} ]]; then
        output=$(eval "$PICK_CTRL_T_COMMAND" | __pick_run --scheme=path "${PICK_CTRL_T_OPTS-}" -m --print0)
      else
        output=$(__pick_run "--scheme=path --walker=file,dir,follow,hidden" "${PICK_CTRL_T_OPTS-}" \
          -m --print0 < /dev/tty)
      fi
      if [[ -n $output ]]; then
        local -a items=("${(@0)${output%$'\0'}}")
        LBUFFER+="${(j: :)${(@q)items}} "
      fi
      zle reset-prompt
    }

    # Ctrl-R: the chosen history entries (Tab for several) replace the
    # command line (whose left part is the query), one a line, newest first.
    __pick_history_widget() {
      emulate -L zsh
      zmodload -F zsh/parameter p:history 2> /dev/null
      (( ${#history} )) || return 0
      local output
      output=$(print -rN -- "${history[@]}" |
        __pick_run --scheme=history "${PICK_CTRL_R_OPTS-}" \
          --read0 --print0 --unique -m --query="$LBUFFER")
      if [[ -n $output ]]; then
        local -a entries=("${(@0)${output%$'\0'}}")
        BUFFER=${(pj:\n:)entries}
        CURSOR=${#BUFFER}
      fi
      zle reset-prompt
    }

    # Alt-C: cd into the chosen directory, as a command in the history.
    __pick_cd_widget() {
      emulate -L zsh
      local dir
      if [[ -n ${PICK_ALT_C_COMMAND-} ]]; then
        dir=$(eval "$PICK_ALT_C_COMMAND" | __pick_run --scheme=path "${PICK_ALT_C_OPTS-}" +m --print0)
      else
        dir=$(__pick_run "--scheme=path --walker=dir,follow,hidden" "${PICK_ALT_C_OPTS-}" \
          +m --print0 < /dev/tty)
      fi
      dir=${dir%$'\0'}
      if [[ -z $dir ]]; then
        zle redisplay
        return 0
      fi
      # The absolute path, so the history entry works from anywhere (the
      # trailing / keeps a trailing newline of the name from being stripped;
      # for / itself, // loses one).
      dir=$(unset CDPATH && builtin cd -q -- "$dir" && print -rn -- "$PWD/") || {
        zle redisplay
        return 1
      }
      dir=${dir%/}
      zle push-line
      BUFFER="builtin cd -- ${(q)dir}"
      zle accept-line
      local ret=$?
      zle reset-prompt
      return $ret
    }

    if [[ ${PICK_CTRL_T_COMMAND-x} != "" ]]; then
      zle -N __pick_file_widget
      bindkey -M emacs '^T' __pick_file_widget
      bindkey -M viins '^T' __pick_file_widget
      bindkey -M vicmd '^T' __pick_file_widget
    fi
    zle -N __pick_history_widget
    bindkey -M emacs '^R' __pick_history_widget
    bindkey -M viins '^R' __pick_history_widget
    bindkey -M vicmd '^R' __pick_history_widget
    if [[ ${PICK_ALT_C_COMMAND-x} != "" ]]; then
      zle -N __pick_cd_widget
      bindkey -M emacs '\ec' __pick_cd_widget
      bindkey -M viins '\ec' __pick_cd_widget
      bindkey -M vicmd '\ec' __pick_cd_widget
    fi

    fi

    """#
}
