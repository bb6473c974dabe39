import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The harness itself, checked with /bin/sh: the pty really is the child's
/// controlling terminal, with the size asked for, and keys, output, resize,
/// signals and hang-up reach it.
@Suite(.serialized) struct PseudoTerminalTests {
  @Test func `the pty is the child's controlling terminal, with the size asked for`() throws {
    let terminal = try PseudoTerminal(
      binary: "/bin/sh", arguments: ["-c", "stty size </dev/tty; cat >/dev/null"], stdin: [],
      rows: 30, columns: 100, keepStdinOpen: true)
    // While sh waits on its (open) stdin, look at it from outside.
    var slaveStatus = stat()
    #expect(stat(terminal.slavePath, &slaveStatus) == 0)
    let fields = try #require(processStatusFields(terminal.pid))
    // /proc/PID/stat: pid (comm) state ppid pgrp session tty_nr tpgid …
    #expect(fields[5] == "\(terminal.pid)")  // its own process group
    #expect(fields[6] == "\(terminal.pid)")  // its own session
    #expect(fields[7] == "\(slaveStatus.st_rdev)")  // controlling terminal = the slave
    #expect(fields[8] == "\(terminal.pid)")  // foreground group of that terminal
    terminal.closeStdin()
    let result = try #require(terminal.wait(timeout: 10))
    #expect(result.status == 0)
    #expect(String(decoding: result.stdout, as: UTF8.self) == "30 100\n")
    #expect(result.stderr.isEmpty)
  }

  @Test func `keys reach the program and its terminal output comes back`() throws {
    let terminal = try PseudoTerminal(
      binary: "/bin/sh", arguments: ["-c", "printf 'ready\\n' >/dev/tty; head -n 1 </dev/tty"],
      stdin: [])
    #expect(terminal.output(waitingFor: { $0.contains("ready") }, timeout: 10) != nil)
    terminal.send("hello\r")
    let result = try #require(terminal.wait(timeout: 10))
    #expect(String(decoding: result.stdout, as: UTF8.self) == "hello\n")
    // The line discipline echoed what was typed.
    #expect(terminal.output(waitingFor: { $0.contains("hello") }, timeout: 10) != nil)
  }

  @Test func `stdin is the bytes given, then end of file`() throws {
    let items = Array("a\nb\nc\n".utf8)
    let terminal = try PseudoTerminal(
      binary: "/bin/sh", arguments: ["-c", "cat; echo end"], stdin: items)
    let result = try #require(terminal.wait(timeout: 10))
    #expect(result.stdout == items + Array("end\n".utf8))
  }

  @Test func `a resize sends SIGWINCH to the program`() throws {
    let script =
      "trap 'stty size </dev/tty; exit 0' WINCH; printf 'ready\\n' >/dev/tty; while :; do sleep 0.02; done"
    let terminal = try PseudoTerminal(binary: "/bin/sh", arguments: ["-c", script], stdin: [])
    #expect(terminal.output(waitingFor: { $0.contains("ready") }, timeout: 10) != nil)
    terminal.resize(rows: 40, columns: 120)
    let result = try #require(terminal.wait(timeout: 10))
    #expect(result.status == 0)
    #expect(String(decoding: result.stdout, as: UTF8.self) == "40 120\n")
  }

  @Test func `termiosNow shows what the program left behind`() throws {
    let terminal = try PseudoTerminal(
      binary: "/bin/sh", arguments: ["-c", "stty raw -echo </dev/tty"], stdin: [])
    let result = try #require(terminal.wait(timeout: 10))
    #expect(result.status == 0)
    #expect(terminal.termiosBefore.c_lflag & tcflag_t(ICANON | ECHO) == tcflag_t(ICANON | ECHO))
    #expect(terminal.termiosNow().c_lflag & tcflag_t(ICANON | ECHO) == 0)
  }

  @Test func `a signal's exit status is 128 plus its number`() throws {
    let terminal = try PseudoTerminal(
      binary: "/bin/sh", arguments: ["-c", "printf 'ready\\n' >/dev/tty; exec sleep 30"], stdin: [])
    #expect(terminal.output(waitingFor: { $0.contains("ready") }, timeout: 10) != nil)
    terminal.signal(SIGTERM)
    #expect(terminal.wait(timeout: 10)?.status == 128 + SIGTERM)
  }

  @Test func `closing the master hangs up the session`() throws {
    let terminal = try PseudoTerminal(
      binary: "/bin/sh", arguments: ["-c", "printf 'ready\\n' >/dev/tty; exec sleep 30"], stdin: [])
    #expect(terminal.output(waitingFor: { $0.contains("ready") }, timeout: 10) != nil)
    terminal.hangUp()
    #expect(terminal.wait(timeout: 10)?.status == 128 + SIGHUP)
  }

  @Test func `the child gets only descriptors 0, 1 and 2`() throws {
    // The glob's own directory descriptor is gone by the time `-e` looks.
    let script = "for f in /proc/$$/fd/*; do if [ -e \"$f\" ]; then echo \"${f##*/}\"; fi; done"
    let terminal = try PseudoTerminal(
      binary: "/bin/sh", arguments: ["-c", script], stdin: [])
    let result = try #require(terminal.wait(timeout: 10))
    #expect(String(decoding: result.stdout, as: UTF8.self) == "0\n1\n2\n")
  }

  @Test func `the environment is clean plus the extras`() throws {
    let terminal = try PseudoTerminal(
      binary: "/usr/bin/env", arguments: [], stdin: [], environment: ["EXTRA": "1"])
    let result = try #require(terminal.wait(timeout: 10))
    let names = String(decoding: result.stdout, as: UTF8.self).split(separator: "\n")
      .map { $0.split(separator: "=", maxSplits: 1)[0] }.sorted()
    #expect(names == ["EXTRA", "HOME", "PATH", "SWIFT_BACKTRACE", "TERM"])
  }

  @Test func `a program that never exits is killed when the harness goes away`() throws {
    var pid: pid_t = 0
    do {
      let terminal = try PseudoTerminal(binary: "/bin/sleep", arguments: ["30"], stdin: [])
      pid = terminal.pid
      #expect(terminal.wait(timeout: 0.1) == nil)
    }
    #expect(kill(pid, 0) == -1)
  }
}

/// The fields of /proc/PID/stat, numbered as in proc(5) from 1 (field 2, the
/// command name, may hold spaces and comes back as one placeholder).
private func processStatusFields(_ pid: pid_t) -> [String]? {
  let fd = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
  guard fd >= 0 else { return nil }
  defer { close(fd) }
  var buffer = [UInt8](repeating: 0, count: 4096)
  let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
  guard n > 0, let end = buffer[..<n].lastIndex(of: UInt8(ascii: ")")) else { return nil }
  return ["", "\(pid)", "(comm)"]
    + buffer[(end + 2)..<n].split(separator: UInt8(ascii: " ")).map {
      String(decoding: $0, as: UTF8.self)
    }
}
