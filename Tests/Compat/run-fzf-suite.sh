#!/usr/bin/env bash
# Runs fzf's own tmux-driven Ruby test suite with pick in fzf's place.
#
# fzf's tests (test/*.rb in fzf's repository) start `BASE/bin/fzf` in tmux
# windows and read the screen back. This script extracts them into a
# temporary directory, puts a wrapper that runs pick at bin/fzf, starts a
# private tmux server for them (never the user's), runs each file with a
# time limit per test and prints, per file, how many tests passed, then
# every failure with the screen it ended on. CI does not run it; see
# Docs/fzf-compatibility.md, "fzf's own test suite".
#
# The wrapper neutralises only pick's documented differences of
# presentation and naming: pick's default layout is `reverse`, fzf's
# `default` (row 17), so `--layout=default` goes first in PICK_DEFAULT_OPTS
# and a test's own `--layout`/`--reverse` still wins; fzf's suite's
# FZF_DEFAULT_OPTS (`--no-scrollbar --gutter ' ' --pointer '>' --marker
# '>'`) is passed as PICK_DEFAULT_OPTS, which pick draws as fzf does;
# FZF_DEFAULT_COMMAND is passed as PICK_DEFAULT_COMMAND; fzf runs commands
# with `$SHELL -c`, pick with `sh -c` (rows 27, 51), and the tests are
# written for bash, so pick gets `--with-shell '$SHELL -c'`. No test is changed,
# except that a Ruby older than 3.4 gets `_1` for the block parameter `it`
# (adapt-ruby.rb).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)

usage() {
  cat <<'EOF'
Usage: Tests/Compat/run-fzf-suite.sh [OPTIONS] [FZF_REPO] [FILE...]

Runs fzf's test/*.rb files against pick (or, with --fzf, against fzf).

  FZF_REPO            fzf's repository: a clone or a bare git directory
                      (default: $FZF_REPO)
  FILE                test files to run, e.g. test_core.rb; a name may end
                      in :REGEX to run only the tests it matches
                      (test_core.rb:/header/). Default: test_core.rb
                      test_layout.rb test_exec.rb test_preview.rb
                      test_filter.rb
  --pick PATH         the pick binary (default: $PICK_BINARY, else
                      .build/release/pick)
  --fzf [PATH]        run fzf itself instead (default: $FZF_BINARY, else
                      fzf on PATH), unwrapped: checks the runner
  --jobs N            run N files at once, each with its own tmux server
                      (default 1)
  --limit SECONDS     time limit per test (default 120)
  --out DIR           keep the logs there (default: a temporary directory,
                      printed at the end)
  --keep              keep the extracted suite (printed at the end)
  -h, --help          this text

Needs ruby with minitest, tmux and git (Debian: apt-get install ruby
ruby-minitest tmux git).
EOF
}

die() {
  printf 'run-fzf-suite: %s\n' "$1" >&2
  exit 2
}

