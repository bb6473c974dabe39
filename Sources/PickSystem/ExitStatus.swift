/// pick's exit statuses, as fzf's (Docs/Design.md, Exit codes).
public enum ExitStatus {
  public static let matched: Int32 = 0
  public static let noMatch: Int32 = 1
  public static let error: Int32 = 2
  public static let hungUp: Int32 = 129
  public static let aborted: Int32 = 130
  public static let readerGone: Int32 = 141
}

/// An error that ends pick with status 2 and this one line on stderr.
public struct UsageFailure: Error, CustomStringConvertible {
  public var description: String
  public init(_ description: String) { self.description = description }
}
