import PickTestSupport
import Testing

@testable import PickCore

/// The picker without a terminal: the real `PickerController`, driven the
/// way the session drives it. Keys go in as the bytes a terminal sends;
/// searches are run on the spot (as if the search thread answered at once);
/// frames come out. Time is a counter the test moves.
///
/// Keys are fzf key names (`tab`, `ctrl-a`, `alt-a`, `pgdn`, ...); a single
/// character is typed.
struct PickerHarness {
  var controller: PickerController
  let options: Options
  /// The time passed to the controller, in milliseconds.
  var now = 1_000
  /// The effects other than searches, in order (what the session would perform).
  var effects: [PickerEffect] = []
  /// How many searches the controller asked for.
  var searches = 0
  /// `reload(CMD)`: the items CMD prints, by its expanded command line; nil: it cannot start.
  var reloadItems: (String) -> [String]? = { _ in nil }
  /// `transform-*(CMD)`: what CMD prints, by its expanded command line; nil:
  /// the command has not answered yet (it is held in `runningTransforms`,
  /// as a background one always is, until `finishTransform`).
  var transformOutput: (String) -> String? = { _ in nil }
  var runningTransforms: [(id: Int, command: String)] = []
  /// When false, searches are held in `pendingSearches` until `finishSearches()`.
  var answersSearches = true
  var pendingSearches: [SearchRequest] = []

  init(
    _ items: [String], multi: Int? = nil, query: String = "", isInputOpen: Bool = false,
    width: Int = 80, height: Int = 24, configure: (inout Options) -> Void = { _ in },
    setup adjust: (inout PickerController.Setup) -> Void = { _ in }
  ) throws {
    var options = Options()
    options.multi = multi
    options.query = Array(query.utf8)
    // The keys' hint goes at the first key, and most frames are about
    // something else: a test that wants it says `$0.hint = true`.
    options.hint = false
    configure(&options)
    self.options = options
    let store = try makeStore(
      items, separator: options.read0 ? 0 : 0x0A, finished: !isInputOpen, interpretsANSI: options.ansi)
    let preselection = Preselection(texts: options.preselect, selectsAll: options.preselectAll)
    var setup = PickerController.Setup(
      isInputOpen: isInputOpen, preselection: preselection,
      geometry: TerminalGeometry(columns: width, rows: height), now: now)
    adjust(&setup)
    controller = PickerController(options: options, store: store, setup: setup)
    send(.tick)
  }

  var store: ItemStore { controller.store }
  var state: PickerState {
    get { controller.state }
    set { controller.state = newValue }
  }
  var ending: PickerEnding? { controller.ending }

  /// Hands events to the controller as one turn of the loop, and performs
  /// what it asks: searches at once (unless held), reloads from `reloadItems`.
  mutating func send(_ events: PickerEvent...) {
    perform(controller.handle(events, now: now))
  }

  private mutating func perform(_ effects: [PickerEffect]) {
    var pending = effects[...]
    while let effect = pending.popFirst() {
      var reply: PickerEvent? = nil
      switch effect {
      case .search(let request):
        searches += 1
        if answersSearches {
          reply = .searchFinished(Self.search(request, in: store, options: options))
        } else {
          pendingSearches = [request]
        }
      case .reload(let template, let context):
        self.effects.append(effect)
        reply = reload(template, context)
      case .runTransform(let id, let template, let context, let isBackground):
        self.effects.append(effect)
        let command = String(decoding: template.expand(context) { _ in nil }.command, as: UTF8.self)
        if !isBackground, let output = transformOutput(command) {
          reply = .transformOutput(id: id, Array(output.utf8))
        } else {
          runningTransforms.append((id, command))
        }
      default:
        self.effects.append(effect)
      }
      if let reply { pending = controller.handle(reply, now: now)[...] + pending }
    }
  }

  /// A held transform command (the oldest, or the one whose command line is
  /// `command`) prints `output` and ends.
  mutating func finishTransform(_ command: String? = nil, printing output: String) {
    guard let index = runningTransforms.firstIndex(where: { command == nil || $0.command == command }) else {
      Issue.record("no transform running for \(command ?? "any command")")
      return
    }
    let id = runningTransforms.remove(at: index).id
    send(.transformOutput(id: id, Array(output.utf8)))
  }

  /// Answers the held search (the newest request), as the engine would.
  mutating func finishSearches() {
    guard let request = pendingSearches.popLast() else { return }
    pendingSearches = []
    send(.searchFinished(Self.search(request, in: store, options: options)))
  }

  static func search(_ request: SearchRequest, in store: ItemStore, options: Options) -> SearchResult {
    let compiled = CompiledQuery(request.query, options: options)
    let matches = Ranker.picker(options).rank(request, in: store, query: compiled)
    return SearchResult(
      request: request, matches: matches, compiled: compiled,
      highlights: LongItemHighlights(matches, store: store, compiled: compiled))
  }

