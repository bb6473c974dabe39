/// Every setting pick understands, parsed once from the command line and the
/// `PICK_DEFAULT_OPTS*` environment. Nothing downstream looks at a raw flag.
///
/// Values that are item text (`query`, `filter`, `delimiter`, `prompt`) are
/// bytes, not `String`: they are compared with item bytes, and an argument that
/// is not valid UTF-8 must survive unchanged.
public struct Options: Equatable, Sendable {
  /// How upper and lower case compare.
  public enum CaseMode: Equatable, Sendable {
    /// Insensitive unless the term contains an upper-case letter (fzf's default).
    case smart
    /// `-i`: always insensitive.
    case insensitive
    /// `+i`: always sensitive.
    case sensitive
  }

  /// `--scheme`: scoring presets for kinds of input, as fzf.
  public enum Scheme: String, Equatable, Sendable, CaseIterable {
    case `default`, path, history
  }

  /// `--algo`: how a fuzzy term is placed in an item, as fzf's.
  public enum Algorithm: String, Equatable, Sendable, CaseIterable {
    /// The best of all placements (`FuzzyScorer`): the default.
    case v2
    /// The first placement, shortened from its end (`GreedyScorer`): faster
    /// on very long items, not always the best.
    case v1
  }

  /// `--tiebreak` criteria, applied in order when scores tie (input order last).
  public enum Tiebreak: String, Equatable, Sendable, CaseIterable {
    case length, chunk, pathname, begin, end, index
  }

  /// fzf's layouts. pick's default is `reverse`: prompt on top, best match right under it.
  public enum Layout: String, Equatable, Sendable, CaseIterable {
    /// Prompt at the bottom, best match just above it, the list growing upwards.
    case `default`
    /// Prompt at the top, best match right below it.
    case reverse
    /// Prompt at the bottom, the list from the top down.
    case reverseList = "reverse-list"
  }

  /// `--output-order`: how chosen items are printed.
  public enum OutputOrderOption: String, Equatable, Sendable, CaseIterable {
    /// In input order (display order under `--tac`).
    case input
    /// In the order they were selected.
    case selection
  }

  // MARK: Mode
  /// `-f/--filter QUERY`: print matches and exit, no terminal.
  public var filter: [UInt8]? = nil
  /// `-h/--help`.
  public var showHelp = false
  /// `--version`.
  public var showVersion = false
  /// `--completion SHELL`: print the completion script for SHELL and exit.
  public var completionShell: ShellKind? = nil
  /// `--shell SHELL`: print SHELL's key bindings (Ctrl-T, Ctrl-R, Alt-C) and exit.
  public var keyBindingShell: ShellKind? = nil

  // MARK: Search
  /// `-q/--query`: the starting query.
  public var query: [UInt8] = []
  /// `-x/--extended` (default) or `+x/--no-extended`: without it the whole query is one fuzzy term.
  public var extended = true
  /// `-e/--exact`: plain terms are exact substrings.
  public var exact = false
  /// `-i`, `+i`, `--smart-case`.
  public var caseMode: CaseMode = .smart
  /// `--literal` turns this off: accented Latin letters in items match their plain form.
  public var normalize = true
  /// `--scheme`.
  public var scheme: Scheme = .default
  /// `--algo`.
  public var algorithm: Algorithm = .v2
  /// Whether `--scheme` was given: without it, the file walker and
  /// `PICK_DEFAULT_COMMAND` use the `path` scheme, as fzf does.
  public var isSchemeGiven = false
  /// `--disabled`: typing edits the query but does not search (the
  /// `enable-search` action turns search on).
  public var searchDisabled = false
  /// `--tiebreak`; `nil` means the scheme's default.
  public var tiebreak: [Tiebreak]? = nil
  /// `+s/--no-sort` sets this to false: matches keep input order.
  public var sort = true
  /// `--tac`: reverse input order.
  public var tac = false

  // MARK: Fields
  /// `-d/--delimiter`: a literal byte string; `nil` means AWK-style splitting.
  public var delimiter: [UInt8]? = nil
  /// `-n/--nth`: the fields the query is matched against (empty = whole item).
  public var nth: [FieldRange] = []
  /// `--with-nth`: the fields that are shown (and searched); `nil` = whole item.
  public var withNth: FieldSpec? = nil
  /// `--accept-nth`: the fields that are printed; `nil` = whole item.
  public var acceptNth: FieldSpec? = nil

