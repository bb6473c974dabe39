import Glibc
import PickCore

/// `pick` without `--filter`: reads items from stdin into `store`, decides
/// `-1`/`-0` on the whole input, otherwise runs the picker on the terminal,
/// then — with the terminal restored — prints the choice and remembers it.
/// Returns the exit status; throws `UsageFailure` for a bad `--preselect-file`
/// or no terminal, and what reading or writing throws.
public struct PickerCommand {
  public let options: Options

  public init(options: Options) {
    self.options = options
  }

  /// Runs the picker on the items `source` gives (standard input unless told).
  public func run(_ store: ItemStore, source: ItemSource? = nil) throws -> Int32 {
    var store = store
    let source = source ?? .standardInput(read0: options.read0)
    let apiKey = RemoteServer.apiKey()
    if let refusal = RemoteServer.refusal(of: options, apiKey: apiKey) { throw refusal }
    var remembering = Remembering(options: options)
    let preselection = try makePreselection(remembered: remembering.load())

    var stdinOpen = true
    var inputFailure: String? = nil
    // A mapped file's pages stay mapped as far as the picker's footprint allows.
    store.mappedBudget = .picker
    if options.selectOne || options.exitZero || options.sync {
      // -1 and -0 decide on the whole input before anything is drawn;
      // --sync takes the terminal only once the input has ended (`pick -m |
      // pick --sync`: the second waits for the first to leave the terminal).
      try InputReader.readAll(source.descriptor, into: store, mapping: true)
      stdinOpen = false
      inputFailure = Self.failureSummary(of: source)
      store = try keepingTail(of: store)
      if let status = decideOnWholeInput(store, remembering: remembering) { return status }
    }

    // A large regular file is mapped before the search thread starts (it
    // reads `isMapped` unlocked); the session reads whatever follows.
    if stdinOpen { try InputReader.mapRegularFile(source.descriptor, into: store) }
    var height = options.height
    if let spec = height, spec.isAdaptive {
      height = try adaptedHeight(spec, source: source, store: store, stdinOpen: &stdinOpen)
      if !stdinOpen { inputFailure = Self.failureSummary(of: source) }
    }
    let history = try options.history.map(HistoryFile.load)
    let terminal = try openTerminal(height: height)
    let (session, ending) = try runSession(
      on: terminal, apiKey: apiKey,
      makeSession: { remote in
        try InteractiveSession(
          options: options, store: store, terminal: terminal, stdinOpen: stdinOpen, preselection: preselection,
          input: source, inputFailure: inputFailure, history: history, remote: remote)
      })
    if let history, ending != .aborted, ending != .hungUp { saveHistory(history, adding: session.finalQuery) }
    if let note = session.inputTruncation, ending != .aborted, ending != .hungUp {
      // The answer stands (it was given over the items shown, with the note
      // on screen), but a script reading stderr learns the list was incomplete.
      OutputWriter.printError("warning: \(note); the picker showed only the \(session.store.count) items read")
    }
    return status(for: ending, of: session, remembering: remembering)
  }

  /// What the picker's ending prints, and the exit status (`become` does not
  /// return unless its command could not be run).
  private func status(
    for ending: InteractiveSession.Ending, of session: InteractiveSession, remembering: Remembering
  ) -> Int32 {
    switch ending {
    case .accepted(let items):
      return finish(
        items, query: session.finalQuery, key: session.pressedKey, lines: session.printQueue, store: session.store,
        remembering: remembering)
    case .nothingChosen:
      return printResults(
        [], query: session.finalQuery, key: session.pressedKey, lines: session.printQueue, store: session.store)
    case .queryPrinted: return printQuery(session.finalQuery)
    case .become:
      guard let command = session.becomeCommand else { return ExitStatus.error }
      let terminal = options.tty ?? Array("/dev/tty".utf8)
      OutputWriter.printError(Become.exec(shell: options.withShell, command: command, terminal: terminal))
      return 127
    case .aborted: return ExitStatus.aborted
    case .hungUp: return ExitStatus.hungUp
    }
  }

  /// `--tail` over a whole input: its header lines and last items only.
  private func keepingTail(of store: ItemStore) throws -> ItemStore {
    guard let keep = options.tail, store.count - min(options.headerLines, store.count) > keep else { return store }
    let kept = try store.keepingTail(header: options.headerLines, keep: keep).store
    try kept.finish()
    return kept
  }

