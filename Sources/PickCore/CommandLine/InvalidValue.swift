/// Why an option's value was rejected, e.g. `expected default, path or history`.
///
/// Value parsers do not know how the option was spelled (`-n` or `--nth`),
/// so they throw only the reason; the parser turns it into
/// `option -n: invalid value '0' (REASON)` with the spelling the user typed.
public struct InvalidValue: Error, Equatable, Sendable {
  public var reason: String

  public init(_ reason: String) {
    self.reason = reason
  }
}
