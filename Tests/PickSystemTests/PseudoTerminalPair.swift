import Glibc
import Testing

/// The tests of `PickSystem/Terminal` (`swift test --filter Terminal` runs them).
enum TerminalTests {}

/// A pty opened in the test process: the master plays the terminal emulator,
/// the slave is what pick would have as its terminal. Both close-on-exec, so
/// children spawned by tests running in parallel do not inherit them.
final class PseudoTerminalPair {
  let master: Int32
  let slave: Int32
  /// The slave's path, e.g. /dev/pts/3.
  let slavePath: String

  init(sourceLocation: SourceLocation = #_sourceLocation) throws {
    var master: Int32 = -1
    var slave: Int32 = -1
    guard openpty(&master, &slave, nil, nil, nil) == 0 else {
      throw PtyFailure(description: "openpty: \(String(cString: strerror(errno)))")
    }
    _ = fcntl(master, F_SETFD, FD_CLOEXEC)
    _ = fcntl(slave, F_SETFD, FD_CLOEXEC)
    self.master = master
    self.slave = slave
    guard let path = terminalPath(slave) else { throw PtyFailure(description: "ttyname_r failed") }
    slavePath = path
  }

  deinit {
    if master >= 0 { close(master) }
    close(slave)
  }

  /// The slave's settings now. The corresponding C function is `tcgetattr`.
  func settings() -> termios {
    var settings = termios()
    _ = tcgetattr(slave, &settings)
    return settings
  }

  /// Writes `bytes` to the master, as if typed.
  func type(_ bytes: [UInt8]) {
    _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
  }
}

struct PtyFailure: Error, CustomStringConvertible {
  var description: String
}

/// Whether two termios values are the same bytes (padding included: both come
/// from zero-initialised storage filled by tcgetattr).
func sameBytes(_ a: termios, _ b: termios) -> Bool {
  var a = a
  var b = b
  return memcmp(&a, &b, MemoryLayout<termios>.size) == 0
}

/// The path of the terminal open on `fd`. The corresponding C function is `ttyname_r`.
func terminalPath(_ fd: Int32) -> String? {
  var name = [CChar](repeating: 0, count: 256)
  guard ttyname_r(fd, &name, name.count) == 0 else { return nil }
  return String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
