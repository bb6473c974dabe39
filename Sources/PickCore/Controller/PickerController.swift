/// The picker as a state machine: events in (`PickerEvent`), effects out
/// (`PickerEffect`), and a frame to draw. All of the picker's policy lives
/// here — the keymap and the mouse, where the cursor lands, when to search
/// again, what Enter waits for, the spinner and the preview's request — and
/// none of its I/O: the session (PickSystem's `InteractiveSession`) reads the
/// terminal, the input and the signals, feeds them in, performs the effects
/// and draws `frame(now:)`. Tests drive it the same way, without a terminal.
///
/// How a key becomes a frame:
///
/// ```
/// bytes ─► KeyDecoder ─► InputEvent ─► Keymap / MouseHandler ─► [PickerAction]
///   ─► PickerState.apply ─► (query changed) ─► .search effect ─► SearchEngine
///   ─► .searchFinished ─► PickerState.update (+ CursorAnchor) ─► frame(now:)
/// ```
///
/// An action that works on the matches (a move, a toggle, Enter) waits for
/// the matches of the query on screen: the actions and keys after it are
/// queued until that search is done, so `5`, Tab, Enter typed in one go
/// toggles the `5`. `reload` waits the same way for its new store.
public struct PickerController {
  /// The options; `change-header`, `change-multi` and the other `change-*`
  /// actions change some of them while the picker runs.
  var options: Options
  /// The items; `reload(CMD)` replaces them.
  public internal(set) var store: ItemStore
  /// Everything drawn: query, matches, cursor, selection.
  public internal(set) var state: PickerState
  let ranker: Ranker
  /// What each key does; `unbind`, `rebind` and `toggle-bind` change it.
  var keymap: Keymap
  /// The table the options made, which `rebind` and `toggle-bind` restore from.
  var boundKeymap: Keymap
  /// `--expect` keys by name, with the spelling to print.
  let expected: [String: String]
  var compiled: CompiledQuery
  var highlighter: ItemMatcher
  /// Where the long items among the first matches matched (drawn without matching them again).
  var longItemHighlights = LongItemHighlights()
  /// `--with-nth`: what is shown for an item.
  let shownFields: FieldSelection?

  // Input.
  /// Whether items may still arrive.
  public internal(set) var isInputOpen: Bool
  /// Shown on the info line while no item has come: the command that should give them failed.
  var inputFailure: String?
  /// Why the input was cut short, when it was: shown until the picker ends.
  public internal(set) var inputTruncation: String?
  /// `--unique`: the repeats to leave out.
  var duplicates: DuplicateFilter?
  /// `--preselect*`, `--remember`; after `reload`, the texts that were selected.
  var preselection: Preselection
  /// Items examined for preselection so far.
  var preselectedUpTo: Int
  /// The items come from a `reload` (its texts to select again are `preselection`).
  var isInputFromReload = false

  // The terminal.
  var decoder: KeyDecoder
  /// Bytes typed before raw mode, still to come: cooked, so LF among them is Enter.
  var cookedLeft: Int
  /// When the bytes the decoder holds stop waiting for more (a lone Esc
  /// becomes Escape): counted from the last byte read, not from a quiet
  /// moment, which never comes while items stream in.
  var decoderDeadline = 0
  /// Inline mode: until when the answer to the cursor position query is awaited.
  var cursorReportDeadline: Int?
  var geometry: TerminalGeometry
  var mouse = MouseHandler()
  /// What each row of the last frame holds, for mapping clicks.
  var rowRoles: [PickerLayout.RowRole] = []

  // Searching.
  /// The search running for the controller, if any.
  var inFlight: SearchRequest? = nil
  /// When the last search was started, and whether items came since.
  var rankedAt: Int
  var itemsSinceRank = false
  /// Enter came with nothing to choose while input is open: accept the first match.
  var isWaitingToAccept = false
  /// Work that waits for a search or a reload (see the type's comment).
  var queue: [QueuedWork] = []
  var blocker: Blocker? = nil

