/// The options fzf 0.74 has that pick does not: refused with a message that
/// says so and where to read why, instead of "unknown option", so that a fzf
/// user who copies their defaults into `PICK_DEFAULT_OPTS` learns at once that
/// the option is known and left out on purpose (and a typo of pick's own
/// options still gets "did you mean").
///
/// The list is fzf 0.74.5's long options (those `fzf --help` shows, their
/// `--no-` forms, and the undocumented ones fzf's option parser accepts)
/// minus those pick parses. `FzfOptionCoverageTests` walks `fzf --help`
/// (recorded in `Tests/PickCoreTests/Fixtures`) and holds the option table,
/// this list and `Docs/fzf-compatibility.md` to each other: an option pick
/// learns must leave this list.
enum FzfOptions {
  /// Long names without their dashes.
  static let unsupported: Set<String> = [
    "async", "bench", "black",
    "clear", "extended-exact", "filepath-word",
    "force-tty-in", "gutter-raw",
    "jump-labels", "man", "no-256", "no-black",
    "no-clear", "no-filepath-word", "no-force-tty-in", "no-input",
    "no-raw",
    "no-tty-default", "no-winpty", "nushell", "profile-block", "profile-cpu",
    "profile-mem", "profile-mutex", "proxy-script",
    "raw", "threads", "toggle-sort",
    "tty-default",
  ]

  /// fzf's `+N` negations pick does not have (`+2` is fzf's `--no-256`).
  static let unsupportedPlus: Set<Character> = ["2"]

  /// The refusal for one of them, `spelling` as typed (`--border`).
  static func refusal(_ spelling: String) -> OptionError {
    OptionError("\(spelling) is not supported (see Docs/fzf-compatibility.md)")
  }
}
