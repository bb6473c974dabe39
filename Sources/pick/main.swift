// pick's entry point: wiring only. The logic is in PickCore, the system calls in PickSystem.
import Glibc
import PickCore
import PickSystem

func fail(_ message: String) -> Never {
  OutputWriter.printError(message)
  exit(ExitStatus.error)
}

// Write errors are handled where they happen (EPIPE ends pick quietly with 141).
signal(SIGPIPE, SIG_IGN)
ProcessEnvironment.reserveStandardError()

let parsedOptions: Options
do {
  var file: (path: String, contents: [UInt8])? = nil
  if let path = ProcessEnvironment.value("PICK_DEFAULT_OPTS_FILE"), !path.isEmpty {
    let shownPath = String(decoding: path, as: UTF8.self)
    do {
      file = (shownPath, try ProcessEnvironment.contents(ofFile: path))
    } catch {
      fail("PICK_DEFAULT_OPTS_FILE (\(shownPath)): \(error)")
    }
  }
  parsedOptions = try OptionParser.parse(
    arguments: ProcessEnvironment.arguments(), defaultOptsFile: file,
    defaultOpts: ProcessEnvironment.value("PICK_DEFAULT_OPTS"))
} catch {
  fail(error.message)
}

if parsedOptions.showHelp {
  do { try OutputWriter.printOut(Usage.text) } catch { exit(ExitStatus.error) }
  exit(ExitStatus.matched)
}
if parsedOptions.showVersion {
  do { try OutputWriter.printOut("pick \(PickVersion.current)\n") } catch { exit(ExitStatus.error) }
  exit(ExitStatus.matched)
}
if let shell = parsedOptions.completionShell {
  do { try OutputWriter.printOut(CompletionScript.text(for: shell)) } catch {
    exit(ExitStatus.error)
  }
  exit(ExitStatus.matched)
}
if let shell = parsedOptions.keyBindingShell {
  let script = KeyBindingScript.bytes(for: shell, pickPath: ProcessEnvironment.executablePath())
  do { try OutputWriter.printOut(bytes: script) } catch { exit(ExitStatus.error) }
  exit(ExitStatus.matched)
}
if let key = parsedOptions.forget { exit(RememberCommand.forget(key)) }
if let key = parsedOptions.recall {
  guard OutputWriter.isOpen(1) else { fail("standard output is closed") }
  exit(RememberCommand.recall(key, options: parsedOptions))
}
guard OutputWriter.isOpen(1) else { fail("standard output is closed") }
var options = parsedOptions
let inputKind = InputReader.kind(of: 0)
// --tmux: the picker runs in a tmux popup, this pick relays (Docs/Popup.md).
// Not for --filter, and not outside tmux, where the option is ignored, as in fzf.
if let popup = options.popup, options.filter == nil, inputKind == .terminal || inputKind == .readable,
  TmuxPopup.isAvailable()
{
  do { exit(try TmuxPopup.run(popup, options: options, readsInput: inputKind == .readable)) } catch {
    fail(error.description)
  }
}
let source: ItemSource
switch inputKind {
case .closed: fail("standard input is closed")
case .directory: fail("standard input is a directory")
case .writeOnly: fail("standard input is open for writing only: nothing can be read from it")
case .terminal:
  // Nothing piped in: PICK_DEFAULT_COMMAND's output, or the file walker.
  do {
    source = try ItemSource.forTerminal(
      options: options, defaultCommand: ProcessEnvironment.value("PICK_DEFAULT_COMMAND"),
      commandErrors: options.filter != nil ? .inherit : .null)
  } catch {
    fail(error.description)
  }
  // Paths rank best with the path scheme (fzf does the same), unless --scheme says otherwise.
  if !options.isSchemeGiven { options.scheme = .path }
case .readable: source = .standardInput(read0: options.read0)
}

do {
  // Under `ulimit -v` or `ulimit -d` the store takes only its share (StoreBudget).
  let budget = try MemoryLimit.storeBudget(for: options.filter != nil ? .filter : .picker)
  // `--filter --ansi` over an input that few items of match keeps the escape
  // sequences until an item is matched or printed (`ItemStore.holdsEscapes`):
  // judged by items from all over a file, or by a pipe's first items.
  var head: [UInt8] = []
  var defers = false
  if options.filter != nil && FilterCommand.defersStripping(options) {
    var sample = InputReader.sampleItems(source.descriptor, separator: source.separator)
    let fromHead = sample == nil
    if fromHead { (head, sample) = try InputReader.readHead(source.descriptor, separator: source.separator) }
    defers = FilterCommand(options: options).defersStripping(
      sample: sample, separator: source.separator, fromHead: fromHead)
  }
  let store = try ItemStore(
    separator: source.separator, byteLimit: budget.byteLimit, itemLimit: budget.itemLimit,
    interpretsANSI: options.ansi, keepsColors: options.filter == nil, defersStripping: defers,
    stripsInParts: InputReader.isRegularFile(source.descriptor))
  try store.append(head)
  if options.filter != nil {
    // A mapped file's pages stay mapped while pick stays within 1.2 times its size.
    store.mappedBudget = .filter
    let command = FilterCommand(options: options)
    // Read everything, then rank on every core. (Ranking parts while reading,
    // on a second thread, measured slower on two cores: Docs/Performance.md.)
    try InputReader.readAll(source.descriptor, into: store, mapping: true)
    let ranked = command.rank(store, workers: command.workers)
    if let failed = source.failure(waitingAtMost: nil), let text = source.commandText {
      // As fzf, the matches decide the exit status (find exits 1 over one
      // unreadable directory, yet its output is good); but say so.
      OutputWriter.printError(
        "warning: PICK_DEFAULT_COMMAND failed (\(failed)): \(String(decoding: text, as: UTF8.self))"
      )
    }
    // A pipe of 1 MiB, not 64 KiB, lets the output run ahead of its reader.
    InputReader.growPipe(1)
    var sink = OutputWriter.sink(1)
    let matched = try command.write(ranked, store: store, into: &sink)
    if InputReader.mappedFileShrank {
      OutputWriter.printError("warning: standard input shrank while it was read; its lost end read as NUL bytes")
    }
    exit(matched ? ExitStatus.matched : ExitStatus.noMatch)
  }
  let status = try PickerCommand(options: options).run(store, source: source)
  // The answer is printed; end the walk or the command without waiting for a slow disk.
  source.stop(waitingForWalker: false)
  exit(status)
} catch WriteFailure.readerGone {
  exit(ExitStatus.readerGone)
} catch WriteFailure.failed(_, let message) {
  fail("cannot write results: \(message)")
} catch let failure as ItemStore.Failure {
  fail(failure.description)
} catch let failure as StoreBudget.TooLittle {
  fail(failure.description)
} catch let failure as UsageFailure {
  fail(failure.description)
} catch {
  fail("\(error)")
}
