import Glibc
import PickCore

/// The interactive picker's I/O: a loop that waits on the terminal, the
/// items' descriptor, the search engine, the preview command and the signal
/// pipe, feeds what arrives to the `PickerController` (which holds every
/// decision), performs the effects it returns, and draws its frame.
///
/// One thread, one `poll()`; the searches run on the engine's thread. Each
/// turn: tick the preview, draw, wait (as long as the controller and the
/// preview allow), read what is ready, hand it all to the controller as one
/// batch, perform the effects. See Docs/Architecture.md.
public final class InteractiveSession {
  public typealias Ending = PickerEnding

  let options: Options
  private var controller: PickerController
  /// Where items come from (standard input, the walker, `PICK_DEFAULT_COMMAND`, `reload`).
  private var input: ItemSource
  private let originalInput: ItemSource
  private let terminal: TerminalSession
  private var engine: SearchEngine
  /// `--preview`: its command runs beside the loop, never blocking it.
  private let preview: PreviewRunner?
  /// `bg-transform-*`: commands that run beside the loop.
  private let background: BackgroundCommands
  private var renderer: FrameRenderer
  /// The geometry last reported to the controller.
  private var geometry: TerminalGeometry
  /// `--listen`'s server: its requests are events, the controller's answers go back to it.
  private let remote: RemoteServer?
  /// `{f}` files of `reload` commands, removed at the end.
  private var commandFiles: [[UInt8]] = []
  private var buffer = [UInt8](repeating: 0, count: 64 << 10)

  /// Sets the picker up on `terminal` over the items read so far; throws
  /// when the search thread cannot be started.
  public init(
    options: Options, store: ItemStore, terminal: TerminalSession, stdinOpen: Bool,
    preselection: Preselection = Preselection(), input: ItemSource? = nil, inputFailure: String? = nil,
    history: [[UInt8]]? = nil, remote: RemoteServer? = nil
  ) throws {
    let options = Self.withEnvironment(options)
    self.options = options
    self.remote = remote
    self.terminal = terminal
    let input = input ?? .standardInput(read0: options.read0)
    self.input = input
    originalInput = input
    engine = try SearchEngine(options: options, store: store)
    preview = PreviewRunner(options: options)
    background = BackgroundCommands(shell: options.withShell)
    renderer = FrameRenderer(colors: options.usesColor)
    geometry = Self.geometry(of: terminal)
    let setup = PickerController.Setup(
      isInputOpen: stdinOpen, inputFailure: inputFailure, preselection: preselection, geometry: geometry,
      bytesTypedBeforeRawMode: terminal.bytesTypedBeforeRawMode, expectsCursorReport: terminal.expectsCursorReport,
      escapeDelay: EscapeDelay.milliseconds(fromEnvironment: ProcessEnvironment.value("ESCDELAY")),
      now: Clock.milliseconds(), history: history)
    controller = PickerController(options: options, store: store, setup: setup)
  }

  /// `options` with what the environment says about the terminal's user:
  /// `NO_COLOR` (set and not empty) turns colours off whatever the options
  /// say; `ACCESSIBLE` (set, not empty and not `0`) turns `--accessible` on
  /// unless an option said `--accessible` or `--no-accessible`.
  static func withEnvironment(_ options: Options) -> Options {
    var options = options
    if ProcessEnvironment.value("NO_COLOR").map({ !$0.isEmpty }) == true { options.usesColor = false }
    if options.accessible == nil {
      options.accessible = ProcessEnvironment.value("ACCESSIBLE").map { !$0.isEmpty && $0 != [0x30] } ?? false
    }
    return options
  }

  /// The items; `reload(CMD)` replaces them (the caller prints from these).
  public var store: ItemStore { controller.store }
  /// The query as it was when the session ended (for `--print-query`).
  public var finalQuery: [UInt8] { controller.query }
  /// The `--expect` key that accepted, as the user spelled it.
  public var pressedKey: String? { controller.pressedKey }
  /// Why the input was cut short ("input truncated: …"), if it was.
  public var inputTruncation: String? { controller.inputTruncation }
  /// `print(TEXT)`: the lines to print before the items.
  public var printQueue: [[UInt8]] { controller.printQueue }
  /// `become(CMD)`: the command to replace pick with, once the picker has ended with `.become`.
  public private(set) var becomeCommand: [UInt8]? = nil

