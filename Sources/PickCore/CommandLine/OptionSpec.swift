/// One row of the option table: how an option is spelled, whether it takes a
/// value, and what it does to `Options`.
///
/// Options are data, not branches, so that the parser's loop stays the same
/// size however many options pick grows, and so that tests can walk the table
/// to check that `--help` and the man page mention every option.
///
/// An option that may be given several times and accumulates (`--bind`,
/// `--expect`, `--preselect`) simply appends in its `apply` closure; one that
/// is set again replaces the earlier value, so the command line overrides the
/// defaults.
public struct OptionSpec: Sendable {
  /// Applies a flag, or the negated form of an option.
  public typealias Setter = @Sendable (inout Options) -> Void
  /// Applies a value, or throws why it is not acceptable.
  public typealias ValueSetter = @Sendable (inout Options, [UInt8]) throws(InvalidValue) -> Void
  /// Applies an optional value: `nil` when the option was given without one.
  public typealias OptionalValueSetter =
    @Sendable (inout Options, [UInt8]?) throws(InvalidValue) -> Void

  /// Whether the option takes a value, and how it is applied.
  public enum Kind: Sendable {
    /// `--tac`, `-i`: no value; `--tac=x` is an error.
    case flag(Setter)
    /// `--query STR`, `--query=STR`, `-q STR`, `-qSTR`: the value may be the next word.
    case requiredValue(placeholder: String, ValueSetter)
    /// `--multi`, `--multi=5`, `-m`, `-m5`: the value is only ever attached, so
    /// `--multi 5` leaves `5` as a (rejected) positional argument.
    case optionalValue(placeholder: String, OptionalValueSetter)
  }

  /// The long name without dashes, e.g. `ignore-case`.
  public var long: String
  /// The single-letter form (`i` for `-i`), if any.
  public var short: Character?
  /// Other long names that mean the same thing.
  public var aliases: [String]
  public var kind: Kind
  /// What `--no-NAME` (and `+short`, when `negatedShort` is set) does; `nil`
  /// when the option has no negated form.
  public var negation: Setter?
  /// The letter of fzf's `+x` style negation (`s` for `+s`), if any.
  public var negatedShort: Character?
  /// What a shell may offer for the value when completing the command line.
  public var valueCompletion: ValueCompletion

  public init(
    long: String, short: Character? = nil, aliases: [String] = [], kind: Kind,
    negation: Setter? = nil, negatedShort: Character? = nil,
    valueCompletion: ValueCompletion = .anything
  ) {
    self.long = long
    self.short = short
    self.aliases = aliases
    self.kind = kind
    self.negation = negation
    self.negatedShort = negatedShort
    self.valueCompletion = valueCompletion
  }

  /// Whether the option takes a value, required or optional.
  public var takesValue: Bool {
    if case .flag = kind { return false }
    return true
  }

  /// Whether the value may only be attached (`--multi=5`, `-m5`).
  public var valueIsOptional: Bool {
    if case .optionalValue = kind { return true }
    return false
  }

  /// Every long spelling that turns the option on: the name and its aliases.
  public var longNames: [String] { [long] + aliases }

  /// The `--no-NAME` spelling, when the option has one.
  public var negatedLong: String? { negation == nil ? nil : "no-" + long }
}