  /// Runs the picker's session on `terminal` (with `--listen`'s server), and
  /// restores the terminal whatever happens.
  ///
  /// The server starts once the terminal session handles signals, so that
  /// every way out (or the crash handler) removes its socket; it stops
  /// before the terminal is restored, while that is still so. The terminal
  /// is restored before a byte of output: the shell must never see escape codes.
  private func runSession(
    on terminal: TerminalSession, apiKey: [UInt8],
    makeSession: (RemoteServer?) throws -> InteractiveSession
  ) throws -> (InteractiveSession, InteractiveSession.Ending) {
    var remote: RemoteServer? = nil
    defer {
      remote?.stop()
      terminal.close()
    }
    remote = try RemoteServer.start(for: options, apiKey: apiKey)
    let session = try makeSession(remote)
    return (session, try session.run())
  }

  /// `-1` / `-0` over the whole input: the exit status when one of them
  /// decides (one match chosen, or none), nil when the picker must open.
  private func decideOnWholeInput(_ store: ItemStore, remembering: Remembering) -> Int32? {
    let range = min(options.headerLines, store.count)..<store.count
    let excluding = options.unique ? DuplicateFilter.repeats(in: store, skipping: options.headerLines) : nil
    let ranked = Ranker(order: Ranker.Order(options: options)).rank(
      store, range: range, query: CompiledQuery(options.query, options: options), excluding: excluding)
    if options.selectOne && ranked.count == 1 {
      return finish([ranked.itemIndex(at: 0)], query: options.query, store: store, remembering: remembering)
    }
    if options.exitZero && ranked.count == 0 {
      return printResults([], query: options.query, store: store)
    }
    return nil
  }

  /// Why a command that gave the items failed, once its input has ended.
  private static func failureSummary(of source: ItemSource) -> String? {
    guard let failed = source.failure(waitingAtMost: 100), let command = source.commandText else { return nil }
    return ItemSource.failureSummary(command: command, failed)
  }

  /// `--history`: adds the final query to the file's lines and writes them.
  private func saveHistory(_ lines: [[UInt8]], adding query: [UInt8]) {
    guard let path = options.history else { return }
    let kept = QueryHistory.appending(query, to: lines, limit: options.historySize)
    if let problem = HistoryFile.save(kept, to: path) { OutputWriter.printError("warning: --history: \(problem)") }
  }

  /// `--height=~N`: reads items until they fill the area or the input ends
  /// (no key can be lost meanwhile: the terminal is not raw yet, and Ctrl-C
  /// still interrupts), then fits the height to them (`AdaptiveHeight`).
  private func adaptedHeight(
    _ spec: HeightSpec, source: ItemSource, store: ItemStore, stdinOpen: inout Bool
  ) throws -> HeightSpec {
    let path = options.tty.map { String(decoding: $0, as: UTF8.self) } ?? "/dev/tty"
    guard let size = try? TerminalDevice(path: path).size() else { return spec }
    var full = spec
    full.isAdaptive = false
    full.minimum = options.minHeight.rows(for: options)
    let maximum = full.rows(on: size.rows)
    while stdinOpen && store.count < maximum + options.headerLines {
      InputReader.waitForInput(source.descriptor)
      stdinOpen = try InputReader.readAvailable(source.descriptor, into: store)
    }
    let items = max(0, store.count - options.headerLines)
    return HeightSpec(
      value: AdaptiveHeight.rows(items: items, maximum: maximum, options: options))
  }

  /// The terminal the picker is drawn on (`--tty`, or `/dev/tty`), in raw mode.
  private func openTerminal(height: HeightSpec?) throws -> TerminalSession {
    if let term = ProcessEnvironment.value("TERM"), term == Array("dumb".utf8) {
      throw UsageFailure("TERM is dumb: the picker needs a terminal that understands escape codes (use --filter)")
    }
    let ttyPath = options.tty.map { String(decoding: $0, as: UTF8.self) }
    let terminal: TerminalSession
    do {
      var height = height
      if height?.isAdaptive == false { height?.minimum = options.minHeight.rows(for: options) }
      terminal = try TerminalSession(path: ttyPath, height: height, mouse: options.mouse)
    } catch {
      // The error names the terminal and what failed: "cannot open the terminal /dev/tty: …".
      throw UsageFailure("\(error)")
    }
    if CrashRestore.isCrashForTestingRequested { CrashRestore.crashForTesting() }
    return terminal
  }

