/// Fuzzy completion for zsh, printed by `pick --shell zsh` (`--zsh`) after
/// the key bindings: the same `**` then Tab as in bash
/// (`BashFuzzyCompletion`, which says what each command lists), done as a
/// widget on Tab instead of a completion function.
///
/// - Tab runs `__pick_completion_widget`: when the word before the cursor
///   ends with the trigger it chooses with pick and replaces the word;
///   otherwise it runs the widget Tab had before (`expand-or-complete`
///   unless another script bound it), so ordinary completion is untouched.
/// - The word and the command are taken with zsh's own parser (`${(z)…}`),
///   so quotes and a prompt of several lines do not confuse it; chosen
///   names are quoted with `${(q)…}`.
/// - `emulate -L zsh` gives the widget zsh's defaults whatever the user set
///   (`setopt nounset`, `ksharrays` and the like).
enum ZshFuzzyCompletion {
  static let body = #"""
    if [[ -o interactive ]]; then

    \#(BashFuzzyCompletion.hostsFunction(firstLine: "emulate -L zsh"))

    # Chooses what `kind` lists for the query under `dir`; prints the choices, NUL-ended.
    __pick_complete_choose() {
      emulate -L zsh
      local kind=$1 dir=$2 query=$3 walker=file,dir,follow,hidden
      case $kind in
      (proc)
        command ps -eo user,pid,ppid,start,time,command 2> /dev/null |
          __pick_run "" "${PICK_COMPLETION_OPTS-}" -m --header-lines=1 --accept-nth=2 --query="$query" --print0 ;;
      (host) __pick_hosts | __pick_run "" "${PICK_COMPLETION_OPTS-}" +m --query="$query" --print0 ;;
      (var) print -rl -- ${(k)parameters} | __pick_run "" "${PICK_COMPLETION_OPTS-}" -m --query="$query" --print0 ;;
      (alias) print -rl -- ${(k)aliases} | __pick_run "" "${PICK_COMPLETION_OPTS-}" -m --query="$query" --print0 ;;
      (*)
        [[ $kind == dir ]] && walker=dir,follow,hidden
        if (( ${+functions[_pick_compgen_$kind]} )); then
          _pick_compgen_$kind "$dir" | __pick_run "--scheme=path" "${PICK_COMPLETION_OPTS-}" -m --query="$query" --print0
        else
          __pick_run "--scheme=path --walker=$walker" "${PICK_COMPLETION_OPTS-}" \
            --walker-root="$dir" -m --query="$query" --print0 < /dev/tty
        fi ;;
      esac
    }

    __pick_completion_widget() {
      emulate -L zsh
      local trigger=${PICK_COMPLETION_TRIGGER-'**'}
      local -a tokens=(${(z)LBUFFER})
      if [[ $LBUFFER != *"$trigger" || ${#tokens} -lt 1 || ${tokens[-1]} != *"$trigger" ]]; then
        zle ${__pick_default_completion:-expand-or-complete}
        return
      fi
      local word=${tokens[-1]} cmd=${tokens[1]} kind=path
      local left=${LBUFFER%"$word"} base=${word%"$trigger"}
      case $cmd in
      (cd|pushd|rmdir) kind=dir ;;
      (kill) kind=proc ;;
      (ssh|scp|sftp|telnet) kind=host ;;
      (export|unset|printenv) kind=var ;;
      (unalias) kind=alias ;;
      esac
      [[ ${#tokens} -eq 1 ]] && kind=path
      base=${(Q)${~base}} 2> /dev/null || base=${word%"$trigger"}
      local dir=. query=$base
      if [[ $kind == path || $kind == dir ]]; then
        dir=$base
        [[ $dir == */* ]] || dir=
        while [[ -n $dir && ! -d $dir ]]; do
          if [[ $dir == */* ]]; then dir=${dir%/*}; else dir=; fi
        done
        query=${base#"$dir"}
        query=${query#/}
        [[ -z $dir ]] && dir=.
        [[ $base == /* && -z ${dir%/} ]] && dir=/
      fi
      local output
      output=$(__pick_complete_choose $kind "$dir" "$query")
      if [[ -n $output ]]; then
        local -a items=("${(@0)${output%$'\0'}}")
        [[ $kind == dir ]] && items=("${(@)^items%/}/")
        LBUFFER="$left${(j: :)${(@q)items}} "
      fi
      zle reset-prompt
    }

    zle -N __pick_completion_widget
    if [[ -z ${__pick_default_completion-} ]]; then
      __pick_default_completion=${${$(bindkey '^I')[2]}:-expand-or-complete}
      [[ $__pick_default_completion == __pick_completion_widget ]] && __pick_default_completion=expand-or-complete
    fi
    bindkey -M emacs '^I' __pick_completion_widget
    bindkey -M viins '^I' __pick_completion_widget

    fi

    """#
}
