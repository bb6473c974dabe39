/// The preview's policy, without a process: what the pane shows, which
/// command should run for which item, and when. The controller owns it and
/// turns its `Command`s into effects; PickSystem's `PreviewRunner` runs the
/// commands and reports their output back.
///
/// When what the preview is for (the item, the query, the selection, the
/// pane's size: `PreviewRequest`) changes:
///
/// 1. the running command, if any, is stopped at once;
/// 2. the new one starts after `PickerTunables.previewDebounce`, so holding
///    Down does not start a process per row;
/// 3. its output is appended to the pane as it comes, up to `PreviewText`'s
///    bound (past it the command is stopped and the rest ignored);
/// 4. when it has exited with a failure, its status shows under the output.
///
/// The previous output stays on screen until the new command prints
/// something, ends, or `PickerTunables.previewClearAfter` passes, so a fast
/// preview does not flash an empty pane at every move. With nothing under
/// the cursor and a command that needs an item, the pane is emptied and
/// nothing runs, as in fzf.
public struct PreviewScheduler {
  /// What the runner is asked to do.
  public enum Command {
    /// Start the command for this request, with these placeholders (stopping any other first).
    case start(PreviewRequest, PreviewTemplate.Context)
    /// Stop the running command (its output is no longer wanted).
    case stop
  }

  public let template: PreviewTemplate
  /// What the layout draws: the spec, the output, the scroll and the status.
  public internal(set) var pane: PreviewPane

  /// What the pane shows or is running for.
  private var current: PreviewRequest? = nil
  /// The command waiting for its debounce: what it is for, when it starts, and its placeholders.
  private var scheduled: (request: PreviewRequest, at: Int, context: PreviewTemplate.Context)? = nil
  /// Whether a command started for `current` has not finished or been stopped.
  public private(set) var isRunning = false
  /// When the previous output gives way to the new command's silence.
  private var clearAt: Int? = nil

  public init(template: PreviewTemplate, spec: PreviewWindowSpec, tabstop: Int) {
    self.template = template
    pane = PreviewPane(spec: spec)
    pane.tabstop = tabstop
  }

  /// Whether `request` is neither what the pane shows nor what is scheduled.
  public func isNew(_ request: PreviewRequest) -> Bool {
    request != current && request != scheduled?.request
  }

  /// Asks for the preview of `request`; `context` builds the command. Does
  /// nothing when it is what is already shown or scheduled.
  public mutating func request(
    _ request: PreviewRequest, context: @autoclosure () -> PreviewTemplate.Context, now: Int
  ) -> [Command] {
    guard isNew(request) else { return [] }
    let commands = stopRunning()
    current = nil
    if request.item == nil && template.needsItem {
      scheduled = nil
      clearText()
      pane.status = nil
      current = request
      return commands
    }
    scheduled = (request, now + PickerTunables.previewDebounce, context())
    return commands
  }

  /// Starts the scheduled command when its time has come, and clears stale output.
  public mutating func tick(now: Int) -> [Command] {
    if let clearAt, now >= clearAt {
      self.clearAt = nil
      clearText()
    }
    guard let due = scheduled, now >= due.at else { return [] }
    scheduled = nil
    current = due.request
    pane.status = nil
    isRunning = true
    clearAt = now + PickerTunables.previewClearAfter
    return [.start(due.request, due.context)]
  }

  /// How long until `tick` has something to do; nil: nothing is pending.
  public func timeout(now: Int) -> Int? {
    [scheduled?.at, clearAt].compactMap { $0 }.min().map { max($0 - now, 0) }
  }

  /// The running command printed `bytes`. Stops it once the pane holds all it will show.
  public mutating func output(_ bytes: ArraySlice<UInt8>) -> [Command] {
    guard isRunning else { return [] }
    clearIfStale()
    pane.text.append(bytes)
    guard pane.text.isTruncated else { return [] }
    // Enough: stop the command rather than read what will not be shown.
    isRunning = false
    return [.stop]
  }

  /// The running command ended; `failure` says how, when it failed (`exit status 1`).
  public mutating func finished(failure: String?) {
    guard isRunning else { return }
    isRunning = false
    clearIfStale()
    if let failure { pane.status = "[\(failure)]" }
  }

  /// The command could not be run (a placeholder it cannot take, or no
  /// process): the pane says why.
  public mutating func failed(_ problem: String) {
    isRunning = false
    self.clearAt = nil
    clearText()
    pane.status = "[\(problem)]"
  }

  /// Runs a preview action (`toggle-preview`, `preview-down`, …) on a pane
  /// whose text is `pageLines` high; false for any other action.
  public mutating func perform(_ action: PickerAction, pageLines: Int) -> (handled: Bool, commands: [Command]) {
    let page = max(pageLines, 1)
    switch action {
    case .togglePreview: return (true, setVisible(!pane.isVisible))
    case .showPreview: return (true, setVisible(true))
    case .hidePreview: return (true, setVisible(false))
    case .refreshPreview: return (true, forget())
    case .previewUp: scroll(by: -1, page: page)
    case .previewDown: scroll(by: 1, page: page)
    case .previewPageUp: scroll(by: -page, page: page)
    case .previewPageDown: scroll(by: page, page: page)
    case .previewHalfPageUp: scroll(by: -max(page / 2, 1), page: page)
    case .previewHalfPageDown: scroll(by: max(page / 2, 1), page: page)
    case .previewTop: scroll(by: -pane.scroll, page: page)
    case .previewBottom: scroll(by: pane.text.lineCount, page: page)
    default: return (false, [])
    }
    return (true, [])
  }

  /// Shows or hides the pane; hiding stops the command, showing runs it again.
  private mutating func setVisible(_ visible: Bool) -> [Command] {
    pane.isVisible = visible
    return visible ? [] : forget()
  }

  /// Drops what is running and scheduled, so the next request runs the command again.
  private mutating func forget() -> [Command] {
    scheduled = nil
    current = nil
    return stopRunning()
  }

  private mutating func stopRunning() -> [Command] {
    guard isRunning else { return [] }
    isRunning = false
    return [.stop]
  }

  /// Scrolls by `lines` (negative: up), within the output.
  private mutating func scroll(by lines: Int, page: Int) {
    pane.scroll = max(0, min(pane.scroll + lines, max(pane.text.lineCount - page, 0)))
  }

  /// The new command has something to say: the old output goes now, not at `clearAt`.
  private mutating func clearIfStale() {
    guard clearAt != nil else { return }
    clearAt = nil
    clearText()
  }

  private mutating func clearText() {
    pane.text = PreviewText()
    pane.scroll = 0
  }
}