repo=${FZF_REPO-}
pick=${PICK_BINARY-$root/.build/release/pick}
fzf_mode=0
fzf=${FZF_BINARY-}
jobs=1
limit=120
out=
keep=0
files=()
while (($#)); do
  case $1 in
    -h | --help) usage; exit 0 ;;
    --pick) pick=${2:?--pick needs a path}; shift ;;
    --fzf)
      fzf_mode=1
      if [[ ${2-} == /* || ${2-} == ./* ]]; then fzf=$2; shift; fi
      ;;
    --jobs) jobs=${2:?--jobs needs a number}; shift ;;
    --limit) limit=${2:?--limit needs seconds}; shift ;;
    --out) out=${2:?--out needs a directory}; shift ;;
    --keep) keep=1 ;;
    -*) die "unknown option $1 (see --help)" ;;
    *)
      if [[ -z $repo && ! $1 == test_* ]]; then repo=$1; else files+=("$1"); fi
      ;;
  esac
  shift
done
((${#files[@]})) || files=(test_core.rb test_layout.rb test_exec.rb test_preview.rb test_filter.rb)

# What the suite needs, and how to get it.
missing=()
command -v ruby > /dev/null || missing+=(ruby)
command -v ruby > /dev/null && ! ruby -e 'require "minitest"' 2> /dev/null && missing+=(ruby-minitest)
command -v tmux > /dev/null || missing+=(tmux)
command -v git > /dev/null || missing+=(git)
((${#missing[@]} == 0)) || die "missing ${missing[*]}: apt-get install ${missing[*]}"
[[ -n $repo ]] || die 'no fzf repository: pass FZF_REPO (a clone of github.com/junegunn/fzf)'
if ((fzf_mode)); then
  fzf=${fzf:-$(command -v fzf || true)}
  [[ -f $fzf && -x $fzf ]] || die "no fzf binary: pass --fzf /path/to/fzf"
else
  [[ -f $pick && -x $pick ]] || die "no pick binary at $pick: swift build -c release --product pick, or --pick PATH"
  pick=$(cd "$(dirname "$pick")" && pwd)/$(basename "$pick")
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/fzf-suite.XXXXXX")
out=${out:-$work/logs}
mkdir -p "$out"
servers=()
cleanup() {
  local dir
  for dir in "${servers[@]}"; do
    TMUX_TMPDIR=$dir tmux kill-server 2> /dev/null || true
  done
  ((keep)) || rm -rf "$work/fzf"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# The suite: test/ and shell/ (the shell integration tests source it).
mkdir -p "$work/fzf"
if [[ -d $repo/test/lib ]]; then
  cp -R "$repo/test" "$work/fzf/"
  [[ -d $repo/shell ]] && cp -R "$repo/shell" "$work/fzf/"
else
  git -C "$repo" archive HEAD test shell | tar -x -C "$work/fzf" ||
    die "cannot read test/ from $repo"
fi
suite=$work/fzf
if ! ruby -e 'exit(Gem::Version.new(RUBY_VERSION) >= Gem::Version.new("3.4"))'; then
  ruby "$here/adapt-ruby.rb" "$suite"/test/*.rb "$suite"/test/lib/*.rb
fi
mkdir -p "$suite/.compat/bundler" "$suite/bin"
: > "$suite/.compat/bundler/setup.rb"

if ((fzf_mode)); then
  printf '#!/bin/sh\nexec %q "$@"\n' "$fzf" > "$suite/bin/fzf"
else
  sed "s|@PICK@|$pick|" "$here/fzf-wrapper.sh" > "$suite/bin/fzf"
fi
chmod +x "$suite/bin/fzf"

# Runs one file on its own tmux server; writes DIR/NAME.log.
run_file() {
  local spec=$1 file pattern name server
  file=${spec%%:*}
  pattern=
  [[ $spec == *:* ]] && pattern=${spec#*:}
  name=${file%.rb}
  [[ -f $suite/test/$file ]] || { echo "no such test file: $file" > "$out/$name.log"; return; }
  server=$work/tmux-$name
  mkdir -p "$server"
  (
    unset TMUX TMUX_PANE
    export TMUX_TMPDIR=$server FZF_SUITE_TEST_DIR=$suite/test FZF_SUITE_TEST_LIMIT=$limit
    # Some tests run plain `fzf`: bin/fzf must come before any fzf on PATH
    # (the suite's bashrc only appends it).
    export PATH=$suite/bin:$PATH
    tmux new-session -d -x 80 -y 24
    args=(--verbose)
    [[ -n $pattern ]] && args+=(--name "$pattern")
    cd "$suite"
    ruby -I "$suite/.compat" -r "$here/prelude.rb" "test/$file" "${args[@]}" > "$out/$name.log" 2>&1 || true
    tmux kill-server 2> /dev/null || true
  )
}

for spec in "${files[@]}"; do
  name=${spec%%:*}
  servers+=("$work/tmux-${name%.rb}")
done
running=0
for spec in "${files[@]}"; do
  run_file "$spec" &
  running=$((running + 1))
  if ((running >= jobs)); then
    wait -n || true
    running=$((running - 1))
  fi
done
wait

"$here/summarise.rb" "$out" "${files[@]}"
echo "logs: $out"
((keep)) && echo "suite: $suite"
exit 0
