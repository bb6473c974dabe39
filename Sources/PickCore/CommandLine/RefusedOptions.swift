/// fzf options pick recognises but does not have: refused with a pointer to
/// the compatibility table, so an fzf configuration fails with a reason
/// instead of `unknown option` (and never half-works).
///
/// fzf draws separate borders around its sections (list, input, header,
/// footer) and labels on the preview's border; pick's layout is one area,
/// with one border around all of it (`--border`).
extension OptionParser {
  static let refusedOptions: Set<String> = [
    "list-border", "list-label", "list-label-pos",
    "input-border", "input-label", "input-label-pos",
    "header-border", "header-label", "header-label-pos", "header-lines-border",
    "footer-border", "footer-label", "footer-label-pos",
    "preview-label", "preview-label-pos", "gap-line",
  ]

  /// The refusal for `--NAME` or `--no-NAME` when NAME is refused, else nil.
  static func refusal(_ name: String) -> OptionError? {
    let base = name.hasPrefix("no-") ? String(name.dropFirst(3)) : name
    guard refusedOptions.contains(base) else { return nil }
    return OptionError("--\(name) is not supported (see Docs/fzf-compatibility.md)")
  }
}
