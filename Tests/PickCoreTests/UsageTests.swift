import Testing

@testable import PickCore

/// Every `--name` written in `text`: two dashes, then lower-case letters,
/// digits and inner dashes.
private func longOptions(in text: String) -> [String] {
  var names: [String] = []
  var scalars = text.unicodeScalars[...]
  while let start = scalars.firstRange(of: "--".unicodeScalars) {
    let rest = scalars[start.upperBound...]
    let name = rest.prefix { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    if !name.isEmpty { names.append(String(String.UnicodeScalarView(name))) }
    scalars = rest.dropFirst(name.count)
  }
  return names
}

@Test(arguments: OptionParser.allLongNames)
func `help lists every option`(name: String) {
  #expect(Usage.text.contains("--\(name)"))
}

/// Whether the parser knows `spelling`: it may still want a value, but it is
/// not an unknown option.
private func isAccepted(_ spelling: String) -> Bool {
  do {
    _ = try OptionParser.parse(arguments: [Array(spelling.utf8)])
    return true
  } catch {
    return !error.message.hasPrefix("unknown option")
  }
}

@Test func `every long option the help mentions is accepted`() {
  let mentioned = longOptions(in: Usage.text)
  #expect(mentioned.count > OptionParser.allLongNames.count)
  for name in mentioned {
    #expect(isAccepted("--\(name)"), "--\(name)")
  }
}

@Test func `every short option the help mentions is accepted`() {
  // Lines such as "    -q, --query=STR" and "    +x, --no-extended".
  let spellings = Usage.text.split(separator: "\n").compactMap { line -> String? in
    let option = line.drop { $0 == " " }.prefix(3)
    guard option.count == 3, option.first == "-" || option.first == "+", option.last == ","
    else { return nil }
    return String(option.dropLast())
  }
  #expect(spellings.count == OptionParser.table.compactMap(\.short).count + 5)
  for spelling in spellings {
    #expect(isAccepted(spelling), "\(spelling)")
  }
}

@Test func `the table has exactly the options pick accepts now`() {
  #expect(
    OptionParser.allLongNames == [
      "filter", "query", "extended", "exact", "ignore-case", "smart-case", "literal", "scheme",
      "algo", "tiebreak", "sort", "tac", "disabled", "enabled", "phony", "delimiter", "nth", "with-nth", "accept-nth",
      "read0", "print0",
      "ansi", "header-lines", "print-query", "multi", "prompt", "footer",
      "header-first", "ghost", "pointer", "marker", "gutter",
      "unicode", "ellipsis", "highlight-line", "spinner", "accessible", "hint", "info", "inline-info", "info-command",
      "header", "layout",
      "reverse",
      "cycle", "track", "id-nth", "sync", "tail",
      "select-1", "exit-0", "output-order", "color", "bold", "preselect", "preselect-file", "preselect-all", "remember",
      "history", "history-size", "recall", "forget",
      "unique",
      "height", "popup", "tmux", "min-height", "bind", "expect", "mouse", "tty", "tabstop", "walker", "walker-root",
      "walker-skip",
      "with-shell", "listen", "listen-unsafe", "preview", "preview-window", "help", "version", "completion", "shell",
      "bash", "zsh", "fish",
      "keep-right", "hscroll", "hscroll-off", "freeze-left", "freeze-right", "scroll-off", "ambidouble",
      "border", "border-label", "border-label-pos", "margin", "padding", "preview-border", "separator", "scrollbar",
      "gap", "gap-line", "style",
      "list-border", "list-label", "list-label-pos", "input-border", "input-label", "input-label-pos",
      "header-border", "header-lines-border", "header-label", "header-label-pos",
      "footer-border", "footer-label", "footer-label-pos", "preview-label", "preview-label-pos",
      "wrap", "wrap-word", "wrap-sign", "multi-line", "marker-multi-line", "preview-wrap-sign",
    ])
  #expect(
    OptionParser.allNegatedLongNames == [
      "no-extended", "no-exact", "no-ignore-case", "no-literal", "no-sort", "no-tac", "no-disabled", "no-phony",
      "no-read0",
      "no-print0", "no-ansi", "no-header-lines", "no-print-query", "no-multi", "no-footer", "no-header-first",
      "no-unicode", "no-highlight-line", "no-spinner", "no-accessible", "no-hint", "no-info",
      "no-inline-info", "no-info-command", "no-header",
      "no-reverse",
      "no-cycle", "no-track", "no-id-nth", "no-sync", "no-tail", "no-select-1", "no-exit-0", "no-color", "no-bold",
      "no-preselect-all", "no-remember", "no-history",
      "no-unique",
      "no-height", "no-popup", "no-tmux", "no-expect", "no-mouse", "no-walker-root", "no-listen", "no-listen-unsafe",
      "no-preview",
      "no-keep-right", "no-hscroll", "no-ambidouble",
      "no-border", "no-border-label", "no-margin", "no-padding", "no-preview-border", "no-separator", "no-scrollbar",
      "no-gap", "no-gap-line",
      "no-list-border", "no-list-label", "no-input-border", "no-input-label",
      "no-header-border", "no-header-lines-border", "no-header-label",
      "no-footer-border", "no-footer-label", "no-preview-label",
      "no-wrap", "no-wrap-word", "no-multi-line",
    ])
}

@Test func `help ends with the exit status and the environment`() {
  #expect(Usage.text.hasPrefix("Usage: pick [options]\n"))
  for heading in ["SEARCH", "FIELDS", "INPUT/OUTPUT", "INTERACTIVE", "OTHER", "EXIT STATUS"] {
    #expect(Usage.text.contains("\n  \(heading)\n"), "\(heading)")
  }
  for variable in ["PICK_DEFAULT_OPTS_FILE", "PICK_DEFAULT_OPTS "] {
    #expect(Usage.text.contains(variable))
  }
  #expect(Usage.text.split(separator: "\n").allSatisfy { $0.count <= 80 })
}

@Test func `the version is semantic`() {
  #expect(PickVersion.current.split(separator: ".").count == 3)
}
