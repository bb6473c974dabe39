/// The shells pick prints scripts for (`--completion SHELL`, `--shell SHELL`).
public enum ShellKind: String, Equatable, Sendable, CaseIterable {
  case bash, zsh, fish
}
