import Glibc
import PickCore
import Testing

@testable import PickSystem

/// Collects what a walk emits.
private struct Collector: DirectoryWalker.Sink {
  var paths: [[UInt8]] = []
  var limit = Int.max

  mutating func emit(_ path: UnsafeBufferPointer<UInt8>) -> Bool {
    paths.append(Array(path))
    return paths.count < limit
  }

  mutating func willOpenDirectory() -> Bool { true }
}

/// The walk of `tree` (its root, or `roots` under it), paths relative to the
/// tree's root as text; the root itself (listed in `dir` mode) shows as `<root>/`.
private func walk(
  _ tree: TemporaryTree, _ options: WalkerOptions = WalkerOptions(),
  skip: [String] = [".git", "node_modules"], roots: [String]? = nil
) -> [String] {
  let walker = DirectoryWalker(
    options: options, roots: roots.map { $0.map(tree.path) } ?? [tree.root],
    skip: skip.map { Array($0.utf8) })
  var collector = Collector()
  walker.walk(into: &collector)
  return collector.paths.map { relative($0, to: tree) }
}

private func relative(_ path: [UInt8], to tree: TemporaryTree) -> String {
  let prefix = tree.root + [UInt8(ascii: "/")]
  if path == prefix { return "<root>/" }
  guard path.starts(with: prefix) else { return String(decoding: path, as: UTF8.self) }
  return String(decoding: path[prefix.count...], as: UTF8.self)
}

private func walkerOptions(_ text: String) throws -> WalkerOptions {
  try WalkerOptions.parse(Array(text.utf8))
}

/// A small project: hidden files and directories, .git and node_modules, a space.
private func projectTree() throws -> TemporaryTree {
  let tree = try TemporaryTree()
  for file in [
    "top.txt", ".hiddenfile", "name with space", "src/main.swift", "src/lib/util.swift",
    ".git/config", "node_modules/x/index.js", "sub/node_modules/q.js", ".config/app.conf",
  ] {
    try tree.file(file)
  }
  return tree
}

