import Glibc
import PickCore

/// `--tmux` / `--popup`: pick runs itself again in a `tmux display-popup`,
/// and this, the outer pick, passes its input, output and exit status
/// through, as if the picker had run in place (Docs/Popup.md).
public enum TmuxPopup {
  /// Whether pick is inside tmux (`$TMUX` set) and that tmux has popups as
  /// pick needs them (3.3 or newer). Otherwise `--tmux` is ignored, as in fzf.
  public static func isAvailable() -> Bool {
    guard let socket = ProcessEnvironment.value("TMUX"), !socket.isEmpty else { return false }
    guard
      let version = try? ChildProcess(
        arguments: [Array("tmux".utf8), Array("-V".utf8)], output: .pipe, errors: .null)
    else { return false }
    let answer = (try? version.readOutputToEnd()) ?? []
    guard version.wait().isSuccess else { return false }
    return TmuxVersion.supportsPopups(answer)
  }

  /// Runs the picker in a popup and returns pick's exit status: the inner
  /// pick's, or what pick returns for the signal that ended the outer one.
  ///
  /// - Parameter readsInput: standard input is piped in (not a terminal).
  public static func run(_ spec: PopupSpec, options: Options, readsInput: Bool) throws(SystemError) -> Int32 {
    let files = try PopupFiles()
    defer { files.remove() }
    let signals: SignalPipe
    do {
      signals = try SignalPipe(catching: [SIGINT, SIGTERM, SIGHUP, SIGCHLD])
    } catch {
      throw SystemError(errno: EIO, context: "--tmux: \(error)")
    }
    defer { signals.uninstall() }
    let arguments = PopupCommand.innerArguments(ProcessEnvironment.arguments(), options: options, spec: spec)
    try files.writeScript(
      PopupCommand.script(
        pick: ProcessEnvironment.executablePath(), arguments: arguments,
        environment: ProcessEnvironment.entries(), directory: workingDirectory(), paths: files.paths,
        readsInput: readsInput))
    let relay = try PopupRelay(paths: files.paths, copiesInput: readsInput)
    let tmux = try ChildProcess(
      arguments: PopupCommand.tmuxArguments(spec: spec, paths: files.paths), output: .null)
    let ending = relay.run(tmux: tmux, signals: signals)
    if case .signalled = ending { close(files: files, tmux: tmux) }
    if let errors = files.contents(of: files.paths.errors), !errors.isEmpty {
      errors.withUnsafeBytes { raw in _ = try? OutputWriter.writeAll(2, raw) }
    }
    let status = exitStatus(ending, files: files)
    if let failure = relay.writeFailure {
      switch failure {
      case .readerGone: return ExitStatus.readerGone
      case .failed(_, let message):
        OutputWriter.printError("cannot write results: \(message)")
        return ExitStatus.error
      }
    }
    return status
  }

  /// pick's status: for a signal, what pick returns for it in place (130 for
  /// SIGINT and SIGTERM, 129 for SIGHUP); else the status the script wrote.
  /// Without one the popup closed before the inner pick ended: tmux's 129
  /// (its terminal hung up, e.g. `display-popup -C`) stays 129, as a hang-up
  /// in place; anything else is tmux failing, which has said why on stderr.
  private static func exitStatus(_ ending: PopupRelay.Ending, files: PopupFiles) -> Int32 {
    switch ending {
    case .signalled(let signal):
      return signal == SIGHUP ? ExitStatus.hungUp : ExitStatus.aborted
    case .closed(let termination):
      let written = files.contents(of: files.paths.status).map { String(decoding: $0, as: UTF8.self) }
      if let text = written, let status = Int32(text.filter { $0 != "\n" }) { return status }
      if termination == .exited(ExitStatus.hungUp) { return ExitStatus.hungUp }
      OutputWriter.printError("--tmux: tmux display-popup failed (\(termination))")
      return ExitStatus.error
    }
  }

  /// Closes the popup: SIGTERM to the popup's process group (the script's
  /// shell and the inner pick, which restores the popup's terminal and exits),
  /// SIGKILL if it is still there after a second, and the tmux client too.
  /// A signal may come before the script has noted its process group: it is
  /// waited for (a second at most, while the client runs), because a shell
  /// left waiting to open a fifo that is then removed would wait for ever.
  private static func close(files: PopupFiles, tmux: ChildProcess) {
    let deadline = Clock.milliseconds() + 1000
    var group = processGroup(files)
    while group == nil, tmux.poll() == nil, Clock.milliseconds() < deadline {
      usleep(10_000)
      group = processGroup(files)
    }
    if let group {
      _ = kill(-group, SIGTERM)
      if tmux.wait(milliseconds: 1000) == nil { _ = kill(-group, SIGKILL) }
    }
    tmux.terminate(graceMilliseconds: 1000)
  }

  /// The popup's process group, once the script has written it.
  private static func processGroup(_ files: PopupFiles) -> pid_t? {
    let text = files.contents(of: files.paths.processGroup).map { String(decoding: $0, as: UTF8.self) }
    guard let text, let group = pid_t(text.filter { $0 != "\n" }), group > 1 else { return nil }
    return group
  }

  /// The directory pick runs in, where the inner pick must run too.
  private static func workingDirectory() -> [UInt8] {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    guard getcwd(&buffer, buffer.count) != nil else { return Array(".".utf8) }
    return buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
  }
}
