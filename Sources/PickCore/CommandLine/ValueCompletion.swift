/// What the shell completions (`pick --completion SHELL`) offer for an
/// option's value.
///
/// It lives in the option table, next to the parser that accepts the value,
/// so that the completion scripts are generated from the same rows and
/// cannot drift from what pick accepts (`CompletionTests` checks that every
/// choice offered parses).
public enum ValueCompletion: Equatable, Sendable {
  /// Free text (a query, a prompt, a number): nothing to offer.
  case anything
  /// Exactly one of these words.
  case choices([String])
  /// A comma-separated list of these words (`--tiebreak=length,begin`).
  case list([String])
  /// A file name.
  case file
  /// A directory name.
  case directory
  /// A comma-separated list of `NAME:VALUE` elements (`--bind`, `--color`):
  /// names as offered (`ctrl-a:`, `fg:`, or a word standing alone, such as
  /// a colour scheme), then, after a `:` or `+`, values (action names).
  /// The words are made only when a script is printed (`Fields.words`):
  /// the option table is built at every start.
  case fields(Fields)
  /// The kinds of `NAME:VALUE` lists.
  public enum Fields: Equatable, Sendable {
    case bindings, colors
  }

  /// The keys of the choices `--remember` has stored (file names in pick's
  /// state directory, read when completing).
  case rememberedKeys

  /// The words of an enumeration, in declaration order. (A closure, not
  /// the key path `\.rawValue`: a key path is made at run time, by reading
  /// its types' names, and the option table is built at every start.)
  public static func choices<Value: CaseIterable & RawRepresentable>(
    of type: Value.Type
  ) -> ValueCompletion where Value.RawValue == String {
    .choices(type.allCases.map { $0.rawValue })
  }

  /// A comma-separated list of an enumeration's words.
  public static func list<Value: CaseIterable & RawRepresentable>(
    of type: Value.Type
  ) -> ValueCompletion where Value.RawValue == String {
    .list(type.allCases.map { $0.rawValue })
  }

  /// The words offered, for `.choices` and `.list`; empty otherwise.
  public var words: [String] {
    switch self {
    case .choices(let words), .list(let words): words
    // Elements of a structured value, or names read at completion time:
    // no word here is a whole value on its own.
    case .anything, .file, .directory, .fields, .rememberedKeys: []
    }
  }
}
