// pick with nothing piped in: standard input is the terminal itself (the pty),
// so pick lists the files under its working directory, or reads
// PICK_DEFAULT_COMMAND's output.

import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A temporary directory tree for one test (removed afterwards).
private final class Tree {
  let root: String

  init(files: [[UInt8]], directories: [String] = []) throws {
    let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
    var template = Array("\(base)/pick-walk-e2e-XXXXXX".utf8CString)
    guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
      throw RunFailure(description: "mkdtemp failed")
    }
    root = String(cString: made)
    chmod(root, 0o755)
    for directory in directories { try makeDirectories(Array(directory.utf8)) }
    for file in files {
      if let slash = file.lastIndex(of: UInt8(ascii: "/")) {
        try makeDirectories(Array(file[..<slash]))
      }
      let fd = open(cPath(file), O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
      guard fd >= 0 else { throw RunFailure(description: "cannot create \(file)") }
      close(fd)
    }
  }

  convenience init(_ files: String...) throws {
    try self.init(files: files.map { Array($0.utf8) })
  }

  deinit {
    _ = system("chmod -R u+rwx '\(root)'; rm -rf '\(root)'")
  }

  private func cPath(_ relative: [UInt8]) -> [CChar] {
    (Array(root.utf8) + [UInt8(ascii: "/")] + relative + [0]).map { CChar(bitPattern: $0) }
  }

  private func makeDirectories(_ relative: [UInt8]) throws {
    var prefix: [UInt8] = []
    for part in relative.split(separator: UInt8(ascii: "/")) {
      prefix += prefix.isEmpty ? Array(part) : [UInt8(ascii: "/")] + part
      if mkdir(cPath(prefix), 0o755) != 0 && errno != EEXIST {
        throw RunFailure(description: "cannot create \(prefix)")
      }
    }
  }
}

/// pick run in `tree` with the terminal as its standard input.
private func pickInTree(
  _ tree: Tree, _ arguments: [String], environment: [String: String] = [:], binary: String? = nil,
  prefix: [String] = []
) throws -> PseudoTerminal {
  try PseudoTerminal(
    binary: binary ?? pickBinaryPath(), arguments: prefix + arguments, stdin: [],
    environment: environment, stdinIsTerminal: true, workingDirectory: tree.root)
}

/// Runs pick in `tree` (stdin the terminal) until it exits on its own (`--filter`).
private func filterInTree(
  _ tree: Tree, _ arguments: [String], environment: [String: String] = [:],
  sourceLocation: SourceLocation = #_sourceLocation
) throws -> (status: Int32, stdout: [UInt8], stderr: String) {
  let pty = try pickInTree(tree, arguments, environment: environment)
  let result = try #require(pty.wait(timeout: 20), sourceLocation: sourceLocation)
  return (result.status, result.stdout, String(decoding: result.stderr, as: UTF8.self))
}

/// Whether this test process can run pick as user `nobody` (to make a
/// directory unreadable: root reads everything).
private let canRunAsNobody: Bool = {
  if geteuid() != 0 { return true }
  guard access("/usr/bin/setpriv", X_OK) == 0 else { return false }
  let result = try? runProgram(
    "/usr/bin/setpriv",
    arguments: ["--reuid=65534", "--regid=65534", "--clear-groups", pickBinaryPath(), "--version"]
      .map { Array($0.utf8) })
  return result?.status == 0
}()

@Suite(.serialized) struct WalkerEndToEndTests {
  @Test func `pick alone lists the files under the current directory and prints the chosen ones`()
    throws
  {
    let tree = try Tree(
      files: [
        Array("a.txt".utf8), Array("sp ace".utf8), Array("src/b.swift".utf8),
        Array(".git/config".utf8),
        Array("node_modules/x.js".utf8), [0x6E, 0x0A, 0x6C],
      ])
    let picker = Picker(pty: try pickInTree(tree, ["-m"]))
    // Four items: the name with a newline is one (drawn with a placeholder);
    // once the walk has ended the spinner is gone from the info line.
    try picker.waitFor { $0.row(1).hasPrefix("  4/4 ") }
    picker.send([0x01])  // Ctrl-A: select all
    try picker.waitFor("4 of 4")
    picker.send("\r")
    try picker.expectExit(
      status: 0,
      stdoutBytes: Array("a.txt\n".utf8) + [0x6E, 0x0A, 0x6C, 0x0A]
        + Array("sp ace\nsrc/b.swift\n".utf8))
  }

