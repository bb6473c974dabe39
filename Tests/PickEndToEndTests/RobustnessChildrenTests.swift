// Child processes when pick is signalled (issue 14): a signal that ends pick
// while `execute-silent` runs ends it at once, and the command with it; a
// signal pick cannot handle (SIGQUIT, SIGUSR1, …: the crash handler) still
// ends the preview's and the commands' process groups and removes their
// `{f}` files. The commands write their shell's and their `sleep`'s process
// ids to files, so the tests can see them end.

import PickTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite(.serialized) struct RobustnessChildrenTests {
  @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(130)), (SIGHUP, Int32(129))])
  func `a signal while execute-silent runs ends pick at once, and the command`(
    signal: Int32, status: Int32
  ) throws {
    let directory = try ScratchDirectory()
    let command = "echo $$ >\(directory.path)/shell; sleep 10 & echo $! >\(directory.path)/sleep; wait"
    let picker = try Picker(["--bind", "ctrl-x:execute-silent(\(command))"], items: "apple\nbanana\n")
    try picker.waitFor("2/2")
    picker.send([0x18])  // Ctrl-X
    let children = try directory.processIDs(["shell", "sleep"])
    let signalled = ContinuousClock.now
    picker.pty.signal(signal)
    try picker.expectExit(status: status, stdout: "", timeout: 5)
    let took = ContinuousClock.now - signalled
    #expect(took < .seconds(2), "pick took \(took) to exit")
    for pid in children {
      #expect(hasEnded(pid, within: 2), "process \(pid) of the command is still running")
    }
  }

  @Test func `a signal while execute has the terminal is handled when the command ends`() throws {
    // The command is the terminal's foreground job: pick waits for it, as a
    // shell would, then ends as SIGTERM says.
    let directory = try ScratchDirectory()
    let command = "echo $$ >\(directory.path)/shell; sleep 1; echo done >\(directory.path)/file"
    let picker = try Picker(["--bind", "ctrl-x:execute(\(command))"], items: "apple\nbanana\n")
    try picker.waitFor("2/2")
    picker.send([0x18])  // Ctrl-X
    _ = try directory.processIDs(["shell"])
    picker.pty.signal(SIGTERM)
    try picker.expectExit(status: 130, stdout: "", timeout: 10)
    #expect(try directory.line("file") == "done", "the command did not run to its end")
  }

  @Test(arguments: [SIGQUIT, SIGUSR1, SIGALRM, SIGXCPU, SIGVTALRM, SIGPROF])
  func `a signal that kills pick ends the preview and removes its {f} file`(signal: Int32) throws {
    let directory = try ScratchDirectory()
    let preview =
      "echo {f} >\(directory.path)/file; echo $$ >\(directory.path)/shell; "
      + "sleep 30 & echo $! >\(directory.path)/sleep; wait"
    let picker = try Picker(["--preview", preview], items: "apple\nbanana\n")
    try picker.waitFor("2/2")
    let children = try directory.processIDs(["shell", "sleep"])
    let file = try directory.line("file")
    #expect(access(file, F_OK) == 0, "the {f} file \(file) was not there while the preview ran")
    picker.pty.signal(signal)
    try picker.expectExit(status: 128 + signal, stdout: "")
    for pid in children {
      #expect(hasEnded(pid, within: 2), "process \(pid) of the preview is still running")
    }
    #expect(access(file, F_OK) != 0, "the {f} file \(file) was left behind")
  }

  @Test func `a signal that kills pick ends an execute-silent command and removes its {f} file`()
    throws
  {
    let directory = try ScratchDirectory()
    let command =
      "echo {f} >\(directory.path)/file; echo $$ >\(directory.path)/shell; "
      + "sleep 30 & echo $! >\(directory.path)/sleep; wait"
    let picker = try Picker(["--bind", "ctrl-x:execute-silent(\(command))"], items: "apple\nbanana\n")
    try picker.waitFor("2/2")
    picker.send([0x18])  // Ctrl-X
    let children = try directory.processIDs(["shell", "sleep"])
    let file = try directory.line("file")
    picker.pty.signal(SIGQUIT)
    try picker.expectExit(status: 128 + SIGQUIT, stdout: "")
    for pid in children {
      #expect(hasEnded(pid, within: 2), "process \(pid) of the command is still running")
    }
    #expect(access(file, F_OK) != 0, "the {f} file \(file) was left behind")
  }
}

/// Whether process `pid` has ended (gone, or a zombie nobody reaped yet)
/// within `seconds`.
private func hasEnded(_ pid: pid_t, within seconds: Double) -> Bool {
  let deadline = ContinuousClock.now + .milliseconds(Int64(seconds * 1000))
  while true {
    if processState(pid).map({ $0 == UInt8(ascii: "Z") }) ?? true { return true }
    if ContinuousClock.now >= deadline { return false }
    usleep(10_000)
  }
}

/// The state letter in /proc/PID/stat (R, S, Z, …); nil when there is no such process.
private func processState(_ pid: pid_t) -> UInt8? {
  guard let stat = readWholeFile("/proc/\(pid)/stat"),
    let close = stat.lastIndex(of: UInt8(ascii: ")")), close + 2 < stat.count
  else { return nil }
  return stat[close + 2]
}

private func readWholeFile(_ path: String) -> [UInt8]? {
  let fd = open(path, O_RDONLY | O_CLOEXEC)
  guard fd >= 0 else { return nil }
  defer { close(fd) }
  var contents: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 4096)
  while true {
    let n = read(fd, &buffer, buffer.count)
    if n < 0 && errno == EINTR { continue }
    if n <= 0 { return contents }
    contents += buffer[..<n]
  }
}

/// A new directory under $TMPDIR (or /tmp) that the commands write into;
/// removed with what it holds when the value goes away.
private final class ScratchDirectory {
  let path: String

  init() throws {
    let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
    var template = Array("\(base)/pick-children-XXXXXX".utf8CString)
    guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
      throw RunFailure(description: "mkdtemp: \(String(cString: strerror(errno)))")
    }
    path = String(cString: made)
  }

  deinit {
    for name in ["shell", "sleep", "file"] { unlink("\(path)/\(name)") }
    rmdir(path)
  }

  /// The first line of the file `name`, once a command has written it whole
  /// (waits up to 5 s).
  func line(_ name: String) throws -> String {
    let deadline = ContinuousClock.now + .seconds(5)
    while true {
      if let contents = readWholeFile("\(path)/\(name)"), let end = contents.firstIndex(of: 0x0A) {
        return String(decoding: contents[..<end], as: UTF8.self)
      }
      if ContinuousClock.now >= deadline { throw RunFailure(description: "\(name) was never written") }
      usleep(10_000)
    }
  }

  /// The process ids the commands wrote to the files `names`.
  func processIDs(_ names: [String]) throws -> [pid_t] {
    try names.map { name in
      let text = try line(name)
      guard let pid = pid_t(text), pid > 0 else { throw RunFailure(description: "\(name): \(text)") }
      return pid
    }
  }
}
