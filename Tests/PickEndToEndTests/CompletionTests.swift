// `pick --completion SHELL`, checked by the shells themselves: each accepts
// the script (`-n`), bash and fish answer real completion queries with it,
// and what they offer is exactly what pick accepts: every option `--help`
// lists is offered, and every spelling offered is one pick knows.
//
// zsh's completion system only runs inside its line editor, so zsh is driven
// on a pseudo-terminal: Tab completes a word, Enter runs the line through
// `record` (see ShellSession.swift).

import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Every `--name` that `pick --help` shows, without the dashes.
private func longOptionsInHelp() throws -> Set<String> {
  let help = String(decoding: try runPick(["--help"]).stdout, as: UTF8.self)
  var names: Set<String> = []
  var rest = help[...]
  while let range = rest.range(of: "--") {
    let name = rest[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "-" }
    if let first = name.first, first.isLetter { names.insert(String(name)) }
    rest = rest[range.upperBound...]
  }
  return names
}

/// The completion script for `shell`, checked to be printed with status 0.
private func completionScript(_ shell: TestShell) throws -> String {
  let result = try runPick(["--completion", shell.rawValue])
  #expect(result.status == 0)
  #expect(result.stderr.isEmpty)
  return String(decoding: result.stdout, as: UTF8.self)
}

/// Runs `script` with `shell -c`, the completion script in `$COMPLETION`.
private func runInShell(_ shell: TestShell, _ script: String) throws -> PickResult {
  let completion = try completionScript(shell)
  let file = try makeTemporaryFile(containing: Array(completion.utf8))
  defer { unlink(file) }
  return try runProgram(
    shell.path!, arguments: [Array("-c".utf8), Array(script.utf8)],
    environment: ["COMPLETION": file, "HOME": "/nonexistent"])
}

private func lines(_ result: PickResult) -> [String] {
  String(decoding: result.stdout, as: UTF8.self).split(separator: "\n").map(String.init)
}

@Suite(.serialized) struct CompletionTests {
  @Test(arguments: TestShell.allCases)
  func `the shell accepts the completion script`(shell: TestShell) throws {
    guard shell.isAvailable() else { return }
    let completion = try completionScript(shell)
    let file = try makeTemporaryFile(containing: Array(completion.utf8))
    defer { unlink(file) }
    let result = try runProgram(shell.path!, arguments: [Array("-n".utf8), Array(file.utf8)])
    #expect(result.status == 0, "\(String(decoding: result.stderr, as: UTF8.self))")
  }

  @Test func `pick --completion rejects an unknown shell`() throws {
    let result = try runPick(["--completion", "tcsh"])
    #expect(result.status == 2)
    #expect(String(decoding: result.stderr, as: UTF8.self).contains("bash, zsh or fish"))
  }

  // MARK: bash

  /// The words bash offers for the command line `words` (the last is being completed).
  private func bashOffers(_ words: [String]) throws -> [String] {
    let array = words.map { "'" + $0 + "'" }.joined(separator: " ")
    let result = try runInShell(
      .bash,
      """
      source "$COMPLETION"
      complete -p pick >&2 || exit 3
      COMP_WORDS=(\(array)); COMP_CWORD=\(words.count - 1)
      _pick_completion
      printf '%s\\n' "${COMPREPLY[@]}"
      """)
    #expect(result.status == 0, "\(String(decoding: result.stderr, as: UTF8.self))")
    return lines(result)
  }

  @Test func `bash offers every option in --help, and only options pick accepts`() throws {
    guard TestShell.bash.isAvailable() else { return }
    let offered = try bashOffers(["pick", ""])
    let longOffered = Set(offered.filter { $0.hasPrefix("--") }.map { String($0.dropFirst(2)) })
    let missing = try longOptionsInHelp().subtracting(longOffered)
    #expect(missing.isEmpty, "not offered: \(missing.sorted())")
    // Negations too, for the options --help shows as on/off.
    #expect(offered.contains("--no-tac") && offered.contains("+s") && offered.contains("-m"))
    for spelling in offered {
      // The spelling last, so that an option taking a value takes none: it
      // can then create or remove nothing (--history FILE, --forget KEY).
      let result = try runPick(["--version", spelling])
      let error = String(decoding: result.stderr, as: UTF8.self)
      #expect(!error.contains("unknown option"), "\(spelling): \(error)")
    }
  }

