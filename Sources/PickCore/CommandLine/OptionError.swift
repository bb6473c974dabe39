/// A usage error from the option parser or the shell-word splitter.
///
/// The parser never prints and never exits: it throws this, and `main` prints
/// `pick: ` followed by `message` on standard error and exits with status 2.
/// Keeping the message a single line without the program name lets tests
/// compare it literally and lets `main` decide how it is shown.
public struct OptionError: Error, Equatable, Sendable {
  /// One line, without the `pick: ` prefix, e.g.
  /// `unknown option: --fitler (did you mean --filter?)`.
  public var message: String

  public init(_ message: String) {
    self.message = message
  }

  /// The same error, saying which default-options source it came from
  /// (`in PICK_DEFAULT_OPTS: ...`), so a typo in a shell profile is not blamed
  /// on the command line the user just typed.
  func from(_ source: String) -> OptionError {
    OptionError("in \(source): \(message)")
  }
}
