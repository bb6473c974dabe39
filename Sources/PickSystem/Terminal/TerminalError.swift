import Glibc

/// Why talking to the terminal failed.
public enum TerminalError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The terminal went away (end of file or EIO on a read, EIO on a write):
  /// its window closed or its session ended. pick exits with 129, as fzf.
  case hungUp
  /// A write waiting for the terminal to take more gave up because its
  /// interruption descriptor became readable (a signal came while the
  /// terminal had stopped reading); part of the bytes may have been written.
  case interrupted
  /// Any other failed system call.
  case failed(SystemError)

  init(errno: Int32, context: String) {
    self = errno == EIO ? .hungUp : .failed(SystemError(errno: errno, context: context))
  }

  /// One line for the user: what failed and why.
  public var description: String {
    switch self {
    case .hungUp: "the terminal hung up"
    case .interrupted: "a write to the terminal was interrupted"
    case .failed(let error): error.description
    }
  }
}