  @Test func `typing a query narrows the walked paths`() throws {
    let tree = try Tree(
      "README", "Sources/pick/main.swift", "Sources/PickCore/Options.swift", "Tests/x.swift")
    let picker = Picker(pty: try pickInTree(tree, []))
    try picker.waitFor("4/4")
    picker.send("main")
    try picker.waitFor("1/4")
    picker.send("\r")
    try picker.expectExit(status: 0, stdout: "Sources/pick/main.swift\n")
  }

  @Test func `--filter with stdin a terminal walks as well`() throws {
    let tree = try Tree("a/one.txt", "b/two.txt", "three.md")
    let all = try filterInTree(tree, ["-f", "", "--no-sort"])
    #expect(all.status == 0)
    #expect(String(decoding: all.stdout, as: UTF8.self) == "three.md\na/one.txt\nb/two.txt\n")
    #expect(all.stderr.isEmpty)
    let matched = try filterInTree(tree, ["-f", "txt$", "--walker-root", "b"])
    #expect(String(decoding: matched.stdout, as: UTF8.self) == "b/two.txt\n")
    let none = try filterInTree(tree, ["-f", "zzz"])
    #expect(none.status == 1)
  }

  @Test func `--walker=dir lists directories for Alt-C`() throws {
    let tree = try Tree("a/x/f", "b/g", ".hidden/h")
    let result = try filterInTree(tree, ["-f", "", "+s", "--walker=dir,follow"])
    #expect(String(decoding: result.stdout, as: UTF8.self) == "a/\nb/\na/x/\n")
  }

  @Test func `links to slash or to the walk's ancestors do not take the walk out of its tree`()
    throws
  {
    let tree = try Tree("inner/a/f.txt", "beside.txt")
    for (name, target) in [("inner/slash", "/"), ("inner/up", ".."), ("inner/a/top", "../..")] {
      #expect(symlink(target, tree.root + "/" + name) == 0)
    }
    let result = try filterInTree(tree, ["-f", "", "--walker-root", "inner"])
    #expect(result.status == 0)
    #expect(String(decoding: result.stdout, as: UTF8.self) == "inner/a/f.txt\n")
  }

  @Test func `walked paths rank with the path scheme unless --scheme is given`() throws {
    let tree = try Tree("a/foo.txt", "foo/a.txt")
    // The path scheme prefers the match in the file name; the default scheme the one at the start.
    let path = try filterInTree(tree, ["-f", "foo"])
    #expect(String(decoding: path.stdout, as: UTF8.self) == "a/foo.txt\nfoo/a.txt\n")
    let plain = try filterInTree(tree, ["-f", "foo", "--scheme=default"])
    #expect(String(decoding: plain.stdout, as: UTF8.self) == "foo/a.txt\na/foo.txt\n")
  }

  @Test func `a --walker-root that does not exist is an error`() throws {
    let tree = try Tree("a")
    let result = try filterInTree(tree, ["-f", "", "--walker-root", "missing"])
    #expect(result.status == 2)
    #expect(result.stderr == "pick: --walker-root missing: No such file or directory\n")
  }

  @Test(.enabled(if: canRunAsNobody)) func `an unreadable directory is left out silently`() throws {
    let tree = try Tree("open/a", "locked/secret", "z")
    chmod(tree.root + "/locked", 0)
    let arguments = ["-f", "", "+s"]
    let pty =
      geteuid() == 0
      ? try pickInTree(
        tree, arguments, binary: "/usr/bin/setpriv",
        prefix: ["--reuid=65534", "--regid=65534", "--clear-groups", pickBinaryPath()])
      : try pickInTree(tree, arguments)
    let result = try #require(pty.wait(timeout: 20))
    #expect(result.status == 0)
    #expect(String(decoding: result.stdout, as: UTF8.self) == "z\nopen/a\n")
    #expect(result.stderr.isEmpty)
  }