  // MARK: Input and output
  /// `--read0`: items are NUL-separated.
  public var read0 = false
  /// `--print0`: results are NUL-terminated.
  public var print0 = false
  /// `--ansi`: escape sequences in items are taken out; their colours are drawn.
  public var ansi = false
  /// `--header-lines N`: the first N items are a header, never matched.
  public var headerLines = 0
  /// `--print-query`: print the query before the results.
  public var printQuery = false

  // MARK: Interactive (used by the picker; filter mode ignores them)
  /// `-m/--multi[=MAX]`: `nil` is single selection; `.max` means no cap.
  public var multi: Int? = nil
  /// `--prompt`.
  public var prompt: [UInt8] = Array("> ".utf8)
  /// `--header`: the select-all row's title in multi mode, a header line in single mode.
  public var header: [UInt8]? = nil
  /// `--ghost`: text shown in place of an empty query.
  public var ghost: [UInt8] = []
  /// `--footer`: text at the far end of the list from the prompt.
  public var footer: [UInt8]? = nil
  /// `--header-first`: the `--header` rows beyond the prompt.
  public var headerFirst = false
  /// `--info`, `--no-info`, `--inline-info`: where the info text goes.
  public var info = InfoStyle()
  /// `--pointer`, `--marker`, `--gutter`: the signs before each item.
  public var itemMarks = ItemMarks()
  /// `--unicode` (the default), `--no-unicode`: box-drawing lines, or ASCII ones.
  public var unicode = true
  /// `--highlight-line`: the current line's background across the whole row.
  public var highlightLine = false
  /// `--no-spinner`: no spinner while input streams in (reduced motion).
  public var spinner = true
  /// `--accessible` (or `ACCESSIBLE` in the environment): the screen-reader
  /// mode (Docs/Accessibility.md); nil when no option said either way, so
  /// that the environment decides.
  public var accessible: Bool? = nil
  /// `--no-hint`: no hint of the multi-select keys on the info line.
  public var hint = true
  /// `--ellipsis`: what marks a cut item; nil: `…` (`..` under `--no-unicode`).
  public var ellipsis: [UInt8]? = nil
  /// `--hscroll`, `--hscroll-off`, `--keep-right`, `--freeze-left`,
  /// `--freeze-right`, `--ambidouble`: how a line too long for its row is shown.
  public var lineFit = LineFit()
  /// `--scroll-off`: rows kept above and below the cursor as the list
  /// scrolls (fzf's default, 3).
  public var scrollOff = 3
  /// `--wrap[=MODE]`, `--wrap-word`, `--no-wrap`, `--no-wrap-word` (fzf's
  /// two switches, set as fzf sets them): long items go on over several rows.
  public var wrap = false
  public var wrapWord = false
  /// `--wrap-sign`: drawn before the text of a wrapped row; nil: `↳ `
  /// (`> ` under `--no-unicode`).
  public var wrapSign: [UInt8]? = nil
  /// `--multi-line` (the default), `--no-multi-line`: under `--read0`, an
  /// item's lines on rows of their own.
  public var multiLine = true
  /// `--preview-wrap-sign`: the preview pane's wrap sign; nil: the wrap sign.
  public var previewWrapSign: [UInt8]? = nil
  /// `--listen[=ADDRESS]`, `--listen-unsafe[=ADDRESS]`: serve remote
  /// control (`Docs/Design.md`, Remote control); nil: no server.
  public var listen: ListenAddress? = nil
  /// `--listen-unsafe`: requests over a remote address may run commands too.
  public var listenUnsafe = false
  /// `--layout`, `--reverse`.
  public var layout: Layout = .reverse
  /// `--cycle`.
  public var cycle = false
  /// `--track`: the cursor stays on its item when the list changes (a new
  /// query, items streaming in).
  public var track = false
  /// `--id-nth=N[,..]`: the fields that make an item the same item across
  /// `reload`; nil: its whole text.
  public var idNth: [FieldRange]? = nil
  /// `--sync`: the terminal is taken only once the input has ended.
  public var sync = false
  /// `--tail=N`: only the last N items are kept.
  public var tail: Int? = nil
  /// `-1/--select-1`: accept the only match without showing the picker.
  public var selectOne = false
  /// `-0/--exit-0`: exit at once when nothing matches.
  public var exitZero = false
  /// `--output-order`.
  public var outputOrder: OutputOrderOption = .input
  /// `--no-color` (and `NO_COLOR` in the environment) turn colours off.
  public var usesColor = true
  /// `--color=SPEC` (accumulating): the base scheme and element looks.
  public var colors = ColorSpec()
  /// `--no-bold` turns it off: the schemes' bold (a user's `:bold` stays).
  public var bold = true
  /// `--tty PATH`: the terminal to draw on (default `/dev/tty`).
  public var tty: [UInt8]? = nil
  /// `--tabstop`.
  public var tabstop = 8
  /// `--height`: inline below the cursor; `nil` is full screen.
  public var height: HeightSpec? = nil
  /// `--tmux[=OPTS]`, `--popup[=OPTS]`: run in a tmux popup when inside tmux
  /// (Docs/Popup.md); `nil` runs in place. A later `--height` turns it off, as
  /// in fzf, where the later of the two wins.
  public var popup: PopupSpec? = nil
  /// `--min-height`: the fewest rows a `--height` percentage gives.
  public var minHeight = MinimumHeight.standard
  /// `--bind` (repeatable, accumulating): the user's bindings by canonical key name.
  public var bindings: BindingParser.Table = [:]
  /// `--expect` (repeatable, accumulating; `--no-expect` clears): keys that accept and are printed.
  public var expect: [ExpectedKey] = []
  /// `--no-mouse` turns it off: mouse reporting while the picker is drawn.
  public var mouse = true
  /// `--border`, `--border-label`, `--border-label-pos`, `--margin`, `--padding`.
  public var decoration = FrameDecoration()
  /// `--separator`, `--scrollbar`, `--gap`.
  public var listDecoration = ListDecoration()
  /// `--list-border`, `--input-border`, `--header-border`, `--header-lines-border`,
  /// `--footer-border`, their labels and `--preview-label`.
  public var sections = SectionBorders()

