#!/bin/sh
# fzf's tests run this as BASE/bin/fzf: it runs pick (run-fzf-suite.sh puts
# its path in place of @PICK@) with only pick's documented differences of
# presentation and naming taken away; see run-fzf-suite.sh.
# What fzf's suite sets (test/lib/common.rb, common.sh: `--no-scrollbar
# --gutter ' ' --pointer '>' --marker '>'`) pick takes as fzf does.
opts=${FZF_DEFAULT_OPTS-}
# fzf runs commands (preview, execute, reload, become) with `$SHELL -c`,
# pick with `sh -c` unless told (rows 27 and 51); the tests are written for
# bash (`echo -e`, `(( ))`), so pick is told what fzf would use.
PICK_DEFAULT_OPTS="--layout=default --with-shell='${SHELL:-sh} -c' $opts"
export PICK_DEFAULT_OPTS
if [ -n "${FZF_DEFAULT_OPTS_FILE-}" ]; then
  PICK_DEFAULT_OPTS_FILE=$FZF_DEFAULT_OPTS_FILE
  export PICK_DEFAULT_OPTS_FILE
fi
if [ -n "${FZF_DEFAULT_COMMAND-}" ]; then
  PICK_DEFAULT_COMMAND=$FZF_DEFAULT_COMMAND
  export PICK_DEFAULT_COMMAND
else
  unset PICK_DEFAULT_COMMAND
fi
unset FZF_DEFAULT_OPTS FZF_DEFAULT_OPTS_FILE FZF_DEFAULT_COMMAND
exec '@PICK@' "$@"
