import Glibc
import PickCore

/// Runs the `--preview` command for the item under the cursor and collects
/// its output into the pane, without ever blocking the picker.
///
/// The picker controller asks (`request`) for what the command is to be run
/// for (the item, the query, the selection, the pane's size) when that
/// changes; then:
///
/// 1. the running command, if any, is killed as a process group (SIGKILL),
///    so `sh -c 'sleep 10'` or `find / | head` ends whole, and is reaped
///    later without waiting (`dying`);
/// 2. a new command is started after `PickerTunables.previewDebounce`, so holding
///    Down does not start a process per row;
/// 3. its output (stdout and stderr merged, stdin `/dev/null`) is read as
///    the session's `poll()` says it is ready, one read at a time, into
///    `PreviewText` (bounded: past 10 000 lines or 1 MiB the command is
///    killed and the rest ignored);
/// 4. when it has exited with a failure, its status shows under the output.
///
/// The previous output stays on screen until the new command prints
/// something, ends, or `PickerTunables.previewClearAfter` passes, so a fast preview does
/// not flash an empty pane at every move.
///
/// The command runs as every child does (Docs/Design.md, Child processes: `sh -c`, or
/// `--with-shell`), with `PICK_PREVIEW_LINES`, `PICK_PREVIEW_COLUMNS`,
/// `LINES` and `COLUMNS` set to the pane's text area. `{f}` files are
/// created with `mkstemp` under `$TMPDIR` (or `/tmp`), mode 0600, and
/// removed once the command is reaped.
public final class PreviewRunner {
  /// What a preview is run for (built by the controller).
  public typealias Request = PreviewRequest

  public let template: PreviewTemplate
  private let shell: [[UInt8]]
  /// What the layout draws: the spec, the output, the scroll and the status.
  public private(set) var pane: PreviewPane {
    didSet { revision &+= 1 }
  }
  /// Counts the changes of `pane`, so the session reports only a changed pane to the controller.
  public private(set) var revision = 0

  private var current: Request? = nil
  /// The command waiting for its debounce to pass: what it is for, when it starts, and how to build it.
  private var scheduled: (request: Request, at: Int, context: PreviewTemplate.Context)? = nil
  private var running: ChildProcess? = nil
  private var runningFiles: [[UInt8]] = []
  private var outputEnded = false
  private var clearAt: Int? = nil
  /// Killed children not yet reaped, with their `{f}` files.
  private var dying: [(process: ChildProcess, files: [[UInt8]])] = []
  private var buffer = [UInt8](repeating: 0, count: 64 << 10)

  public init(template: PreviewTemplate, shell: [[UInt8]], spec: PreviewWindowSpec, tabstop: Int) {
    self.template = template
    self.shell = shell
    pane = PreviewPane(spec: spec)
    pane.tabstop = tabstop
  }

  deinit {
    stop()
  }

  /// Asks for the preview of `request`; `context` builds the command. Does
  /// nothing when it is what is already shown or scheduled.
  public func request(
    _ request: Request, context: @autoclosure () -> PreviewTemplate.Context, now: Int
  ) {
    if request == current || request == scheduled?.request { return }
    cancelRunning()
    current = nil
    if request.item == nil && template.needsItem {
      // Nothing under the cursor (no match): an empty pane, as in fzf.
      scheduled = nil
      pane.text = PreviewText()
      pane.status = nil
      pane.scroll = 0
      current = request
      return
    }
    scheduled = (request, now + PickerTunables.previewDebounce, context())
  }

  /// Starts a scheduled command whose time has come, reaps ended children,
  /// clears stale output. Returns whether the pane changed.
  @discardableResult
  public func tick(now: Int) -> Bool {
    var changed = false
    reapDying()
    if let scheduled, now >= scheduled.at {
      self.scheduled = nil
      start(scheduled.request, context: scheduled.context, now: now)
      changed = true
    }
    if let clearAt, now >= clearAt {
      self.clearAt = nil
      pane.text = PreviewText()
      pane.scroll = 0
      changed = true
    }
    if let running, outputEnded, let ended = running.poll() {
      finish(ended)
      changed = true
    }
    return changed
  }

  /// The output descriptor to poll, or -1.
  public var descriptor: Int32 {
    guard let running, !outputEnded else { return -1 }
    return running.outputDescriptor
  }

  /// How long the session may sleep before `tick` has something to do; nil: until an event.
  public func timeout(now: Int) -> Int? {
    var wait: Int? = nil
    func take(_ at: Int) { wait = min(wait ?? Int.max, max(at - now, 0)) }
    if let scheduled { take(scheduled.at) }
    if let clearAt { take(clearAt) }
    // SIGCHLD wakes the session, but a child may close its output before it exits.
    if (running != nil && outputEnded) || !dying.isEmpty { take(now + 20) }
    return wait
  }

