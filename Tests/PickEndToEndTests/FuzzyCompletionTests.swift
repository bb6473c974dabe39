// Fuzzy completion on `**` then Tab (`pick --bash`, `--zsh`), run in real
// bash and zsh (see ShellSession.swift): the word before the trigger is a
// path to walk and a query, the choices replace it quoted, and a word
// without the trigger completes as before. Also Ctrl-R with several entries.

import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite(.serialized) struct FuzzyCompletionTests {
  static let shells: [TestShell] = [.bash, .zsh]

  @Test(arguments: shells)
  func `** then Tab walks the word's directory with the rest as the query`(shell: TestShell) throws {
    guard shell.isAvailable() else { return }
    let home = try ShellHome()
    try home.write("work/src/main file.c")
    try home.write("work/src/other.c")
    try home.write("work/top.c")
    let session = try ShellSession(shell, home: home, setup: "set -u")
    try session.waitForPrompt()

    session.send("record src/ma**\t")
    try session.waitFor(text: ">  src/main file.c")
    try session.finishPicker(with: "\r", gone: "0 of 1")
    session.send("\r")
    #expect(try session.recorded() == ["src/main file.c"])
  }

  @Test(arguments: shells)
  func `cd ** lists directories only`(shell: TestShell) throws {
    guard shell.isAvailable() else { return }
    let home = try ShellHome()
    try home.makeDirectory("work/alpha dir")
    try home.write("work/file.txt")
    let session = try ShellSession(shell, home: home)
    try session.waitForPrompt()

    session.send("cd **\t")
    try session.waitFor(text: "1/1")
    try session.finishPicker(with: "\r", gone: "1/1")
    session.send("\r")
    session.send("record \"$PWD\"\r")
    #expect(try session.recorded() == ["\(home.path)/work/alpha dir"])
  }

  @Test(arguments: shells)
  func `a user's _pick_compgen_path lists the candidates, and PICK_COMPLETION_TRIGGER is the trigger`(
    shell: TestShell
  ) throws {
    guard shell.isAvailable() else { return }
    let home = try ShellHome()
    let setup = """
      PICK_COMPLETION_TRIGGER=',,'
      _pick_compgen_path() { printf '%s\\n' "listed from $1" other; }
      """
    let session = try ShellSession(shell, home: home, setup: setup)
    try session.waitForPrompt()

    session.send("record lis,,\t")
    try session.waitFor(text: "1/2")
    try session.finishPicker(with: "\r", gone: "1/2")
    session.send("\r")
    #expect(try session.recorded() == ["listed from ."])
  }

  @Test(arguments: shells)
  func `kill ** inserts the chosen process's PID`(shell: TestShell) throws {
    guard shell.isAvailable() else { return }
    let home = try ShellHome()
    let session = try ShellSession(shell, home: home)
    try session.waitForPrompt()

    let seconds = Int.random(in: 100_000...999_999)
    session.send("sleep \(seconds) &\r")
    try session.waitForPrompt()
    // The shell's child may not have become `sleep` yet when the prompt is
    // back (a busy machine): `ps` would list it as the shell, and nothing
    // would match.
    try Self.waitForProcess(["sleep", "\(seconds)"])
    session.send("kill **\t")
    try session.waitFor(text: "COMMAND")
    session.send("'sleep '\(seconds)")
    try session.waitFor(text: " 1/")
    try session.finishPicker(with: "\r", gone: "COMMAND")
    // The line is `kill PID `: record it instead of running it.
    session.send([0x01])
    session.send("record \r")
    let recorded = try session.recorded()
    #expect(recorded.first == "kill")
    let pid = recorded.dropFirst().first ?? ""
    let command = (try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8)) ?? ""
    #expect(command.replacingOccurrences(of: "\0", with: " ").hasPrefix("sleep \(seconds)"), "PID \(pid)")
    session.send("kill \(pid)\r")
  }

  /// Waits (up to ten seconds) until some process runs `arguments`.
  private static func waitForProcess(_ arguments: [String]) throws {
    let wanted = arguments.joined(separator: "\0") + "\0"
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline {
      let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
      for pid in pids where pid.allSatisfy(\.isNumber) {
        if (try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8)) == wanted { return }
      }
      usleep(20_000)
    }
    throw ProcessWaitTimeout(arguments: arguments)
  }

  private struct ProcessWaitTimeout: Error { let arguments: [String] }

  @Test(arguments: TestShell.allCases)
  func `Ctrl-R with several entries puts them on the line, one a line`(shell: TestShell) throws {
    guard shell.isAvailable() else { return }
    let home = try ShellHome()
    let history: String
    switch shell {
    // The older entry reads what the newer one sets: it works only if both
    // are on the line, newest first, as the picker lists them.
    case .bash: history = "history -s 'record \"$A\"'; history -s 'A=joined'"
    case .zsh: history = "print -s 'record \"$A\"'; print -s 'A=joined'"
    case .fish: history = ""
    }
    if shell == .fish {
      try home.write(
        "data/fish/fish_history",
        "- cmd: record $A\n  when: 1700000001\n- cmd: set A joined\n  when: 1700000002\n")
    }
    let session = try ShellSession(shell, home: home, setup: history)
    try session.waitForPrompt()

    session.send([0x12])
    try session.waitForPicker("2/2")
    session.send([0x01])  // Ctrl-A: both
    try session.waitFor(text: "2 of 2")
    try session.finishPicker(with: "\r", gone: "2 of 2")
    session.send("\r")
    #expect(try session.recorded() == ["joined"])
  }
}
