import Glibc
import PickCore

/// `--recall KEY` and `--forget KEY`: what `--remember KEY` stored, read or
/// removed without a picker, so that scripts and other programs can use a
/// choice made earlier (the file format is `RememberedChoice`'s).
public enum RememberCommand {
  /// Prints the items remembered under `name`, in the order they were
  /// chosen, each ended by a newline (a NUL with `--print0`). Exit status:
  /// 0 printed, 1 nothing remembered, 2 a file that is not a choice this
  /// pick can read (with a message), 141 the reader went away.
  public static func recall(_ name: [UInt8], options: Options) -> Int32 {
    guard let key = RememberKey(name), let store = openStore() else { return ExitStatus.error }
    let (items, outcome) = store.recall(key)
    if let problem = problem(outcome, store: store, key: key) {
      OutputWriter.printError("--recall \(key.name): \(problem)")
      return ExitStatus.error
    }
    guard !items.isEmpty else { return ExitStatus.noMatch }
    var sink = OutputWriter.sink(1)
    let end: UInt8 = options.print0 ? 0 : 0x0A
    do throws(WriteFailure) {
      for item in items { try sink.append(item + [end]) }
      try sink.flush()
    } catch {
      if case .readerGone = error { return ExitStatus.readerGone }
      OutputWriter.printError("cannot write results: \(error)")
      return ExitStatus.error
    }
    return ExitStatus.matched
  }

  /// Removes what is remembered under `name`. Exit status: 0 removed, 1
  /// nothing was remembered, 2 it could not be removed (with a message).
  public static func forget(_ name: [UInt8]) -> Int32 {
    guard let key = RememberKey(name), let store = openStore() else { return ExitStatus.error }
    do {
      return try store.forget(key) ? ExitStatus.matched : ExitStatus.noMatch
    } catch {
      OutputWriter.printError("--forget \(key.name): \(error)")
      return ExitStatus.error
    }
  }

  private static func openStore() -> RememberStore? {
    guard let directory = RememberStore.directory(environment: ProcessEnvironment.value) else {
      OutputWriter.printError("cannot find remembered choices: neither XDG_STATE_HOME nor HOME is set")
      return nil
    }
    return RememberStore(directory: directory)
  }

  /// Why the file under `key` holds no choice to print; nil when it does or is absent.
  private static func problem(_ outcome: RememberStore.Loaded, store: RememberStore, key: RememberKey) -> String? {
    let file = String(decoding: store.path(for: key), as: UTF8.self)
    switch outcome {
    case .absent, .choice: return nil
    case .newerVersion(let version): return "\(file) was written by a newer pick (format \(version))"
    case .foreign: return "\(file) is not a choice pick wrote"
    case .tooLarge: return "\(file) is larger than pick reads"
    case .unreadable(let error): return "\(error)"
    }
  }
}
