// What `--remember` does with whatever it finds in the state directory, end
// to end: a huge file pick did not write, a file of a later pick, and a
// remembered select-all of many items. Each run checks the exit status, stdout
// byte for byte, stderr line by line and that the terminal settings were
// restored. `swift test --filter Remember` runs them with the other
// `--remember` tests.

import PickTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite(.serialized) struct RememberFileTests {
  @Test func `a huge file pick did not write is ignored with one warning, unread, then replaced`() throws {
    let state = try StateDirectory()
    let file = state.path + "/pick/k"
    // 512 MiB, sparse: costs no disk, but reading it would take the memory.
    try state.write("pick/k", Array("not a choice pick wrote\n".utf8), size: 512 << 20)

    let picker = try Picker(["-m", "--remember", "k"], items: "apple\nbanana\n", environment: state.environment)
    try picker.waitFor("2/2")
    // Only the header was read: pick's peak memory stays far below the file's size.
    let peak = try #require(picker.pty.peakResidentBytes())
    #expect(peak < 128 << 20, "pick's peak resident size was \(peak >> 10) KiB")
    picker.send("\t\r")
    let result = try #require(picker.pty.wait(timeout: 5), "pick did not exit")
    #expect(result.status == 0)
    #expect(ByteString(result.stdout) == "apple\n")
    let warnings = lines(result.stderr)
    #expect(warnings.count == 1, "stderr: \(warnings)")
    #expect(warnings.first?.hasPrefix("pick: warning: --remember k: \(file) is not a choice pick wrote") == true)
    #expect(bytes(of: picker.pty.termiosNow()) == bytes(of: picker.pty.termiosBefore))
    // pick owns its state directory: the choice replaces what was there.
    #expect(state.contents("pick/k").map(ByteString.init) == "pick-remember 1\napple\0")
  }

  @Test func `a file written by a later pick is kept as it is, and the choice is not saved`() throws {
    let state = try StateDirectory()
    let future = Array("pick-remember 2\nsomething this pick cannot read\0".utf8)
    try state.write("pick/k", future)

    let picker = try Picker(["-m", "--remember", "k"], items: "apple\nbanana\n", environment: state.environment)
    try picker.waitFor("2/2")
    picker.send("\t\r")
    let result = try #require(picker.pty.wait(timeout: 5), "pick did not exit")
    #expect(result.status == 0)
    #expect(ByteString(result.stdout) == "apple\n")
    let warnings = lines(result.stderr)
    #expect(warnings.count == 1, "stderr: \(warnings)")
    #expect(warnings.first?.contains("newer pick (format 2)") == true, "stderr: \(warnings)")
    #expect(warnings.first?.contains("will not be remembered") == true, "stderr: \(warnings)")
    #expect(state.contents("pick/k").map(ByteString.init) == ByteString(future))
  }

  @Test func `a remembered select-all of 200 000 items is selected as the items arrive`() throws {
    let state = try StateDirectory()
    let count = 200_000
    var choice = Array("pick-remember 1\n".utf8)
    var items: [UInt8] = []
    for n in 1...count {
      choice += Array(String(n).utf8) + [0]
      items += Array(String(n).utf8) + [0x0A]
    }
    try state.write("pick/k", choice)

    let started = ContinuousClock.now
    let picker = try Picker(["-m", "--remember", "k"], rawItems: items, environment: state.environment)
    let screen = try picker.waitFor("\(count) of \(count)", timeout: 30)
    // A bound against work that grows faster than the items (per frame or
    // per text); the release build's times are in Docs/Performance.md.
    let elapsed = ContinuousClock.now - started
    #expect(elapsed < .seconds(10), "the first full frame took \(elapsed)")
    #expect(screen.row(2).hasPrefix("  [x] All"))
    #expect(screen.row(3).hasPrefix(">* 1 "))
    picker.send("\u{1B}")
    let result = try #require(picker.pty.wait(timeout: 5), "pick did not exit")
    #expect(result.status == 130)
    #expect(result.stderr.isEmpty)
  }
}

// MARK: - Support

/// A fresh `XDG_STATE_HOME` under $TMPDIR (or /tmp), removed with its
/// contents when released (also used by RecallForgetTests.swift).
final class StateDirectory {
  let path: String

  init() throws {
    let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
    var template = Array("\(base)/pick-state-XXXXXX".utf8CString)
    guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
      throw RunFailure(description: "mkdtemp: \(String(cString: strerror(errno)))")
    }
    path = String(cString: made)
    guard mkdir(path + "/pick", 0o700) == 0 else {
      throw RunFailure(description: "mkdir: \(String(cString: strerror(errno)))")
    }
  }

  deinit {
    _ = try? runProgram("/bin/rm", arguments: [Array("-rf".utf8), Array(path.utf8)], timeout: 10)
  }

  var environment: [String: String] { ["XDG_STATE_HOME": path] }

  /// Writes `bytes` to `name`, then extends the file to `size` bytes (a hole) when given.
  func write(_ name: String, _ bytes: [UInt8], size: Int? = nil) throws {
    let fd = open(path + "/" + name, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw RunFailure(description: "open: \(String(cString: strerror(errno)))") }
    defer { close(fd) }
    let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
    guard written == bytes.count else { throw RunFailure(description: "short write") }
    if let size, ftruncate(fd, off_t(size)) != 0 {
      throw RunFailure(description: "ftruncate: \(String(cString: strerror(errno)))")
    }
  }

  /// The bytes of `name`, or nil when it cannot be read.
  func contents(_ name: String) -> [UInt8]? {
    let fd = open(path + "/" + name, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var result: [UInt8] = []
    var block = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let n = block.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      guard n > 0 else { return n == 0 ? result : nil }
      result += block[..<n]
    }
  }
}
