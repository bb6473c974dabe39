/// The script `pick --completion SHELL` prints: completion of pick's own
/// options for SHELL, generated from the option table (`OptionParser.table`)
/// so that it lists every option, alias and negation pick accepts, and the
/// words an option's value may be (`ValueCompletion`), and cannot drift.
public enum CompletionScript {
  /// The completion script for `shell`, from `table`.
  public static func text(for shell: ShellKind, table: [OptionSpec] = OptionParser.table) -> String {
    switch shell {
    case .bash: BashCompletion.script(table)
    case .zsh: ZshCompletion.script(table)
    case .fish: FishCompletion.script(table)
    }
  }

  /// Every spelling that the completions offer as an option: `--long`,
  /// aliases, `--no-long`, `-s` and `+s`, in table order.
  public static func spellings(_ table: [OptionSpec] = OptionParser.table) -> [String] {
    table.flatMap { spec -> [String] in
      var names = spec.longNames.map { "--" + $0 }
      if let negated = spec.negatedLong { names.append("--" + negated) }
      if let short = spec.short { names.append("-" + String(short)) }
      if let negatedShort = spec.negatedShort { names.append("+" + String(negatedShort)) }
      return names
    }
  }
}