  /// Reads what the command has written (call when `descriptor` is ready).
  public func readAvailable() {
    guard let running, running.outputDescriptor >= 0, !outputEnded else { return }
    let n = buffer.withUnsafeMutableBytes {
      read(running.outputDescriptor, $0.baseAddress, $0.count)
    }
    if n < 0 && (errno == EINTR || errno == EAGAIN) { return }
    if clearAt != nil {
      clearAt = nil
      pane.text = PreviewText()
      pane.scroll = 0
    }
    if n <= 0 {
      outputEnded = true
      running.closeOutput()
      if let ended = running.poll() { finish(ended) }
      return
    }
    pane.text.append(buffer[0..<n])
    if pane.text.isTruncated {
      // Enough: stop the command rather than read what will not be shown.
      outputEnded = true
      running.kill()
      running.closeOutput()
      dying.append((running, runningFiles))
      self.running = nil
      runningFiles = []
    }
  }

  /// Kills everything still running and removes the temporary files.
  public func stop() {
    scheduled = nil
    cancelRunning()
    for (process, files) in dying {
      process.wait()
      Self.remove(files)
    }
    dying = []
  }

  /// Shows or hides the pane; hiding stops the command, showing runs it again.
  public func setVisible(_ visible: Bool) {
    pane.isVisible = visible
    if !visible {
      scheduled = nil
      cancelRunning()
      current = nil
    }
  }

  /// `refresh-preview`: runs the command again for the same item.
  public func refresh() {
    scheduled = nil
    cancelRunning()
    current = nil
  }

  /// Scrolls by `lines` (negative: up), within the output, on a pane that shows `pageLines` lines.
  public func scroll(by lines: Int, pageLines: Int) {
    pane.scroll = max(0, min(pane.scroll + lines, max(pane.text.lineCount - max(pageLines, 1), 0)))
  }

  private func start(_ request: Request, context: PreviewTemplate.Context, now: Int) {
    current = request
    var files: [[UInt8]] = []
    let expansion = template.expand(context) { contents in
      guard let path = Self.temporaryFile(contents) else { return nil }
      files.append(path)
      return path
    }
    pane.status = nil
    if let problem = expansion.problem {
      Self.remove(files)
      pane.text = PreviewText()
      pane.scroll = 0
      pane.status = "[\(problem)]"
      return
    }
    let environment: [(name: [UInt8], value: [UInt8])] = [
      (Array("PICK_PREVIEW_LINES".utf8), Array(String(request.lines).utf8)),
      (Array("PICK_PREVIEW_COLUMNS".utf8), Array(String(request.columns).utf8)),
      (Array("LINES".utf8), Array(String(request.lines).utf8)),
      (Array("COLUMNS".utf8), Array(String(request.columns).utf8)),
    ]
    do {
      running = try ChildProcess(
        shell: shell, command: expansion.command, environment: environment, input: .null,
        output: .pipe,
        errors: .output)
      runningFiles = files
      outputEnded = false
      clearAt = now + PickerTunables.previewClearAfter
    } catch {
      Self.remove(files)
      pane.text = PreviewText()
      pane.scroll = 0
      pane.status = "[\(error)]"
    }
  }

  private func finish(_ ended: ChildProcess.Termination) {
    if clearAt != nil {
      clearAt = nil
      pane.text = PreviewText()
      pane.scroll = 0
    }
    if !ended.isSuccess { pane.status = "[\(ended)]" }
    running = nil
    Self.remove(runningFiles)
    runningFiles = []
  }

  private func cancelRunning() {
    guard let running else { return }
    running.kill()
    running.closeOutput()
    dying.append((running, runningFiles))
    self.running = nil
    runningFiles = []
    outputEnded = false
  }

  private func reapDying() {
    dying.removeAll { entry in
      guard entry.process.poll() != nil else { return false }
      Self.remove(entry.files)
      return true
    }
  }

  /// Writes `contents` to a new file `pick-preview-XXXXXX` in `$TMPDIR` or `/tmp`; its path.
  static func temporaryFile(_ contents: [UInt8]) -> [UInt8]? {
    var directory = ProcessEnvironment.value("TMPDIR") ?? []
    if directory.first != UInt8(ascii: "/") { directory = Array("/tmp".utf8) }
    while directory.count > 1 && directory.last == UInt8(ascii: "/") { directory.removeLast() }
    var template =
      directory.map { CChar(bitPattern: $0) } + Array("/pick-preview-XXXXXX".utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
      guard let base = buffer.baseAddress else { return -1 }
      return mkstemp(base)
    }
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    let path = template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    var offset = 0
    while offset < contents.count {
      let n = contents[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
      if n < 0 && errno == EINTR { continue }
      if n <= 0 {
        remove([path])
        return nil
      }
      offset += n
    }
    return path
  }

  /// Removes the temporary files at `files`.
  static func remove(_ files: [[UInt8]]) {
    for path in files {
      let cPath = path.map { CChar(bitPattern: $0) } + [0]
      cPath.withUnsafeBufferPointer { if let base = $0.baseAddress { _ = unlink(base) } }
    }
  }
}
