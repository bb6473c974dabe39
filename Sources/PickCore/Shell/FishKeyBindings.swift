/// The fish key bindings that `pick --shell fish` prints (after the line that
/// defines `__pick_bin`, the absolute path of the binary that printed them).
///
/// A command substitution that ends in `string split0` is split at NUL bytes
/// only, so pick's `--print0` output arrives as one list element per chosen
/// item, newlines (and trailing newlines) included. `string escape` quotes a
/// name so that fish reads it back as one word.
///
/// - Ctrl-T inserts the chosen names at the cursor.
/// - Ctrl-R feeds `history -z` (newest first, NUL-ended, multi-line entries
///   whole), after merging other sessions' history as fish's own search does;
///   the chosen entry replaces the command line.
/// - Alt-C changes the shell's directory and repaints the prompt.
///
/// Options are layered as in the bash script (`BashKeyBindings`).
enum FishKeyBindings {
  static let body = #"""
    if status is-interactive

    # Runs pick with the widget's defaults ($argv[1]), then the user's
    # defaults, then the widget's own options ($argv[2]); the rest are pick's.
    function __pick_run
      set -l file_options
      if test -n "$PICK_DEFAULT_OPTS_FILE"
        set file_options (string collect < $PICK_DEFAULT_OPTS_FILE); or return 2
      end
      # Newlines between the parts: a comment at the end of the file ends there
      # (string collect: one value, not a list split at the newlines).
      set -lx PICK_DEFAULT_OPTS (string join \n -- "--height=40% $argv[1]" "$file_options" "$PICK_DEFAULT_OPTS" "$argv[2]" | string collect)
      set -lx PICK_DEFAULT_OPTS_FILE ''
      $__pick_bin $argv[3..-1]
    end

    # Ctrl-T: files and directories under the current directory, several at
    # once, inserted at the cursor, each quoted.
    function __pick_file_widget
      set -l chosen
      if test -n "$PICK_CTRL_T_COMMAND"
        set chosen (eval $PICK_CTRL_T_COMMAND | __pick_run --scheme=path "$PICK_CTRL_T_OPTS" -m --print0 | string split0)
      else
        set chosen (__pick_run "--scheme=path --walker=file,dir,follow,hidden" "$PICK_CTRL_T_OPTS" -m --print0 < /dev/tty | string split0)
      end
      if set -q chosen[1]
        commandline -i -- (string join ' ' -- (string escape -- $chosen))' '
      end
      commandline -f repaint
    end

    # Ctrl-R: the chosen history entries (Tab for several) replace the
    # command line (which is the query), one a line, newest first.
    function __pick_history_widget
      test -z "$fish_private_mode"; and builtin history merge
      set -l chosen (builtin history -z | __pick_run --scheme=history "$PICK_CTRL_R_OPTS" --read0 --print0 --unique -m --query=(commandline | string collect) | string split0)
      if set -q chosen[1]
        commandline -r -- (string join \n -- $chosen | string collect)
      end
      commandline -f repaint
    end

    # Alt-C: cd into the chosen directory.
    function __pick_cd_widget
      set -l chosen
      if test -n "$PICK_ALT_C_COMMAND"
        set chosen (eval $PICK_ALT_C_COMMAND | __pick_run --scheme=path "$PICK_ALT_C_OPTS" +m --print0 | string split0)
      else
        set chosen (__pick_run "--scheme=path --walker=dir,follow,hidden" "$PICK_ALT_C_OPTS" +m --print0 < /dev/tty | string split0)
      end
      if set -q chosen[1]
        cd -- $chosen[1]
      end
      commandline -f repaint
    end

    for __pick_mode in default insert
      if not set -q PICK_CTRL_T_COMMAND; or test -n "$PICK_CTRL_T_COMMAND"
        bind -M $__pick_mode \ct __pick_file_widget
      end
      bind -M $__pick_mode \cr __pick_history_widget
      if not set -q PICK_ALT_C_COMMAND; or test -n "$PICK_ALT_C_COMMAND"
        bind -M $__pick_mode \ec __pick_cd_widget
      end
    end
    set -e __pick_mode

    end

    """#
}
