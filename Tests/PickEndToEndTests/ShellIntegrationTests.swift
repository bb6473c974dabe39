// The key bindings `pick --shell SHELL` prints, run for real in bash, zsh and
// fish (see ShellSession.swift): Ctrl-T inserts chosen files quoted, Ctrl-R
// puts a history entry on the command line, Alt-C changes directory. File
// names and history entries hold spaces, quotes and newlines; every check
// runs the resulting command line and looks at the arguments it received.
//
// The candidates come from PICK_CTRL_T_COMMAND / PICK_ALT_C_COMMAND (`find`,
// NUL-separated with `--read0` in the *_OPTS variables), which the scripts
// honour as fzf's do.
//
// A shell that is not installed is skipped with the reason; CI installs all
// three (.ci/run).

import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// File names that break naive quoting: a space, both quotes, a newline.
private let awkwardFiles = ["a b.txt", "it's", "say \"hi\"", "new\nline"]
/// A directory whose name has all of those.
private let awkwardDirectory = "we'ird \"dir\"\nx"

/// The setup line that makes Ctrl-T and Alt-C list with `find`.
private func findCommands(_ shell: TestShell) -> String {
  switch shell {
  case .bash, .zsh:
    return """
      export PICK_CTRL_T_COMMAND='find . -mindepth 1 -print0' PICK_CTRL_T_OPTS=--read0
      export PICK_ALT_C_COMMAND='find . -mindepth 1 -type d -print0' PICK_ALT_C_OPTS=--read0
      """
  case .fish:
    return """
      set -gx PICK_CTRL_T_COMMAND 'find . -mindepth 1 -print0'; set -gx PICK_CTRL_T_OPTS --read0
      set -gx PICK_ALT_C_COMMAND 'find . -mindepth 1 -type d -print0'; set -gx PICK_ALT_C_OPTS --read0
      """
  }
}

/// Three history entries, oldest first; the middle one has two lines.
private func history(_ shell: TestShell) -> String {
  switch shell {
  case .bash:
    return """
      history -s 'record first'
      history -s $'record "multi\\nline" x'
      history -s 'record newest'
      """
  case .zsh:
    return """
      print -s 'record first'
      print -s $'record "multi\\nline" x'
      print -s 'record newest'
      """
  case .fish:
    // fish reads its history file; `history -z` then lists it newest first.
    return ""
  }
}

/// `shell` at its prompt with the three-entry history that the Ctrl-R tests
/// read (`history`, or the history file for fish); nil when the shell is not
/// installed. The session keeps its home directory alive.
private func historySession(_ shell: TestShell) throws -> ShellSession? {
  guard shell.isAvailable() else { return nil }
  let home = try ShellHome()
  if shell == .fish { try writeFishHistory(home) }
  let session = try ShellSession(shell, home: home, setup: history(shell))
  try session.waitForPrompt()
  return session
}

private func writeFishHistory(_ home: ShellHome) throws {
  try home.write(
    "data/fish/fish_history",
    """
    - cmd: record first
      when: 1700000001
    - cmd: record "multi\\nline" x
      when: 1700000002
    - cmd: record newest
      when: 1700000003

    """)
}

@Suite(.serialized) struct ShellIntegrationTests {
  @Test(arguments: TestShell.allCases)
  func `Ctrl-T inserts every chosen file quoted, whatever its name`(shell: TestShell) throws {
    guard shell.isAvailable() else { return }
    let home = try ShellHome()
    let session = try ShellSession(shell, home: home, setup: findCommands(shell))
    for name in awkwardFiles { try home.write("work/\(name)") }
    try home.makeDirectory("work/sub dir")
    try session.waitForPrompt()

    session.send("record ")
    session.send([0x14])  // Ctrl-T
    try session.waitForPicker("5/5")
    session.send([0x01])  // Ctrl-A: select every match
    try session.waitFor(text: "5 of 5")
    try session.finishPicker(with: "\r", gone: "5 of 5")
    session.send("\r")
    let expected = (awkwardFiles + ["sub dir"]).map { "./" + $0 }
    #expect(try session.recorded().sorted() == expected.sorted())
  }

