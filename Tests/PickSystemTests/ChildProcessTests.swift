import Glibc
import Testing

@testable import PickSystem

private let sh: [[UInt8]] = [Array("sh".utf8), Array("-c".utf8)]

/// Runs `script` with `sh -c`, reads all its output and reaps it.
private func run(
  _ script: String, environment: [(name: [UInt8], value: [UInt8])] = [],
  errors: ChildProcess.Redirection = .null
) throws -> (output: String, termination: ChildProcess.Termination) {
  let child = try ChildProcess(
    shell: sh, command: Array(script.utf8), environment: environment, errors: errors)
  let output = try child.readOutputToEnd()
  return (String(decoding: output, as: UTF8.self), child.wait())
}

/// Whether process `pid` has ended (gone, or a zombie waiting to be reaped).
private func hasEnded(_ pid: pid_t) -> Bool {
  let fd = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
  if fd < 0 { return true }
  defer { close(fd) }
  var buffer = [UInt8](repeating: 0, count: 512)
  let n = read(fd, &buffer, buffer.count)
  guard n > 0, let close = buffer[..<n].lastIndex(of: UInt8(ascii: ")")), close + 2 < n else {
    return true
  }
  // The state follows ") ": Z is a zombie, X dead.
  return buffer[close + 2] == UInt8(ascii: "Z") || buffer[close + 2] == UInt8(ascii: "X")
}

