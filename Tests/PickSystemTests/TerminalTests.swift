import Glibc
import Testing

/// The tests of `PickSystem/Terminal` (`swift test --filter Terminal` runs
/// them). Their pseudo-terminal is PickTestSupport's `PseudoTerminalPair`.
enum TerminalTests {}

/// Whether two termios values are the same bytes (padding included: both come
/// from zero-initialised storage filled by tcgetattr).
func sameBytes(_ a: termios, _ b: termios) -> Bool {
  var a = a
  var b = b
  return memcmp(&a, &b, MemoryLayout<termios>.size) == 0
}
