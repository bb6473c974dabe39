import Glibc
import PickCore

/// Runs the `--preview` command the controller asks for and reads its
/// output, without ever blocking the picker. When to run what, and what the
/// pane shows, is `PreviewScheduler`'s (PickCore); this is the processes.
///
/// - `start` expands the placeholders (`{f}` files are created with `mkstemp`
///   under `$TMPDIR` or `/tmp`, mode 0600) and starts the command as every
///   child is started (Docs/Design.md, Child processes: `sh -c`, or
///   `--with-shell`), stdout and stderr merged into one pipe, stdin
///   `/dev/null`, with `PICK_PREVIEW_LINES`, `PICK_PREVIEW_COLUMNS`, `LINES`
///   and `COLUMNS` set to the pane's text area.
/// - `stop` kills the running command as a process group (SIGKILL), so
///   `sh -c 'sleep 10'` or `find / | head` ends whole; it is reaped later
///   without waiting, and its `{f}` files removed then.
/// - The session polls `descriptor` with the terminal and calls `read` when
///   it is ready (one read per turn), and `reap` every turn.
public final class PreviewRunner {
  private let template: PreviewTemplate
  private let shell: [[UInt8]]
  private var running: ChildProcess? = nil
  private var runningFiles: [[UInt8]] = []
  private var outputEnded = false
  /// Killed children not yet reaped, with their `{f}` files.
  private var dying: [(process: ChildProcess, files: [[UInt8]])] = []
  private var buffer = [UInt8](repeating: 0, count: 64 << 10)

  public init(template: PreviewTemplate, shell: [[UInt8]]) {
    self.template = template
    self.shell = shell
  }

  /// The runner for `options`, or nil without `--preview`.
  public convenience init?(options: Options) {
    guard let command = options.preview else { return nil }
    self.init(template: PreviewTemplate(command), shell: options.withShell)
  }

  deinit {
    stopAll()
  }

  /// Starts the command for `request` with `context`'s placeholders (a
  /// running one is stopped first); nil, or why it could not run.
  public func start(_ request: PreviewRequest, context: PreviewTemplate.Context) -> String? {
    stop()
    var files: [[UInt8]] = []
    let expansion = template.expand(context) { contents in
      guard let path = Self.temporaryFile(contents) else { return nil }
      files.append(path)
      return path
    }
    if let problem = expansion.problem {
      Self.remove(files)
      return problem
    }
    // The picker's variables, then the pane's size as this request measured it.
    let environment: [(name: [UInt8], value: [UInt8])] =
      context.environment + [
        (Array("PICK_PREVIEW_LINES".utf8), Array(String(request.lines).utf8)),
        (Array("PICK_PREVIEW_COLUMNS".utf8), Array(String(request.columns).utf8)),
        (Array("LINES".utf8), Array(String(request.lines).utf8)),
        (Array("COLUMNS".utf8), Array(String(request.columns).utf8)),
      ]
    do {
      running = try ChildProcess(
        shell: shell, command: expansion.command, environment: environment, input: .null, output: .pipe,
        errors: .output)
      runningFiles = files
      outputEnded = false
      return nil
    } catch {
      Self.remove(files)
      return "\(error)"
    }
  }

  /// Stops the running command (killed as a group, reaped later).
  public func stop() {
    guard let running else { return }
    running.kill()
    running.closeOutput()
    dying.append((running, runningFiles))
    self.running = nil
    runningFiles = []
    outputEnded = false
  }

  /// Stops everything, waits for it, and removes the temporary files (at the end).
  public func stopAll() {
    stop()
    for (process, files) in dying {
      process.wait()
      Self.remove(files)
    }
    dying = []
  }

  /// The output descriptor to poll, or -1.
  public var descriptor: Int32 {
    guard let running, !outputEnded else { return -1 }
    return running.outputDescriptor
  }

  /// How long the session may sleep before `reap` has something to do; nil: until an event.
  public func timeout(now: Int) -> Int? {
    // SIGCHLD wakes the session, but a child may close its output before it exits.
    (running != nil && outputEnded) || !dying.isEmpty ? 20 : nil
  }

  /// Reads what the command has written (call when `descriptor` is ready):
  /// its output, or how it ended once its output has ended and it has exited.
  public func read() -> PickerEvent? {
    guard let running, running.outputDescriptor >= 0, !outputEnded else { return nil }
    let n = buffer.withUnsafeMutableBytes { Glibc.read(running.outputDescriptor, $0.baseAddress, $0.count) }
    if n < 0 && (errno == EINTR || errno == EAGAIN) { return nil }
    guard n > 0 else {
      outputEnded = true
      running.closeOutput()
      return reap()
    }
    return .previewOutput(Array(buffer[0..<n]))
  }

  /// Reaps stopped children; how the command ended, once its output has
  /// ended and it has exited.
  public func reap() -> PickerEvent? {
    dying.removeAll { entry in
      guard entry.process.poll() != nil else { return false }
      Self.remove(entry.files)
      return true
    }
    guard let running, outputEnded, let ended = running.poll() else { return nil }
    self.running = nil
    Self.remove(runningFiles)
    runningFiles = []
    return .previewFinished(failure: ended.isSuccess ? nil : "\(ended)")
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
    // Removed by the crash handler too, should pick die of a signal it cannot handle.
    CrashCleanup.note(file: path)
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
      CrashCleanup.forget(file: path)
      let cPath = path.map { CChar(bitPattern: $0) } + [0]
      cPath.withUnsafeBufferPointer { if let base = $0.baseAddress { _ = unlink(base) } }
    }
  }
}