  /// `--preview`: the pane and when its command runs.
  var previewScheduler: PreviewScheduler?
  /// `--history`: the queries `prev-history` and `next-history` walk.
  var history: QueryHistory?
  /// `--info-command`, what its last run was given, and its last line.
  let infoCommand: PreviewTemplate?
  var infoCommandInputs: InfoCommandInputs? = nil
  var infoCommandLine: [PreviewText.Run]? = nil

  // Events (PickerController+Events.swift) and the child environment
  // (PickerController+Environment.swift).
  /// The time of the turn being handled.
  var clock = 0
  /// When a key, a paste or a click last came (`PICK_IDLE_TIME`).
  var lastActivity = 0
  /// fzf's names of the last key pressed and the last action run (`PICK_KEY`, `PICK_ACTION`).
  var lastKeyName = ""
  /// fzf's first "last action" is `start`, bound or not.
  var lastActionName = "start"
  /// The item `focus` last fired for.
  var lastFocus: Int? = nil
  /// `load` has not fired for the input being read (at start, after `reload`).
  var isLoadDue = true
  /// `every(N)`: when each interval is due next.
  var everyDue: [Int: Int] = [:]
  /// A backward deletion met an empty query during the current key's actions.
  var backwardEOF = false
  /// Where the last click on the header and on the footer hit (1-based line and column; 0: none).
  var headerClick = SectionClick()
  var footerClick = SectionClick()
  /// `print(TEXT)`: lines printed before the items when the picker accepts.
  public internal(set) var printQueue: [[UInt8]] = []
  /// Transform commands running, by id: what their output is for.
  var transforms: [Int: PendingTransform] = [:]
  var lastTransformID = 0
  /// `exclude`, `exclude-multi`: items left out of the list until a reload.
  var excludedItems: Set<Int> = []
  /// `hide-header`: the `--header` text and the header lines are not drawn.
  var isHeaderHidden = false
  /// How Enter ends when nothing can be chosen: `accept-or-print-query` prints the query.
  var acceptFallback = PickerEnding.nothingChosen

  /// How the picker ended, once it has.
  public internal(set) var ending: PickerEnding? = nil
  /// The `--expect` key that accepted, as the user spelled it; nil for any
  /// other way of accepting (an empty line is printed for it).
  public internal(set) var pressedKey: String? = nil

  /// What the session knows at start.
  public struct Setup {
    public var isInputOpen: Bool
    public var inputFailure: String?
    public var preselection: Preselection
    public var geometry: TerminalGeometry
    /// Bytes already typed when raw mode took effect (decoded with LF as Enter).
    public var bytesTypedBeforeRawMode: Int
    /// Inline mode asked where the cursor is: wait for the answer before drawing.
    public var expectsCursorReport: Bool
    /// `ESCDELAY` from the environment, or the default.
    public var escapeDelay: Int
    /// The monotonic time at start.
    public var now: Int
    /// `--history`: the file's queries, oldest first; nil without it.
    public var history: [[UInt8]]?

    public init(
      isInputOpen: Bool, inputFailure: String? = nil, preselection: Preselection = Preselection(),
      geometry: TerminalGeometry, bytesTypedBeforeRawMode: Int = 0, expectsCursorReport: Bool = false,
      escapeDelay: Int = EscapeDelay.defaultMilliseconds, now: Int = 0, history: [[UInt8]]? = nil
    ) {
      self.history = history
      self.isInputOpen = isInputOpen
      self.inputFailure = inputFailure
      self.preselection = preselection
      self.geometry = geometry
      self.bytesTypedBeforeRawMode = bytesTypedBeforeRawMode
      self.expectsCursorReport = expectsCursorReport
      self.escapeDelay = escapeDelay
      self.now = now
    }
  }

