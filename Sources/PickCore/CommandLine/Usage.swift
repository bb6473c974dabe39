/// The `--help` text: short, grouped the way fzf's is, so that someone who
/// knows fzf finds each option where they expect it.
///
/// `UsageTests` checks that every option in `OptionParser.table` is listed
/// here and that every option listed here is accepted, so the two cannot drift.
public enum Usage {
  public static let text = """
    Usage: pick [options]

    pick reads items from standard input, one per line, lets you choose some
    with a fuzzy search, and prints the chosen items on standard output.
    With nothing piped in, it lists the files under the current directory.

      SEARCH
        -x, --extended           Extended-search mode (default)
        +x, --no-extended        Disable extended-search mode: the query is one term
        -e, --exact              Enable exact-match
        +e, --no-exact           Fuzzy match (default)
        -i, --ignore-case        Case-insensitive match
        +i, --no-ignore-case     Case-sensitive match
            --smart-case         Smart-case match (default)
            --literal            Do not normalize latin script letters
            --scheme=SCHEME      Scoring scheme [default|path|history]
            --algo=TYPE          Fuzzy matching algorithm: v2, the best placement
                                 (default), or v1, the first one (faster)
            --tiebreak=CRI[,..]  Comma-separated list of sort criteria to apply
                                 when the scores are tied
                                 [length|chunk|pathname|begin|end|index]
                                 (default: the scheme's; index only last)
        -s, --sort               Sort the result (default)
        +s, --no-sort            Do not sort the result
            --tac                Reverse the order of the input
            --disabled           Typing edits the query but does not search
                                 (--enabled or --no-disabled: it does, the
                                 default); see enable-search and change:reload
            --phony              Same as --disabled (--no-phony: --enabled)

      FIELDS
        -d, --delimiter=STR      Field delimiter, a literal string
                                 (\\t, \\n, \\0 and \\\\ are decoded; default: AWK-style)
        -n, --nth=N[,..]         Comma-separated list of field index expressions
                                 for limiting search scope. Each can be a non-zero
                                 integer or a range expression ([BEGIN]..[END]).
            --with-nth=N[,..]    Fields to show (and search)
            --accept-nth=N[,..]  Fields to print on accept

      INPUT/OUTPUT
            --read0              Read input delimited by ASCII NUL characters
            --print0             Print output delimited by ASCII NUL characters
            --ansi               Draw the colours of ANSI escape sequences in items;
                                 match and print the text without them
            --header-lines=N     The first N lines of the input are a header
            --print-query        Print the query as the first line

      INTERACTIVE
        -m, --multi[=MAX]        Enable multi-select with tab/shift-tab
        +m, --no-multi           Disable multi-select
        -q, --query=STR          Start with the given query
            --prompt=STR         Input prompt (default: '> ')
            --ghost=TEXT         Text shown dimmed while the query is empty
            --header-first       Draw the --header rows before the prompt
            --pointer=STR        Cursor row's sign, up to 2 columns (default: '>')
            --marker=STR         Selected rows' sign, up to 2 columns (default: '*')
            --gutter=CHAR        Other rows' pointer column (default: ' ')
            --no-unicode         Draw borders and lines in ASCII (--unicode: not)
            --highlight-line     Highlight the whole current line
            --no-spinner         No spinner while input streams in (--spinner:
                                 the default)
            --accessible         Screen-reader mode: the cursor on the current
                                 row, no spinner, the selection in words
                                 (also ACCESSIBLE=1; --no-accessible: off)
            --no-hint            No hint of the multi-select keys on the info
                                 line (--hint: shown until the first key)
            --ellipsis=STR       Mark of a cut item (default: '…')
            --keep-right         Keep the end of a long line in view (while the
                                 query is empty; header lines always)
            --no-hscroll         Cut a long line at its end, not around the
                                 match (--hscroll: scroll to it, the default)
            --hscroll-off=COLS   Columns kept after the match when scrolling
                                 (default: 10)
            --freeze-left=N      Always show the first N fields of a long line
            --freeze-right=N     Always show the last N fields of a long line
            --scroll-off=LINES   Rows kept above and below the cursor (default: 3)
            --ambidouble         East Asian ambiguous characters take 2 columns
                                 (pick's own lines are then drawn in ASCII)
            --wrap[=MODE]        Wrap long items over several rows [char|word]
            --wrap-word          Same as --wrap=word (Alt-/: toggle-wrap-word)
            --wrap-sign=STR      Sign before a wrapped row (default: '↳ ')
            --multi-line         With --read0, a row for each line of an item
                                 (default; --no-multi-line: ␊ on one row)
            --marker-multi-line=STR
                                 Signs of a selected item over several rows:
                                 top, middle, bottom (default: '╻┃╹')
            --info=STYLE         Info line: default, right, hidden, inline or
                                 inline-right, with :PREFIX after inline[-right]
            --no-info            Same as --info=hidden
            --inline-info        Same as --info=inline
            --info-command=CMD   Command whose first line of output replaces
                                 the info text (which is in $PICK_INFO)
            --header=STR         Select-all row title (multi) or a header line
            --footer=STR         Text at the far end of the list from the prompt
            --layout=LAYOUT      [reverse|default|reverse-list] (default: reverse)
            --reverse            Same as --layout=reverse (--no-reverse: default)
            --cycle              Wrap around at either end of the list
            --track              Keep the cursor on its item when the list changes
            --id-nth=N[,..]      Fields that identify an item across reloads
            --sync               Open the picker only once the input has ended
            --tail=N             Keep only the last N items (for endless streams)
        -1, --select-1           Accept the only match without showing the picker
        -0, --exit-0             Exit at once (status 1) when nothing matches
            --output-order=ORDER Print chosen items in [input|selection] order
            --color[=COLSPEC]    Colours on (default; --no-color: off), and the
                                 theme: [BASE][,ELEMENT:COLOR[:ATTR..]..]
                                 BASE: default|dark|light|16|bw|high-contrast
                                 ELEMENT: fg bg hl fg+ bg+ hl+ prompt query
                                 info pointer marker spinner header ... (fzf's)
                                 COLOR: -1 0..255 #rrggbb red bright-red ...
                                 ATTR: bold dim italic underline reverse ...
                                 e.g. --color=light,hl:#ff0000:underline
            --no-bold            Do not use the scheme's bold (--bold: do)
            --height=[-]N[%]     Draw inline below the cursor, N rows (or N%)
            --popup[=OPTS]       Inside tmux 3.3+, run in a popup (else ignored):
                                 [center|top|bottom|left|right][,SIZE[%]]
                                 [,SIZE[%]][,border-native] (default center,50%)
            --tmux[=OPTS]        The same as --popup
            --min-height=N[+]    Fewest rows of --height=P% (default 10+)
            --preselect=TEXT     Start with items equal to TEXT selected (repeat)
            --preselect-file=F   Start with the items listed in F selected
            --preselect-all      Start with every item selected (up to MAX)
            --remember=KEY       Store the choice under KEY; preselect it next time
            --history=FILE       Keep the accepted queries in FILE; Ctrl-P and
                                 Ctrl-N walk them (prev-history, next-history)
            --history-size=N     Queries FILE keeps at most (default: 1000)
            --recall=KEY         Print the choice remembered under KEY, then exit
                                 (1 when there is none)
            --forget=KEY         Remove the choice remembered under KEY, then exit
            --unique             Drop repeated items (same bytes), keep the first
            --tty=PATH           Terminal to draw on (default: /dev/tty)
            --mouse              Clicks, double-click and the wheel (default;
                                 --no-mouse: off)
            --tabstop=N          Width of a tab (default: 8)

      KEYS                       (multi mode, -m; fzf's editing keys as in fzf)
        Tab, Shift-Tab           Select or unselect the current item, then move
        Ctrl-A, Alt-A            Select every match, or none when all are
                                 (the selections the query hides stay)
        Alt-R, Shift-click       Select (or unselect) every item from the one
                                 last toggled to the current one, as the
                                 first one is (toggle-range)
        Alt-X                    Unselect everything, hidden items too
        Ctrl-S                   Review the selection: only the selected items,
                                 hidden ones too; Ctrl-S again goes back
        Enter                    Print the selected items (or the current one)
        Esc, Ctrl-C              Print nothing (exit status 130)

      KEY BINDING
            --bind=BINDINGS      Custom key/mouse bindings, fzf's grammar:
                                 KEY[,KEY..]:ACTION[+ACTION..][,...]
                                 e.g. enter:select-all+accept,ctrl-a:first
            --expect=KEYS        Keys that accept, printing the key's name first
                                 (an empty line for Enter; --no-expect: none)

      DIRECTORY TRAVERSAL        (stdin a terminal, PICK_DEFAULT_COMMAND not set)
            --walker=OPTS        [file][,dir][,follow][,hidden]
                                 (default: file,follow,hidden)
            --walker-root=DIR    Directory to walk (default: .; repeat for more)
            --walker-skip=DIRS   Comma-separated list of directory names to skip
                                 (default: .git,node_modules)

      CHILD PROCESSES
            --with-shell=STR     Command and flags to run commands with
                                 (default: 'sh -c')

      REMOTE CONTROL
            --listen[=[ADDR:]PORT]
                                 HTTP server for actions (POST, --bind's
                                 grammar) and the state (GET, JSON); PORT 0
                                 or none: any free port, in PICK_PORT
            --listen=SOCKET_PATH Serve on a Unix socket (mode 0600; a path
                                 holding / or ending in .sock; unix: a path
                                 pick chooses), in PICK_SOCK
            --listen-unsafe[=[ADDR:]PORT]
                                 Let requests over a remote address run
                                 commands (execute, reload, ...) too

      BORDER AND SPACING
            --border[=STYLE]     Draw a border around pick's area [rounded|sharp|
                                 bold|double|dashed|block|thinblock|horizontal|
                                 vertical|top|bottom|left|right|line|none]
                                 (default: rounded; --no-border: none)
            --border-label=LABEL Label on the border's top (or bottom) line
            --border-label-pos=N[:top|bottom]
                                 Label column: N from the left, -N from the
                                 right, 0 centred (default)
            --margin=TRBL        Space outside the border: N or N% for all
                                 edges, or TB,RL  T,RL,B  T,R,B,L
            --padding=TRBL       Space inside the border (same forms)
            --preview-border[=STYLE]
                                 Same as --preview-window=border-STYLE
            --separator=STR      Line of STR beside the info text (default: none)
            --scrollbar[=C]      Scrollbar on the list's right (default: none;
                                 C defaults to │)
            --gap[=N]            N blank rows between items (default: 0; N: 1)
            --gap-line[=STR]     STR across each gap's last row (STR: ┈)
            --style=PRESET       [default|minimal|full[:STYLE]]: fzf's presets
                                 of the separator, scrollbar and borders
            --list-border[=STYLE]
                                 Border around the list (--border's styles
                                 but line; --no-list-border: none)
            --list-label=LABEL   Label on the list's border
            --list-label-pos=N[:top|bottom]
                                 Its column, as --border-label-pos
            --input-border[=STYLE]
                                 Border around the prompt, info and select-all
                                 rows (line: a line facing the list)
            --input-label=LABEL  Label on the input's border
            --input-label-pos=N[:top|bottom]
            --header-border[=STYLE]
                                 Border around the header (inline: inside the
                                 list's border, parted by a line)
            --header-lines-border[=STYLE]
                                 The --header-lines in a section of their own
                                 (none: without a border)
            --header-label=LABEL Label on the header's border
            --header-label-pos=N[:top|bottom]
            --footer-border[=STYLE]
                                 Border around the footer (default: line)
            --footer-label=LABEL Label on the footer's border
            --footer-label-pos=N[:top|bottom]
            --preview-label=LABEL
                                 Label on the preview pane's border
            --preview-label-pos=N[:top|bottom]

      PREVIEW
            --preview=CMD        Show CMD's output for the current item; {} is
                                 the item, {+} the selection, {q} the query,
                                 {n} its index, {1} {-1} {2..} fields, {f} a
                                 file holding it (all quoted for the shell)
            --preview-window=OPTS  [right|left|up|down][,N[%]][,border|noborder]
                                 [,wrap][,hidden] (default: right,50%,border)
                                 Ctrl-/ or Alt-P shows and hides the pane
                                 (toggle-preview); Shift-Up/Down scroll it
            --preview-wrap-sign=STR
                                 Sign before a wrapped row of the pane
                                 (default: the --wrap-sign)

      OTHER
        -f, --filter=QUERY       Print the matches for QUERY and exit (no terminal)
        -h, --help               Show this message
            --version            Display version information and exit
            --completion=SHELL   Print the completion script for SHELL
                                 [bash|zsh|fish]
            --shell=SHELL        Print key bindings for SHELL [bash|zsh|fish]:
                                 Ctrl-T files, Ctrl-R history, Alt-C cd,
                                 ** then Tab to complete (bash, zsh)
            --bash, --zsh, --fish
                                 Same as --shell bash, zsh or fish

      Each on/off option above also has a negated form, e.g. --no-tac.
      Values attach with = or follow as the next word; MAX only attaches (-m5).

      EXIT STATUS
        0 an item was chosen or matched   1 no match
        2 error                           130 interrupted (Ctrl-C, Esc)
        129 the terminal hung up
        141 the reader of the output went away (as coreutils)

      ENVIRONMENT VARIABLES
        PICK_DEFAULT_OPTS_FILE   File of default options, read first
        PICK_DEFAULT_OPTS        Default options, read after the file
                                 (words split as a shell would; no expansion)
        PICK_DEFAULT_COMMAND     Command whose output is the input when stdin
                                 is a terminal (instead of the walker)
        NO_COLOR                 Set: draw without colours
        ACCESSIBLE               Set (not 0): --accessible
        ESCDELAY                 Milliseconds to wait after Esc (default 50)
        PICK_API_KEY             --listen: the x-api-key every request must
                                 send; needed for an address not on localhost
        PICK_PREVIEW_LINES       Set for the preview command: the pane's rows
        PICK_PREVIEW_COLUMNS     ... and columns (also LINES and COLUMNS)
        PICK_CTRL_T_COMMAND, PICK_ALT_C_COMMAND, PICK_CTRL_T_OPTS, ...
                                 For --shell's keys (man pick: SHELL INTEGRATION)
        PICK_COMPLETION_TRIGGER  What ends a word to complete with pick (**)
        PICK_COMPLETION_OPTS     Options for that picker

    """
}
