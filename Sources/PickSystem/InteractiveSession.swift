import Glibc
import PickCore

/// The interactive picker: the event loop that ties the terminal, the keys,
/// the items still arriving on stdin and the signals to a `PickerState`, and
/// prints the choice once the terminal is restored.
///
/// One thread, one `poll()` over the terminal, stdin and the signal pipe.
/// Keys that arrive together are all applied before the next match and the
/// next frame; while input streams in, the items are matched again at most
/// every 50 ms (and at once when the query changes). Enter always answers the
/// query on screen: stale results are matched again first, and with no match
/// while input is still open, pick waits for one (`waiting…`).
public final class InteractiveSession {
  /// How the session ended.
  public enum Ending: Equatable, Sendable {
    case accepted([Int])
    /// Esc, Ctrl-C, Ctrl-G, Ctrl-Q, Ctrl-D on an empty query, SIGINT, SIGTERM.
    case aborted
    /// The terminal went away (SIGHUP, EIO).
    case hungUp
    /// Nothing matched when Enter came and input had ended.
    case nothingChosen
  }

  let options: Options
  /// The items; `reload(CMD)` replaces it (the caller prints from this one).
  public private(set) var store: ItemStore
  /// Where items come from (standard input, the walker, `PICK_DEFAULT_COMMAND`, `reload`).
  private var input: ItemSource
  private var stdinOpen: Bool
  /// Shown on the info line while no item has come: `PICK_DEFAULT_COMMAND` failed.
  public var inputFailure: String? = nil
  var state: PickerState
  private var compiled: CompiledQuery
  private var highlighter: ItemMatcher
  private let ranker: Ranker
  private let headerLines: Int
  /// `--preselect*`, `--remember`; after `reload`, the texts that were selected.
  private var preselection: Preselection
  /// Items examined for preselection so far.
  private var preselectedUpTo: Int
  /// The cursor goes to the first preselected item until the user moves it or types.
  private var preselectionPlacesCursor: Bool
  /// Single mode: the preselected items (the cursor goes to the first; nothing is selected).
  private var cursorTargets = Set<Int>()
  /// `--unique`: the repeats to leave out.
  private var duplicates: DuplicateFilter?
  /// After `reload`: the text the cursor was on, to find again among the new items.
  private var reloadCursorText: [UInt8]? = nil
  /// `--with-nth`: what is shown for an item.
  private let shownFields: FieldSelection?
  private var fieldTokens: [Range<Int>] = []

  public init(
    options: Options, store: ItemStore, stdinOpen: Bool, preselection: Preselection = Preselection(),
    input: ItemSource? = nil
  ) {
    self.options = options
    self.store = store
    self.input = input ?? .standardInput(read0: options.read0)
    self.stdinOpen = stdinOpen
    self.preselection = preselection
    headerLines = options.headerLines
    ranker = SearchEngine.ranker(options)
    compiled = CompiledQuery(options.query, options: options)
    highlighter = ItemMatcher(compiled)
    duplicates = options.unique ? DuplicateFilter(skipping: options.headerLines) : nil
    shownFields = options.withNth.map { FieldSelection($0, splitter: FieldSplitter(delimiter: options.delimiter)) }
    let range = min(headerLines, store.count)..<store.count
    state = PickerState(
      configuration: PickerConfiguration(options: options), query: options.query,
      matches: ranker.rank(store, items: [], query: compiled))
    preselectedUpTo = range.lowerBound
    preselectionPlacesCursor = !preselection.isEmpty
    state.isLoading = stdinOpen
    takeNewItems()
    rank()
  }

  /// Runs `--unique` and preselection over the items read since the last call.
  private func takeNewItems() {
    duplicates?.update(from: store)
    let start = max(preselectedUpTo, min(headerLines, store.count))
    if start < store.count {
      if state.configuration.isMulti {
        preselection.apply(to: &state.selection, store: store, range: start..<store.count, excluding: isExcluded)
      } else {
        // Single mode selects nothing: a preselected item only gets the cursor.
        cursorTargets.formUnion(preselection.items(in: store, range: start..<store.count, excluding: isExcluded))
      }
    }
    preselectedUpTo = store.count
  }

