/// A `--expect` key: pressing it accepts, and its name is printed before the
/// chosen items, spelled as the user gave it (as fzf prints it).
public struct ExpectedKey: Equatable, Sendable {
  /// The canonical key name (`KeyNames`), as `Key.name` gives it.
  public var name: String
  /// The name as given on the command line, e.g. `CTRL-X`.
  public var spelling: String

  public init(name: String, spelling: String) {
    self.name = name
    self.spelling = spelling
  }
}
