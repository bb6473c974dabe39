// Signals and terminal events (issue 6): hang-ups pick cannot see as a
// signal, signals before the terminal is touched, Ctrl-Z and SIGTSTP with and
// without job control, SIGCONT, resizes and signals while typing, and a crash
// in inline mode. SIGINT/SIGTERM/SIGHUP in the picker, SIGSTOP/SIGCONT, 30
// resizes, 1×1 and the full-screen crash are in PickerTerminalTests.

import PickTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// bash with job control runs pick (`$0`) as a job on the pty: bash takes the
/// terminal from its stderr, so that becomes /dev/tty and pick's stderr stays
/// the harness's pipe (fd 3). When the job stops, bash writes `stopped STATUS`
/// on the terminal and waits for a line before `fg` (its job-name line goes
/// to /dev/null, so stdout is pick's alone); bash then exits with pick's status.
private let jobControlScript = """
  exec 3>&2 2>/dev/tty
  set -m
  "$0" 2>&3
  echo "stopped $?" >/dev/tty
  read -r line </dev/tty
  fg >/dev/null
  """

@Suite(.serialized) struct RobustnessSignalsTests {
  // MARK: Hang-up

  @Test func `a hang-up with SIGHUP ignored is noticed on the terminal and exits 129`() throws {
    // As under nohup: no signal comes, the terminal reads end of file or EIO.
    let picker = try Picker.underShell(
      "trap '' HUP; exec \"$0\"", rawItems: Array("apple\nbanana\n".utf8), keepStdinOpen: true)
    try picker.waitFor("2/2")
    let start = ContinuousClock.now
    picker.pty.hangUp()
    let result = try picker.finish(timeout: 3)
    #expect(result.status == 129)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.isEmpty)
    #expect(ContinuousClock.now - start < .seconds(3))
  }

  @Test(arguments: [(SIGINT, 130), (SIGTERM, 143), (SIGHUP, 129)] as [(Int32, Int32)])
  func `a signal before the terminal is opened ends pick by its default action`(
    signal: Int32, status: Int32
  ) throws {
    // -1 waits for the whole input before it opens the terminal; nothing to restore yet.
    let picker = try Picker(["-1"], items: "a\n", keepStdinOpen: true)
    usleep(100_000)
    picker.pty.signal(signal)
    try picker.expectExit(status: status, stdout: "")
    #expect(picker.pty.outputBytes.isEmpty)
  }

  @Test(arguments: [SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGSYS])
  func `any other signal that ends pick restores the terminal first`(signal: Int32) throws {
    let picker = try Picker([], items: "apple\nbanana\n")
    try picker.waitFor("2/2")
    picker.pty.signal(signal)
    try picker.expectExit(status: 128 + signal, stdout: "")
  }

  @Test func `a signal ignored when pick starts stays ignored`() throws {
    let picker = try Picker.underShell(
      "trap '' USR1 QUIT; exec \"$0\"", rawItems: Array("apple\nbanana\n".utf8))
    try picker.waitFor("2/2")
    picker.pty.signal(SIGUSR1)
    picker.pty.signal(SIGQUIT)
    picker.send("ban")
    try picker.waitFor { $0.row(0).hasPrefix("> ban ") }
    picker.send(Keys.enter)
    try picker.expectExit(status: 0, stdout: "banana\n")
  }

  // MARK: Ctrl-Z and SIGTSTP

  @Test(arguments: ["the Ctrl-Z key", "SIGTSTP"])
  func `with job control pick stops with the terminal restored and comes back raw and redrawn`(
    how: String
  ) throws {
    let picker = try Picker(
      program: "/bin/bash", arguments: ["-c", jobControlScript, pickBinaryPath()],
      rawItems: Array("apple\nbanana\n".utf8))
    try picker.waitFor("2/2")
    let raw = picker.pty.termiosNow()
    #expect(bytes(of: raw) != bytes(of: picker.pty.termiosBefore))
    if how == "SIGTSTP" {
      kill(-picker.pty.foregroundProcessGroup(), SIGTSTP)
    } else {
      picker.send(Keys.ctrlZ)
    }
    let stopped = picker.pty.output(waitingFor: { $0.contains("stopped 148") }, timeout: 5)
    try #require(stopped != nil, "pick did not stop; the screen:\n\(picker.screen().screenText)")
    // While stopped: the shell's settings and the main screen, cursor shown.
    #expect(picker.settingsRestored, "the terminal settings were not restored while stopped")
    let whileStopped = picker.screen()
    #expect(!whileStopped.isAlternateScreen)
    #expect(whileStopped.isCursorVisible)
    #expect(!whileStopped.isBracketedPasteOn)

    // The window is resized while pick is stopped: the SIGWINCH goes to the
    // shell, which has the terminal then; pick must find the size on its own.
    picker.pty.resize(rows: 12, columns: 50)
    picker.rows = 12
    picker.columns = 50
    picker.mark = picker.pty.outputBytes.count
    picker.send("\n")  // bash's `read`, then `fg`
    try picker.waitFor {
      $0.isAlternateScreen && $0.screenText.contains("2/2")
        && $0.row(2) == ">  apple".padded(to: 50)
        && $0.row(3) == "   banana".padded(to: 50)
    }
    #expect(bytes(of: picker.pty.termiosNow()) == bytes(of: raw), "raw mode was not set again")
    picker.send("ban\r")
    try picker.expectExit(status: 0, stdout: "banana\n")
  }