@Suite struct DirectoryWalkerTests {
  @Test
  func
    `by default it lists files breadth first, a directory's files before its subdirectories, skipping .git and node_modules`()
    throws
  {
    let tree = try projectTree()
    #expect(
      walk(tree) == [
        ".hiddenfile", "name with space", "top.txt", ".config/app.conf", "src/main.swift",
        "src/lib/util.swift",
      ])
  }

  @Test func `without hidden it does not enter hidden directories but still lists hidden files`()
    throws
  {
    let tree = try projectTree()
    #expect(
      walk(tree, try walkerOptions("file,follow")) == [
        ".hiddenfile", "name with space", "top.txt", "src/main.swift", "src/lib/util.swift",
      ])
  }

  @Test
  func
    `dir lists directories with a trailing slash, never skipped or hidden ones it does not enter`()
    throws
  {
    let tree = try projectTree()
    #expect(walk(tree, try walkerOptions("dir")) == ["<root>/", "src/", "sub/", "src/lib/"])
    #expect(
      walk(tree, try walkerOptions("dir,hidden")) == [
        "<root>/", ".config/", "src/", "sub/", "src/lib/",
      ])
  }

  @Test func `file and dir together list both, files of a directory first`() throws {
    let tree = try TemporaryTree()
    try tree.file("b/x")
    try tree.file("a")
    try tree.directory("empty")
    #expect(walk(tree, try walkerOptions("file,dir")) == ["<root>/", "a", "b/", "empty/", "b/x"])
  }

  @Test func `an empty skip list enters .git and node_modules`() throws {
    let tree = try projectTree()
    let paths = walk(tree, skip: [])
    #expect(paths.contains(".git/config"))
    #expect(paths.contains("node_modules/x/index.js"))
    #expect(paths.contains("sub/node_modules/q.js"))
  }

  @Test func `a symbolic link loop is walked once and ends`() throws {
    let tree = try TemporaryTree()
    try tree.file("a/f")
    try tree.directory("a/b")
    try tree.link("a/b/up", to: "../..")
    try tree.link("self", to: ".")
    #expect(walk(tree) == ["a/f"])
    // Both lead to the root, so they are neither listed nor entered (as fzf).
    #expect(walk(tree, try walkerOptions("dir,follow")) == ["<root>/", "a/", "a/b/"])
  }

  @Test func `links to the root's ancestors or to slash are neither walked nor listed`() throws {
    let outer = try TemporaryTree()
    try outer.file("sibling.txt")
    try outer.file("inner/a/f")
    try outer.link("inner/up", to: "..")
    try outer.link("inner/a/top", to: "../..")
    try outer.link("inner/slash", to: "/")
    try outer.file("elsewhere/e.txt")
    try outer.link("inner/a/elsewhere", to: "../../elsewhere")
    let walker = DirectoryWalker(
      options: WalkerOptions(), roots: [outer.path("inner")], skip: [])
    var collector = Collector()
    walker.walk(into: &collector)
    // `up` (the parent), `top` (the root itself) and `slash` lead out of the
    // walk; a link to a directory beside the root is still followed.
    #expect(collector.paths.map { relative($0, to: outer) } == ["inner/a/f", "inner/a/elsewhere/e.txt"])
    let withDirectories = DirectoryWalker(
      options: try walkerOptions("dir,follow"), roots: [outer.path("inner")], skip: [])
    collector = Collector()
    withDirectories.walk(into: &collector)
    #expect(
      collector.paths.map { relative($0, to: outer) } == [
        "inner/", "inner/a/", "inner/a/elsewhere/",
      ])
  }

  @Test
  func
    `a directory reached through links is listed once, under its real path when it is inside the walk`()
    throws
  {
    let tree = try TemporaryTree()
    let outside = try TemporaryTree()
    try outside.file("o.txt")
    try tree.file("real/x.txt")
    try tree.link("link1", to: "real")
    try tree.link("link2", to: "real")
    try tree.link("ext", to: String(decoding: outside.root, as: UTF8.self))
    try tree.link("ext-again", to: String(decoding: outside.root, as: UTF8.self))
    // Real directories first, then links in byte order; each directory once.
    #expect(walk(tree) == ["real/x.txt", "ext/o.txt"])
    // Without follow, links to directories are neither walked nor listed (as fzf).
    #expect(walk(tree, try walkerOptions("file,hidden")) == ["real/x.txt"])
    #expect(walk(tree, try walkerOptions("dir,hidden")) == ["<root>/", "real/"])
  }

  @Test func `links to files and dangling links are listed as files`() throws {
    let tree = try TemporaryTree()
    try tree.file("target")
    try tree.link("to-file", to: "target")
    try tree.link("dangling", to: "nowhere")
    #expect(walk(tree) == ["dangling", "target", "to-file"])
  }

  @Test func `names keep their exact bytes: newlines and invalid UTF-8`() throws {
    let tree = try TemporaryTree()
    let newline: [UInt8] = [0x61, 0x0A, 0x62]
    let invalid: [UInt8] = [0xFF, 0xFE, 0x63]
    try tree.file(newline)
    try tree.file(Array("d/".utf8) + invalid)
    let walker = DirectoryWalker(options: WalkerOptions(), roots: [tree.root], skip: [])
    var collector = Collector()
    walker.walk(into: &collector)
    #expect(collector.paths == [tree.path(newline), tree.path(Array("d/".utf8) + invalid)])
  }

  @Test
  func
    `several roots are walked in turn, a root that is a file is listed, and a repeated root once`()
    throws
  {
    let tree = try TemporaryTree()
    try tree.file("a/one")
    try tree.file("b/two")
    try tree.file("c")
    #expect(walk(tree, roots: ["b", "a/", "c", "b"]) == ["b/two", "a/one", "c"])
    #expect(walk(tree, try walkerOptions("dir"), roots: ["b", "a"]) == ["b/", "a/"])
  }

  @Test func `roots are never skipped even when hidden or on the skip list`() throws {
    let tree = try TemporaryTree()
    try tree.file(".hidden/node_modules/f")
    #expect(
      walk(tree, try walkerOptions("file"), skip: [], roots: [".hidden"]) == [
        ".hidden/node_modules/f"
      ])
    #expect(walk(tree, roots: [".hidden/node_modules"]) == [".hidden/node_modules/f"])
  }

  @Test func `skip entries with a slash match a path or a path's end`() throws {
    let tree = try TemporaryTree()
    for file in ["a/b/c/f1", "x/a/b/f2", "a/f3", "ab/b/f4"] { try tree.file(file) }
    // The paths the walker sees start with the tree's root, so "a/b" matches by suffix here.
    #expect(walk(tree, skip: ["a/b"]) == ["a/f3", "ab/b/f4"])
    #expect(walk(tree, skip: ["b/c"]) == ["a/f3", "ab/b/f4", "x/a/b/f2"])
    #expect(walk(tree, skip: ["b"]) == ["a/f3"])
  }

  @Test func `stopping from the sink ends the walk`() throws {
    let tree = try projectTree()
    let walker = DirectoryWalker(options: WalkerOptions(), roots: [tree.root], skip: [])
    var collector = Collector()
    collector.limit = 2
    walker.walk(into: &collector)
    #expect(collector.paths.count == 2)
  }

  @Test(arguments: [
    (".", "."), ("./", "."), (".//", "."), ("./src/", "src"), (".//src", "src"), ("src//", "src"),
    ("/", "/"), ("/tmp/", "/tmp"), ("../x/", "../x"), ("././a", "a"), ("", "."),
  ])
  func `a root is printed without ./ and trailing slashes`(root: String, printed: String) {
    #expect(DirectoryWalker.normalized(root: Array(root.utf8)) == Array(printed.utf8))
  }
}

