/// The bash key bindings that `pick --shell bash` prints (after the line that
/// defines `__pick_bin`, the absolute path of the binary that printed them).
///
/// How each widget works, and why:
///
/// - Widgets are `bind -x` functions (bash 4 and newer), which read and set
///   the command line through `READLINE_LINE` and `READLINE_POINT`.
/// - pick prints its choice with `--print0` and the script reads it with
///   `read -d ''`: a file name or history entry may hold newlines, and a
///   command substitution would also drop trailing newlines.
/// - Ctrl-T quotes each chosen name with `printf %q`, which writes spaces,
///   quotes and newlines (as `$'…'`) in a form bash reads back as one word.
/// - Ctrl-R lists the history with `HISTTIMEFORMAT` set to a marker that no
///   command contains: each entry's first line starts with its number and the
///   marker, so the lines of a multi-line entry (kept by `shopt -s lithist`)
///   stay together, whatever they contain. (An entry without a time stamp,
///   added by `history -s`, shows `??` instead of the marker: accepted too.) awk turns that into NUL-ended
///   entries, newest first, and pick's `--unique` keeps the newest copy of each.
/// - Alt-C puts `builtin cd -- DIR` on the command line and runs it, so that
///   it is in the history and the prompt shows the new directory. A `bind -x`
///   function cannot accept the line, so Alt-C is a macro of three private
///   keys: the first chooses (and binds the second to `accept-line`, or to
///   nothing when the choice was cancelled), the third puts back the line that
///   was being typed, at the next prompt.
/// - Options: `--height=40%` and the widget's defaults come first, then the
///   user's `PICK_DEFAULT_OPTS_FILE` and `PICK_DEFAULT_OPTS`, then the
///   widget's `PICK_CTRL_T_OPTS` (`PICK_CTRL_R_OPTS`, `PICK_ALT_C_OPTS`), all
///   through `PICK_DEFAULT_OPTS` (pick reads it before the command line); the
///   options a widget depends on (`--print0`, `-m`/`+m`) are on the command
///   line, which wins.
/// - `PICK_CTRL_T_COMMAND` / `PICK_ALT_C_COMMAND`, when set and not empty,
///   list the candidates instead of pick's file walker (set to an empty
///   string, the key is not bound), as fzf's `FZF_CTRL_T_COMMAND`.
enum BashKeyBindings {
  static let body = #"""
    if [[ $- == *i* ]]; then
    if ((BASH_VERSINFO[0] < 4)); then
      echo "pick: the key bindings need bash 4 or newer" >&2
    else

    \#(KeyBindingScript.runFunction(firstLine: nil))

    # Ctrl-T: files and directories under the current directory, several at
    # once, inserted at the cursor, each quoted.
    __pick_file_widget() {
      local item quoted= inserted=
      while IFS= read -r -d '' item; do
        printf -v quoted '%q' "$item"
        inserted+="$quoted "
      done < <(
        if [[ -n ${PICK_CTRL_T_COMMAND-} ]]; then
          eval "$PICK_CTRL_T_COMMAND" | __pick_run --scheme=path "${PICK_CTRL_T_OPTS-}" -m --print0
        else
          __pick_run "--scheme=path --walker=file,dir,follow,hidden" "${PICK_CTRL_T_OPTS-}" \
            -m --print0 < /dev/tty
        fi
      )
      READLINE_LINE=${READLINE_LINE:0:READLINE_POINT}$inserted${READLINE_LINE:READLINE_POINT}
      READLINE_POINT=$((READLINE_POINT + ${#inserted}))
    }

    # The history, newest first, each entry ended by NUL, multi-line entries whole.
    __pick_history_entries() {
      local marker=$'\001'"pick-$RANDOM$RANDOM"$'\002'
      HISTTIMEFORMAT=$marker builtin history | LC_ALL=C command awk -v marker="$marker" '
        {
          at = index($0, marker)
          if (at > 0 && substr($0, 1, at - 1) ~ /^ *[0-9]+[*]? *$/) {
            entries[++count] = substr($0, at + length(marker))
          } else if (match($0, /^ *[0-9]+[*]? +[?][?]/)) {
            # An entry without a time stamp (added with history -s) shows ?? instead.
            entries[++count] = substr($0, RLENGTH + 1)
          } else if (count > 0) {
            entries[count] = entries[count] "\n" $0
          }
        }
        END { for (n = count; n >= 1; n--) printf "%s%c", entries[n], 0 }'
    }

    # Ctrl-R: the chosen history entries (Tab for several) replace the
    # command line (which is the query), one a line, newest first.
    __pick_history_widget() {
      local entry line=
      while IFS= read -r -d '' entry; do
        line+=${line:+$'\n'}$entry
      done < <(
        __pick_history_entries |
          __pick_run --scheme=history "${PICK_CTRL_R_OPTS-}" \
            --read0 --print0 --unique -m --query="$READLINE_LINE"
      )
      [[ -n $line ]] || return 0
      READLINE_LINE=$line
      READLINE_POINT=${#line}
    }

    # Alt-C, first key: choose a directory; when one was chosen, replace the
    # line with `builtin cd -- DIR` and make the second key accept it.
    __pick_cd_choose() {
      local dir map
      IFS= read -r -d '' dir < <(
        if [[ -n ${PICK_ALT_C_COMMAND-} ]]; then
          eval "$PICK_ALT_C_COMMAND" | __pick_run --scheme=path "${PICK_ALT_C_OPTS-}" +m --print0
        else
          __pick_run "--scheme=path --walker=dir,follow,hidden" "${PICK_ALT_C_OPTS-}" \
            +m --print0 < /dev/tty
        fi
      )
      # The absolute path, so the history entry works from anywhere (the x
      # keeps a trailing newline of the name from being stripped).
      if [[ -n $dir ]] && dir=$(builtin unset CDPATH && builtin cd -- "$dir" && builtin pwd && echo x); then
        __pick_saved_line=$READLINE_LINE
        __pick_saved_point=$READLINE_POINT
        printf -v READLINE_LINE 'builtin cd -- %q' "${dir%$'\n'x}"
        READLINE_POINT=${#READLINE_LINE}
        for map in emacs-standard vi-insert vi-command; do
          bind -m "$map" '"\C-x\C-p2": accept-line'
        done
      else
        for map in emacs-standard vi-insert vi-command; do
          bind -m "$map" '"\C-x\C-p2": redraw-current-line'
        done
      fi
    }

    # Alt-C, third key (read at the next prompt): the line that was being typed.
    __pick_cd_restore() {
      if [[ -n ${__pick_saved_line+set} ]]; then
        READLINE_LINE=$__pick_saved_line
        READLINE_POINT=$__pick_saved_point
        unset __pick_saved_line __pick_saved_point
      fi
    }

    for __pick_map in emacs-standard vi-insert vi-command; do
      if [[ ${PICK_CTRL_T_COMMAND-x} != "" ]]; then
        bind -m "$__pick_map" -x '"\C-t": __pick_file_widget'
      fi
      bind -m "$__pick_map" -x '"\C-r": __pick_history_widget'
      if [[ ${PICK_ALT_C_COMMAND-x} != "" ]]; then
        bind -m "$__pick_map" -x '"\C-x\C-p1": __pick_cd_choose'
        bind -m "$__pick_map" '"\C-x\C-p2": redraw-current-line'
        bind -m "$__pick_map" -x '"\C-x\C-p3": __pick_cd_restore'
        bind -m "$__pick_map" '"\ec": "\C-x\C-p1\C-x\C-p2\C-x\C-p3"'
      fi
    done
    unset __pick_map

    fi
    fi

    """#
}