  @Test func `a hang-up while pick is stopped ends it instead of leaving it stopped`() throws {
    let picker = try Picker(
      program: "/bin/bash", arguments: ["-c", jobControlScript, pickBinaryPath()],
      rawItems: Array("apple\nbanana\n".utf8))
    try picker.waitFor("2/2")
    let pick = picker.pty.foregroundProcessGroup()  // pick leads its job's group
    picker.send(Keys.ctrlZ)
    let stopped = picker.pty.output(waitingFor: { $0.contains("stopped 148") }, timeout: 5)
    try #require(stopped != nil, "pick did not stop")
    // The window closes: bash gets SIGHUP and goes; the kernel sends the
    // stopped, now orphaned job SIGHUP and SIGCONT.
    picker.pty.hangUp()
    let deadline = ContinuousClock.now + .seconds(5)
    while isRunning(pick) && ContinuousClock.now < deadline { usleep(10_000) }
    #expect(!isRunning(pick), "pick is still there after the hang-up")
  }

  @Test(arguments: ["the Ctrl-Z key", "SIGTSTP"])
  func `without job control Ctrl-Z and SIGTSTP change nothing`(how: String) throws {
    // pick leads its own session here: nobody could continue it, so it does not stop.
    let picker = try Picker([], items: "apple\nbanana\n")
    try picker.waitFor("2/2")
    let raw = picker.pty.termiosNow()
    if how == "SIGTSTP" {
      picker.pty.signal(SIGTSTP)
    } else {
      picker.send(Keys.ctrlZ)
    }
    picker.send("ban")
    let screen = try picker.waitFor {
      $0.row(0).hasPrefix("> ban ") && $0.screenText.contains("1/2")
    }
    #expect(screen.isAlternateScreen)
    #expect(bytes(of: picker.pty.termiosNow()) == bytes(of: raw))
    picker.send(Keys.enter)
    try picker.expectExit(status: 0, stdout: "banana\n")
  }

  // MARK: SIGCONT, resizes and signals

  @Test func `SIGCONT without a stop redraws everything and pick goes on`() throws {
    let picker = try Picker([], items: "apple\nbanana\n")
    try picker.waitFor("2/2")
    picker.mark = picker.pty.outputBytes.count
    picker.pty.signal(SIGCONT)
    try picker.waitFor { $0.screenText.contains("2/2") && $0.row(3) == "   banana".padded(to: 80) }
    picker.send("ban\r")
    try picker.expectExit(status: 0, stdout: "banana\n")
  }

  @Test func `resizes and signals between keystrokes lose no key`() throws {
    let picker = try Picker(["--print-query"], items: "apple\nbanana\n")
    try picker.waitFor("2/2")
    for (index, character) in "banana".enumerated() {
      picker.send(String(character))
      for step in 0..<5 {
        picker.pty.resize(rows: 1 + (index + step) % 20, columns: 1 + (index * 7 + step * 13) % 100)
      }
      if index == 3 { picker.pty.resize(rows: 0, columns: 0) }  // as a fresh pty reports
      picker.pty.signal(SIGWINCH)
      picker.pty.signal(SIGCONT)
    }
    picker.pty.resize(rows: 24, columns: 80)
    usleep(50_000)
    picker.mark = picker.pty.outputBytes.count
    picker.pty.signal(SIGWINCH)
    try picker.waitFor { $0.row(0) == "> banana".padded(to: 80) && $0.screenText.contains("1/2") }
    picker.send(Keys.enter)
    try picker.expectExit(status: 0, stdout: "banana\nbanana\n")
  }

  @Test(arguments: [(SIGINT, 130), (SIGTERM, 130), (SIGHUP, 129)] as [(Int32, Int32)])
  func `a signal while inline mode waits for the cursor's position ends pick at once`(
    signal: Int32, status: Int32
  ) throws {
    // The terminal never answers: pick waits up to 500 ms for it, and a
    // signal in that window must not be lost.
    let picker = try Picker(["--height", "5"], items: "apple\nbanana\n")
    let asked = picker.pty.output(waitingFor: { $0.contains("\u{1B}[6n") }, timeout: 5)
    try #require(asked != nil, "pick did not ask where the cursor is")
    picker.pty.signal(signal)
    try picker.expectExit(status: status, stdout: "")
    #expect(picker.settingsRestored)
  }

  // MARK: Restore rules, inline mode

