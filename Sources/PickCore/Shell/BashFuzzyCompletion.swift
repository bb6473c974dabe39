/// Fuzzy completion for bash, printed by `pick --shell bash` (`--bash`)
/// after the key bindings: a word that ends in `**` (`PICK_COMPLETION_TRIGGER`)
/// followed by Tab opens pick on what that word may be, as fzf's
/// `completion.bash` does.
///
/// What is listed, by command (the first word):
/// - `cd`, `pushd`, `rmdir`: directories under the word's directory
///   (`_pick_compgen_dir DIR` when the user defines it, else pick's walker);
/// - `kill`: processes (`ps`), the chosen PIDs inserted;
/// - `ssh`, `scp`, `sftp`, `telnet`: hosts from `~/.ssh/config`,
///   `~/.ssh/known_hosts` and `/etc/hosts`;
/// - `export`, `unset`, `printenv`: shell variables; `unalias`: aliases;
/// - any other command: files and directories (`_pick_compgen_path DIR`, or
///   the walker).
///
/// How, and why:
/// - The part of the word before `**` is a path: its longest existing
///   directory is where the walk starts, the rest is the query (`vim src/ma**`
///   walks `src` with the query `ma`). `~` and variables in it are expanded
///   with `eval` only when the word holds no command substitution.
/// - Each chosen name is quoted with `printf %q`, as Ctrl-T does, and they
///   replace the word, separated by spaces.
/// - bash redraws the line only when asked: `\e[5n` makes the terminal answer
///   `\e[0n`, bound to `redraw-current-line`, as fzf does.
/// - A word without the trigger gets the completion the command had before
///   (its function, saved from `complete -p`), or bash's default.
/// - `PICK_COMPLETION_OPTS` are added to pick's options (before the
///   command's own), through `__pick_run` like the key bindings' options.
/// - Every expansion has a default (`${x-}`), so `set -u` shells work, and
///   every function returns 0 unless bash should fall back.
enum BashFuzzyCompletion {
  static let body = #"""
    if [[ $- == *i* ]] && ((BASH_VERSINFO[0] >= 4)); then

    \#(hostsFunction(firstLine: nil))

