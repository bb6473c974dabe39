// Huge lines (issue 14): one line of tens of megabytes must neither slow
// the keys nor hold up Ctrl-C, and matching it must not cost many times its
// size in memory. Times are bounded generously (debug build, a busy 2-core
// machine): the old picker took seconds a key and seconds to exit here.

import PickTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite(.serialized) struct RobustnessHugeLineTests {
  /// A file holding one line of `megabytes` MiB, `ab/c` repeated (every
  /// query character occurs all along it), written a mebibyte at a time so
  /// that this process never holds the line; the caller unlinks it. Items
  /// come from the file rather than through the pseudo-terminal's stdin pipe,
  /// which is fed from an array and would take long for this much.
  static func hugeLineFile(megabytes: Int) throws -> String {
    let directory = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
    let path = "\(directory)/pick-huge-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
    let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw HarnessFailure.errno("open \(path)") }
    defer { close(fd) }
    let chunk = [UInt8](repeating: 0, count: 1 << 20).indices.map { Array("ab/c".utf8)[$0 % 4] }
    for index in 0..<megabytes {
      let bytes = index == megabytes - 1 ? chunk.dropLast() + [0x0A] : chunk[...]
      let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
      guard written == bytes.count else { throw HarnessFailure.errno("write \(path)") }
    }
    return path
  }

  /// pick on a pseudo-terminal, reading the items from `path`.
  static func picker(itemsFrom path: String) throws -> Picker {
    try Picker(program: "/bin/sh", arguments: ["-c", "exec \"$0\" < \"$1\"", pickBinaryPath(), path])
  }

  /// How the picker is ended: the key, or the signal.
  enum Ending: String, CaseIterable, CustomTestStringConvertible {
    case ctrlC, sigint
    var testDescription: String { rawValue }
  }

  @Test(arguments: Ending.allCases)
  func `over one huge line typed keys show at once and Ctrl-C or SIGINT ends pick at once`(ending: Ending) throws {
    let path = try Self.hugeLineFile(megabytes: 48)
    defer { unlink(path) }
    let picker = try Self.picker(itemsFrom: path)
    try picker.waitFor(timeout: 20) { $0.row(1).hasPrefix("  1/1") }
    for (key, query) in [("b", "b"), ("/", "b/")] {
      let typed = ContinuousClock.now
      picker.send(key)
      try picker.waitFor(timeout: 10) { $0.row(0).hasPrefix("> \(query) ") }
      let took = ContinuousClock.now - typed
      #expect(took < .seconds(1), "the key '\(key)' took \(took) to show")
    }
    // The search for `b/` (and its highlighting) may still be running: it must not hold up the exit.
    let pressed = ContinuousClock.now
    switch ending {
    case .ctrlC: picker.send(Keys.ctrlC)
    case .sigint: picker.pty.signal(SIGINT)
    }
    let result = try picker.finish(timeout: 20)
    let took = ContinuousClock.now - pressed
    #expect(result.status == 130)
    #expect(result.stdout.isEmpty)
    #expect(picker.settingsRestored)
    #expect(took < .milliseconds(500), "pick took \(took) to exit")
  }

  @Test func `the first match in a huge line is highlighted where it is shown`() throws {
    // Filler without any query character, the match far into the line.
    var line = [UInt8](repeating: UInt8(ascii: "x"), count: 8_000_000)
    line.replaceSubrange(6_000_000..<6_000_003, with: Array("a/b".utf8))
    line.append(0x0A)
    let picker = try Picker([], rawItems: line)
    try picker.waitFor(timeout: 20) { $0.row(1).hasPrefix("  1/1") }
    picker.send("ab")
    let screen = try picker.waitFor(timeout: 20) { $0.row(0).hasPrefix("> ab ") && $0.row(2).contains("a/b") }
    #expect(screen.row(2).hasPrefix(">  …x"))
    let shown = screen.row(2)
    let column = shown.distance(from: shown.startIndex, to: shown.firstRange(of: "a/b")?.lowerBound ?? shown.endIndex)
    #expect(screen.style(atRow: 2, column: column).foreground != nil, "the match is not highlighted")
    picker.send(Keys.esc)
    _ = try picker.finish(timeout: 20)
  }

  @Test func `--filter on one huge line holds a small multiple of the line in memory`() throws {
    let megabytes = 40
    let path = try Self.hugeLineFile(megabytes: megabytes)
    defer { unlink(path) }
    let input = open(path, O_RDONLY | O_CLOEXEC)
    defer { close(input) }
    let sink = open("/dev/null", O_WRONLY | O_CLOEXEC)
    defer { close(sink) }
    // fork, not posix_spawn: after a vfork the child's peak would be at least
    // our own peak (see ProgramLaunch.swift). After a fork it is still at
    // least our resident pages at that moment, which other tests running in
    // this process may have made large: the bound is raised above those (with
    // room for what they allocate meanwhile), which only matters when this
    // process holds more than the line's budget itself.
    let ours = residentKiB()
    let bound = max((4 * megabytes + 64) << 10, ours + (64 << 10))
    let launch = ProgramLaunch(
      path: pickBinaryPath(), arguments: ["--filter", "abc"],
      environment: ProgramLaunch.testEnvironment(adding: [:]), stdin: input, stdout: sink, stderr: sink)
    let pid = try launch.forkAndExec()
    let deadline = ContinuousClock.now + .seconds(60)
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, WNOHANG, &usage) == 0 {
      if ContinuousClock.now > deadline {
        kill(pid, SIGKILL)
        _ = wait4(pid, &status, 0, &usage)
        Issue.record("pick --filter did not finish within a minute")
        return
      }
      usleep(10_000)
    }
    #expect(ProcessTermination(waitStatus: status).shellStatus == 0)
    #expect(
      usage.ru_maxrss < bound, "peak \(usage.ru_maxrss) KiB for a \(megabytes) MiB line (this process: \(ours) KiB)")
  }
}

/// This process's resident memory now, in KiB (`VmRSS`), or 0 without /proc.
private func residentKiB() -> Int {
  let fd = open("/proc/self/statm", O_RDONLY | O_CLOEXEC)
  guard fd >= 0 else { return 0 }
  defer { close(fd) }
  var buffer = [UInt8](repeating: 0, count: 128)
  let count = read(fd, &buffer, buffer.count)
  guard count > 0 else { return 0 }
  let fields = buffer[..<count].split(separator: UInt8(ascii: " "))
  guard fields.count > 1, let pages = Int(String(decoding: fields[1], as: UTF8.self)) else { return 0 }
  return pages * sysconf(Int32(_SC_PAGESIZE)) / 1024
}