  /// A picker over `store` (items read so far), with the first matches
  /// ranked on this thread: the first frame never waits for a search thread.
  public init(options: Options, store: ItemStore, setup: Setup) {
    self.options = options
    self.store = store
    ranker = Ranker.picker(options)
    keymap = Keymap(isMulti: options.multi != nil, history: setup.history != nil, custom: options.bindings)
    boundKeymap = keymap
    history = setup.history.map { QueryHistory(lines: $0) }
    var expected: [String: String] = [:]
    for key in options.expect { expected[key.name] = key.spelling }
    self.expected = expected
    // `--disabled`: the list answers the empty query until search is turned on.
    let searchQuery = options.searchDisabled ? [] : options.query
    compiled = CompiledQuery(searchQuery, options: options)
    highlighter = ItemMatcher(compiled)
    shownFields = options.withNth.map { FieldSelection($0, splitter: FieldSplitter(delimiter: options.delimiter)) }
    isInputOpen = setup.isInputOpen
    inputFailure = setup.inputFailure
    duplicates = options.unique ? DuplicateFilter(skipping: options.headerLines) : nil
    preselection = setup.preselection
    preselectedUpTo = min(options.headerLines, store.count)
    decoder = KeyDecoder(escapeDelay: setup.escapeDelay)
    decoder.expectsCursorReport = setup.expectsCursorReport
    cursorReportDeadline = setup.expectsCursorReport ? setup.now + PickerTunables.cursorReportWait : nil
    cookedLeft = setup.bytesTypedBeforeRawMode
    geometry = setup.geometry
    rankedAt = setup.now
    infoCommand = options.infoCommand.map(PreviewTemplate.init)
    previewScheduler = options.preview.map {
      PreviewScheduler(template: PreviewTemplate($0), spec: options.previewWindow, tabstop: options.tabstop)
    }
    state = PickerState(
      configuration: PickerConfiguration(options: options), query: options.query,
      matches: ranker.rank(store, items: [], query: compiled))
    if options.searchDisabled { state.frozenQuery = [] }
    if state.configuration.isMulti && state.configuration.showsHint { state.hint = keymap.multiSelectHint }
    if !setup.preselection.isEmpty { state.anchor = .preselected(targets: [], query: searchQuery) }
    state.isLoading = isInputOpen
    takeNewItems()
    let matches = ranker.rank(currentRequest(), in: store, query: compiled)
    install(
      matches, compiled: compiled, query: searchQuery,
      highlights: LongItemHighlights(matches, store: store, compiled: compiled))
    fitList()
    startEvents(now: setup.now)
  }

  /// Handles one event; the effects to perform, in order.
  public mutating func handle(_ event: PickerEvent, now: Int) -> [PickerEffect] {
    handle([event], now: now)
  }

  /// Handles the events of one turn of the session's loop, in order, then
  /// decides what is due (a search, a waiting Enter, the preview). The
  /// effects to perform, in order; nothing once the picker has ended.
  public mutating func handle(_ events: [PickerEvent], now: Int) -> [PickerEffect] {
    guard ending == nil else { return [] }
    clock = now
    var effects: [PickerEffect] = []
    var sawTerminalInput = false
    for event in events {
      if case .terminalInput = event { sawTerminalInput = true }
      effects += handleOne(event, now: now)
      if ending != nil { return effects }
    }
    if !sawTerminalInput { effects += decoderTimeouts(now: now) }
    if ending == nil { effects += cursorReportTimeout(now: now) }
    if ending == nil { effects += turnEvents(now: now) }
    guard ending == nil else { return effects }
    // Once per turn, as the frame is drawn once: the size, the matches, the
    // selection (the select-all row may take two rows), the header lines read
    // and the pane all decide how many rows the list has.
    fitList()
    return effects + dueWork(now: now)
  }

  /// No more items will come: stop the spinner and take the last ones.
  private mutating func inputEnded() -> [PickerEffect] {
    isInputOpen = false
    state.isLoading = false
    itemsSinceRank = true
    takeNewItems()
    return []
  }