  private var isExcluded: ((Int) -> Bool)? {
    guard let duplicates else { return nil }
    return { duplicates.isDuplicate($0) }
  }

  /// Matches the current query over every item read so far (or over the
  /// review list) on this thread: only for the first frame.
  private func rank() {
    let request = currentRequest()
    let compiled = CompiledQuery(request.query, options: options)
    apply(
      SearchEngine.search(request, in: store, with: ranker, query: compiled), compiled: compiled, query: request.query)
  }

  /// The search the screen needs now: the query over everything read (or the review list).
  private func currentRequest() -> SearchEngine.Request {
    SearchEngine.Request(
      query: state.editor.bytes, range: min(headerLines, store.count)..<store.count, items: state.reviewItems,
      excluded: duplicates?.snapshot(), isReview: state.isReviewing)
  }

  /// The search engine (started by `run`), and what it is searching for now.
  private var engine: SearchEngine? = nil
  private var inFlight: (query: [UInt8], isReview: Bool)? = nil

  /// Asks the engine for the current query over everything read so far; a
  /// search still running for an older query is abandoned.
  private func requestSearch() {
    guard let engine else { return rank() }
    let request = currentRequest()
    engine.submit(request)
    inFlight = (request.query, request.isReview)
  }

  /// Whether a search for the query and view on screen is running.
  private var isSearchingCurrent: Bool {
    guard let inFlight else { return false }
    return inFlight.query == state.editor.bytes && inFlight.isReview == state.isReviewing
  }

  /// Takes a finished search, if there is one.
  private func takeResult() {
    guard let result = engine?.take() else { return }
    inFlight = nil
    apply(result.matches, compiled: result.compiled, query: result.request.query)
  }

  /// Waits for the matches of the query on screen (an action that works on them).
  private func waitForCurrentMatches() {
    if !isSearchingCurrent { requestSearch() }
    guard let engine else { return }
    if let result = engine.wait() {
      inFlight = nil
      apply(result.matches, compiled: result.compiled, query: result.request.query)
    }
    // Never act on stale matches: if the engine had nothing for this query, match here.
    if !state.isUpToDate { rank() }
  }

  /// Installs matches for `query`.
  private func apply(_ matches: RankedMatches, compiled: CompiledQuery, query: [UInt8]) {
    self.compiled = compiled
    highlighter = ItemMatcher(compiled)
    let range = min(headerLines, store.count)..<store.count
    state.itemCount = range.count - (duplicates?.duplicateCount ?? 0)
    state.update(matches: matches, for: query)
    if let text = reloadCursorText {
      // After reload the cursor goes back to its text, until the user moves it or types.
      if state.userMovedCursor || query != state.editor.bytes {
        reloadCursorText = nil
      } else if let position = (0..<matches.count).first(where: {
        store.item(matches.itemIndex(at: $0)).elementsEqual(text)
      }) {
        state.setCursor(position)
        reloadCursorText = nil
      }
    }
    // Preselection puts the cursor on the first preselected item in display
    // order, until the user moves the cursor or changes the query.
    if preselectionPlacesCursor {
      if state.userMovedCursor || query != options.query || state.isReviewing {
        preselectionPlacesCursor = false
      } else if let first = (0..<matches.count).first(where: {
        let item = matches.itemIndex(at: $0)
        return state.selection.contains(item) || cursorTargets.contains(item)
      }) {
        state.setCursor(first)
      }
    }
  }