  // MARK: Starting selections
  /// `--preselect TEXT` (repeatable): items whose bytes equal one of these start selected.
  public var preselect: [[UInt8]] = []
  /// `--preselect-file FILE`: one TEXT per line (NUL-separated with `--read0`).
  public var preselectFile: [UInt8]? = nil
  /// `--preselect-all`: every item starts selected (up to the cap).
  public var preselectAll = false
  /// `--remember KEY`: the accepted choice is stored under KEY and preselected next time.
  public var remember: [UInt8]? = nil
  /// `--history=FILE`: the queries of earlier runs (`QueryHistory`).
  public var history: [UInt8]? = nil
  /// `--history-size=N`: the most queries the file keeps (fzf's 1000).
  public var historySize = 1000
  /// `--recall KEY`: print what is remembered under KEY, and do nothing else.
  public var recall: [UInt8]? = nil
  /// `--forget KEY`: remove what is remembered under KEY, and do nothing else.
  public var forget: [UInt8]? = nil
  /// `--unique`: repeated items (same bytes) are dropped, the first kept.
  public var unique = false

  // MARK: The file walker (standard input a terminal)
  /// `--walker`: what the walker lists and how it walks.
  public var walker = WalkerOptions()
  /// `--walker-root DIR` (repeatable): where the walker starts; empty means
  /// the current directory. `--no-walker-root` empties it.
  public var walkerRoots: [[UInt8]] = []
  /// `--walker-skip`: directory names (or paths, with a `/`) the walker does not enter.
  public var walkerSkip: [[UInt8]] = [Array(".git".utf8), Array("node_modules".utf8)]

  // MARK: Child processes
  /// `--with-shell`: the command and flags that run every command pick runs
  /// (`PICK_DEFAULT_COMMAND`, the preview, `execute`, `reload`); the command
  /// is its last argument.
  public var withShell: [[UInt8]] = [Array("sh".utf8), Array("-c".utf8)]

  // MARK: Preview
  /// `--preview CMD`: run for the item under the cursor, shown in a pane; nil: no pane.
  public var preview: [UInt8]? = nil
  /// `--info-command`: a command (with `--preview`'s placeholders) whose
  /// first line of output replaces the info text.
  public var infoCommand: [UInt8]? = nil
  /// `--preview-window`: where the pane goes and how it looks.
  public var previewWindow = PreviewWindowSpec()

  public init() {}

  /// The tiebreak criteria in effect: the explicit ones, or the scheme's.
  public var effectiveTiebreak: [Tiebreak] {
    if let tiebreak { return tiebreak }
    switch scheme {
    case .default: return [.length]
    case .path: return [.pathname, .length]
    case .history: return []
    }
  }
}
