import Glibc
import Testing

@testable import pick_bench

/// A small tree in /tmp whose entries are created out of order, with the
/// cases the listing must get right; removed by `rm -rf` when done.
private struct ScratchTree {
  let root: String

  init() throws {
    var template = Array("/tmp/pick-bench-tree-XXXXXX".utf8CString)
    guard mkdtemp(&template) != nil else { throw BenchError.system("mkdtemp", errno) }
    root = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    for directory in ["sub", "sub/deeper", "a", "empty", "locked"] {
      #expect(mkdir(root + "/" + directory, 0o755) == 0)
    }
    for file in ["b.txt", "sub/deeper/x.h", "a/z", "a-c", "locked/secret", "two\nlines"] {
      Self.touch(Array((root + "/" + file).utf8))
    }
    #expect(symlink("sub", root + "/link") == 0, "a link to a directory")
    #expect(symlink("nowhere", root + "/dangling") == 0)
    Self.touch(Array((root + "/caf").utf8) + [0xE9])  // "café" in Latin-1: not UTF-8
  }

  /// Creates an empty file at a path given as bytes.
  private static func touch(_ path: [UInt8]) {
    let fd = (path + [0]).map { CChar(bitPattern: $0) }.withUnsafeBufferPointer { characters in
      characters.baseAddress.map { creat($0, 0o644) } ?? -1
    }
    #expect(fd >= 0)
    close(fd)
  }

  func remove() { _ = try? MeasuredCommand(executable: "rm", arguments: ["-rf", root], output: .discarded).run() }
}

@Test func `a tree corpus lists every non-directory, sorted by bytes, links not followed`() throws {
  let tree = try ScratchTree()
  defer { tree.remove() }
  chmod(tree.root + "/locked", 0)  // unreadable: left out (unless we are root, who reads it anyway)
  defer { chmod(tree.root + "/locked", 0o755) }
  let canReadLocked = access(tree.root + "/locked", R_OK) == 0
  var expected: [[UInt8]] = [
    "/a-c", "/a/z", "/b.txt", "/dangling", "/link", "/sub/deeper/x.h",
  ].map { Array((tree.root + $0).utf8) }
  expected.insert(Array((tree.root + "/caf").utf8) + [0xE9], at: 2)  // 0x63 'c' sorts after 'b'
  expected.sort { $0.lexicographicallyPrecedes($1) }
  if canReadLocked { expected.insert(Array((tree.root + "/locked/secret").utf8), at: 6) }
  let bytes = TreeCorpus.list(root: tree.root)
  #expect(bytes == expected.flatMap { $0 + [UInt8(ascii: "\n")] })
  // `a-c` before `a/z`: whole paths are sorted ('-' < '/'), not names per directory.
  #expect(bytes.starts(with: Array((tree.root + "/a-c\n").utf8)))
  #expect(TreeCorpus.list(root: tree.root + "/") == bytes, "a trailing slash changes nothing")
}

@Test func `tree and tree:DIR name real-tree corpora`() throws {
  #expect(BenchCommand.CorpusSource(argument: "tree") == .tree(root: "/usr"))
  #expect(BenchCommand.CorpusSource(argument: "tree:/opt/x") == .tree(root: "/opt/x"))
  #expect(BenchCommand.CorpusSource(argument: "tree:") == .file("tree:"))
  #expect(try BenchCommand.parse(["corpus", "tree"]) == .treeCorpus(root: "/usr"))
  #expect(try BenchCommand.parse(["corpus", "tree", "--root", "/etc"]) == .treeCorpus(root: "/etc"))
}

@Test func `a missing tree is skipped with a message, not listed as empty`() throws {
  let missing = "/nonexistent/pick-bench-tree"
  #expect(!TreeCorpus.isWalkable(missing))
  #expect(TreeCorpus.list(root: missing).isEmpty)
  let cache = CorpusCache(directory: "/tmp")
  do {
    _ = try cache.resolve(.tree(root: missing), count: 1, seed: 42)
    Issue.record("resolving a missing tree should throw")
  } catch BenchError.skipped(let reason) {
    #expect(reason.contains(missing))
  }
}

/// The pick-bench built next to the tests.
private func benchExecutable() -> String {
  let tests = SmallFile.currentExecutable()
  return String(tests[..<(tests.lastIndex(of: "/") ?? tests.startIndex)]) + "/pick-bench"
}

@Test func `pick-bench corpus tree writes the listing, filter skips a missing tree and goes on`() throws {
  let tree = try ScratchTree()
  defer { tree.remove() }
  let listed = try MeasuredCommand(
    executable: benchExecutable(), arguments: ["corpus", "tree", "--root", tree.root], output: .captured
  ).run()
  #expect(listed.termination == .exited(0))
  let bytes = TreeCorpus.list(root: tree.root)
  #expect(listed.bytes == bytes.count && listed.text == String(decoding: bytes, as: UTF8.self))

  let small = try TemporaryFile(contents: Array("src/a.c\nlib/b.py\n".utf8))
  defer { small.remove() }
  let skipped = try MeasuredCommand(
    executable: benchExecutable(),
    arguments: [
      "filter", "--corpus", "tree:/nonexistent/x", small.path, "--query", "a", "--runs", "1",
      "--fzf", "/nonexistent/fzf", "--fzy", "/nonexistent/fzy",
    ],
    output: .captured
  ).run()
  #expect(skipped.termination == .exited(0))
  #expect(skipped.text.contains("skipped the tree corpus: /nonexistent/x"))
  #expect(skipped.text.contains("## \(SmallFile.baseName(small.path)): 2 lines"), "the next corpus is measured")
}
