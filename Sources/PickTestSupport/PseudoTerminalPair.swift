// The one way the tests and pick-bench open a pseudo-terminal.
//
// Both ends are close-on-exec from birth, which `openpty` cannot do: Swift
// Testing runs tests on several threads and pick-bench starts programs while
// it holds terminals, so a child may be spawned at any moment, and one that
// inherited another terminal's slave would keep it from hanging up. So the
// master comes from /dev/ptmx with O_CLOEXEC, is unlocked with TIOCSPTLCK,
// and the slave is opened with TIOCGPTPEER (Linux 4.13+).

#if canImport(Glibc)
  import Glibc
#endif

/// A fresh pseudo-terminal: the master plays the terminal emulator, the
/// slave is the terminal a program under test gets (see the top of this file).
public final class PseudoTerminalPair {
  public let master: Int32
  public let slave: Int32
  /// The slave's path, e.g. /dev/pts/3: what a child opens to make it its
  /// controlling terminal.
  public let slavePath: String

  /// Opens a pty of `rows`×`columns` (0×0, the kernel's default, unless given).
  public init(rows: Int = 0, columns: Int = 0) throws {
    let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard master >= 0 else { throw HarnessFailure.errno("open /dev/ptmx") }
    var locked: Int32 = 0
    guard ioctl(master, unlockPseudoTerminal, &locked) == 0 else {
      defer { close(master) }
      throw HarnessFailure.errno("unlockpt")
    }
    let slave = ioctl(master, openPseudoTerminalPeer, O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard slave >= 0 else {
      defer { close(master) }
      throw HarnessFailure.errno("TIOCGPTPEER")
    }
    var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
    guard let path = terminalPath(slave), ioctl(master, UInt(TIOCSWINSZ), &size) == 0 else {
      defer {
        close(slave)
        close(master)
      }
      throw HarnessFailure.errno("ttyname_r or TIOCSWINSZ")
    }
    self.master = master
    self.slave = slave
    slavePath = path
  }

  deinit {
    close(slave)
    close(master)
  }

  /// Sets the window size (TIOCSWINSZ on the master); the kernel sends
  /// SIGWINCH to the foreground process group. False if that failed.
  @discardableResult
  public func resize(rows: Int, columns: Int) -> Bool {
    var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
    return ioctl(master, UInt(TIOCSWINSZ), &size) == 0
  }

  /// The slave's settings now. The corresponding C function is `tcgetattr`.
  public func settings() -> termios {
    var settings = termios()
    _ = tcgetattr(slave, &settings)
    return settings
  }

  /// Writes `bytes` to the master, as if typed: all of them, waiting while a
  /// non-blocking master is full, unless the terminal is gone.
  public func type(_ bytes: [UInt8]) {
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
      if written > 0 {
        offset += written
      } else if errno != EINTR && errno != EAGAIN {
        return
      }
    }
  }
}

/// The path of the terminal open on `fd`. The corresponding C function is `ttyname_r`.
public func terminalPath(_ fd: Int32) -> String? {
  var name = [CChar](repeating: 0, count: 256)
  guard ttyname_r(fd, &name, name.count) == 0 else { return nil }
  return String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
