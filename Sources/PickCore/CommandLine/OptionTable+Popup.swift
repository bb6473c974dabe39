extension OptionParser {
  /// `--popup[=OPTS]` and its fzf alias `--tmux[=OPTS]`, with `--no-popup` and
  /// `--no-tmux`: two rows, so that both negations exist, as in fzf. The value
  /// mixes words and sizes, so completion offers nothing for it.
  static func popupSpec(long: String) -> OptionSpec {
    OptionSpec(
      long: long,
      kind: .optionalValue(placeholder: "OPTS") { options, value throws(InvalidValue) in
        options.popup = try value.map(PopupSpec.parse) ?? .standard
      },
      negation: { $0.popup = nil })
  }
}