  @Test(arguments: TestShell.allCases)
  func `Ctrl-T inserts at the cursor and keeps the rest of the line`(shell: TestShell) throws {
    guard shell.isAvailable() else { return }
    let home = try ShellHome()
    let session = try ShellSession(shell, home: home, setup: findCommands(shell))
    try home.write("work/café file")
    try home.write("work/other")
    try session.waitForPrompt()

    session.send("record é  end\u{1B}[D\u{1B}[D\u{1B}[D\u{1B}[D")  // the cursor before " end"
    session.send([0x14])
    try session.waitForPicker("2/2")
    session.send("caf")
    try session.waitFor(text: "1/2")
    try session.finishPicker(with: "\r", gone: "1/2")
    session.send("\r")
    #expect(try session.recorded() == ["é", "./café file", "end"])
  }

  @Test(arguments: TestShell.allCases)
  func `the user's default options apply, before the key's own`(shell: TestShell) throws {
    guard shell.isAvailable() else { return }
    let home = try ShellHome()
    // A comment on the file's last line must not swallow the options after it.
    try home.write("options", "--prompt='mine> ' # my prompt")
    let session = try ShellSession(
      shell, home: home, setup: findCommands(shell),
      environment: ["PICK_DEFAULT_OPTS_FILE": "\(home.path)/options"])
    try home.write("work/one")
    try home.write("work/two")
    try session.waitForPrompt()

    session.send("record ")
    session.send([0x14])
    // --read0 (PICK_CTRL_T_OPTS) applied: two items, not one NUL-joined line.
    try session.waitFor("the file's prompt and two items") {
      $0.screenText.contains("mine> ") && $0.screenText.contains("2/2")
    }
    try session.finishPicker(with: "\r", gone: "2/2")
    session.send("\r")
    #expect(try session.recorded().count == 1)
  }

  @Test(arguments: TestShell.allCases)
  func `Esc in Ctrl-T's picker leaves the line as it was`(shell: TestShell) throws {
    guard shell.isAvailable() else { return }
    let home = try ShellHome()
    let session = try ShellSession(shell, home: home, setup: findCommands(shell))
    try home.write("work/file")
    try session.waitForPrompt()

    session.send("record kept")
    session.send([0x14])
    try session.waitForPicker("1/1")
    try session.finishPicker(with: "\u{1B}", gone: "1/1")
    session.send("\r")
    #expect(try session.recorded() == ["kept"])
  }