  @Test func `PICK_DEFAULT_COMMAND's output is the input`() throws {
    let tree = try Tree("not-listed")
    let environment = ["PICK_DEFAULT_COMMAND": "printf 'one\\ntwo\\nthree\\n'"]
    let filtered = try filterInTree(tree, ["-f", "t"], environment: environment)
    #expect(String(decoding: filtered.stdout, as: UTF8.self) == "two\nthree\n")

    let picker = Picker(pty: try pickInTree(tree, [], environment: environment))
    try picker.waitFor("3/3")
    picker.send("\u{1B}[B\r")
    try picker.expectExit(status: 0, stdout: "two\n")
  }

  @Test func `with items piped in, PICK_DEFAULT_COMMAND and the walker are not used`() throws {
    let result = try runPick(
      ["-f", ""], stdin: Array("piped\n".utf8), environment: ["PICK_DEFAULT_COMMAND": "echo command"])
    #expect(result == PickResult(status: 0, stdout: Array("piped\n".utf8), stderr: []))
  }

  @Test func `-1 takes the only file the walker finds without drawing the picker`() throws {
    let tree = try Tree("deep/down/only.txt")
    let result = try filterInTree(tree, ["-1"])
    #expect(result.status == 0)
    #expect(String(decoding: result.stdout, as: UTF8.self) == "deep/down/only.txt\n")
  }

  @Test func `an empty PICK_DEFAULT_COMMAND means the walker`() throws {
    let tree = try Tree("listed")
    let result = try filterInTree(tree, ["-f", ""], environment: ["PICK_DEFAULT_COMMAND": ""])
    #expect(String(decoding: result.stdout, as: UTF8.self) == "listed\n")
  }

  @Test func `a failing PICK_DEFAULT_COMMAND shows on the info line`() throws {
    let tree = try Tree()
    let picker = Picker(
      pty: try pickInTree(tree, [], environment: ["PICK_DEFAULT_COMMAND": "exit 7"]))
    try picker.waitFor("[Command failed (exit status 7): exit 7]")
    picker.send([0x1B])
    try picker.expectExit(status: 130, stdout: "")

    // With items read, the count stays (as fzf): the output is still worth choosing from.
    let partial = Picker(
      pty: try pickInTree(tree, [], environment: ["PICK_DEFAULT_COMMAND": "echo item; exit 7"]))
    let screen = try partial.waitFor { $0.row(1).hasPrefix("  1/1 ") }
    #expect(!screen.screenText.contains("Command failed"))
    partial.send("\r")
    try partial.expectExit(status: 0, stdout: "item\n")
  }

  @Test
  func `with --filter a failing PICK_DEFAULT_COMMAND warns, and the matches decide the status`()
    throws
  {
    let tree = try Tree()
    let result = try filterInTree(
      tree, ["-f", ""], environment: ["PICK_DEFAULT_COMMAND": "echo kept; echo oops >&2; exit 3"])
    #expect(result.status == 0)
    #expect(String(decoding: result.stdout, as: UTF8.self) == "kept\n")
    #expect(
      result.stderr
        == "oops\npick: warning: PICK_DEFAULT_COMMAND failed (exit status 3): echo kept; echo oops >&2; exit 3\n"
    )
  }

  @Test func `--with-shell runs PICK_DEFAULT_COMMAND with another shell`() throws {
    let tree = try Tree()
    let environment = ["PICK_DEFAULT_COMMAND": "echo \"$0${BASH_VERSION:+ is bash}\""]
    let plain = try filterInTree(tree, ["-f", ""], environment: environment)
    #expect(String(decoding: plain.stdout, as: UTF8.self) == "sh\n")
    let bash = try filterInTree(
      tree, ["-f", "", "--with-shell", "bash -c"], environment: environment)
    #expect(String(decoding: bash.stdout, as: UTF8.self) == "bash is bash\n")
  }

  @Test func `accepting early ends PICK_DEFAULT_COMMAND's process group`() throws {
    let tree = try Tree()
    let marker = tree.root + "/still-running"
    // The command prints one item and keeps running; after pick exits, the
    // group must be gone, so the touch never happens.
    let environment = ["PICK_DEFAULT_COMMAND": "echo first; sleep 2; touch '\(marker)'"]
    let picker = Picker(pty: try pickInTree(tree, [], environment: environment))
    try picker.waitFor("1/1")
    picker.send("\r")
    try picker.expectExit(status: 0, stdout: "first\n")
    usleep(2_600_000)
    #expect(access(marker, F_OK) != 0, "the command outlived pick")
  }
}
