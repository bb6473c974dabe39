import Glibc
import PickCore

/// The commands bindings run (`execute(CMD)`, `execute-silent(CMD)`), with
/// the same placeholders as `--preview` (`PreviewTemplate`); the controller
/// decides what they expand to, this runs them.
enum CommandActions {
  /// `execute(CMD)`: CMD on the terminal, restored meanwhile (the caller
  /// redraws); `execute-silent(CMD)`: CMD with no terminal, waited for unless
  /// a signal ends pick first (`TerminalSession.wait(forSilent:)`).
  /// Nothing runs when the command cannot be passed to the shell (NUL, too
  /// long: see `PreviewTemplate`). `{f}` files are removed once it is done.
  /// Returns the signals that arrived while pick waited, for the picker.
  static func execute(
    _ template: PreviewTemplate, context: PreviewTemplate.Context, isSilent: Bool, options: Options,
    terminal: TerminalSession
  ) -> [Int32] {
    withExpansion(template, context) { command -> [Int32] in
      if isSilent {
        guard
          let child = try? ChildProcess(
            shell: options.withShell, command: command, environment: context.environment, input: .null,
            output: .null, errors: .null)
        else { return [] }
        return terminal.wait(forSilent: child)
      }
      _ = terminal.runInForeground(shell: options.withShell, command: command, environment: context.environment)
      return []
    } ?? []
  }

  /// `transform-*(CMD)`: runs CMD with no terminal and waits for it, as
  /// fzf does (the picker does not answer meanwhile; a signal that ends
  /// pick ends CMD too); what it printed (at most
  /// `BackgroundCommands.outputLimit` bytes) and the signals that came.
  static func transformOutput(
    _ template: PreviewTemplate, context: PreviewTemplate.Context, options: Options, terminal: TerminalSession
  ) -> (output: [UInt8], signals: [Int32]) {
    withExpansion(template, context) { command -> (output: [UInt8], signals: [Int32]) in
      guard
        let child = try? ChildProcess(
          shell: options.withShell, command: command, input: .null, output: .pipe, errors: .null)
      else { return ([], []) }
      let (output, _) = readOutput(of: child.outputDescriptor, limit: BackgroundCommands.outputLimit, within: nil)
      child.closeOutput()
      return (output, terminal.wait(forSilent: child))
    } ?? ([], [])
  }

  /// `become(CMD)`: the command line, its `{f}` files written and left for
  /// CMD (pick is gone when CMD reads them, as fzf leaves them); nil when
  /// it cannot be passed to the shell.
  static func becomeCommand(_ template: PreviewTemplate, context: PreviewTemplate.Context) -> [UInt8]? {
    let expansion = template.expand(context) { PreviewRunner.temporaryFile($0) }
    return expansion.problem == nil ? expansion.command : nil
  }

  /// Runs `body` with `template` expanded for `context` (its `{f}` files
  /// written, and removed once `body` is done); nil, without running it,
  /// when the command cannot be passed to the shell.
  private static func withExpansion<Result>(
    _ template: PreviewTemplate, _ context: PreviewTemplate.Context, _ body: ([UInt8]) -> Result
  ) -> Result? {
    var files: [[UInt8]] = []
    defer { PreviewRunner.remove(files) }
    let expansion = template.expand(context) {
      guard let path = PreviewRunner.temporaryFile($0) else { return nil }
      files.append(path)
      return path
    }
    guard expansion.problem == nil else { return nil }
    return body(expansion.command)
  }
}

extension CommandActions {
  /// The most of `--info-command`'s output read (one line is shown).
  static let infoOutputLimit = 64 << 10
  /// How long pick waits for `--info-command` before it kills it and shows
  /// what it printed: fzf waits for ever, but an info line is not worth a
  /// picker that no longer answers.
  static let infoCommandTimeout = 2_000

  /// `--info-command`: runs the command with `info` in `PICK_INFO` and no
  /// terminal, and returns what it printed (at most `infoOutputLimit`
  /// bytes, within `infoCommandTimeout`) and the signals that arrived meanwhile.
  static func infoOutput(
    _ template: PreviewTemplate, context: PreviewTemplate.Context, info: [UInt8], options: Options,
    terminal: TerminalSession
  ) -> (output: [UInt8], signals: [Int32]) {
    withExpansion(template, context) { command -> (output: [UInt8], signals: [Int32]) in
      guard
        let child = try? ChildProcess(
          shell: options.withShell, command: command,
          environment: context.environment + [(Array("PICK_INFO".utf8), info)],
          input: .null, output: .pipe, errors: .null)
      else { return ([], []) }
      let (output, finished) = readOutput(
        of: child.outputDescriptor, limit: infoOutputLimit, within: infoCommandTimeout)
      // A command still writing gets SIGPIPE; one still running past the time is ended.
      child.closeOutput()
      if !finished { child.terminate(graceMilliseconds: TerminalSession.commandEndGrace) }
      return (output, terminal.wait(forSilent: child))
    } ?? ([], [])
  }

  /// Reads `fd` until its end, `limit` bytes or `within` milliseconds (no
  /// limit: nil); `finished`: it ended.
  private static func readOutput(of fd: Int32, limit: Int, within: Int?) -> (bytes: [UInt8], finished: Bool) {
    var bytes: [UInt8] = []
    var block = [UInt8](repeating: 0, count: 4096)
    let deadline = within.map { Clock.milliseconds() + $0 }
    while bytes.count < limit {
      let left = deadline.map { $0 - Clock.milliseconds() } ?? -1
      guard deadline == nil || left > 0 else { return (bytes, false) }
      var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      if poll(&entry, 1, Int32(clamping: left)) <= 0 { continue }
      let n = block.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if n == 0 { return (bytes, true) }
      if n > 0 { bytes += block[0..<n] } else if errno != EINTR && errno != EAGAIN { return (bytes, true) }
    }
    return (bytes, true)
  }
}