    # Chooses what `kind` lists for the query `query` under `dir`; prints the
    # choices, each quoted for bash and followed by a space.
    __pick_complete_choose() {
      local kind=$1 dir=$2 query=$3 item walker
      case $kind in
      proc)
        command ps -eo user,pid,ppid,start,time,command 2> /dev/null |
          __pick_run "" "${PICK_COMPLETION_OPTS-}" -m --header-lines=1 --accept-nth=2 --query="$query" --print0
        ;;
      host) __pick_hosts | __pick_run "" "${PICK_COMPLETION_OPTS-}" +m --query="$query" --print0 ;;
      var) compgen -v | __pick_run "" "${PICK_COMPLETION_OPTS-}" -m --query="$query" --print0 ;;
      alias) compgen -a | __pick_run "" "${PICK_COMPLETION_OPTS-}" -m --query="$query" --print0 ;;
      dir | path)
        walker=file,dir,follow,hidden
        [[ $kind == dir ]] && walker=dir,follow,hidden
        if declare -F "_pick_compgen_$kind" > /dev/null; then
          "_pick_compgen_$kind" "$dir" |
            __pick_run "--scheme=path" "${PICK_COMPLETION_OPTS-}" -m --query="$query" --print0
        else
          __pick_run "--scheme=path --walker=$walker" "${PICK_COMPLETION_OPTS-}" \
            --walker-root="$dir" -m --query="$query" --print0 < /dev/tty
        fi
        ;;
      esac | while IFS= read -r -d '' item; do
        [[ $kind == dir ]] && item=${item%/}/
        printf '%q ' "$item"
      done
    }

    # The completion function of every command pick completes: `kind` is
    # what the command takes; the rest are what bash passes.
    __pick_complete() {
      local kind=$1 cur= base dir query matches trigger=${PICK_COMPLETION_TRIGGER-'**'}
      shift
      ((COMP_CWORD >= 0)) && cur=${COMP_WORDS[COMP_CWORD]-}
      if [[ $cur != *"$trigger" ]] || [[ $cur == *'$('* || $cur == *'`'* ]]; then
        __pick_original_completion "$@"
        return
      fi
      base=${cur:0:${#cur}-${#trigger}}
      eval "base=$base" 2> /dev/null || base=${cur:0:${#cur}-${#trigger}}
      dir=.
      query=$base
      if [[ $kind == path || $kind == dir ]]; then
        dir=$base
        [[ $dir == */* ]] || dir=
        while [[ -n $dir && ! -d $dir ]]; do
          [[ $dir == */* ]] && dir=${dir%/*} || dir=
        done
        query=${base#"$dir"}
        query=${query#/}
        [[ -z $dir ]] && dir=.
        [[ $base == /* && -z ${dir%/} ]] && dir=/
      fi
      matches=$(__pick_complete_choose "$kind" "$dir" "$query")
      COMPREPLY=("${matches:-$cur}")
      [[ -n $matches ]] && COMPREPLY=("${matches% }")
      bind '"\e[0n": redraw-current-line' 2> /dev/null
      printf '\e[5n'
      return 0
    }

    # What the command completed with before pick was set up.
    __pick_original_completion() {
      local cmd=${1-} function
      function=${__pick_saved_completions[$cmd]-}
      if [[ -n $function ]] && declare -F "$function" > /dev/null; then
        "$function" "$@"
        return
      fi
      return 124
    }

    declare -gA __pick_saved_completions=()
    # Registers `kind` completion for `commands`, keeping the function each
    # had (bash-completion's) for words without the trigger.
    __pick_complete_commands() {
      local kind=$1 options=$2 cmd spec
      shift 2
      for cmd in "$@"; do
        spec=$(complete -p "$cmd" 2> /dev/null) || spec=
        if [[ $spec == *" -F "* ]]; then
          spec=${spec#* -F }
          __pick_saved_completions[$cmd]=${spec%% *}
        fi
        eval "__pick_complete_$kind() { __pick_complete $kind \"\$@\"; }"
        complete -F "__pick_complete_$kind" $options "$cmd"
      done
    }

    __pick_complete_commands dir "-o bashdefault -o nospace -o dirnames" cd pushd rmdir
    __pick_complete_commands proc "-o default -o bashdefault" kill
    __pick_complete_commands host "-o default -o bashdefault" ssh scp sftp telnet
    __pick_complete_commands var "-o default -o nospace -v" export unset printenv
    __pick_complete_commands alias "-a" unalias
    __pick_complete_commands path "-o default -o bashdefault" \
      awk bat cat code cp diff du emacs file find git grep gzip gunzip head less ln ls more mv \
      nano nvim patch perl python python3 rm rsync ruby sed sort source tail tar tee touch \
      unzip vi vim wc xdg-open zip
    # Every other command, unless something else completes them all already.
    if ! complete -p -D > /dev/null 2>&1; then
      __pick_complete_default() { __pick_complete path "$@"; }
      complete -D -F __pick_complete_default -o default -o bashdefault 2> /dev/null
    fi

    fi

    """#
}

extension BashFuzzyCompletion {
  /// `__pick_hosts`, shared by bash's and zsh's completion: the hosts of
  /// `~/.ssh/config` (no patterns), `~/.ssh/known_hosts` (no hashed names,
  /// no ports) and `/etc/hosts`, each once, one a line. `firstLine` opens
  /// the body (zsh's `emulate -L zsh`).
  static func hostsFunction(firstLine: String?) -> String {
    let opening = firstLine.map { "  \($0)\n" } ?? ""
    return #"""
      __pick_hosts() {
      \#(opening)  {
          command awk 'tolower($1) == "host" || tolower($1) == "hostname" {
            for (i = 2; i <= NF; i++) if ($i !~ /[*?%]/) print $i }' ~/.ssh/config 2> /dev/null
          command awk '{ n = split($1, names, ","); for (i = 1; i <= n; i++) {
            name = names[i]; sub(/^\[/, "", name); sub(/\]:[0-9]+$/, "", name)
            if (name !~ /^[|#]/ && name != "") print name } }' ~/.ssh/known_hosts 2> /dev/null
          command awk '$1 !~ /^#/ { for (i = 2; i <= NF; i++) { if ($i ~ /^#/) break; print $i } }' \
            /etc/hosts 2> /dev/null
        } | command awk '!seen[$0]++'
      }
      """#
  }
}