  private mutating func handleOne(_ event: PickerEvent, now: Int) -> [PickerEffect] {
    switch event {
    case .terminalInput(let bytes): return terminalInput(bytes, now: now)
    case .itemsRead:
      itemsSinceRank = true
      takeNewItems()
      return []
    case .inputEnded(let failure):
      if let failure { inputFailure = failure }
      return inputEnded()
    case .inputTruncated(let note):
      inputTruncation = note
      return inputEnded()
    case .searchFinished(let result): return searchFinished(result, now: now)
    case .geometry(let geometry):
      resized(to: geometry)
      self.geometry = geometry
      return []
    case .signal(let signal): return self.signal(signal)
    case .previewOutput(let bytes):
      return previewCommands(previewScheduler?.output(bytes[...]) ?? [])
    case .previewFinished(let failure):
      previewScheduler?.finished(failure: failure)
      return []
    case .previewFailed(let problem):
      previewScheduler?.failed(problem)
      return []
    case .reloaded(let newStore): return reloaded(newStore, now: now)
    case .trimmed(let newStore, let gone):
      trimmed(newStore, gone: gone)
      return []
    case .reloadFailed:
      guard case .reload = blocker else { return [] }
      blocker = nil
      return resume(now: now)
    case .transformOutput(let id, let bytes): return transformPrinted(id: id, bytes, now: now)
    case .infoCommandOutput(let bytes):
      infoCommandPrinted(bytes)
      return []
    case .remote(let request): return remote(request, now: now)
    case .tick: return []
    }
  }

  private mutating func signal(_ signal: PickerSignal) -> [PickerEffect] {
    switch signal {
    case .interrupt: return end(.aborted)
    case .hangUp: return end(.hungUp)
    case .windowChanged: return [.refreshSize, .invalidateScreen]
    case .continued: return [.resumeTerminal, .invalidateScreen]
    case .terminalStop: return [.suspendTerminal, .invalidateScreen]
    }
  }

  /// Ends the picker.
  mutating func end(_ ending: PickerEnding) -> [PickerEffect] {
    self.ending = ending
    return [.exit(ending)]
  }

  /// What is due after a turn: a waiting Enter that can now be answered, a
  /// search for the query on screen or for items that came, the preview.
  private mutating func dueWork(now: Int) -> [PickerEffect] {
    // A waiting Enter takes the first finished matches for the query on
    // screen that hold a match (input may never pause long enough for a
    // search to cover every item read); "nothing" needs them to cover all.
    if isWaitingToAccept && state.isUpToDate && inFlight == nil {
      if state.matches.count > 0 || state.selection.count > 0 { return end(.accepted(state.chosenItems())) }
      if !isInputOpen && !itemsSinceRank { return end(acceptFallback) }
    }
    // A reload's new items are not there yet: nothing to search or preview.
    if case .reload = blocker { return [] }
    var effects: [PickerEffect] = []
    // Search again when the query changed (at once) or new items came (at
    // most every `rerankInterval`), in the background: the frame is drawn
    // meanwhile. New items never abandon a search for the query on screen:
    // while input streams in, each search would be overtaken by the next and
    // none would ever finish. The next one searches only the items read since.
    let itemsDue = itemsSinceRank && (now - rankedAt >= PickerTunables.rerankInterval || !isInputOpen)
    if (!state.isUpToDate || itemsDue) && !isSearchingCurrent && cursorReportDeadline == nil {
      effects.append(requestSearch(now: now))
    }
    effects += previewRequest(now: now)
    return effects + infoCommandRequest()
  }

  /// How long the session may wait for an event before calling `handle`
  /// with `.tick`: nil for no limit.
  public func timeout(now: Int) -> Int? {
    if let cursorReportDeadline { return max(cursorReportDeadline - now, 0) }
    var wait: Int? = nil
    func atMost(_ milliseconds: Int) { wait = min(wait ?? Int.max, max(milliseconds, 0)) }
    if decoder.isWaiting { atMost(decoderDeadline - now) }
    if isInputOpen { atMost(PickerTunables.spinnerInterval) }
    if itemsSinceRank { atMost(PickerTunables.rerankInterval) }
    if let preview = previewScheduler?.timeout(now: now) { atMost(preview) }
    if let every = everyTimeout(now: now) { atMost(every) }
    return wait
  }

  /// Whether the session should read items now (not while the terminal's
  /// answer about the cursor is awaited: nothing is drawn before it).
  public var wantsItems: Bool { isInputOpen && cursorReportDeadline == nil }

  /// The query as it is now (for `--print-query`).
  public var query: [UInt8] { state.editor.bytes }
}