  @Test func `bash completes option names from a prefix`() throws {
    guard TestShell.bash.isAvailable() else { return }
    #expect(try bashOffers(["pick", "--lay"]) == ["--layout"])
    #expect(try bashOffers(["pick", "--output-o"]) == ["--output-order"])
  }

  @Test(arguments: [
    // --layout=re as bash splits it by default (= is in COMP_WORDBREAKS)…
    (["pick", "--layout", "=", "re"], ["reverse", "reverse-list"]),
    (["pick", "--layout", "="], ["default", "reverse", "reverse-list"]),
    // …as one word, and as the next word.
    (["pick", "--layout=reverse-"], ["--layout=reverse-list"]),
    (["pick", "--output-order", ""], ["input", "selection"]),
    (["pick", "--scheme", "p"], ["path"]),
    (["pick", "--completion", ""], ["bash", "zsh", "fish"]),
    (["pick", "--shell", "f"], ["fish"]),
    // A list completes its last element.
    (["pick", "--tiebreak", "=", "length,be"], ["length,begin"]),
    // Free-text values get nothing.
    (["pick", "--query", ""], []),
    (["pick", "-q", ""], []),
  ])
  func `bash completes the values of options with fixed choices`(
    words: [String], expected: [String]
  ) throws {
    guard TestShell.bash.isAvailable() else { return }
    #expect(try bashOffers(words) == expected)
  }

  /// What bash offers for `line`, split into `words` as bash splits it (at
  /// `=` and `:` by default): structured values read the line itself.
  private func bashOffers(line: String, words: [String], state: String = "/nonexistent") throws -> [String] {
    let array = words.map { "'" + $0 + "'" }.joined(separator: " ")
    let result = try runInShell(
      .bash,
      """
      source "$COMPLETION"
      XDG_STATE_HOME='\(state)'
      COMP_LINE='\(line)'; COMP_POINT=${#COMP_LINE}
      COMP_WORDS=(\(array)); COMP_CWORD=\(words.count - 1)
      _pick_completion
      printf '%s\\n' "${COMPREPLY[@]}"
      """)
    #expect(result.status == 0, "\(String(decoding: result.stderr, as: UTF8.self))")
    return lines(result)
  }

