/// How a child process ended, decoded from a `waitpid` status.
public enum ProcessTermination: Equatable, Sendable {
  /// It exited with this status.
  case exited(Int32)
  /// This signal killed it.
  case signaled(Int32)

  /// Decodes a status from `waitpid` or `wait4` (called without WUNTRACED,
  /// so the process has ended).
  public init(waitStatus status: Int32) {
    self = status & 0x7F == 0 ? .exited((status >> 8) & 0xFF) : .signaled(status & 0x7F)
  }

  /// The status as shells report it: the exit status, or 128 + the signal.
  public var shellStatus: Int32 {
    switch self {
    case .exited(let status): status
    case .signaled(let signal): 128 + signal
    }
  }
}
