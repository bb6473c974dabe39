import Glibc

/// A failed system call, with the text the C library gives for its `errno`.
public struct SystemError: Error, Equatable, Sendable, CustomStringConvertible {
  public var errno: Int32
  /// What pick was doing, e.g. "cannot read standard input".
  public var context: String

  public init(errno: Int32, context: String) {
    self.errno = errno
    self.context = context
  }

  /// The C library's message for `errno` (the corresponding C function is `strerror`).
  public static func message(for errno: Int32) -> String {
    guard let text = strerror(errno) else { return "error \(errno)" }
    return String(cString: text)
  }

  public var description: String { "\(context): \(Self.message(for: errno))" }
}
