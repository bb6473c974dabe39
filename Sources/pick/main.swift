// pick's entry point: wiring only. The logic is in PickCore, the system calls in PickSystem.
import Glibc
import PickCore
import PickSystem

/// Exit statuses, as fzf's (see DECISIONS.md).
enum ExitStatus {
  static let matched: Int32 = 0
  static let noMatch: Int32 = 1
  static let error: Int32 = 2
  static let hungUp: Int32 = 129
  static let aborted: Int32 = 130
  static let readerGone: Int32 = 141
}

func fail(_ message: String) -> Never {
  OutputWriter.printError(message)
  exit(ExitStatus.error)
}

// Write errors are handled where they happen (EPIPE ends pick quietly with 141).
signal(SIGPIPE, SIG_IGN)

let options: Options
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
  options = try OptionParser.parse(
    arguments: ProcessEnvironment.arguments(), defaultOptsFile: file,
    defaultOpts: ProcessEnvironment.value("PICK_DEFAULT_OPTS"))
} catch {
  fail(error.message)
}

if options.showHelp {
  do { try OutputWriter.printOut(Usage.text) } catch { exit(ExitStatus.error) }
  exit(ExitStatus.matched)
}
if options.showVersion {
  do { try OutputWriter.printOut("pick \(PickVersion.current)\n") } catch { exit(ExitStatus.error) }
  exit(ExitStatus.matched)
}
guard OutputWriter.isOpen(1) else { fail("standard output is closed") }
switch InputReader.kind(of: 0) {
case .directory: fail("standard input is a directory")
case .terminal: fail("no input: pipe items into pick (e.g. ls | pick); the file walker comes later")
case .readable: break
}

/// Writes the results (and the query line) to stdout; the exit status for them.
func printResults(_ items: [Int], query: [UInt8], store: ItemStore) -> Int32 {
  var sink = OutputWriter.sink(1)
  let writer = ResultWriter(options: options)
  do throws(WriteFailure) {
    try writer.writeQuery(query, to: &sink)
    try writer.writeItems(count: items.count, store: store, to: &sink) { items[$0] }
    try sink.flush()
  } catch {
    switch error {
    case .readerGone: return ExitStatus.readerGone
    case .failed(_, let message):
      OutputWriter.printError("cannot write results: \(message)")
      return ExitStatus.error
    }
  }
  return items.isEmpty ? ExitStatus.noMatch : ExitStatus.matched
}

do {
  let store = try ItemStore(separator: options.read0 ? 0 : 0x0A)
  if options.filter != nil {
    try InputReader.readAll(0, into: store)
    var sink = OutputWriter.sink(1)
    let matched = try FilterCommand(options: options).run(store, into: &sink)
    exit(matched ? ExitStatus.matched : ExitStatus.noMatch)
  }

  // What starts selected: --preselect, --preselect-file, --preselect-all, --remember.
  var texts = options.preselect
  if let path = options.preselectFile {
    do {
      let contents = try ProcessEnvironment.contents(ofFile: path)
      let separator: UInt8 = options.read0 ? 0 : 0x0A
      var lines = contents.split(separator: separator, omittingEmptySubsequences: false).map(Array.init)
      if lines.last == [] { lines.removeLast() }
      texts += lines
    } catch {
      fail("--preselect-file \(String(decoding: path, as: UTF8.self)): \(error)")
    }
  }
  let rememberKey = options.remember.flatMap(RememberKey.init)
  let rememberStore = RememberStore.directory(environment: ProcessEnvironment.value).map(RememberStore.init)
  if let rememberKey, let rememberStore {
    texts += rememberStore.load(rememberKey)
  }
  let preselection = Preselection(texts: texts, selectsAll: options.preselectAll)

  /// After an accepted choice: store it under the --remember key (a failure warns; the choice still stands).
  func remember(_ items: [Int]) {
    guard let rememberKey, !items.isEmpty else { return }
    guard let rememberStore else {
      OutputWriter.printError("warning: cannot remember the choice: neither XDG_STATE_HOME nor HOME is set")
      return
    }
    do {
      try rememberStore.save(items.map { Array(store.item($0)) }, for: rememberKey)
    } catch {
      OutputWriter.printError("warning: cannot remember the choice: \(error)")
    }
  }

  // -1 and -0 decide on the whole input before anything is drawn.
  var stdinOpen = true
  if options.selectOne || options.exitZero {
    try InputReader.readAll(0, into: store)
    stdinOpen = false
    let range = min(options.headerLines, store.count) ..< store.count
    let excluding = options.unique ? DuplicateFilter.repeats(in: store, skipping: options.headerLines) : nil
    let ranked = Ranker(order: Ranker.Order(options: options)).rank(
      store, range: range, query: CompiledQuery(options.query, options: options), excluding: excluding)
    if options.selectOne && ranked.count == 1 {
      let status = printResults([ranked.itemIndex(at: 0)], query: options.query, store: store)
      if status == ExitStatus.matched { remember([ranked.itemIndex(at: 0)]) }
      exit(status)
    }
    if options.exitZero && ranked.count == 0 {
      exit(printResults([], query: options.query, store: store))
    }
  }

  if let term = ProcessEnvironment.value("TERM"), term == Array("dumb".utf8) {
    fail("TERM is dumb: the picker needs a terminal that understands escape codes (use --filter)")
  }
  let ttyPath = options.tty.map { String(decoding: $0, as: UTF8.self) }
  let terminal: TerminalSession
  do {
    terminal = try TerminalSession(path: ttyPath, height: options.height)
  } catch {
    fail("cannot open the terminal \(ttyPath ?? "/dev/tty"): \(error)")
  }
  if CrashRestore.isCrashForTestingRequested { CrashRestore.crashForTesting() }
  let session = InteractiveSession(options: options, store: store, stdinOpen: stdinOpen, preselection: preselection)
  let ending = session.run(on: terminal)
  // Restore the terminal before a byte of output: the shell must never see escape codes.
  terminal.close()
  switch ending {
  case .accepted(let items):
    let status = printResults(items, query: session.finalQuery, store: store)
    if status == ExitStatus.matched { remember(items) }
    exit(status)
  case .nothingChosen: exit(printResults([], query: session.finalQuery, store: store))
  case .aborted: exit(ExitStatus.aborted)
  case .hungUp: exit(ExitStatus.hungUp)
  }
} catch WriteFailure.readerGone {
  exit(ExitStatus.readerGone)
} catch WriteFailure.failed(_, let message) {
  fail("cannot write results: \(message)")
} catch ItemStore.Failure.full(let limit, let itemLimit) {
  fail("input too large: pick holds at most \(limit >> 30) GiB and \(itemLimit) items")
} catch ItemStore.Failure.cannotReserve(let bytes) {
  fail("cannot reserve \(bytes >> 20) MiB of address space for the input")
} catch {
  fail("\(error)")
}
