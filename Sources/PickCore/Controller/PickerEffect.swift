/// What the controller asks the session to do: the side effects of an
/// event. The session performs them in order, and reports back what it must
/// (a search's result, a reload's new store) as further events.
public enum PickerEffect {
  /// Start this search; a search still running is abandoned. Its result
  /// comes back as `.searchFinished`.
  case search(SearchRequest)
  /// Run the preview command for `request`, its placeholders expanded from
  /// `context`, stopping any other; its output comes back as `.previewOutput`,
  /// its end as `.previewFinished` (or `.previewFailed`).
  case startPreview(PreviewRequest, PreviewTemplate.Context)
  /// Stop the running preview command: its output is no longer wanted.
  case stopPreview
  /// `execute(CMD)` (on the terminal, which the session restores meanwhile)
  /// or `execute-silent(CMD)` (no terminal), with these placeholders.
  case execute(PreviewTemplate, PreviewTemplate.Context, isSilent: Bool)
  /// `reload(CMD)`: replace the items by the command's output. Answered by
  /// `.reloaded(store)` or `.reloadFailed`; the actions after it wait.
  case reload(PreviewTemplate, PreviewTemplate.Context)
  /// `--info-command`: run the command, its placeholders expanded from
  /// `context`, with `info` (the info text it replaces) in `PICK_INFO`, and
  /// wait for it; its output comes back as `.infoCommandOutput`.
  case runInfoCommand(PreviewTemplate, PreviewTemplate.Context, info: [UInt8])
  /// `become(CMD)`: the picker ends (`.exit(.become)` follows); pick restores
  /// the terminal and replaces itself with CMD, its placeholders expanded
  /// from `context` now.
  case become(PreviewTemplate, PreviewTemplate.Context)
  /// `transform-*(CMD)`, `transform(CMD)` and their `bg-transform` forms:
  /// run CMD with no terminal and report what it printed as
  /// `.transformOutput(id:)`. In the background, the loop goes on meanwhile;
  /// otherwise the session waits for it (the actions after it wait too).
  case runTransform(id: Int, PreviewTemplate, PreviewTemplate.Context, isBackground: Bool)
  /// `bg-cancel`: end every background transform command; its output is not wanted.
  case cancelBackground
  /// `bell`: ring the terminal's bell.
  case bell
  /// The terminal answered where its cursor is (inline mode): the frame ends on this row.
  case setCursorRow(Int)
  /// The terminal answered how a mode was set at start (bracketed paste).
  case noteModeReport(mode: Int, value: Int)
  /// Read the terminal's size again (after SIGWINCH).
  case refreshSize
  /// Raw mode and the screen modes again (after SIGCONT).
  case resumeTerminal
  /// Restore the terminal and stop like a job (Ctrl-Z, SIGTSTP); on return, raw mode again.
  case suspendTerminal
  /// The screen may not show the last frame: draw the next one in full.
  case invalidateScreen
  /// `--listen`: send these bytes (a whole HTTP answer) on the connection
  /// `ticket`, and close it.
  case answerRemote(ticket: Int, [UInt8])
  /// The picker is done.
  case exit(PickerEnding)
}

/// How the picker ended.
public enum PickerEnding: Equatable, Sendable {
  /// Enter: these items (store ordinals), in output order.
  case accepted([Int])
  /// Esc, Ctrl-C, Ctrl-G, Ctrl-Q, Ctrl-D on an empty query, SIGINT, SIGTERM.
  case aborted
  /// The terminal went away (SIGHUP, EIO).
  case hungUp
  /// Nothing matched when Enter came and input had ended.
  case nothingChosen
  /// `print-query` (or `accept-or-print-query` with nothing to print): the
  /// query alone is printed, and pick exits 0.
  case queryPrinted
  /// `become(CMD)`: pick is replaced by the command (`PickerEffect.become`).
  case become
}

/// What a preview is run for; a change starts a new one.
public struct PreviewRequest: Equatable, Sendable {
  public var item: Int?
  public var query: [UInt8]
  public var selection: [Int]
  public var columns: Int
  public var lines: Int

  public init(item: Int?, query: [UInt8], selection: [Int], columns: Int, lines: Int) {
    self.item = item
    self.query = query
    self.selection = selection
    self.columns = columns
    self.lines = lines
  }
}