  /// What starts selected: `--preselect`, `--preselect-file`, `--preselect-all`, `--remember`.
  private func makePreselection(remembered: TextSet) throws -> Preselection {
    var texts = remembered
    for text in options.preselect { texts.insert(text) }
    if let path = options.preselectFile {
      do {
        let contents = try ProcessEnvironment.contents(ofFile: path)
        var lines = contents.split(separator: options.read0 ? 0 : 0x0A, omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        for line in lines { line.withUnsafeBufferPointer { texts.insert($0) } }
      } catch {
        throw UsageFailure("--preselect-file \(String(decoding: path, as: UTF8.self)): \(error)")
      }
    }
    return Preselection(texts: texts, selectsAll: options.preselectAll)
  }

  /// Prints an accepted choice and, when that worked, remembers it.
  private func finish(
    _ items: [Int], query: [UInt8], key: String? = nil, lines: [[UInt8]] = [], store: ItemStore,
    remembering: Remembering
  ) -> Int32 {
    let status = printResults(items, query: query, key: key, lines: lines, store: store)
    // The texts are copied only under --remember: a million small arrays
    // made and freed for nothing took most of Enter's time after Ctrl-A.
    if status == ExitStatus.matched && remembering.key != nil {
      remembering.save(items.map { Array(store.item($0)) })
    }
    return status
  }

  /// Writes the results to stdout, as fzf orders them: the query
  /// (`--print-query`), the `--expect` key, the `print(TEXT)` lines, then
  /// the items; the exit status for them.
  private func printResults(
    _ items: [Int], query: [UInt8], key: String? = nil, lines: [[UInt8]] = [], store: ItemStore
  ) -> Int32 {
    let writer = ResultWriter(options: options)
    let status = write { sink throws(WriteFailure) in
      try writer.writeQuery(query, to: &sink)
      try writer.writeExpectedKey(key, to: &sink)
      for line in lines { try writer.writeLine(line, to: &sink) }
      try writer.writeItems(count: items.count, store: store, to: &sink) { items[$0] }
    }
    return status ?? (items.isEmpty ? ExitStatus.noMatch : ExitStatus.matched)
  }

  /// `print-query`: the query alone, whatever `--print-query` says; status 0.
  private func printQuery(_ query: [UInt8]) -> Int32 {
    let writer = ResultWriter(options: options)
    return write { sink throws(WriteFailure) in try writer.writeLine(query, to: &sink) } ?? ExitStatus.matched
  }

  /// Runs `body` on a sink to stdout and flushes it; the exit status when writing failed, else nil.
  private func write(_ body: (inout ResultSink) throws(WriteFailure) -> Void) -> Int32? {
    var sink = OutputWriter.sink(1)
    do throws(WriteFailure) {
      try body(&sink)
      try sink.flush()
    } catch {
      switch error {
      case .readerGone: return ExitStatus.readerGone
      case .failed(_, let message):
        OutputWriter.printError("cannot write results: \(message)")
        return ExitStatus.error
      }
    }
    return nil
  }
}

/// `--remember KEY`: where the choice is kept, loading it, and saving it
/// (a failure to save warns; the choice printed still stands).
struct Remembering {
  let key: RememberKey?
  let store: RememberStore?
  /// Whether saving may replace the file: not when a later pick wrote it.
  private var mayReplace = true

  init(options: Options) {
    key = options.remember.flatMap(RememberKey.init)
    store = RememberStore.directory(environment: ProcessEnvironment.value).map { RememberStore(directory: $0) }
  }

  /// The remembered texts. A file that is not a readable choice of this pick
  /// gets one warning, printed now: before the terminal is opened, so it
  /// never lands on the picker's screen.
  mutating func load() -> TextSet {
    guard let key, let store else { return TextSet() }
    let loaded = store.load(key)
    if let warning = store.warning(for: loaded, key: key) { OutputWriter.printError(warning) }
    mayReplace = loaded.mayBeReplaced
    return loaded.texts
  }

  func save(_ items: [[UInt8]]) {
    guard let key, !items.isEmpty, mayReplace else { return }
    guard let store else {
      OutputWriter.printError("warning: cannot remember the choice: neither XDG_STATE_HOME nor HOME is set")
      return
    }
    do {
      try store.save(items, for: key)
    } catch {
      OutputWriter.printError("warning: cannot remember the choice: \(error)")
    }
  }
}