  @Test func `bracketed paste that the terminal reported on is left on`() throws {
    let picker = try Picker([], items: "apple\nbanana\n")
    let asked = picker.pty.output(waitingFor: { $0.contains("\u{1B}[?2004$p") }, timeout: 5)
    try #require(asked != nil, "pick did not ask about bracketed paste")
    // The DECRQM answer "set", then a key: once that shows, the answer was read.
    picker.send("\u{1B}[?2004;1$yb")
    try picker.waitFor { $0.row(0).hasPrefix("> b ") }
    picker.send(Keys.esc)
    let result = try picker.finish()
    #expect(result.status == 130)
    #expect(picker.settingsRestored)
    let screen = picker.screen()
    #expect(screen.isBracketedPasteOn)
    #expect(!screen.isAlternateScreen && screen.isCursorVisible && screen.isAutowrapOn)
  }

  @Test(arguments: [true, false])
  func `inline mode keeps the rows above, draws inert items and erases its area on exit`(
    terminalAnswers: Bool
  ) throws {
    let picker = try Picker.underShell(
      "printf 'line one\\nline two\\n' >/dev/tty; exec \"$0\" --height 5",
      rawItems: Array("apple\n\u{1B}[2J\u{1B}[Hbanana\ncherry\n".utf8), rows: 12, columns: 40)
    let asked = picker.pty.output(waitingFor: { $0.contains("\u{1B}[6n") }, timeout: 5)
    try #require(asked != nil, "pick did not ask where the cursor is")
    // A terminal answers the cursor position (row 7 after the room pick made);
    // without an answer pick waits 500 ms and takes the bottom rows.
    if terminalAnswers { picker.send(picker.screen().responses) }
    let top = terminalAnswers ? 2 : 7
    let screen = try picker.waitFor { $0.row(top + 1).contains("3/3") }
    #expect(screen.row(0) == "line one".padded(to: 40))
    #expect(screen.row(1) == "line two".padded(to: 40))
    #expect(screen.row(top) == "> ".padded(to: 40))
    #expect(screen.row(top + 3) == "   ␛[2J␛[Hbanana".padded(to: 40))
    #expect(!screen.isAlternateScreen)
    #expect(screen.linesScrolled == 0)
    picker.expectOnlyPickSequences()
    picker.send("ban\r")
    try picker.expectExit(status: 0, stdout: "\u{1B}[2J\u{1B}[Hbanana\n")
    let after = picker.screen()
    #expect(after.row(0) == "line one".padded(to: 40))
    #expect(after.row(1) == "line two".padded(to: 40))
    for row in 2..<12 { #expect(after.row(row) == "".padded(to: 40), "row \(row)") }
  }

  // MARK: A terminal that stops reading

  @Test func `SIGTERM ends pick even while the terminal has stopped reading`() throws {
    let items = (1...3000).map { "\($0) " + String(repeating: "x", count: 150) }
    let picker = try Picker(
      [], items: items.joined(separator: "\n") + "\n", rows: 100, columns: 200)
    try picker.waitFor("3000/3000")
    picker.pty.pauseOutput(true)
    // Full redraws, far more than the pty holds: pick ends up waiting to write.
    for _ in 0..<40 { picker.send([0x0C]) }
    usleep(300_000)
    picker.pty.signal(SIGTERM)
    let result = picker.pty.wait(timeout: 3)
    picker.pty.pauseOutput(false)
    let exited = try #require(result, "pick did not exit after SIGTERM")
    #expect(exited.status == 130)
    #expect(exited.stdout.isEmpty)
    #expect(picker.settingsRestored)
    // What the terminal reads once it reads again: the rest of the frame was
    // dropped, the restore is there.
    let restore = "\u{1B}[?1049l\u{1B}[?25h"  // how the restore ends
    let restored = picker.pty.output(waitingFor: { $0.hasSuffix(restore) }, timeout: 5)
    #expect(restored != nil)
    let screen = picker.screen()
    #expect(!screen.isAlternateScreen && screen.isCursorVisible && screen.isAutowrapOn)
  }

  // MARK: Crash

  @Test func `a crash in inline mode restores the terminal and dies of SIGSEGV`() throws {
    let picker = try Picker(
      ["--height", "5"], items: "apple\n", environment: ["PICK_TEST_CRASH": "1"])
    try picker.expectExit(status: 128 + SIGSEGV, stdout: "")
    let screen = picker.screen()
    #expect(!screen.isAlternateScreen)
    #expect(screen.isCursorVisible)
    #expect(!screen.isBracketedPasteOn)
  }
}

/// Whether process `pid` exists and has not exited (a zombie waiting for
/// whoever adopted it to reap it has ended).
private func isRunning(_ pid: pid_t) -> Bool {
  let fd = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
  guard fd >= 0 else { return kill(pid, 0) == 0 }
  defer { close(fd) }
  var buffer = [UInt8](repeating: 0, count: 512)
  let count = read(fd, &buffer, buffer.count)
  guard count > 0, let close = buffer[..<count].lastIndex(of: UInt8(ascii: ")")),
    close + 2 < count
  else { return false }
  // "pid (comm) S …": the state letter follows the command name.
  return buffer[close + 2] != UInt8(ascii: "Z") && buffer[close + 2] != UInt8(ascii: "X")
}