  /// `reload(CMD)`: the items are replaced by CMD's output as it streams in
  /// (DECISIONS: identity across reloads is the item's bytes).
  ///
  /// Every item whose text was selected is selected again when it arrives,
  /// and the cursor goes back to the text it was on when that is still
  /// there (unless the user moves it first). `--header-lines` are taken
  /// from the new input and `--unique` applies to it; preselection and
  /// `--remember` are not applied again. The old input is stopped (a command
  /// is killed as a group). Nothing happens when the command cannot start.
  private func reload(_ command: [UInt8]) {
    let selectedTexts = state.selection.ordered(.input, reversed: false).map { Array(store.item($0)) }
    let cursorText = state.currentItem.map { Array(store.item($0)) }
    let source: ItemSource
    let newStore: ItemStore
    do {
      source = try ItemSource.command(command, options: options)
      newStore = try ItemStore(separator: source.separator, byteLimit: store.byteLimit, itemLimit: store.itemLimit)
    } catch {
      return
    }
    input.stop(waitingForWalker: false)
    input = source
    store = newStore
    stdinOpen = true
    inputFailure = nil
    engine?.stop()
    engine = try? SearchEngine(options: options, store: newStore)
    inFlight = nil
    duplicates = options.unique ? DuplicateFilter(skipping: options.headerLines) : nil
    preselection = Preselection(texts: selectedTexts)
    preselectedUpTo = 0
    preselectionPlacesCursor = false
    cursorTargets = []
    reloadCursorText = cursorText
    state.itemCount = 0
    state.replaceItems(matches: ranker.rank(newStore, items: [], query: compiled))
    state.isLoading = true
  }

  /// The `--with-nth` text of an item (without a trailing CR, like the matched text).
  private func shownText(_ item: Int) -> [UInt8] {
    guard let shownFields else { return Array(store.item(item)) }
    var out: [UInt8] = []
    var bytes = store.item(item)
    if bytes.last == 0x0D { bytes = UnsafeBufferPointer(rebasing: bytes.dropLast()) }
    shownFields.shownText(of: bytes, tokens: &fieldTokens, into: &out)
    return out
  }

  /// Positions to highlight in an item (byte offsets), from the same scorer that ranked it.
  private func highlight(_ item: Int) -> [Int] {
    let positions = PositionList()
    _ = highlighter.match(store.item(item), positions: positions)
    return positions.values
  }

