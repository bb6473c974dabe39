// Standard descriptors and the environment (issue 6, pipes and files): a
// closed, full or abandoned stdout, stdin closed, a directory, a terminal or
// /dev/null, stderr closed or redirected, stdout on the terminal itself, no
// controlling terminal, TERM unset or dumb. Each picker case also checks that
// the terminal settings are as they were. `--filter` with a closed stdout, a
// directory and `| head -1` are FilterRoundTripTests; no terminal at all and
// TERM=dumb in the picker are PickerTerminalTests.

import PickTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

private let items = Array("apple\nbanana\ncherry\n".utf8)

/// The one line pick prints on stderr for an error, decoded.
private func errorLine(_ stderr: [UInt8]) -> String? {
  guard stderr.last == 0x0A, stderr.filter({ $0 == 0x0A }).count == 1 else { return nil }
  return String(decoding: stderr.dropLast(), as: UTF8.self)
}

@Suite(.serialized) struct RobustnessPipesTests {
  // MARK: stdout

  @Test func `a closed stdout is an error before the terminal is touched`() throws {
    let picker = try Picker.underShell("exec \"$0\" >&-", rawItems: items)
    let result = try picker.finish()
    #expect(result.status == 2)
    #expect(errorLine(result.stderr) == "pick: standard output is closed")
    #expect(picker.pty.outputBytes.isEmpty)
    #expect(picker.settingsRestored)
  }

  @Test func `a full stdout is an error after the terminal is restored`() throws {
    let picker = try Picker.underShell("exec \"$0\" >/dev/full", rawItems: items)
    try picker.waitFor("3/3")
    picker.send("ban\r")
    let result = try picker.finish()
    #expect(result.status == 2)
    #expect(errorLine(result.stderr) == "pick: cannot write results: No space left on device")
    #expect(picker.settingsRestored)
    #expect(!picker.screen().isAlternateScreen)
  }

  @Test func `a full stdout in filter mode exits 2`() throws {
    let result = try runShell("exec \"$PICK\" --filter a >/dev/full", stdin: items)
    #expect(result.status == 2)
    #expect(errorLine(result.stderr) == "pick: cannot write results: No space left on device")
  }

  @Test func `a reader that is already gone ends the picker quietly with 141`() throws {
    // `true` exits at once: pick draws, and only writing the choice finds out.
    let picker = try Picker.underShell(
      "{ \"$0\"; echo \"pick $?\" >&2; } | true", rawItems: items)
    try picker.waitFor("3/3")
    picker.send("ban\r")
    let result = try picker.finish()
    #expect(lines(result.stderr) == ["pick 141"])
    #expect(picker.settingsRestored)
    #expect(!picker.screen().isAlternateScreen)
  }

  @Test func `a reader that leaves after one line ends the picker with 141`() throws {
    // 200 000 chosen items are more than a pipe holds: head goes away mid-write.
    let many = (1...200_000).map { "\($0)\n" }.joined()
    let picker = try Picker.underShell(
      "{ \"$0\" -m; echo \"pick $?\" >&2; } | head -1", rawItems: Array(many.utf8))
    try picker.waitFor(timeout: 15) { $0.row(1).contains("200000/200000") }
    picker.send(Keys.ctrlA)
    try picker.waitFor(timeout: 15) { $0.row(2).contains("200000 of 200000") }
    picker.send(Keys.enter)
    let result = try picker.finish(timeout: 15)
    #expect(ByteString(result.stdout) == "1\n")
    #expect(lines(result.stderr) == ["pick 141"])
    #expect(picker.settingsRestored)
  }

  @Test func `stdout on the terminal itself gets the choice after the screen is restored`() throws {
    let picker = try Picker.underShell("exec \"$0\" >/dev/tty", rawItems: items)
    try picker.waitFor("3/3")
    picker.send("ban\r")
    let result = try picker.finish()
    #expect(result.status == 0)
    #expect(result.stdout.isEmpty)
    #expect(picker.settingsRestored)
    let output = picker.pty.outputBytes
    // The choice comes after the last escape sequence (the restore), as a line.
    let lastEscape = output.lastIndex(of: 0x1B) ?? 0
    let tail = String(decoding: output[lastEscape...], as: UTF8.self)
    #expect(tail.hasSuffix("h" + "banana\r\n"), "\(tail)")
    let screen = picker.screen()
    #expect(!screen.isAlternateScreen)
    #expect(screen.screenText.contains("banana"))
  }

  // MARK: stdin

  @Test(arguments: [[], ["--filter", "a"]] as [[String]])
  func `a closed stdin is an error, and the terminal never stands in for it`(options: [String])
    throws
  {
    // Were /dev/tty opened onto the free descriptor 0, pick would read its
    // own keys as items.
    let picker = try Picker.underShell(
      "exec \"$0\" \(options.joined(separator: " ")) <&-")
    let result = try picker.finish()
    #expect(result.status == 2)
    #expect(errorLine(result.stderr) == "pick: standard input is closed")
    #expect(result.stdout.isEmpty)
    #expect(picker.pty.outputBytes.isEmpty)
    #expect(picker.settingsRestored)
  }

