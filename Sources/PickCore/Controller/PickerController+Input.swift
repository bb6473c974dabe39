/// Keys, pastes and mouse reports: decoding the terminal's bytes, mapping
/// them to actions, and running the actions, some of which wait (see
/// `PickerController`).
extension PickerController {
  /// Work held back while an action waits for a search or a reload.
  enum QueuedWork {
    /// An input event not yet mapped to actions.
    case input(InputEvent)
    /// Actions of one event, not yet run.
    case actions([PickerAction], Trigger)
    /// Enter, once the matches cover every item read: accept, or wait.
    case decideAccept
    /// `--listen`'s GET: the state, once the matches are the query's.
    case remoteStatus(ticket: Int, limit: Int, offset: Int)
  }

  /// What an action waits for.
  enum Blocker: Equatable {
    /// The matches of the query on screen.
    case matches
    /// The new store of a `reload`.
    case reload(selectedTexts: [[UInt8]], cursorText: [UInt8]?)
    /// The output of a `transform-*` command (by its id).
    case transform(Int)
  }

  /// What ran the actions of an event: the `--expect` spelling of the key or
  /// click, and the item a click pointed at.
  struct Trigger {
    var expectedSpelling: String? = nil
    var clickedItem: Int? = nil
    /// The key pressed, by name (a bare `put` in `transform`'s output types it).
    var keyName: String? = nil
    /// Whether the actions waited for new matches: the cursor goes back to
    /// the clicked item before they run.
    var waited = false
    /// The event that runs the actions, if an event does.
    var event: BindingEvent? = nil
    /// How many `focus` events in a row led to these actions.
    var focusRound = 0
    /// The query and selection before the first of the actions ran.
    var baseline: EventBaseline? = nil
    /// The actions are an unbound character's typing (fzf's `char`).
    var typesCharacter = false
  }

  /// Decodes terminal bytes (the first `cookedLeft` were typed before raw
  /// mode, with LF as Enter) and handles what they say.
  mutating func terminalInput(_ bytes: [UInt8], now: Int) -> [PickerEffect] {
    let cooked = min(cookedLeft, bytes.count)
    cookedLeft -= cooked
    let events =
      decoder.feed(Array(bytes[0..<cooked]), cooked: true) + decoder.feed(Array(bytes[cooked...]))
    decoderDeadline = now + (decoder.waitMilliseconds ?? 0)
    return inputEvents(events, now: now)
  }

  /// Bytes the decoder held that stopped waiting for more (a lone Esc).
  mutating func decoderTimeouts(now: Int) -> [PickerEffect] {
    guard decoder.isWaiting, now >= decoderDeadline else { return [] }
    let events = decoder.timedOut()
    decoderDeadline = now + (decoder.waitMilliseconds ?? 0)
    return inputEvents(events, now: now)
  }

  /// Inline mode: once the wait for the cursor's position is over, with no
  /// answer, the area ends at the bottom of the screen, as assumed; the keys
  /// typed meanwhile run.
  mutating func cursorReportTimeout(now: Int) -> [PickerEffect] {
    guard let deadline = cursorReportDeadline, now >= deadline else { return [] }
    return endCursorReportWait(now: now)
  }

  /// Handles decoded events: answers from the terminal at once, the rest in
  /// order behind anything queued.
  private mutating func inputEvents(_ events: [InputEvent], now: Int) -> [PickerEffect] {
    var effects: [PickerEffect] = []
    for event in events {
      switch event {
      case .cursorPosition(let row, _):
        guard cursorReportDeadline != nil else { continue }
        effects.append(.setCursorRow(row))
        effects += endCursorReportWait(now: now)
      case .modeReport(let mode, let value):
        effects.append(.noteModeReport(mode: mode, value: value))
      default:
        queue.append(.input(event))
      }
    }
    return effects + resume(now: now)
  }

  private mutating func endCursorReportWait(now: Int) -> [PickerEffect] {
    cursorReportDeadline = nil
    decoder.expectsCursorReport = false
    return resume(now: now)
  }

  /// Runs queued work until it is done, the picker ends, or an action has to wait.
  mutating func resume(now: Int) -> [PickerEffect] {
    var effects: [PickerEffect] = []
    while blocker == nil, cursorReportDeadline == nil, ending == nil, !queue.isEmpty {
      switch queue.removeFirst() {
      case .input(let event):
        let (actions, trigger) = actions(for: event, now: now)
        effects += run(actions, trigger: trigger, now: now)
      case .actions(let actions, let trigger):
        effects += run(actions, trigger: trigger, now: now)
      case .decideAccept:
        effects += decideAccept()
      case .remoteStatus(let ticket, let limit, let offset):
        effects += remoteStatus(ticket: ticket, limit: limit, offset: offset, now: now)
      }
    }
    return effects
  }

  /// The actions an input event stands for.
  private mutating func actions(for event: InputEvent, now: Int) -> ([PickerAction], Trigger) {
    // The keys' hint is there until the user presses one.
    if case .key = event { state.hint = [] }
    if case .mouse = event { state.hint = [] }
    if case .paste = event { state.hint = [] }
    switch event {
    case .key(let key):
      let spelling = expected[key.name]
      lastKeyName = key.name
      lastActivity = now
      var trigger = Trigger(expectedSpelling: spelling, keyName: key.name)
      trigger.typesCharacter = keymap.bindings[key.name] == nil
      return (spelling != nil ? [.accept] : keymap.actions(for: key), trigger)
    case .paste(let text):
      lastActivity = now
      return ([.insert(Array(text.unicodeScalars))], Trigger())
    case .mouse(let report):
      lastActivity = now
      return mouseActions(report, now: now)
    case .cursorPosition, .modeReport: return ([], Trigger())
    }
  }

  /// Runs `actions` in order. One that needs the matches of the query on
  /// screen while they are stale starts that search and waits: it and the
  /// rest go back to the front of the queue.
  private mutating func run(_ actions: [PickerAction], trigger: Trigger, now: Int) -> [PickerEffect] {
    let actions = expandingTriggers(actions)
    var effects: [PickerEffect] = []
    var trigger = trigger
    if trigger.baseline == nil {
      trigger.baseline = EventBaseline(query: state.editor.bytes, selection: state.selection.revision)
    }
    if trigger.waited, let clicked = trigger.clickedItem {
      // The matches were brought up to date since the click: the cursor goes back to what was clicked.
      state.point(atItem: clicked)
    }
    for (index, action) in actions.enumerated() {
      if action.needsCurrentMatches && !state.isUpToDate {
        if !isSearchingCurrent { effects.append(requestSearch(now: now)) }
        blocker = .matches
        var waiting = trigger
        waiting.waited = true
        queue.insert(.actions(Array(actions[index...]), waiting), at: 0)
        return effects
      }
      // What the action puts at the front of the queue runs before the actions after it.
      let queued = queue.count
      effects += perform(action, trigger: trigger, now: now)
      if ending != nil || blocker != nil {
        if blocker != nil && index + 1 < actions.count {
          var rest = trigger
          rest.waited = false
          queue.insert(.actions(Array(actions[(index + 1)...]), rest), at: queue.count - queued)
        } else if ending == nil {
          followingEvents(of: trigger, at: queue.count - queued)
        }
        return effects
      }
    }
    followingEvents(of: trigger, at: 0)
    return effects
  }
}
