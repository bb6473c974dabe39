import Glibc
import PickSystem
import PickTestSupport
import Testing

/// `execute(CMD)`'s runner: the command's standard descriptors are the
/// terminal, it runs in a group of its own, and its status comes back.
/// (Handing the terminal's foreground to it needs a controlling terminal:
/// the end-to-end tests check that.)
@Suite(.serialized) struct ForegroundCommandTests {
  private func readAll(_ fd: Int32, until marker: String, timeoutMilliseconds: Int = 5000) -> String {
    var collected: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    var waited = 0
    while waited < timeoutMilliseconds {
      var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      if poll(&poller, 1, 20) > 0 {
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n <= 0 { break }
        collected += buffer[0..<n]
        if String(decoding: collected, as: UTF8.self).contains(marker) { break }
      } else {
        waited += 20
      }
    }
    return String(decoding: collected, as: UTF8.self)
  }

  @Test func `the command reads and writes the terminal and its status comes back`() throws {
    let pty = try PseudoTerminalPair()
    pty.type(Array("typed line\n".utf8))
    let ended = try ForegroundCommand.run(
      shell: [Array("sh".utf8), Array("-c".utf8)],
      command: Array("read x; echo \"got $x\"; echo err >&2; exit 4".utf8), terminal: pty.slave,
      environment: [(Array("SWIFT_BACKTRACE".utf8), Array("enable=no".utf8))])
    #expect(ended == .exited(4))
    let shown = readAll(pty.master, until: "err")
    #expect(shown.contains("got typed line"))
    #expect(shown.contains("err"))
  }

  @Test func `the command runs in a process group of its own`() throws {
    let pty = try PseudoTerminalPair()
    let ended = try ForegroundCommand.run(
      shell: [Array("sh".utf8), Array("-c".utf8)],
      command: Array("[ \"$(ps -o pgid= -p $$ | tr -d ' ')\" = \"$$\" ] && echo own-group".utf8),
      terminal: pty.slave)
    #expect(ended == .exited(0))
    #expect(readAll(pty.master, until: "own-group").contains("own-group"))
  }
}