  /// Runs the picker on `terminal` until the user accepts or aborts.
  public func run(on terminal: TerminalSession) -> Ending {
    engine = try? SearchEngine(options: options, store: store)
    defer {
      engine?.stop()
      engine = nil
    }
    var buffer = [UInt8](repeating: 0, count: 64 << 10)
    var decoder = KeyDecoder(
      escapeDelay: EscapeDelay.milliseconds(fromEnvironment: ProcessEnvironment.value("ESCDELAY")))
    let keymap = Keymap(isMulti: options.multi != nil, custom: options.bindings)
    var expected: [String: String] = [:]
    for key in options.expect { expected[key.name] = key.spelling }
    var mouse = MouseHandler()
    var rowRoles: [PickerLayout.RowRole] = []
    var renderer = FrameRenderer(
      colors: options.usesColor && ProcessEnvironment.value("NO_COLOR").map(\.isEmpty) != false)
    var layout = PickerLayout(width: terminal.size.columns, height: terminal.frameHeight)
    if shownFields != nil { layout.shownText = { [unowned self] in self.shownText($0) } }
    // Only the bytes typed before raw mode were cooked: LF among them is Enter.
    var cookedLeft = terminal.bytesTypedBeforeRawMode
    // When the bytes the decoder holds stop waiting for more (a lone Esc
    // becomes Escape): counted from the last byte read, not from a quiet
    // poll, which never comes while items stream in.
    var decoderDeadline = 0
    func decode(_ count: Int) -> [InputEvent] {
      let cooked = min(cookedLeft, count)
      cookedLeft -= cooked
      let events = buffer.withUnsafeBufferPointer {
        decoder.feed(UnsafeBufferPointer(rebasing: $0[0..<cooked]), cooked: true)
          + decoder.feed(UnsafeBufferPointer(rebasing: $0[cooked..<count]))
      }
      decoderDeadline = Clock.milliseconds() + (decoder.waitMilliseconds ?? 0)
      return events
    }
    var pending: [InputEvent] = []
    if terminal.expectsCursorReport {
      // Inline mode asked where the cursor is; wait up to 500 ms for the answer.
      // Keys typed meanwhile are kept and applied first.
      decoder.expectsCursorReport = true
      let deadline = Clock.milliseconds() + 500
      var answered = false
      while !answered, Clock.milliseconds() < deadline {
        let ready = terminal.poll(stdin: -1, timeout: Int32(max(deadline - Clock.milliseconds(), 0)))
        guard ready.terminal else { continue }
        let n = terminal.read(into: &buffer)
        if n < 0 { return .hungUp }
        for event in decode(n) {
          if case .cursorPosition(let row, _) = event {
            terminal.setCursorRow(row)
            answered = true
          } else if case .modeReport(let mode, let value) = event {
            terminal.noteModeReport(mode: mode, value: value)
          } else {
            pending.append(event)
          }
        }
      }
      decoder.expectsCursorReport = false
    }
    var rankedAt = Clock.milliseconds()
    var itemsSinceRank = false
    var waitingToAccept = false
    // `--preview`: runs beside the loop, never blocking it (PreviewRunner).
    let preview = PreviewRunner(options: options)
    defer { preview?.stop() }
    // `reload`'s `{f}` files, and its command, which main does not know about.
    let originalInput = input
    var commandFiles: [[UInt8]] = []
    defer {
      if input !== originalInput { input.stop(waitingForWalker: false) }
      PreviewRunner.remove(commandFiles)
    }

    while true {
      // A waiting Enter takes the first finished matches for the query on
      // screen that hold a match (input may never pause long enough for a
      // search to cover every item read); "nothing" needs them to cover all.
      if waitingToAccept && state.isUpToDate && inFlight == nil {
        if state.matches.count > 0 || state.selection.count > 0 { return .accepted(state.chosenItems()) }
        if !stdinOpen && !itemsSinceRank { return .nothingChosen }
      }
      // Search again when the query changed (at once) or new items came (at most
      // every 50 ms), in the background: the frame is drawn meanwhile. New items
      // never abandon a search for the query on screen: while input streams in,
      // each search would be overtaken by the next and none would ever finish.
      // The next one searches only the items read since (SearchEngine's plan).
      let now = Clock.milliseconds()
      let itemsDue = itemsSinceRank && (now - rankedAt >= 50 || !stdinOpen)
      if (!state.isUpToDate || itemsDue) && !isSearchingCurrent {
        requestSearch()
        rankedAt = now
        itemsSinceRank = false
      }
      state.isLoading = stdinOpen
      layout.width = terminal.size.columns
      layout.height = terminal.frameHeight
      layout.isWaitingToAccept = waitingToAccept
      layout.spinnerTick = Int(now / 100)
      layout.inputFailure = inputFailure
      if let preview {
        layout.preview = preview.pane
        preview.update(state: state, layout: layout, store: store, options: options, now: now)
        layout.preview = preview.pane
      }
      let (frame, roles) = layout.frameWithRoles(&state, store: store, highlight: highlight)
      rowRoles = roles
      switch terminal.draw(renderer.render(frame, origin: terminal.origin)) {
      case .drawn: break
      case .interrupted: renderer.invalidate()  // the signal is handled below; then a full frame
      case .hungUp: return .hungUp
      }

      var timeout: Int32 = -1
      if decoder.isWaiting { timeout = Int32(clamping: max(decoderDeadline - Clock.milliseconds(), 0)) }
      if stdinOpen { timeout = timeout < 0 ? 100 : min(timeout, 100) }
      if itemsSinceRank { timeout = timeout < 0 ? 50 : min(timeout, 50) }
      if let wait = preview?.timeout(now: Clock.milliseconds()) {
        timeout = timeout < 0 ? Int32(clamping: wait) : min(timeout, Int32(clamping: wait))
      }
      if !pending.isEmpty { timeout = 0 }
      let ready = terminal.poll(
        stdin: stdinOpen ? input.descriptor : -1, extra: engine?.readyDescriptor ?? -1,
        preview: preview?.descriptor ?? -1, timeout: timeout)
      if ready.extra { takeResult() }
      if ready.preview { preview?.readAvailable() }

      for signal in ready.signals {
        switch signal {
        case SIGINT, SIGTERM: return .aborted
        case SIGHUP: return .hungUp
        case SIGWINCH:
          terminal.refreshSize()
          renderer.invalidate()
        case SIGCONT:
          terminal.resume()
          renderer.invalidate()
        case SIGTSTP:
          terminal.suspend()
          renderer.invalidate()
        default: break
        }
      }
      if ready.stdin {
        do {
          stdinOpen = try InputReader.readAvailable(input.descriptor, into: store)
        } catch {
          stdinOpen = false
        }
        if !stdinOpen, let failed = input.failure(waitingAtMost: 100), let command = input.commandText {
          inputFailure = ItemSource.failureSummary(command: command, failed)
        }
        itemsSinceRank = true
        takeNewItems()
      }
      var events = pending
      pending = []
      if ready.terminal {
        let n = terminal.read(into: &buffer)
        if n < 0 { return .hungUp }
        if n > 0 { events += decode(n) }
      } else if decoder.isWaiting, Clock.milliseconds() >= decoderDeadline {
        events += decoder.timedOut()
        decoderDeadline = Clock.milliseconds() + (decoder.waitMilliseconds ?? 0)
      }
      for event in events {
        var actions: [PickerAction]
        // The `--expect` spelling of the key or mouse event, when it is one.
        var expectedSpelling: String? = nil
        // The item a click pointed at, kept under the cursor if the matches are brought up to date.
        var clickedItem: Int? = nil
        switch event {
        case .key(let key):
          expectedSpelling = expected[key.name]
          actions = expectedSpelling != nil ? [.accept] : keymap.actions(for: key)
        case .paste(let text): actions = [.insert(Array(text.unicodeScalars))]
        case .cursorPosition: actions = []
        case .modeReport(let mode, let value):
          terminal.noteModeReport(mode: mode, value: value)
          actions = []
        case .mouse(let report):
          let outcome = mouseOutcome(
            report, preview: preview, layout: layout, origin: terminal.origin, mouse: &mouse, rowRoles: rowRoles,
            keymap: keymap, expected: expected)
          actions = outcome.actions
          clickedItem = outcome.clickedItem
          expectedSpelling = outcome.expectedSpelling
        }
        for action in actions {
          if action.needsCurrentMatches && !state.isUpToDate {
            waitForCurrentMatches()
            if let clickedItem { state.point(atItem: clickedItem) }
          }
          if let preview, preview.perform(action) { continue }
          if case .reload(let command, _) = action {
            let template = PreviewTemplate(Array(command.utf8))
            let context = CommandActions.context(for: template, state: state, store: store, options: options)
            let expansion = template.expand(context) {
              guard let path = PreviewRunner.temporaryFile($0) else { return nil }
              commandFiles.append(path)
              return path
            }
            if expansion.problem == nil {
              reload(expansion.command)
              itemsSinceRank = true
            }
            continue
          }
          if case .execute(let command, let isSilent) = action {
            CommandActions.execute(
              command, isSilent: isSilent, state: state, store: store, options: options, terminal: terminal)
            if !isSilent { renderer.invalidate() }
            continue
          }
          switch state.apply(action) {
          case .none, .queryChanged: break
          case .abort: return .aborted
          case .redraw: renderer.invalidate()
          case .suspend:
            terminal.suspend()
            renderer.invalidate()
          case .accept:
            pressedKey = expectedSpelling
            // Answer the query on screen, over everything read so far.
            if !state.isUpToDate || itemsSinceRank {
              itemsSinceRank = false
              rankedAt = Clock.milliseconds()
              requestSearch()
              waitForCurrentMatches()
            }
            if state.matches.count > 0 || state.selection.count > 0 { return .accepted(state.chosenItems()) }
            if !stdinOpen { return .nothingChosen }
            waitingToAccept = true
          }
        }
      }
    }
  }

  /// The query as it was when the session ended (for `--print-query`).
  public var finalQuery: [UInt8] { state.editor.bytes }

  /// The `--expect` key that accepted, as the user spelled it; nil for any
  /// other way of accepting (an empty line is printed for it).
  public private(set) var pressedKey: String? = nil
}

/// Monotonic milliseconds.
enum Clock {
  static func milliseconds() -> Int {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return now.tv_sec * 1000 + now.tv_nsec / 1_000_000
  }
}
