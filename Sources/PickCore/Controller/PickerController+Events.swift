/// fzf's events (`BindingEvent`): when the controller raises each, and how
/// their actions run.
///
/// An event's actions go into the queue as a key's do (`QueuedWork.actions`),
/// so they run in order with the keys around them and wait for the matches
/// as a key's actions do. The events a key's actions cause (`focus`,
/// `change`, `backward-eof`, `multi`, in that order, as fzf runs them) run
/// right after those actions, before the next key; the others queue behind
/// what is already waiting.
///
/// ```
/// init ──────────────────────► start (runs in the first turn, before the first frame)
/// matches for the query on screen installed (init, .searchFinished)
///   ─► [load once per input] [zero | one] result [result-final]
///      (the bracketed ones: the input is complete and every item was searched)
/// a key's (or event's) actions done ─► focus? change? backward-eof? multi?
/// the end of every turn ─► every(N) that are due; focus, when new matches moved it
/// .geometry with another size ─► resize
/// ```
///
/// An unbound event costs nothing but the check. `focus` fires when the item
/// under the cursor is another than the one it last fired for (nothing
/// under the cursor counts as one), not on every frame; a `focus` binding
/// that moves the cursor raises `focus` again, at most `focusRounds` times
/// for one key, as in fzf (`focus:up` with `--cycle` would never end).
extension PickerController {
  /// What a key's actions are compared with once they are done.
  struct EventBaseline {
    var query: [UInt8]
    var selection: Int
  }

  /// The most `focus` events one key may cause in a row (fzf's `maxFocusEvents`).
  static let focusRounds = 10_000

  /// Queues `event`'s actions when it is bound: behind the queued work, or
  /// at `position`. Returns whether it queued anything.
  @discardableResult
  mutating func raise(_ event: BindingEvent, at position: Int? = nil, focusRound: Int = 0) -> Bool {
    guard let actions = keymap.actions(for: event) else { return false }
    var trigger = Trigger()
    trigger.event = event
    trigger.focusRound = focusRound
    let work = QueuedWork.actions(actions, trigger)
    if let position { queue.insert(work, at: min(position, queue.count)) } else { queue.append(work) }
    return true
  }

  /// At start (the end of `init`): the clocks, `start`, and what the first
  /// matches raise. Their actions run in the first turn.
  mutating func startEvents(now: Int) {
    clock = now
    lastActivity = now
    for interval in keymap.everyIntervals { everyDue[interval] = now + interval }
    raise(.start)
    resultEvents(coversInput: true)
  }

  /// Matches were installed: when they answer the query on screen,
  /// `result`; when besides the input is complete and they cover every
  /// item, first `load` (once per input: at start and after each `reload`),
  /// `zero` or `one`, then after `result` `result-final`.
  mutating func resultEvents(coversInput: Bool) {
    guard state.isUpToDate else { return }
    let isFinal = coversInput && !isInputOpen
    if isFinal && isLoadDue {
      isLoadDue = false
      raise(.load)
    }
    if isFinal && state.matches.count == 0 { raise(.zero) }
    if isFinal && state.matches.count == 1 { raise(.one) }
    raise(.result)
    if isFinal { raise(.resultFinal) }
  }

  /// The actions of `trigger` are done: the events they caused go at
  /// `position` in the queue, before the work queued behind them.
  mutating func followingEvents(of trigger: Trigger, at position: Int) {
    var events: [(BindingEvent, round: Int)] = []
    if trigger.focusRound < Self.focusRounds, focusMoved() { events.append((.focus, trigger.focusRound + 1)) }
    if let baseline = trigger.baseline {
      if trigger.event != .change && state.editor.bytes != baseline.query { events.append((.change, 0)) }
      if backwardEOF && trigger.event != .backwardEOF { events.append((.backwardEOF, 0)) }
      if trigger.event != .multi && state.selection.revision != baseline.selection {
        events.append((.multi, 0))
      }
    }
    backwardEOF = false
    var next = position
    for (event, round) in events where raise(event, at: next, focusRound: round) { next += 1 }
  }

  /// Whether the item under the cursor is another than when `focus` last
  /// fired (and then notes it); always false while `focus` is unbound.
  mutating func focusMoved() -> Bool {
    guard keymap.actions(for: .focus) != nil, state.currentItem != lastFocus else { return false }
    lastFocus = state.currentItem
    return true
  }

  /// Once per turn, before the frame: the `every(N)` events that are due
  /// (a late turn raises each once, as fzf's ticker drops the ticks it
  /// missed), `focus` when new matches put another item under the cursor;
  /// then the queued work runs.
  mutating func turnEvents(now: Int) -> [PickerEffect] {
    for (interval, due) in everyDue.sorted(by: { $0.key < $1.key }) where now >= due {
      everyDue[interval] = now + interval
      raise(.every(milliseconds: interval))
    }
    if focusMoved() { raise(.focus) }
    return resume(now: now)
  }

  /// The terminal's size changed (not only the frame's place on it): `resize`.
  mutating func resized(to new: TerminalGeometry) {
    if new.columns != geometry.columns || new.rows != geometry.rows { raise(.resize) }
  }

  /// What the time until the next `every(N)` allows the session to wait.
  func everyTimeout(now: Int) -> Int? {
    everyDue.values.min().map { max($0 - now, 0) }
  }
}
