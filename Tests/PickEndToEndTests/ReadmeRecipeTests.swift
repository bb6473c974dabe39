// The README's recipes, run word for word. Each test reads its recipe from
// README.md (the ```sh block under its heading), so the README cannot drift
// from what is tested, and runs it with /bin/sh in a scratch directory where
// `pick` is a function that adds `--filter QUERY`: filter mode takes the
// query instead of typed keys and ignores `-m`, `--preselect-file` and
// `--remember`, so the rest of the line is exactly the README's. The parts
// filter mode skips (remembering, preselecting, the screen capture) are run
// in the picker on a pseudo-terminal.

import Foundation
import PickTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// README.md's text.
private func readme() throws -> String {
  // #filePath is …/Tests/PickEndToEndTests/ReadmeRecipeTests.swift.
  let root = parentDirectory(parentDirectory(parentDirectory(#filePath)))
  return try String(contentsOfFile: root + "/README.md", encoding: .utf8)
}

/// The body of the first fenced block after `heading` whose info string is `language`.
private func fencedBlock(after heading: String, language: String = "sh") throws -> String {
  let text = try readme()
  let start = try #require(text.range(of: "\n" + heading + "\n"), "README has no \(heading)")
  let rest = text[start.upperBound...]
  let open = try #require(rest.range(of: "```" + language + "\n"))
  let close = try #require(rest[open.upperBound...].range(of: "\n```"))
  return String(rest[open.upperBound..<close.lowerBound])
}

/// The recipe under `### title`: one command line.
private func recipe(_ title: String) throws -> String {
  let block = try fencedBlock(after: "### " + title)
  #expect(!block.contains("\n"), "a recipe is one line")
  return block
}

/// Runs `setup`, then the recipe with `pick` answering `query`, then `check`,
/// in a fresh directory (its path in `$DIR`, also `HOME`); returns the check's output.
private func runRecipe(
  _ title: String, query: String, setup: String = "", check: String,
  sourceLocation: SourceLocation = #_sourceLocation
) throws -> String {
  let directory = try ShellHome()
  let script = """
    set -e
    cd "$DIR"
    \(setup)
    pick() { "$PICK" --filter "$QUERY" "$@"; }
    \(try recipe(title))
    \(check)
    """
  let result = try runShell(
    script,
    environment: [
      "DIR": directory.path, "HOME": directory.path, "QUERY": query,
      "PATH": "\(directory.path)/bin:"
        + (getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"),
      "GIT_CONFIG_NOSYSTEM": "1", "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.org",
      "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.org",
    ], sourceLocation: sourceLocation)
  #expect(
    result.status == 0, "\(String(decoding: result.stderr, as: UTF8.self))",
    sourceLocation: sourceLocation)
  return String(decoding: result.stdout, as: UTF8.self)
}

private var gitIsInstalled: Bool { access("/usr/bin/git", X_OK) == 0 }

@Suite(.serialized) struct ReadmeRecipeTests {
  @Test func `git add: the chosen files are staged, whatever their names`() throws {
    guard gitIsInstalled else {
      print("skipped: git is not installed")
      return
    }
    let output = try runRecipe(
      "Choose files to `git add`", query: "!other",
      setup: """
        git init -q .
        echo one > tracked.txt && echo same > unchanged.txt
        git add . && git commit -qm start
        echo two > tracked.txt
        echo new > 'new file.txt' && echo x > "$(printf 'new\\nline')" && echo o > other.txt
        """,
      check: "git diff --cached --name-only -z | tr '\\0' '|'")
    let staged = output.split(separator: "|").map(String.init).sorted()
    #expect(staged == ["new file.txt", "new\nline", "tracked.txt"].sorted())
  }

  @Test func `kill: the chosen process gets SIGTERM`() throws {
    // The victim's command line is computed, so only it ends with "sleep 31337".
    let output = try runRecipe(
      "Kill processes", query: "sleep 31337$",
      setup: "sleep $((31000 + 337)) & victim=$!",
      check: "status=0; wait $victim || status=$?; echo \"status $status\"")
    #expect(output == "status 143\n")
  }

  @Test func `kill: only the processes whose command matches are chosen, not their PIDs or times`() throws {
    // `0` is in nearly every line's TIME column (00:00:00); of the two
    // sleeps only the victim has one in its command. Filter mode prints
    // every match, as Ctrl-A then Enter does.
    let output = try runRecipe(
      "Kill processes", query: "^sleep 3133 0",
      setup: "sleep $((31000 + 330)) & victim=$!; sleep $((31000 + 334)) & decoy=$!",
      check: """
        status=0; wait $victim || status=$?
        kill -0 $decoy && echo "decoy alive"; kill $decoy || true
        echo "status $status"
        """)
    #expect(output == "decoy alive\nstatus 143\n")
  }

  @Test func `git switch: the chosen branch is checked out; none chosen runs nothing`() throws {
    guard gitIsInstalled else {
      print("skipped: git is not installed")
      return
    }
    let setup = """
      git init -q -b main .
      echo x > f && git add f && git commit -qm start
      git branch feature-login && git branch fix-typo
      """
    let output = try runRecipe(
      "Check out a branch", query: "feature", setup: setup, check: "git branch --show-current")
    #expect(output == "feature-login\n")
    // No match: pick exits 1 and xargs -r runs nothing.
    let none = try runRecipe(
      "Check out a branch", query: "nothing-like-this", setup: setup,
      check: "git branch --show-current")
    #expect(none == "main\n")
  }

  @Test func `remembered hosts: each chosen host is reached`() throws {
    let output = try runRecipe(
      "Pick hosts, and remember them", query: "web",
      setup: """
        printf '%s\\n' web1 web2 db1 > hosts.txt
        mkdir bin && printf '#!/bin/sh\\necho "ssh $*"\\n' > bin/ssh && chmod +x bin/ssh
        """,
      check: "")
    #expect(output == "ssh web1 uptime\nssh web2 uptime\n")
  }

  @Test func `remembered hosts: the next run starts from the last choice`() throws {
    let state = try ShellHome()
    let command = try recipe("Pick hosts, and remember them")
    // The recipe's pick options, run in the picker itself.
    let words = command.split(separator: "<")[0].split(separator: " ").dropFirst().map(String.init)
    #expect(words == ["-m", "--remember", "deploy-hosts"])
    let hosts = "web1\nweb2\ndb1\n"
    let first = try Picker(words, items: hosts, environment: ["XDG_STATE_HOME": state.path])
    try first.waitFor("0 of 3")
    first.send("\t\t\r")
    try first.expectExit(status: 0, stdout: "web1\nweb2\n")

    let second = try Picker(words, items: hosts, environment: ["XDG_STATE_HOME": state.path])
    try second.waitFor("2 of 3")
    second.send("\r")
    try second.expectExit(status: 0, stdout: "web1\nweb2\n")
  }

  @Test func `edit a choice: the new list replaces the old one, a failed pick keeps it`() throws {
    let setup =
      "printf '%s\\n' apache cron nginx sshd > available.txt && printf '%s\\n' cron sshd > enabled.txt"
    let output = try runRecipe(
      "Edit a choice", query: "!apache", setup: setup, check: "cat enabled.txt")
    #expect(output == "cron\nnginx\nsshd\n")
    // pick exits 1 (no match): the && keeps the old list.
    let kept = try runRecipe(
      "Edit a choice", query: "zzz", setup: setup, check: "cat enabled.txt")
    #expect(kept == "cron\nsshd\n")
  }

  @Test func `edit a choice: the listed items start selected in the picker`() throws {
    let file = try makeTemporaryFile(containing: Array("cron\nsshd\n".utf8))
    defer { unlink(file) }
    let command = try recipe("Edit a choice")
    #expect(command.hasPrefix("pick -m --preselect-file enabled.txt < available.txt"))
    let picker = try Picker(
      ["-m", "--preselect-file", file], items: "apache\ncron\nnginx\nsshd\n")
    try picker.waitFor("2 of 4")
    picker.send("\t")  // the cursor starts on cron: Tab drops it
    try picker.waitFor("1 of 4")
    picker.send("\r")
    try picker.expectExit(status: 0, stdout: "sshd\n")
  }

  @Test func `files with any name: exactly the chosen files are removed`() throws {
    let output = try runRecipe(
      "Files with any name", query: "!keep",
      setup: """
        mkdir sub
        : > 'a b.txt'; : > "it's"; : > "$(printf 'new\\nline')"; : > sub/keep.txt; : > keep-me
        """,
      check: "find . -type f | sort")
    #expect(output == "./keep-me\n./sub/keep.txt\n")
  }

  @Test func `the set-up line gives bash the keys and the completion`() throws {
    guard TestShell.bash.isAvailable() else { return }
    let block = try #require(
      readme().split(separator: "```sh\n").dropFirst().first { $0.hasPrefix("sh Docs/install.sh") }
    ).prefix { $0 != "`" }
    let setup = try #require(block.split(separator: "\n").first { $0.hasPrefix("echo ") })
    #expect(setup.hasSuffix(">> ~/.bashrc"))
    let home = try ShellHome()
    try home.makeDirectory(".local/bin")
    // Where Docs/install.sh puts pick (a hard link, so /proc/self/exe names it).
    let installed = "\(home.path)/.local/bin/pick"
    if link(pickBinaryPath(), installed) != 0 {
      try FileManager.default.copyItem(atPath: pickBinaryPath(), toPath: installed)
    }
    let ran = try runShell(String(setup), environment: ["HOME": home.path])
    #expect(ran.status == 0)
    let check = try runProgram(
      TestShell.bash.path!,
      arguments: ["-i", "-c", "bind -X; complete -p pick; echo \"bin=$__pick_bin\""].map { Array($0.utf8) },
      environment: ["HOME": home.path])
    let output = String(decoding: check.stdout, as: UTF8.self)
    #expect(output.contains("\"\\C-t\": \"__pick_file_widget\""))
    #expect(output.contains("\"\\C-r\": \"__pick_history_widget\""))
    #expect(output.contains("complete -F _pick_completion pick"))
    #expect(output.contains("bin=\(installed)\n"))
  }

  @Test func `live search: each query runs grep, and a chosen line stays chosen while it is found`() throws {
    let directory = try ShellHome()
    try directory.write("notes.txt", "alpha one\nbeta two\nalpha three\n")
    // The recipe word for word, run by sh on the pseudo-terminal, with `pick` this build.
    let script = "cd \"$DIR\"; pick() { \"$PICK\" \"$@\"; }\n" + (try recipe("Search inside files as you type"))
    let picker = try Picker(
      program: "/bin/sh", arguments: ["-c", script],
      environment: ["DIR": directory.path, "PICK": pickBinaryPath()])
    try picker.waitFor("grep> ")
    picker.send("alp")
    try picker.waitFor("./notes.txt:3:alpha three")
    #expect(!picker.screen().screenText.contains("beta"))
    picker.send("\t")
    try picker.waitFor("1 of 2")
    // Two more reloads: the chosen line is still found, so still chosen.
    picker.send("ha o")
    try picker.waitFor { $0.screenText.contains("1 of 1") && !$0.screenText.contains("three") }
    picker.send("\r")
    try picker.expectExit(status: 0, stdout: "./notes.txt:1\n")
  }

  @Test func `the screen capture is what pick draws`() throws {
    let capture = try fencedBlock(
      after: "and is much better at choosing several things at once.", language: "")
    let picker = try Picker(
      ["-m", "--header", "Deploy to"], items: "web1\nweb2\nweb3\ndb1\ndb2\ncache1\n", rows: 8,
      columns: 56)
    try picker.waitFor("0 of 6")
    picker.send("\t\t")
    try picker.waitFor("2 of 6")
    picker.send("db")
    try picker.waitFor("2/6")
    picker.send([0x01])  // Ctrl-A
    let screen = try picker.waitFor("2 of 2  +2 hidden")
    let rows = capture.split(separator: "\n").count
    let drawn = (0..<rows).map { row -> String in
      var text = screen.row(row)
      while text.last == " " { text.removeLast() }
      return text
    }
    #expect(drawn.joined(separator: "\n") == capture)
    picker.send("\r")
    try picker.expectExit(status: 0, stdout: "web1\nweb2\ndb1\ndb2\n")
  }

  /// `recipe` run word for word by sh on a pseudo-terminal, with `pick` this
  /// build, in `directory` (also `HOME`).
  private func recipeOnTerminal(_ title: String, in directory: ShellHome) throws -> Picker {
    let script = "cd \"$DIR\"; pick() { \"$PICK\" \"$@\"; }\n" + (try recipe(title))
    return try Picker(
      program: "/bin/sh", arguments: ["-c", script],
      environment: ["DIR": directory.path, "HOME": directory.path, "PICK": pickBinaryPath()])
  }

  @Test func `history: a query typed in one run comes back with Ctrl-P in the next`() throws {
    let directory = try ShellHome()
    try directory.write("words.txt", "apple\nbanana\ncherry\n")
    let first = try recipeOnTerminal("Search again for what you searched before", in: directory)
    try first.waitFor("3/3")
    first.send("ban")
    try first.waitFor("1/3")
    first.send("\r")
    try first.expectExit(status: 0, stdout: "banana\n")
    let saved = try String(contentsOfFile: directory.path + "/.pick_history", encoding: .utf8)
    #expect(saved == "ban\n")

    let second = try recipeOnTerminal("Search again for what you searched before", in: directory)
    try second.waitFor("3/3")
    second.send([0x10])  // Ctrl-P
    try second.waitFor("1/3")
    second.send("\r")
    try second.expectExit(status: 0, stdout: "banana\n")
  }

  @Test func `log: the cursor stays on the line found while the query is cleared`() throws {
    let directory = try ShellHome()
    let log = directory.path + "/app.log"
    try directory.write("app.log", "10:00 boot ok\n10:01 disk error\n10:02 net ok\n10:03 disk ok\n")
    let picker = try recipeOnTerminal("Follow a log", in: directory)
    try picker.waitFor("4/4 +T")
    picker.send("error")
    try picker.waitFor("1/4 +T")
    picker.send([0x15])  // Ctrl-U: the query cleared, every line back
    try picker.waitFor("4/4 +T")
    let appended = open(log, O_WRONLY | O_APPEND)
    _ = "10:04 late line\n".withCString { write(appended, $0, strlen($0)) }
    try picker.waitFor("5/5 +T")
    picker.send("\r")
    // tail -f ends at its next write, into the pipe pick no longer reads.
    _ = "10:05 after\n".withCString { write(appended, $0, strlen($0)) }
    close(appended)
    try picker.expectExit(status: 0, stdout: "10:01 disk error\n", timeout: 10)
  }

  @Test func `recall: the remembered hosts are each reached, none runs nothing`() throws {
    let directory = try ShellHome()
    try directory.write("state/pick/deploy-hosts", "pick-remember 1\nweb1\u{0}web2\u{0}")
    try directory.write("bin/ssh", "#!/bin/sh\necho \"ssh $*\"\n")
    chmod(directory.path + "/bin/ssh", 0o755)
    let script = "pick() { \"$PICK\" \"$@\"; }\n" + (try recipe("Use a remembered choice in a script"))
    let path = "\(directory.path)/bin:" + (getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin")
    let environment = ["XDG_STATE_HOME": directory.path + "/state", "PICK": pickBinaryPath(), "PATH": path]
    let result = try runShell(script, environment: environment)
    #expect(String(decoding: result.stdout, as: UTF8.self) == "ssh web1 uptime\nssh web2 uptime\n")
    unlink(directory.path + "/state/pick/deploy-hosts")
    let none = try runShell(script, environment: environment)
    #expect(none.stdout.isEmpty)
  }

}
