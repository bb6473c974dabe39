#if canImport(Glibc)
  import Glibc
#endif

/// A harness could not do its part: open a pseudo-terminal or a pipe, or
/// start a program. The description says which call failed and why.
public struct HarnessFailure: Error, CustomStringConvertible {
  public var description: String

  public init(_ description: String) { self.description = description }

  /// `call` failed with the current `errno`.
  public static func errno(_ call: String) -> HarnessFailure {
    HarnessFailure("\(call): \(String(cString: strerror(Glibc.errno)))")
  }
}
