// --tmux / --popup under a real tmux server (TmuxSession): the picker opens in
// a popup, the test types into it through the tmux client's terminal, and
// the pipeline's output and status must be what pick in place gives, with no
// file left in TMPDIR and no process of the test's left running.

import Foundation
import PickTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite(.serialized, .enabled(if: tmuxPath() != nil, "tmux is not installed (CI installs it)"))
struct TmuxPopupTests {
  /// The pipeline's status and output, after checking that nothing was left behind.
  private func finish(_ session: TmuxSession, sourceLocation: SourceLocation = #_sourceLocation) throws -> (
    status: Int32, output: [UInt8]
  ) {
    let result = try session.finish()
    #expect(try session.leftoverFiles() == [], "files left in TMPDIR", sourceLocation: sourceLocation)
    // The popup's processes are gone once the client has; give a slow kernel a moment.
    var processes = session.leftoverProcesses()
    for _ in 0..<50 where !processes.isEmpty {
      usleep(20_000)
      processes = session.leftoverProcesses()
    }
    #expect(processes == [], "processes left running", sourceLocation: sourceLocation)
    return result
  }

  @Test func `the choice made in the popup is printed and the status is 0`() throws {
    let session = try TmuxSession(pipeline: #"printf 'alpha\nbeta\n' | "$PICK" --tmux --prompt="$MARK> ""#)
    try session.waitForScreen(containing: "\(session.marker)> ")
    try session.waitForScreen(containing: "2/2")
    session.send("bet")
    try session.waitForScreen(containing: "1/2")
    session.send("\r")
    let result = try finish(session)
    #expect(result.status == 0)
    #expect(result.output == Array("beta\n".utf8))
  }

  @Test func `Esc and Ctrl-C in the popup end with 130 and print nothing`() throws {
    for key in ["\u{1B}", "\u{03}"] {
      let session = try TmuxSession(pipeline: #"printf 'alpha\n' | "$PICK" --popup=bottom,40% --prompt="$MARK> ""#)
      try session.waitForScreen(containing: "1/1")
      session.send(key)
      let result = try finish(session)
      #expect(result.status == 130, "key \(key.unicodeScalars.first?.value ?? 0)")
      #expect(result.output == [])
    }
  }

  @Test func `accepting no match ends with 1`() throws {
    let session = try TmuxSession(pipeline: #"printf 'alpha\n' | "$PICK" --tmux=70% --query=zzz --prompt="$MARK> ""#)
    try session.waitForScreen(containing: "0/1")
    session.send("\r")
    let result = try finish(session)
    #expect(result.status == 1)
    #expect(result.output == [])
  }

  @Test func `read0 and print0 keep invalid UTF-8 and newlines byte for byte`() throws {
    let session = try TmuxSession(
      pipeline: #"printf 'x\377y\n2\0second\0' | "$PICK" --tmux --read0 --print0 --prompt="$MARK> ""#)
    try session.waitForScreen(containing: "2/2")
    session.send("\r")
    let result = try finish(session)
    #expect(result.status == 0)
    #expect(result.output == [0x78, 0xFF, 0x79, 0x0A, 0x32, 0x00])
  }

  @Test func `items that arrive after the popup opened reach it`() throws {
    let session = try TmuxSession(
      pipeline: #"""
        (echo alpha; while [ ! -e go ]; do sleep 0.05; done; echo gamma) | "$PICK" --tmux --prompt="$MARK> "
        """#)
    try session.waitForScreen(containing: "1/1")
    _ = FileManager.default.createFile(atPath: "\(session.home.path)/go", contents: nil)
    try session.waitForScreen(containing: "2/2")
    session.send("gam")
    try session.waitForScreen(containing: "1/2")
    session.send("\r")
    let result = try finish(session)
    #expect(result.status == 0)
    #expect(result.output == Array("gamma\n".utf8))
  }

  @Test func `accepting while the input still streams ends pick at once`() throws {
    // The producer writes into a fifo and keeps it open until the test says stop.
    let session = try TmuxSession(
      pipeline: #"""
        mkfifo items; (echo alpha; while [ ! -e stop ]; do sleep 0.05; done) > items &
        "$PICK" --tmux --prompt="$MARK> " < items
        """#)
    try session.waitForScreen(containing: "1/1")
    session.send("\r")
    let rcPath = "\(session.home.path)/rc"
    let deadline = ContinuousClock.now + .seconds(15)
    while access(rcPath, F_OK) != 0 && ContinuousClock.now < deadline { usleep(20_000) }
    #expect(access(rcPath, F_OK) == 0, "pick did not end while its input was open")
    _ = FileManager.default.createFile(atPath: "\(session.home.path)/stop", contents: nil)
    let result = try finish(session)
    #expect(result.status == 0)
    #expect(result.output == Array("alpha\n".utf8))
  }

  @Test func `several chosen items are all printed`() throws {
    let session = try TmuxSession(pipeline: #"printf 'one\ntwo\nthree\n' | "$PICK" --tmux -m --prompt="$MARK> ""#)
    try session.waitForScreen(containing: "3/3")
    session.send("\t")
    try session.waitForScreen(containing: "1 of 3")
    session.send("\t")
    try session.waitForScreen(containing: "2 of 3")
    session.send("\r")
    let result = try finish(session)
    #expect(result.status == 0)
    let lines = String(decoding: result.output, as: UTF8.self).split(separator: "\n").map(String.init)
    #expect(lines.count == 2)
    #expect(Set(lines).isSubset(of: ["one", "two", "three"]))
  }

  @Test func `a large input and output pass through whole`() throws {
    // Both well past a pipe's 64 KiB: the relay must copy both ways without a stall.
    let session = try TmuxSession(
      pipeline: #"seq 1 100000 | "$PICK" --tmux -m --bind=enter:select-all+accept --prompt="$MARK> ""#)
    try session.waitForScreen(containing: "100000/100000")
    session.send("\r")
    let result = try finish(session)
    #expect(result.status == 0)
    let expected = (1...100_000).map { "\($0)\n" }.joined()
    #expect(result.output == Array(expected.utf8))
  }

  @Test func `--filter never opens a popup`() throws {
    // A tmux first in PATH that logs its arguments, then runs the real one. The
    // second pick (nothing matches, -0) is the control: it opens a popup.
    let session = try TmuxSession(
      pipeline: #"""
        mkdir bin; printf '#!/bin/sh\necho "$*" >> calls\nexec %s "$@"\n' "$(command -v tmux)" > bin/tmux
        chmod +x bin/tmux; export PATH="$PWD/bin:$PATH"
        printf 'alpha\nbeta\n' | "$PICK" --tmux --filter=bet --prompt="$MARK> "
        printf 'alpha\n' | "$PICK" --tmux --query=zzz -0 --prompt="$MARK> " > /dev/null
        """#)
    let result = try finish(session)
    #expect(result.status == 1)
    #expect(result.output == Array("beta\n".utf8))
    let calls = try String(contentsOfFile: "\(session.home.path)/calls", encoding: .utf8)
    #expect(calls.split(separator: "\n").filter { $0.hasPrefix("display-popup") }.count == 1, "\(calls)")
  }

  @Test func `what the inner pick says on standard error reaches pick's`() throws {
    let session = try TmuxSession(
      pipeline: #"printf 'a\n' | "$PICK" --tmux --tty=/nonexistent/tty --prompt="$MARK> " 2> errors"#)
    let result = try finish(session)
    #expect(result.status == 2)
    let errors = try String(contentsOfFile: "\(session.home.path)/errors", encoding: .utf8)
    #expect(errors.hasPrefix("pick: "), "\(errors)")
    #expect(errors.contains("/nonexistent/tty"), "\(errors)")
  }

  @Test func `without piped input the default command runs in the same directory and environment`() throws {
    let session = try TmuxSession(
      pipeline: #"PICK_DEFAULT_COMMAND='echo "$PWD:$ODD"' ODD='it'\''s' "$PICK" --tmux --prompt="$MARK> ""#)
    try session.waitForScreen(containing: "1/1")
    session.send("\r")
    let result = try finish(session)
    #expect(result.status == 0)
    #expect(String(decoding: result.output, as: UTF8.self) == "\(session.home.path):it's\n")
  }

  @Test(arguments: [[SIGTERM, 130], [SIGHUP, 129], [SIGINT, 130]] as [[Int32]])
  func `a signal to pick closes the popup`(pair: [Int32]) throws {
    let (signal, status) = (pair[0], pair[1])
    // pick itself in the background, so that `$!` is its pid. (The shell
    // starts it with SIGINT ignored; pick catches SIGINT all the same.)
    let session = try TmuxSession(
      pipeline: #"""
        printf 'alpha\n' > items; "$PICK" --tmux --prompt="$MARK> " < items & echo $! > pid; wait $!
        """#)
    try session.waitForScreen(containing: "1/1")
    let pid = try session.pid(inFile: "pid")
    kill(pid, signal)
    let result = try finish(session)
    #expect(result.status == status)
    #expect(result.output == [])
  }
}

/// Outside tmux the option is ignored and pick runs in place, as in fzf.
@Test func `outside tmux --tmux runs in place`() throws {
  let pty = try PseudoTerminal(
    binary: pickBinaryPath(), arguments: ["--tmux=bottom,30%"], stdin: Array("alpha\nbeta\n".utf8),
    environment: ["TMUX": ""])
  #expect(pty.output(waitingFor: { $0.contains("2/2") }, timeout: 10) != nil)
  pty.send("\r")
  let result = try #require(pty.wait(timeout: 10))
  #expect(result.status == 0)
  #expect(result.stdout == Array("alpha\n".utf8))
}

/// Inside a tmux older than 3.3 the option is ignored too (a fake `tmux`
/// first in PATH answers `tmux -V`, and would leave a mark if asked for a popup).
@Test func `with a tmux older than 3.3 --tmux runs in place`() throws {
  let home = try ShellHome()
  try home.write(
    "bin/tmux", "#!/bin/sh\n[ \"$1\" = -V ] && { echo 'tmux 3.2a'; exit 0; }\ntouch '\(home.path)/asked'\nexit 1\n")
  chmod("\(home.path)/bin/tmux", 0o755)
  let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
  let pty = try PseudoTerminal(
    binary: pickBinaryPath(), arguments: ["--tmux"], stdin: Array("alpha\nbeta\n".utf8),
    environment: ["TMUX": "/tmp/tmux-0/default,1,0", "PATH": "\(home.path)/bin:\(path)"])
  #expect(pty.output(waitingFor: { $0.contains("2/2") }, timeout: 10) != nil)
  pty.send("\r")
  let result = try #require(pty.wait(timeout: 10))
  #expect(result.status == 0)
  #expect(result.stdout == Array("alpha\n".utf8))
  #expect(access("\(home.path)/asked", F_OK) != 0, "pick asked the old tmux for a popup")
}