  private func reload(_ template: PreviewTemplate, _ context: PreviewTemplate.Context) -> PickerEvent {
    let expansion = template.expand(context) { _ in nil }
    let command = String(decoding: expansion.command, as: UTF8.self)
    guard expansion.problem == nil, let items = reloadItems(command),
      let store = try? makeStore(items, separator: options.read0 ? 0 : 0x0A, finished: false)
    else { return .reloadFailed }
    return .reloaded(store)
  }

  /// Presses keys by fzf name, one read each; returns what the last one did
  /// to the picker, in `PickerState.apply`'s terms.
  @discardableResult
  mutating func press(_ keys: String...) -> PickerState.Outcome {
    press(keys)
  }

  @discardableResult
  mutating func press(_ keys: [String]) -> PickerState.Outcome {
    var outcome = PickerState.Outcome.none
    for key in keys {
      guard let bytes = Self.bytes(forKey: key) else {
        Issue.record("no bytes for the key \(key)")
        continue
      }
      outcome = press(bytes: bytes)
    }
    return outcome
  }

  /// Sends `bytes` as one read from the terminal (a lone Esc is then let
  /// time out, as the decoder's delay passes).
  @discardableResult
  mutating func press(bytes: [UInt8]) -> PickerState.Outcome {
    let before = (controller.query, state.isReviewing, effects.count)
    send(.terminalInput(bytes))
    if controller.decoder.isWaiting {
      now += controller.decoder.escapeDelay + 1
      send(.tick)
    }
    switch ending {
    case .accepted, .nothingChosen, .queryPrinted, .become: return .accept
    case .aborted, .hungUp: return .abort
    case nil: break
    }
    if controller.query != before.0 || state.isReviewing != before.1 { return .queryChanged }
    for effect in effects[before.2...] {
      if case .suspendTerminal = effect { return .suspend }
      if case .invalidateScreen = effect { return .redraw }
    }
    return .none
  }

  /// Types `text`, one read.
  mutating func type(_ text: String) {
    press(bytes: Array(text.utf8))
  }

  /// The frame of a `width` × `height` screen (with `preview`'s pane, if given).
  mutating func frame(width: Int, height: Int, preview: PreviewPane? = nil) -> Frame {
    if let preview {
      // A pane as the tests draw it, whatever the command.
      var scheduler =
        controller.previewScheduler
        ?? PreviewScheduler(template: PreviewTemplate([]), spec: preview.spec, tabstop: options.tabstop)
      scheduler.pane = preview
      controller.previewScheduler = scheduler
    }
    send(.geometry(TerminalGeometry(columns: width, rows: height)))
    return controller.frame(now: now) ?? Frame(width: width, height: height, rows: [], cursor: nil)
  }

  /// The listed items' texts, in display order.
  var listed: [String] { (0..<state.matches.count).map { text(state.matches.itemIndex(at: $0)) } }
  /// The selected items' texts, in input order.
  var selected: [String] { state.selection.ordered(.input, reversed: false).map(text) }
  /// The text under the cursor.
  var current: String? { state.currentItem.map(text) }
  var query: String { String(decoding: state.editor.bytes, as: UTF8.self) }
  /// What Enter would print.
  func chosen() -> [String] { state.chosenItems().map(text) }
  func text(_ item: Int) -> String { String(decoding: store.item(item), as: UTF8.self) }

  /// The bytes a terminal sends for the key fzf calls `name`.
  static func bytes(forKey name: String) -> [UInt8]? {
    let escape: UInt8 = 0x1B
    let named: [String: [UInt8]] = [
      "enter": [0x0D], "tab": [0x09], "shift-tab": [escape] + Array("[Z".utf8), "esc": [escape],
      "bspace": [0x7F], "del": [escape] + Array("[3~".utf8), "space": [0x20],
      "up": [escape] + Array("[A".utf8), "down": [escape] + Array("[B".utf8),
      "right": [escape] + Array("[C".utf8), "left": [escape] + Array("[D".utf8),
      "home": [escape] + Array("[H".utf8), "end": [escape] + Array("[F".utf8),
      "pgup": [escape] + Array("[5~".utf8), "pgdn": [escape] + Array("[6~".utf8),
      "shift-up": [escape] + Array("[1;2A".utf8), "shift-down": [escape] + Array("[1;2B".utf8),
      "f1": [escape] + Array("OP".utf8), "f2": [escape] + Array("OQ".utf8),
      "f3": [escape] + Array("OR".utf8), "f4": [escape] + Array("OS".utf8),
      "ctrl-/": [0x1F], "ctrl-space": [0x00],
    ]
    if let bytes = named[name] { return bytes }
    let scalars = Array(name.unicodeScalars)
    if name.hasPrefix("ctrl-"), scalars.count == 6, let letter = UInt8(exactly: scalars[5].value),
      (0x61...0x7A).contains(letter)
    {
      return [letter - 0x60]
    }
    if name.hasPrefix("alt-"), scalars.count == 5 { return [escape] + Array(String(scalars[4]).utf8) }
    if scalars.count == 1 { return Array(name.utf8) }
    return nil
  }
}