  /// Runs the picker until the user accepts or aborts.
  public func run() throws -> Ending {
    defer {
      // Not `stop()`: the terminal is restored next, and must not wait for a search.
      engine.abandon()
      preview?.stopAll()
      background.cancelAll()
      if input !== originalInput { input.stop(waitingForWalker: false) }
      PreviewRunner.remove(commandFiles)
    }
    if let ending = try perform(controller.handle(.tick, now: Clock.milliseconds())) { return ending }
    while true {
      if let ending = try turn() { return ending }
    }
  }

  /// One turn of the loop: draw, wait, read, let the controller decide, act.
  private func turn() throws -> Ending? {
    if let frame = controller.frame(now: Clock.milliseconds()) {
      switch terminal.draw(renderer.render(frame, origin: terminal.origin)) {
      case .drawn: break
      case .interrupted: renderer.invalidate()  // the signal is handled below; then a full frame
      case .hungUp: return .hungUp
      }
    }
    let now = Clock.milliseconds()
    var timeout = controller.timeout(now: now)
    if let wait = preview?.timeout(now: now) { timeout = min(timeout ?? Int.max, wait) }
    let ready = terminal.poll(
      stdin: controller.wantsItems ? input.descriptor : -1, extra: engine.readyDescriptor,
      preview: preview?.descriptor ?? -1, background: background.descriptors, remote: remote?.readyDescriptor ?? -1,
      timeout: timeout.map { Int32(clamping: $0) } ?? -1)
    guard let events = events(from: ready) else { return .hungUp }
    return try perform(controller.handle(events, now: Clock.milliseconds()))
  }

  /// What `poll` found, as events, in the order the controller takes them;
  /// nil when the terminal hung up.
  private func events(from ready: TerminalSession.Ready) -> [PickerEvent]? {
    var events: [PickerEvent] = []
    if ready.extra, let result = engine.take() { events.append(.searchFinished(result.result)) }
    if ready.preview, let output = preview?.read() { events.append(output) }
    if let ended = preview?.reap() { events.append(ended) }
    if !ready.background.isEmpty { events += background.read(ready.background) }
    events += ready.signals.compactMap(Self.event(for:))
    if ready.remote, let remote { events += remote.take().map(PickerEvent.remote) }
    if ready.stdin {
      events.append(readItems())
      if let trimmed = keepTail() { events.append(trimmed) }
    }
    if ready.terminal {
      let n = terminal.read(into: &buffer)
      if n < 0 { return nil }
      if n > 0 { events.append(.terminalInput(Array(buffer[0..<n]))) }
    }
    return events.isEmpty ? [.tick] : events
  }

  /// What a signal from the signal pipe means to the controller (SIGCHLD:
  /// nothing, it only wakes the loop).
  private static func event(for signal: Int32) -> PickerEvent? {
    switch signal {
    case SIGINT, SIGTERM: return .signal(.interrupt)
    case SIGHUP: return .signal(.hangUp)
    case SIGWINCH: return .signal(.windowChanged)
    case SIGCONT: return .signal(.continued)
    case SIGTSTP: return .signal(.terminalStop)
    default: return nil
    }
  }

  /// Reads what the input has; `.inputEnded` (with why, when a command
  /// failed) at its end, `.inputTruncated` when the store is full or a read
  /// fails: the items read stay, and the picker says the list is incomplete.
  private func readItems() -> PickerEvent {
    let isOpen: Bool
    do {
      isOpen = try InputReader.readAvailable(input.descriptor, into: controller.store)
    } catch let failure as ItemStore.Failure {
      return .inputTruncated(note: failure.truncationNote)
    } catch {
      return .inputTruncated(note: "input truncated: \(error)")
    }
    if isOpen { return .itemsRead }
    guard let failed = input.failure(waitingAtMost: PickerTunables.commandStatusWait), let command = input.commandText
    else { return .inputEnded(failure: nil) }
    return .inputEnded(failure: ItemSource.failureSummary(command: command, failed))
  }

  /// `--tail`: once the items past the header lines reach twice the number
  /// kept, the kept ones move to a new store searched by a new engine
  /// (`ItemStore+Tail.swift`); the event tells the controller which went.
  /// When the copy cannot be made the items stay, as without `--tail`.
  private func keepTail() -> PickerEvent? {
    let store = controller.store
    guard let keep = options.tail, store.needsTrim(header: options.headerLines, keep: keep),
      let (kept, dropped) = try? store.keepingTail(header: options.headerLines, keep: keep),
      (try? store.isFinished ? kept.finish() : ()) != nil,
      let newEngine = try? SearchEngine(options: options, store: kept)
    else { return nil }
    engine.stop()
    engine = newEngine
    let header = min(options.headerLines, store.count)
    return .trimmed(kept, gone: header..<header + dropped)
  }