  @Test func `bash completes --bind keys, then actions, and --color elements`() throws {
    guard TestShell.bash.isAvailable() else { return }
    let keys = try bashOffers(line: "pick --bind=ctrl-", words: ["pick", "--bind", "=", "ctrl-"])
    #expect(keys.contains("ctrl-a:") && keys.contains("ctrl-z:") && !keys.contains("alt-a:"))
    let actions = try bashOffers(
      line: "pick --bind=ctrl-a:accept,ctrl-b:togg",
      words: ["pick", "--bind", "=", "ctrl-a", ":", "accept,ctrl-b", ":", "togg"])
    #expect(
      actions.contains("toggle") && actions.contains("toggle-all") && actions.allSatisfy { $0.hasPrefix("toggle") })
    let chained = try bashOffers(
      line: "pick --bind=ctrl-a:up+acc", words: ["pick", "--bind", "=", "ctrl-a", ":", "up+acc"])
    #expect(chained == ["up+accept", "up+accept-non-empty", "up+accept-or-print-query"])
    #expect(try bashOffers(line: "pick --color=da", words: ["pick", "--color", "=", "da"]) == ["dark"])
    #expect(
      try bashOffers(line: "pick --color=dark,fg:bo", words: ["pick", "--color", "=", "dark,fg", ":", "bo"]) == ["bold"]
    )
  }

  @Test func `bash completes the keys --remember has stored`() throws {
    guard TestShell.bash.isAvailable() else { return }
    let state = try ShellHome()
    try state.write("pick/hosts", "a\n")
    try state.write("pick/work", "b\n")
    #expect(
      try bashOffers(line: "pick --recall ", words: ["pick", "--recall", ""], state: state.path) == ["hosts", "work"])
    #expect(
      try bashOffers(line: "pick --remember=w", words: ["pick", "--remember", "=", "w"], state: state.path) == ["work"])
  }

  @Test func `bash completes a file name for --preselect-file`() throws {
    guard TestShell.bash.isAvailable() else { return }
    let directory = try ShellHome()
    try directory.write("chosen list.txt")
    #expect(
      try bashOffers(["pick", "--preselect-file", "\(directory.path)/cho"]) == [
        "\(directory.path)/chosen list.txt"
      ])
  }

  // MARK: fish

  /// What fish offers for the command line `line` (`complete -C`), the words only.
  private func fishOffers(_ line: String) throws -> [String] {
    let result = try runInShell(
      .fish, "source $COMPLETION; complete -C '\(line)'")
    #expect(result.status == 0, "\(String(decoding: result.stderr, as: UTF8.self))")
    return lines(result).map { String($0.prefix { $0 != "\t" }) }
  }

  @Test func `fish offers every option in --help, and only options pick accepts`() throws {
    guard TestShell.fish.isAvailable() else { return }
    let offered = try fishOffers("pick --")
    let longOffered = Set(offered.map { String($0.dropFirst(2)) })
    let missing = try longOptionsInHelp().subtracting(longOffered)
    #expect(missing.isEmpty, "not offered: \(missing.sorted())")
    #expect(offered.contains("--no-tac"))
    for spelling in offered {
      // The spelling last, so that an option taking a value takes none: it
      // can then create or remove nothing (--history FILE, --forget KEY).
      let result = try runPick(["--version", spelling])
      let error = String(decoding: result.stderr, as: UTF8.self)
      #expect(!error.contains("unknown option"), "\(spelling): \(error)")
    }
  }

  @Test(arguments: [
    ("pick --lay", ["--layout"]),
    ("pick --layout=", ["--layout=default", "--layout=reverse", "--layout=reverse-list"]),
    ("pick --layout ", ["default", "reverse", "reverse-list"]),
    ("pick --output-order=s", ["--output-order=selection"]),
    ("pick --tiebreak=length,en", ["--tiebreak=length,end"]),
    ("pick --shell ", ["bash", "fish", "zsh"]),
    ("pick --bind=ctrl-a:accept-n", ["--bind=ctrl-a:accept-non-empty"]),
  ])
  func `fish completes option names and values`(line: String, expected: [String]) throws {
    guard TestShell.fish.isAvailable() else { return }
    #expect(try fishOffers(line).sorted() == expected.sorted())
  }

  // MARK: zsh

  @Test(arguments: [
    ("pick --lay", "pick --layout"),
    ("pick --layout=reverse-", "pick --layout=reverse-list"),
    ("pick --layout rev", "pick --layout reverse"),
    ("pick --output-order=sel", "pick --output-order=selection"),
    ("pick --completion fi", "pick --completion fish"),
    ("pick --no-cy", "pick --no-cycle"),
  ])
  func `zsh completes option names and values`(typed: String, completed: String) throws {
    guard TestShell.zsh.isAvailable() else { return }
    let home = try ShellHome()
    let session = try ShellSession(
      .zsh, home: home,
      setup: """
        autoload -Uz compinit && compinit -u -D
        eval "$('\(pickBinaryPath())' --completion zsh)"
        """)
    try session.waitForPrompt()
    // Tab completes; Ctrl-A and `record ` turn the line into arguments to look at.
    session.send(typed + "\t")
    try session.waitFor(text: completed)
    session.send([0x01])
    session.send("record ")
    session.send("\r")
    let expected = completed.split(separator: " ").map(String.init)
    var recorded = try session.recorded()
    // zsh adds a space after a completed word.
    if recorded.last == "" { recorded.removeLast() }
    #expect(recorded == expected)
  }

  @Test func `zsh autoloads the completion saved as _pick in fpath`() throws {
    guard TestShell.zsh.isAvailable() else { return }
    let home = try ShellHome()
    try home.write("functions/_pick", try completionScript(.zsh))
    let session = try ShellSession(
      .zsh, home: home,
      setup: """
        fpath=('\(home.path)/functions' $fpath)
        autoload -Uz compinit && compinit -u -D
        """)
    try session.waitForPrompt()
    session.send("pick --output-order=sel\t")
    try session.waitFor(text: "pick --output-order=selection")
    session.send([0x01])
    session.send("record \r")
    var recorded = try session.recorded()
    if recorded.last == "" { recorded.removeLast() }
    #expect(recorded == ["pick", "--output-order=selection"])
  }
}
