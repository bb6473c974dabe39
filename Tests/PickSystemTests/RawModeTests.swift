import Glibc
import PickSystem
import PickTestSupport
import Testing

extension TerminalTests {
  @Suite struct RawModeTests {
    @Test func `raw mode turns off echo, line editing and key signals`() throws {
      let pty = try PseudoTerminalPair()
      let before = pty.settings()
      #expect(before.c_lflag & tcflag_t(ECHO | ICANON | ISIG) != 0)
      let rawMode = try RawMode(fileDescriptor: pty.slave)
      try rawMode.apply()
      let now = pty.settings()
      #expect(now.c_lflag & tcflag_t(ECHO | ICANON | ISIG | IEXTEN) == 0)
      #expect(now.c_oflag & tcflag_t(OPOST) == 0)
      #expect(now.c_cflag & tcflag_t(CSIZE) == tcflag_t(CS8))
      #expect(!sameBytes(before, now))
      #expect(sameBytes(now, rawMode.raw))
    }

    @Test func `restore gives back exactly the saved settings`() throws {
      let pty = try PseudoTerminalPair()
      // Settings a user's stty might have made, which re-enabling flags would lose.
      var custom = pty.settings()
      custom.c_cc.0 = 0x07  // VINTR = Ctrl-G
      custom.c_iflag |= tcflag_t(IUTF8)
      custom.c_lflag &= ~tcflag_t(ECHOCTL)
      #expect(tcsetattr(pty.slave, TCSANOW, &custom) == 0)
      let before = pty.settings()

      let rawMode = try RawMode(fileDescriptor: pty.slave)
      #expect(sameBytes(rawMode.saved, before))
      try rawMode.apply()
      try rawMode.restore()
      #expect(sameBytes(pty.settings(), before))
      // And again after a reapply (what SIGCONT does).
      try rawMode.reapply()
      try rawMode.restore()
      #expect(sameBytes(pty.settings(), before))
    }

    @Test func `keys typed before and after raw mode stay queued`() throws {
      let pty = try PseudoTerminalPair()
      let device = try TerminalDevice(path: pty.slavePath)
      pty.type(Array("ab\n".utf8))
      usleep(20_000)
      let rawMode = try RawMode(device)
      try rawMode.apply()
      pty.type(Array("c".utf8))
      usleep(20_000)
      try rawMode.restore()
      var buffer = [UInt8](repeating: 0, count: 16)
      // Nothing was flushed. (Linux makes bytes typed in raw mode readable at
      // once after the switch back to canonical mode.)
      let n = try buffer.withUnsafeMutableBytes { try device.read(into: $0) }
      #expect(Array(buffer[..<n]) == Array("ab\nc".utf8))
    }
  }
}