  /// Performs effects in order; what an effect reports back is handled at
  /// once, and its effects come before the rest. The ending, if one came.
  private func perform(_ effects: [PickerEffect]) throws -> Ending? {
    var pending = effects[...]
    while let effect = pending.popFirst() {
      if case .exit(let ending) = effect { return ending }
      let events = try perform(effect)
      if !events.isEmpty {
        pending = controller.handle(events, now: Clock.milliseconds())[...] + pending
      }
      if pending.isEmpty, Self.geometry(of: terminal) != geometry {
        geometry = Self.geometry(of: terminal)
        pending = controller.handle(.geometry(geometry), now: Clock.milliseconds())[...]
      }
    }
    return nil
  }

  /// Performs one effect; what it reports back: nothing, or events such as
  /// the signals that came while a command ran.
  private func perform(_ effect: PickerEffect) throws -> [PickerEvent] {
    switch effect {
    case .search(let request):
      if let result = engine.answerAtOnce(request) { return [.searchFinished(result)] }
      engine.submit(request)
    case .startPreview(let request, let context):
      if let problem = preview?.start(request, context: context) { return [.previewFailed(problem)] }
    case .stopPreview: preview?.stop()
    case .execute(let template, let context, let isSilent):
      let signals = CommandActions.execute(
        template, context: context, isSilent: isSilent, options: options, terminal: terminal)
      return signals.compactMap(Self.event(for:))
    case .reload(let template, let context): return [try reload(template, context: context)]
    case .become(let template, let context):
      becomeCommand = CommandActions.becomeCommand(template, context: context)
    case .runTransform(let id, let template, let context, let isBackground):
      if isBackground { return background.start(id: id, template, context: context).map { [$0] } ?? [] }
      let (output, signals) = CommandActions.transformOutput(
        template, context: context, options: options, terminal: terminal)
      return [.transformOutput(id: id, output)] + signals.compactMap(Self.event(for:))
    case .cancelBackground: background.cancelAll()
    case .bell: terminal.bell()
    case .runInfoCommand(let template, let context, let info):
      let (output, signals) = CommandActions.infoOutput(
        template, context: context, info: info, options: options, terminal: terminal)
      return [.infoCommandOutput(output)] + signals.compactMap(Self.event(for:))
    case .setCursorRow(let row): terminal.setCursorRow(row)
    case .noteModeReport(let mode, let value): terminal.noteModeReport(mode: mode, value: value)
    case .refreshSize: terminal.refreshSize()
    case .resumeTerminal: terminal.resume()
    case .suspendTerminal: terminal.suspend()
    case .invalidateScreen: renderer.invalidate()
    case .answerRemote(let ticket, let bytes): remote?.answer(ticket: ticket, bytes)
    case .exit: break
    }
    return []
  }

  /// `reload(CMD)`: the old input is stopped (a command is killed as a
  /// group) and CMD's output becomes the items, searched by a new engine.
  /// Nothing happens when the command cannot start.
  private func reload(_ template: PreviewTemplate, context: PreviewTemplate.Context) throws -> PickerEvent {
    let expansion = template.expand(context) {
      guard let path = PreviewRunner.temporaryFile($0) else { return nil }
      commandFiles.append(path)
      return path
    }
    guard expansion.problem == nil,
      let source = try? ItemSource.command(expansion.command, options: options, environment: context.environment)
    else { return .reloadFailed }
    guard
      let newStore = try? ItemStore(
        separator: source.separator, byteLimit: store.byteLimit, itemLimit: store.itemLimit,
        interpretsANSI: options.ansi)
    else {
      source.stop(waitingForWalker: false)
      return .reloadFailed
    }
    input.stop(waitingForWalker: false)
    input = source
    engine.stop()
    engine = try SearchEngine(options: options, store: newStore)
    return .reloaded(newStore)
  }

  private static func geometry(of terminal: TerminalSession) -> TerminalGeometry {
    TerminalGeometry(columns: terminal.size.columns, rows: terminal.frameHeight, origin: terminal.origin)
  }
}

/// Monotonic milliseconds.
enum Clock {
  static func milliseconds() -> Int {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return now.tv_sec * 1000 + now.tv_nsec / 1_000_000
  }
}
