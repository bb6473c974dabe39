import Glibc
import PickCore

/// Where the items come from: standard input when something is piped in;
/// when standard input is a terminal, the output of `PICK_DEFAULT_COMMAND`
/// (run by `sh -c`, or `--with-shell`) if it is set and not empty, otherwise
/// the file walker. Each is a descriptor the readers treat alike.
public final class ItemSource {
  public enum Kind {
    case standardInput
    case walker(BackgroundWalk)
    /// `PICK_DEFAULT_COMMAND`, and its text (for messages).
    case command(ChildProcess, text: [UInt8])
  }

  public let kind: Kind
  /// The descriptor to read items from.
  public let descriptor: Int32
  /// The byte that ends an item in what `descriptor` gives: `\n` (or NUL with
  /// `--read0`); always NUL from the walker, since a file name may hold a
  /// newline but never a NUL.
  public let separator: UInt8

  private init(kind: Kind, descriptor: Int32, separator: UInt8) {
    self.kind = kind
    self.descriptor = descriptor
    self.separator = separator
  }

  /// Items piped into standard input.
  public static func standardInput(read0: Bool) -> ItemSource {
    ItemSource(kind: .standardInput, descriptor: 0, separator: read0 ? 0 : 0x0A)
  }

  /// The source when standard input is a terminal: `defaultCommand`
  /// (`$PICK_DEFAULT_COMMAND`) if it is set and not empty, else the walker.
  ///
  /// - Parameter commandErrors: where the command's standard error goes: pick's
  ///   own with `--filter`, `/dev/null` under the picker (it would draw over it;
  ///   fzf discards it too).
  public static func forTerminal(
    options: Options, defaultCommand: [UInt8]?, commandErrors: ChildProcess.Redirection
  ) throws(UsageFailure) -> ItemSource {
    if let command = defaultCommand, !command.isEmpty {
      let child: ChildProcess
      do {
        child = try ChildProcess(shell: options.withShell, command: command, errors: commandErrors)
      } catch {
        throw UsageFailure("cannot run PICK_DEFAULT_COMMAND: \(error)")
      }
      return ItemSource(
        kind: .command(child, text: command), descriptor: child.outputDescriptor,
        separator: options.read0 ? 0 : 0x0A)
    }
    let walker = DirectoryWalker(options: options)
    // A root that does not exist is a typo worth saying so (fzf lists nothing).
    for root in walker.roots {
      var status = stat()
      if withNulTerminated(root, { stat($0, &status) }) != 0 {
        let shown = String(decoding: root, as: UTF8.self)
        throw UsageFailure("--walker-root \(shown): \(SystemError.message(for: errno))")
      }
    }
    do {
      let walk = try BackgroundWalk(walker, separator: 0)
      return ItemSource(kind: .walker(walk), descriptor: walk.descriptor, separator: 0)
    } catch {
      throw UsageFailure("\(error)")
    }
  }

  /// `reload(CMD)`: the items come from `command`'s output (run with
  /// `--with-shell` and `environment` added, standard error discarded as
  /// under the picker).
  public static func command(
    _ command: [UInt8], options: Options, environment: [(name: [UInt8], value: [UInt8])] = []
  ) throws(SystemError) -> ItemSource {
    let child = try ChildProcess(
      shell: options.withShell, command: command, environment: environment, errors: .null)
    return ItemSource(
      kind: .command(child, text: command), descriptor: child.outputDescriptor,
      separator: options.read0 ? 0 : 0x0A)
  }

  /// Whether the items are paths (the walker, or a command standing in for
  /// it): fzf then scores with the `path` scheme unless `--scheme` says otherwise.
  public var isPaths: Bool {
    if case .standardInput = kind { return false }
    return true
  }

  /// After the end of input: how `PICK_DEFAULT_COMMAND` ended, when it failed
  /// (nil for success and for the other sources). Waits at most `milliseconds`
  /// for it to exit (nil: as long as it takes); a command still running then
  /// (it closed its output but lives on) counts as no failure.
  public func failure(waitingAtMost milliseconds: Int?) -> ChildProcess.Termination? {
    guard case .command(let child, _) = kind else { return nil }
    let ended = milliseconds.map { child.wait(milliseconds: $0) } ?? child.wait()
    guard let ended, !ended.isSuccess else { return nil }
    return ended
  }

  /// The command's text, for messages (`PICK_DEFAULT_COMMAND`), or nil.
  public var commandText: [UInt8]? {
    if case .command(_, let text) = kind { return text }
    return nil
  }

  /// Ends what still runs: the walk (its thread is waited for only when
  /// `waitingForWalker`), or the command's process group (killed and reaped).
  /// Called once pick has its answer.
  public func stop(waitingForWalker: Bool = true) {
    switch kind {
    case .standardInput: break
    case .walker(let walk): walk.stop(waiting: waitingForWalker)
    case .command(let child, _):
      if child.poll() == nil {
        child.kill()
        child.wait()
      }
      child.closeOutput()
    }
  }
}

extension ItemSource {
  /// One line for the info line: `Command failed (exit status 127): CMD`,
  /// with control characters in the command shown as spaces.
  public static func failureSummary(command: [UInt8], _ termination: ChildProcess.Termination)
    -> String
  {
    let text = String(
      decoding: command.map { $0 < 0x20 || $0 == 0x7F ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
    return "Command failed (\(termination)): \(text)"
  }
}