@Suite struct WalkerSkipListTests {
  @Test(arguments: [
    (".git", ".git", "x/.git", true),
    (".git", "git", "x/git", false),
    ("a/b", "b", "a/b", true),
    ("a/b", "b", "x/a/b", true),
    ("a/b", "b", "xa/b", false),
    ("/a/b", "b", "a/b", false),
    ("/a/b", "b", "x/a/b", true),
    ("a/", "a", "a", false),
  ])
  func `an entry skips a directory by name, path or path suffix`(
    entry: String, name: String, path: String, skipped: Bool
  ) {
    let list = WalkerSkipList([Array(entry.utf8)])
    #expect(list.skips(name: Array(name.utf8), path: Array(path.utf8)) == skipped)
  }
}

@Suite struct BackgroundWalkTests {
  @Test func `the walk streams through the pipe, NUL after each path, in the walker's order`()
    throws
  {
    let tree = try projectTree()
    let walker = DirectoryWalker(options: WalkerOptions(), roots: [tree.root], skip: [])
    var collector = Collector()
    walker.walk(into: &collector)

    let walk = try BackgroundWalk(walker, separator: 0)
    let streamed = try ProcessEnvironment.contents(of: walk.descriptor)
    walk.stop()
    #expect(streamed == collector.paths.flatMap { $0 + [0] })
  }

  @Test func `stop ends a walk that is blocked on a full pipe`() throws {
    // /usr holds far more than the pipe's 1 MiB of paths (creating such a tree
    // here would take longer than the test).
    let walker = DirectoryWalker(options: WalkerOptions(), roots: [Array("/usr".utf8)], skip: [])
    let walk = try BackgroundWalk(walker, separator: 0)
    var first = [UInt8](repeating: 0, count: 16)
    #expect(read(walk.descriptor, &first, first.count) > 0)
    // Let the walker fill the pipe and block on it.
    usleep(300_000)
    let started = ContinuousClock.now
    walk.stop()
    #expect(ContinuousClock.now - started < .seconds(2))
  }
}