  @Test(arguments: [[], ["--filter", "a"]] as [[String]])
  func `a stdin open only for writing is an error before the terminal is touched`(options: [String]) throws {
    // It would otherwise be an empty picker that never says why.
    let picker = try Picker.underShell(
      "exec \"$0\" \(options.joined(separator: " ")) 0>/dev/null")
    let result = try picker.finish()
    #expect(result.status == 2)
    #expect(errorLine(result.stderr) == "pick: standard input is open for writing only: nothing can be read from it")
    #expect(picker.pty.outputBytes.isEmpty)
    #expect(picker.settingsRestored)
  }

  @Test(arguments: [["--preselect-file"], ["--tty"]] as [[String]])
  func `a path with control characters is quoted on one inert line`(options: [String]) throws {
    // A newline, an OSC title sequence and a BEL in a path that does not exist.
    let path = "/nonexistent/a\nb\u{1B}]0;owned\u{7}c\u{9B}2J"
    let result = try runPick(
      rawArguments: options.map { Array($0.utf8) } + [Array(path.utf8)], stdin: Array("x\n".utf8))
    #expect(result.status == 2)
    let line = try #require(
      errorLine(result.stderr), "\(String(decoding: result.stderr, as: UTF8.self).debugDescription)")
    #expect(line.unicodeScalars.allSatisfy { $0.properties.generalCategory != .control }, "\(line.debugDescription)")
    #expect(line.contains("a\\nb\\u{1B}]0;owned\\u{07}c"), "\(line)")
  }

  @Test func `a directory on stdin is an error before the terminal is touched`() throws {
    let picker = try Picker.underShell("exec \"$0\" < /")
    let result = try picker.finish()
    #expect(result.status == 2)
    #expect(errorLine(result.stderr) == "pick: standard input is a directory")
    #expect(picker.pty.outputBytes.isEmpty)
    #expect(picker.settingsRestored)
  }

  /// With the terminal on stdin pick walks its directory (WalkerEndToEndTests);
  /// here the file names are hostile.
  @Test func `stdin a terminal walks the directory, and hostile file names are inert`() throws {
    let names: [[UInt8]] = [
      Array("plain".utf8), Array("\u{1B}]0;pwned\u{07}title".utf8), Array("\u{1B}[2Jclear".utf8),
      Array("bad".utf8) + [0xFF] + Array("byte".utf8), Array("new\nline".utf8),
      Array("\u{202E}gnp.exe".utf8), Array("tab\there".utf8), Array("dir\u{1B}[31m/inner".utf8),
    ]
    let directory = try makeTemporaryDirectory(holding: names)
    defer { _ = system("rm -rf '\(directory)'") }
    let picker = Picker(
      pty: try PseudoTerminal(
        binary: pickBinaryPath(), arguments: ["-m", "--print0"], stdin: [], stdinIsTerminal: true,
        workingDirectory: directory))
    try picker.waitFor { $0.row(1).hasPrefix("  8/8 ") }
    picker.expectOnlyPickSequences()
    picker.send(Keys.ctrlA)
    try picker.waitFor("8 of 8")
    picker.send(Keys.enter)
    let result = try picker.finish()
    #expect(result.status == 0)
    // The walk's order is the file system's: compare the names as a set.
    let printed = result.stdout.split(separator: 0, omittingEmptySubsequences: false)
    #expect(printed.last?.isEmpty == true)
    #expect(
      Set(printed.dropLast().map { ByteString(Array($0)) }) == Set(names.map(ByteString.init)))
    #expect(picker.settingsRestored)
  }

  @Test func `stdin /dev/null is empty input: 0 of 0, Enter exits 1`() throws {
    let picker = try Picker.underShell("exec \"$0\" </dev/null")
    try picker.waitFor { $0.row(1) == "  0/0".padded(to: 80) }
    picker.send(Keys.enter)
    try picker.expectExit(status: 1, stdout: "")
  }

  @Test(arguments: [["-1", "-q", "ban"], ["--filter", "ban"]])
  func `a non-blocking stdin is waited for, not spun on`(arguments: [String]) throws {
    // -1 reads everything before it opens the terminal, --filter reads and
    // ranks; nothing comes for a while.
    let picker = try Picker(
      program: pickBinaryPath(), arguments: arguments, keepStdinOpen: true,
      nonBlockingStdin: true)
    usleep(200_000)  // past start-up
    let before = try #require(picker.pty.processorSeconds())
    usleep(500_000)
    let after = try #require(picker.pty.processorSeconds())
    #expect(after - before < 0.1, "pick used \(after - before) s of processor time waiting")
    picker.pty.writeStdin(items)
    picker.pty.closeStdin()
    try picker.expectExit(status: 0, stdout: "banana\n")
  }

  @Test(arguments: [["--filter", ""], ["-m"]])
  func `a non-blocking stdout with a slow reader is waited for, not spun on`(arguments: [String])
    throws
  {
    // About 1 MB of results, far more than a pipe holds: pick must wait for
    // the reader, who made the pipe non-blocking and then reads nothing for 2 s.
    let expected = Array((1...100_000).map { "item \($0)\n" }.joined().utf8)
    let picker = try Picker(
      program: pickBinaryPath(), arguments: arguments, rawItems: expected, nonBlockingStdout: true)
    picker.pty.pauseStdout(true)
    if arguments == ["-m"] {
      try picker.waitFor(timeout: 15) { $0.row(1).contains("100000/100000") }
      picker.send(Keys.ctrlA + Keys.enter)  // select all, accept: every item is printed
    }
    usleep(500_000)  // past ranking: pick is writing, into a full pipe
    let before = try #require(picker.pty.processorSeconds())
    usleep(1_500_000)
    let after = try #require(picker.pty.processorSeconds())
    picker.pty.pauseStdout(false)
    let result = try picker.finish(timeout: 20)
    #expect(after - before < 0.3, "pick used \(after - before) s of processor time in 1.5 s of waiting")
    #expect(result.status == 0)
    #expect(result.stdout == expected, "\(result.stdout.count) of \(expected.count) bytes")
    #expect(result.stderr.isEmpty, "\(ByteString(result.stderr))")
    #expect(picker.settingsRestored)
  }

  // MARK: stderr

  @Test(arguments: ["2>/dev/null", "2>&-"])
  func `with stderr redirected or closed the picker is still drawn and answers`(
    redirection: String
  ) throws {
    let picker = try Picker.underShell("exec \"$0\" \(redirection)", rawItems: items)
    try picker.waitFor("3/3")
    // A closed stderr is /dev/null to pick: nothing it opened (the terminal,
    // a pipe) took descriptor 2. (`exec` made the shell's pid pick's.)
    let stderr = linkTarget("/proc/\(picker.pty.pid)/fd/2")
    #expect(stderr == "/dev/null", "\(stderr ?? "closed")")
    picker.send("ban\r")
    try picker.expectExit(status: 0, stdout: "banana\n")
  }

  // MARK: The terminal and TERM

  @Test(.enabled(if: access("/usr/bin/setsid", X_OK) == 0, "needs /usr/bin/setsid"))
  func `without a controlling terminal pick exits 2 at once, even with input still coming`()
    throws
  {
    let start = ContinuousClock.now
    // `yes` never ends: pick must not wait for its input to find out.
    let result = try runProgram(
      "/usr/bin/setsid",
      arguments: ["-w", "/bin/sh", "-c", "yes | exec \"$0\"", pickBinaryPath()].map {
        Array($0.utf8)
      }, timeout: 10)
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    let line = try #require(errorLine(result.stderr), "\(ByteString(result.stderr))")
    #expect(line.hasPrefix("pick: cannot open the terminal /dev/tty: "), "\(line)")
    #expect(ContinuousClock.now - start < .seconds(3))
  }

  @Test func `TERM unset is taken as xterm-256color`() throws {
    let picker = try Picker(
      program: "/usr/bin/env", arguments: ["-u", "TERM", pickBinaryPath()], rawItems: items)
    let screen = try picker.waitFor("3/3")
    #expect(screen.isAlternateScreen)
    picker.send("ban\r")
    try picker.expectExit(status: 0, stdout: "banana\n")
  }

  @Test func `TERM=dumb still filters`() throws {
    let result = try runPick(["--filter", "an"], stdin: items, environment: ["TERM": "dumb"])
    #expect(result.status == 0)
    #expect(ByteString(result.stdout) == "banana\n")
    #expect(result.stderr.isEmpty)
  }
}

/// Where the symbolic link at `path` points; nil when there is none.
private func linkTarget(_ path: String) -> String? {
  var buffer = [CChar](repeating: 0, count: 4096)
  let count = readlink(path, &buffer, buffer.count - 1)
  guard count >= 0 else { return nil }
  return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// A new directory under $TMPDIR (or /tmp) holding empty files at the
/// relative `paths` (their directories made as needed); the caller removes it.
private func makeTemporaryDirectory(holding paths: [[UInt8]]) throws -> String {
  let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
  var template = Array("\(base)/pick-robust-XXXXXX".utf8CString)
  guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
    throw RunFailure(description: "mkdtemp: \(String(cString: strerror(errno)))")
  }
  let root = String(cString: made)
  func cPath(_ relative: [UInt8]) -> [CChar] {
    (Array(root.utf8) + [UInt8(ascii: "/")] + relative + [0]).map { CChar(bitPattern: $0) }
  }
  for path in paths {
    if let slash = path.lastIndex(of: UInt8(ascii: "/")) {
      _ = mkdir(cPath(Array(path[..<slash])), 0o755)
    }
    let fd = open(cPath(path), O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw RunFailure(description: "cannot create \(ByteString(path))") }
    close(fd)
  }
  return root
}