  @Test(arguments: TestShell.allCases)
  func `Ctrl-R lists the history newest first and Enter takes the newest`(shell: TestShell) throws {
    guard let session = try historySession(shell) else { return }

    session.send([0x12])  // Ctrl-R
    let screen = try session.waitForPicker("3/3")
    let rows = (0..<screen.height).map { screen.row($0) }
    let newest = rows.firstIndex { $0.contains("record newest") }
    let multi = rows.firstIndex { $0.contains("record \"multi") }
    let first = rows.firstIndex { $0.contains("record first") }
    #expect(newest != nil && multi != nil && first != nil)
    if let newest, let multi, let first { #expect(newest < multi && multi < first) }
    try session.finishPicker(with: "\r", gone: "3/3")
    session.send("\r")
    #expect(try session.recorded() == ["newest"])
  }

  @Test(arguments: TestShell.allCases)
  func `Ctrl-R puts a multi-line entry on the command line intact`(shell: TestShell) throws {
    guard let session = try historySession(shell) else { return }

    session.send([0x12])
    try session.waitForPicker("3/3")
    session.send("multi")
    try session.waitFor(text: "1/3")
    try session.finishPicker(with: "\r", gone: "1/3")
    session.send("\r")
    #expect(try session.recorded() == ["multi\nline", "x"])
  }

  @Test(arguments: TestShell.allCases)
  func `Ctrl-R starts from the typed line as the query`(shell: TestShell) throws {
    guard let session = try historySession(shell) else { return }

    session.send("fir")
    session.send([0x12])
    try session.waitForPicker("1/3")
    try session.finishPicker(with: "\r", gone: "1/3")
    session.send("\r")
    #expect(try session.recorded() == ["first"])
  }

  @Test(arguments: TestShell.allCases)
  func `Alt-C changes into the chosen directory and gives the typed line back`(
    shell: TestShell
  ) throws {
    guard shell.isAvailable() else { return }
    let home = try ShellHome()
    let session = try ShellSession(shell, home: home, setup: findCommands(shell))
    try home.makeDirectory("work/\(awkwardDirectory)")
    try home.makeDirectory("work/plain")
    try session.waitForPrompt()

    session.send("record partial")
    session.send("\u{1B}c")  // Alt-C
    try session.waitForPicker("2/2")
    session.send("weird")
    try session.waitFor(text: "1/2")
    try session.finishPicker(with: "\r", gone: "1/2")
    // bash and zsh run `builtin cd -- DIR` as a command, then the typed line comes back.
    try session.waitFor("the typed line back") {
      $0.row($0.cursor.row).contains(ShellSession.prompt + "record partial")
    }
    session.send(" \"$PWD\"\r")
    #expect(try session.recorded() == ["partial", "\(session.workPath)/\(awkwardDirectory)"])
  }

  @Test(arguments: TestShell.allCases)
  func `the script names the binary that printed it, however awkward its path`(
    shell: TestShell
  ) throws {
    guard shell.isAvailable() else { return }
    let home = try ShellHome()
    try home.makeDirectory("it's a \"dir\" $HOME")
    let binary = "\(home.path)/it's a \"dir\" $HOME/pick"
    // A hard link (a copy if that fails): /proc/self/exe then names this path.
    if link(pickBinaryPath(), binary) != 0 {
      try FileManager.default.copyItem(atPath: pickBinaryPath(), toPath: binary)
    }
    let script = try runProgram(
      binary, arguments: [Array("--shell".utf8), Array(shell.rawValue.utf8)])
    #expect(script.status == 0)
    let file = try makeTemporaryFile(containing: script.stdout)
    defer { unlink(file) }
    let check =
      shell == .fish
      ? "source $SCRIPT; printf '%s\\n' $__pick_bin; $__pick_bin --version"
      : "eval \"$(cat \"$SCRIPT\")\"; printf '%s\\n' \"$__pick_bin\"; \"$__pick_bin\" --version"
    let result = try runProgram(
      shell.path!, arguments: [Array("-c".utf8), Array(check.utf8)], environment: ["SCRIPT": file])
    #expect(result.status == 0, "\(String(decoding: result.stderr, as: UTF8.self))")
    let lines = String(decoding: result.stdout, as: UTF8.self).split(separator: "\n")
    #expect(lines.first.map(String.init) == binary)
    #expect(lines.dropFirst().first?.hasPrefix("pick ") == true)
  }

  @Test(arguments: TestShell.allCases)
  func `Esc in Alt-C's picker changes nothing`(shell: TestShell) throws {
    guard shell.isAvailable() else { return }
    let home = try ShellHome()
    let session = try ShellSession(shell, home: home, setup: findCommands(shell))
    try home.makeDirectory("work/elsewhere")
    try session.waitForPrompt()

    session.send("record kept")
    session.send("\u{1B}c")
    try session.waitForPicker("1/1")
    try session.finishPicker(with: "\u{1B}", gone: "1/1")
    session.send(" \"$PWD\"\r")
    #expect(try session.recorded() == ["kept", session.workPath])
  }

  // MARK: The file walker (PICK_CTRL_T_COMMAND and PICK_ALT_C_COMMAND unset)

  /// Whether this pick has the file walker (`--walker`); prints why a test skips when not.
  private func walkerIsAvailable(for test: String = #function) throws -> Bool {
    let help = String(decoding: try runPick(["--help"]).stdout, as: UTF8.self)
    if help.contains("--walker=") { return true }
    let name = test.split(separator: "(").first.map(String.init) ?? test
    print("skipped: \(name): this pick has no file walker (--walker)")
    return false
  }

  @Test(arguments: TestShell.allCases)
  func `Ctrl-T without a command lists the files with pick's walker`(shell: TestShell) throws {
    guard shell.isAvailable(), try walkerIsAvailable() else { return }
    let home = try ShellHome()
    let session = try ShellSession(shell, home: home)
    for name in awkwardFiles { try home.write("work/\(name)") }
    try home.write("work/.hidden")
    try home.makeDirectory("work/sub dir")
    try session.waitForPrompt()

    session.send("record ")
    session.send([0x14])
    try session.waitForPicker("6/6")
    session.send([0x01])
    try session.waitFor(text: "6 of 6")
    try session.finishPicker(with: "\r", gone: "6 of 6")
    session.send("\r")
    // Directories may be listed with a trailing slash, as fzf's walker does.
    let recorded = try session.recorded().map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
    #expect(recorded.sorted() == (awkwardFiles + [".hidden", "sub dir"]).sorted())
  }

  @Test(arguments: TestShell.allCases)
  func `Alt-C without a command lists the directories with pick's walker`(shell: TestShell) throws {
    guard shell.isAvailable(), try walkerIsAvailable() else { return }
    let home = try ShellHome()
    let session = try ShellSession(shell, home: home)
    try home.makeDirectory("work/\(awkwardDirectory)")
    try home.makeDirectory("work/plain")
    try home.write("work/a file")
    try session.waitForPrompt()

    session.send("record partial")
    session.send("\u{1B}c")
    try session.waitForPicker("2/2")
    session.send("weird")
    try session.waitFor(text: "1/2")
    try session.finishPicker(with: "\r", gone: "1/2")
    try session.waitFor("the typed line back") {
      $0.row($0.cursor.row).contains(ShellSession.prompt + "record partial")
    }
    session.send(" \"$PWD\"\r")
    #expect(try session.recorded() == ["partial", "\(session.workPath)/\(awkwardDirectory)"])
  }

  /// The widget `shell` has bound to Ctrl-T, Alt-C and Ctrl-R after loading
  /// the key bindings with `environment` ("" for a key left alone).
  private func boundWidgets(
    _ shell: TestShell, environment: [String: String]
  ) throws -> [String: String] {
    let home = try ShellHome()
    let pick = pickBinaryPath()
    let arguments: [String]
    let script: String
    switch shell {
    case .bash:
      arguments = ["--norc", "--noprofile", "-i", "-c"]
      script = #"""
        eval "$('\#(pick)' --shell bash)"
        echo "ctrl-t=$(bind -X | grep -F '"\C-t"' | grep -o '__pick_[a-z_]*')"
        echo "alt-c=$(bind -s | grep -F '"\ec"' | grep -o 'C-p1' | sed 's/.*/__pick_cd_choose/')"
        echo "ctrl-r=$(bind -X | grep -F '"\C-r"' | grep -o '__pick_[a-z_]*')"
        """#
    case .zsh:
      arguments = ["-f", "-i", "-c"]
      script = #"""
        eval "$('\#(pick)' --shell zsh)"
        echo "ctrl-t=$(bindkey '^T' | grep -o '__pick_[a-z_]*')"
        echo "alt-c=$(bindkey '^[c' | grep -o '__pick_[a-z_]*')"
        echo "ctrl-r=$(bindkey '^R' | grep -o '__pick_[a-z_]*')"
        """#
    case .fish:
      arguments = ["-i", "-c"]
      script = #"""
        '\#(pick)' --shell fish | source
        set w (bind \ct 2>/dev/null | string match -r '__pick_[a-z_]*'); echo "ctrl-t=$w"
        set w (bind \ec 2>/dev/null | string match -r '__pick_[a-z_]*'); echo "alt-c=$w"
        set w (bind \cr 2>/dev/null | string match -r '__pick_[a-z_]*'); echo "ctrl-r=$w"
        """#
    }
    var fullEnvironment = environment
    fullEnvironment["HOME"] = home.path
    fullEnvironment["XDG_CONFIG_HOME"] = "\(home.path)/config"
    fullEnvironment["XDG_DATA_HOME"] = "\(home.path)/data"
    let result = try runProgram(
      shell.path!, arguments: (arguments + [script]).map { Array($0.utf8) },
      environment: fullEnvironment)
    var widgets: [String: String] = [:]
    for line in String(decoding: result.stdout, as: UTF8.self).split(separator: "\n") {
      let parts = line.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      if parts.count == 2 { widgets[String(parts[0])] = String(parts[1]) }
    }
    return widgets
  }

  @Test(arguments: TestShell.allCases)
  func `an empty PICK_CTRL_T_COMMAND or PICK_ALT_C_COMMAND leaves that key alone`(
    shell: TestShell
  ) throws {
    guard shell.isAvailable() else { return }
    #expect(
      try boundWidgets(shell, environment: [:]) == [
        "ctrl-t": "__pick_file_widget",
        "alt-c": shell == .bash ? "__pick_cd_choose" : "__pick_cd_widget",
        "ctrl-r": "__pick_history_widget",
      ])
    let withoutCtrlT = try boundWidgets(shell, environment: ["PICK_CTRL_T_COMMAND": ""])
    #expect(withoutCtrlT["ctrl-t"] == "" && withoutCtrlT["alt-c"] != "")
    let withoutAltC = try boundWidgets(shell, environment: ["PICK_ALT_C_COMMAND": ""])
    #expect(withoutAltC["alt-c"] == "" && withoutAltC["ctrl-t"] != "")
  }
}