@Suite struct ChildProcessTests {
  @Test func `its standard output is read through the pipe, bytes exact`() throws {
    let child = try ChildProcess(shell: sh, command: Array(#"printf 'one\ntwo\377\n'"#.utf8))
    #expect(try child.readOutputToEnd() == Array("one\ntwo".utf8) + [0xFF, 0x0A])
    #expect(child.wait() == .exited(0))
  }

  @Test func `the exit status and the killing signal are reported`() throws {
    #expect(try run("exit 3").termination == .exited(3))
    #expect(try run("kill -TERM $$").termination == .signalled(SIGTERM))
    #expect(ChildProcess.Termination.signalled(SIGTERM).shellStatus == 143)
  }

  @Test func `standard input is /dev/null`() throws {
    #expect(try run("readlink /proc/self/fd/0").output == "/dev/null\n")
    #expect(try run("cat; echo end").output == "end\n")
  }

  @Test func `environment additions are seen, replacing a variable of the same name`() throws {
    let result = try run(
      #"printf '%s %s' "$PICK_TEST_ADDED" "$HOME""#,
      environment: [
        (Array("PICK_TEST_ADDED".utf8), Array("yes".utf8)),
        (Array("HOME".utf8), Array("/elsewhere".utf8)),
      ])
    #expect(result.output == "yes /elsewhere")
  }

  @Test func `standard error can be merged into the output`() throws {
    #expect(
      try run("echo out; echo err >&2; echo again", errors: .output).output == "out\nerr\nagain\n")
    #expect(try run("echo out; echo err >&2", errors: .null).output == "out\n")
  }

  @Test func `no descriptor of pick's is inherited, even one without close-on-exec`() throws {
    let leaky = open("/dev/null", O_RDONLY)  // deliberately without O_CLOEXEC
    #expect(leaky > 2)
    defer { close(leaky) }
    // The shell lists its own descriptors (ls opens one more for the listing, after the fork).
    let result = try run("ls /proc/$$/fd")
    let descriptors = result.output.split(separator: "\n").map(String.init)
    #expect(descriptors == ["0", "1", "2"])
  }

  @Test func `signals are at their defaults and none is blocked, whatever pick set`() throws {
    // pick ignores SIGPIPE; a test thread may block signals too.
    let previous = signal(SIGPIPE, SIG_IGN)
    defer { signal(SIGPIPE, previous) }
    var blocked = sigset_t()
    sigemptyset(&blocked)
    sigaddset(&blocked, SIGUSR1)
    var saved = sigset_t()
    pthread_sigmask(SIG_BLOCK, &blocked, &saved)
    defer { pthread_sigmask(SIG_SETMASK, &saved, nil) }

    let result = try run(#"exec grep -E '^Sig(Ign|Blk):' /proc/self/status"#)
    var masks: [String: UInt64] = [:]
    for line in result.output.split(separator: "\n") {
      let parts = line.split(separator: "\t")
      if parts.count == 2 { masks[String(parts[0])] = UInt64(parts[1], radix: 16) }
    }
    #expect(masks["SigBlk:"] == 0)
    // Signals 32 and 33 belong to the C library's threads (glibc will not
    // reset them; the test runner happens to ignore them): the rest must be default.
    let ignored = try #require(masks["SigIgn:"])
    #expect(ignored & 0x7FFF_FFFF == 0, "ignored: \(String(ignored, radix: 16))")
    #expect(ignored & (1 << (UInt64(SIGPIPE) - 1)) == 0)
  }

  @Test func `it runs in its own process group, and kill ends the whole group`() throws {
    // The shell starts a grandchild and reports its pid and the group ids.
    let child = try ChildProcess(
      shell: sh, command: Array("sleep 30 & echo $! $(ps -o pgid= $$); wait".utf8))
    var line: [UInt8] = []
    var byte: UInt8 = 0
    while read(child.outputDescriptor, &byte, 1) == 1 && byte != 0x0A { line.append(byte) }
    let fields = String(decoding: line, as: UTF8.self).split(separator: " ")
    let grandchild = try #require(fields.first.flatMap { pid_t($0) })
    let group = try #require(fields.last.flatMap { pid_t($0.trimmingPrefix(" ")) })
    #expect(group == child.pid)
    #expect(group != getpgrp())

    child.kill()
    #expect(child.wait() == .signalled(SIGKILL))
    let deadline = ContinuousClock.now + .seconds(5)
    while !hasEnded(grandchild) && ContinuousClock.now < deadline { usleep(10_000) }
    #expect(hasEnded(grandchild), "the grandchild \(grandchild) outlived the kill")
  }

  @Test func `a program that does not exist fails to start with its errno`() {
    #expect(throws: SystemError.self) {
      _ = try ChildProcess(arguments: [Array("/nonexistent/program".utf8)])
    }
    do {
      _ = try ChildProcess(arguments: [Array("pick-no-such-program-here".utf8)])
      Issue.record("started a program that does not exist")
    } catch {
      #expect(error.errno == ENOENT)
    }
  }

  @Test func `poll reports nothing while the child runs and its end once it has exited`() throws {
    let child = try ChildProcess(shell: sh, command: Array("read x; exit 5".utf8), input: .inherit)
    // stdin is inherited from the test runner: whatever it is, the child ends on its own below.
    child.kill(SIGTERM)
    let ended = child.wait(milliseconds: 5000)
    #expect(ended == .signalled(SIGTERM) || ended == .exited(5) || ended == .exited(1))
    #expect(child.poll() == ended)
    let running = try ChildProcess(shell: sh, command: Array("sleep 30".utf8))
    #expect(running.poll() == nil)
    running.kill()
    #expect(running.wait() == .signalled(SIGKILL))
  }

  @Test func `a wait unless a descriptor is readable gives up when it is, and reaps otherwise`() throws {
    var fds: [Int32] = [-1, -1]
    try #require(pipe(&fds) == 0)
    defer { for fd in fds { close(fd) } }
    let quick = try ChildProcess(shell: sh, command: Array("exit 4".utf8), output: .null)
    #expect(quick.wait(unlessReadable: fds[0]) == .exited(4))
    let slow = try ChildProcess(shell: sh, command: Array("sleep 30".utf8), output: .null)
    var byte: UInt8 = 1
    #expect(write(fds[1], &byte, 1) == 1)
    let start = ContinuousClock.now
    #expect(slow.wait(unlessReadable: fds[0]) == nil)
    #expect(ContinuousClock.now - start < .seconds(5))
    slow.terminate(graceMilliseconds: 1000)
    #expect(slow.termination == .signalled(SIGTERM))
  }

  @Test func `terminate kills a group that ignores SIGTERM once the grace has passed`() throws {
    // The shell and its sleep both ignore TERM; the pid file says the sleep's id.
    let child = try ChildProcess(
      shell: sh, command: Array("trap '' TERM; sleep 30 & echo $!; wait".utf8))
    var line: [UInt8] = []
    var byte: UInt8 = 0
    while read(child.outputDescriptor, &byte, 1) == 1 && byte != 0x0A { line.append(byte) }
    let sleeper = try #require(pid_t(String(decoding: line, as: UTF8.self)))
    child.terminate(graceMilliseconds: 100)
    #expect(child.termination == .signalled(SIGKILL))
    let deadline = ContinuousClock.now + .seconds(5)
    while !hasEnded(sleeper) && ContinuousClock.now < deadline { usleep(10_000) }
    #expect(hasEnded(sleeper), "the command's sleep outlived its group's end")
  }
}
