import Testing

@testable import PickCore

private func parse(_ arguments: [String]) throws(OptionError) -> Options {
  try OptionParser.parse(arguments: arguments.map { Array($0.utf8) })
}

private func bytes(_ texts: String...) -> [[UInt8]] { texts.map { Array($0.utf8) } }

@Suite struct WalkerOptionTests {
  @Test
  func
    `the defaults are fzf's: file,follow,hidden, the current directory, .git and node_modules skipped, sh -c`()
  {
    let options = Options()
    #expect(
      options.walker
        == WalkerOptions(
          listsFiles: true, listsDirectories: false, followsLinks: true, walksHidden: true))
    #expect(options.walkerRoots.isEmpty)
    #expect(options.walkerSkip == bytes(".git", "node_modules"))
    #expect(options.withShell == bytes("sh", "-c"))
  }

  @Test(arguments: [
    (
      "dir",
      WalkerOptions(
        listsFiles: false, listsDirectories: true, followsLinks: false, walksHidden: false)
    ),
    (
      "file,dir",
      WalkerOptions(
        listsFiles: true, listsDirectories: true, followsLinks: false, walksHidden: false)
    ),
    (
      "dir,follow,hidden",
      WalkerOptions(
        listsFiles: false, listsDirectories: true, followsLinks: true, walksHidden: true)
    ),
    (
      "FILE,,Hidden,",
      WalkerOptions(
        listsFiles: true, listsDirectories: false, followsLinks: false, walksHidden: true)
    ),
  ])
  func `--walker names what is on; the rest is off`(value: String, expected: WalkerOptions) throws {
    #expect(try parse(["--walker=\(value)"]).walker == expected)
  }

  @Test(arguments: [
    (
      "--walker=follow",
      "option --walker: invalid value 'follow' (name at least one of file and dir)"
    ),
    ("--walker=", "option --walker: invalid value '' (name at least one of file and dir)"),
    (
      "--walker=file,dirs",
      "option --walker: invalid value 'file,dirs' ('dirs' is not one of file, dir, follow, hidden)"
    ),
    ("--walker-root=", "option --walker-root: invalid value '' (expected a directory)"),
    (
      "--with-shell=",
      "option --with-shell: invalid value '' (expected a command and its flags, e.g. 'bash -c')"
    ),
    (
      "--with-shell='bash -c",
      "option --with-shell: invalid value ''bash -c' (unterminated single quote)"
    ),
  ])
  func `bad walker values are usage errors that say why`(argument: String, message: String) {
    #expect(throws: OptionError(message)) { try parse([argument]) }
  }

  @Test func `--walker-root accumulates and --no-walker-root starts over`() throws {
    #expect(
      try parse(["--walker-root", "src", "--walker-root=../lib"]).walkerRoots
        == bytes("src", "../lib"))
    #expect(
      try parse(["--walker-root", "src", "--no-walker-root", "--walker-root=b"]).walkerRoots
        == bytes("b"))
    // fzf's `--walker-root a b` form: the second word is not an option, so it is an error here.
    #expect(throws: OptionError.self) { try parse(["--walker-root", "a", "b"]) }
  }

  @Test func `--walker-skip replaces the list, empty names dropped`() throws {
    #expect(
      try parse(["--walker-skip=target,,build/out,"]).walkerSkip == bytes("target", "build/out"))
    #expect(try parse(["--walker-skip="]).walkerSkip.isEmpty)
  }

  @Test func `--with-shell is split into words like the default options`() throws {
    #expect(try parse(["--with-shell", "bash -c"]).withShell == bytes("bash", "-c"))
    #expect(
      try parse(["--with-shell='/opt/my shell' -e -c"]).withShell
        == bytes("/opt/my shell", "-e", "-c"))
  }

  @Test func `--scheme is remembered as given, so the walker's path scheme does not override it`()
    throws
  {
    #expect(try parse([]).isSchemeGiven == false)
    #expect(try parse(["--scheme=default"]).isSchemeGiven)
  }
}
