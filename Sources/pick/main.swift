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
if let shell = options.completionShell {
  do { try OutputWriter.printOut(CompletionScript.text(for: shell)) } catch { exit(ExitStatus.error) }
  exit(ExitStatus.matched)
}
if let shell = options.keyBindingShell {
  let script = KeyBindingScript.bytes(for: shell, pickPath: ProcessEnvironment.executablePath())
  do { try OutputWriter.printOut(bytes: script) } catch { exit(ExitStatus.error) }
  exit(ExitStatus.matched)
}
guard OutputWriter.isOpen(1) else { fail("standard output is closed") }
switch InputReader.kind(of: 0) {
case .directory: fail("standard input is a directory")
case .terminal: fail("no input: pipe items into pick (e.g. ls | pick); the file walker comes later")
case .readable: break
}

do {
  let store = try ItemStore(separator: options.read0 ? 0 : 0x0A)
  if options.filter != nil {
    let command = FilterCommand(options: options)
    let ranked = try StreamingFilter.readAndRank(0, into: store, for: command)
    var sink = OutputWriter.sink(1)
    let matched = try command.write(ranked, store: store, into: &sink)
    exit(matched ? ExitStatus.matched : ExitStatus.noMatch)
  }
  exit(try PickerCommand(options: options).run(store))
} catch WriteFailure.readerGone {
  exit(ExitStatus.readerGone)
} catch WriteFailure.failed(_, let message) {
  fail("cannot write results: \(message)")
} catch ItemStore.Failure.full(let limit, let itemLimit) {
  fail("input too large: pick holds at most \(limit >> 30) GiB and \(itemLimit) items")
} catch ItemStore.Failure.cannotReserve(let bytes) {
  fail("cannot reserve \(bytes >> 20) MiB of address space for the input")
} catch let failure as UsageFailure {
  fail(failure.description)
} catch {
  fail("\(error)")
}
