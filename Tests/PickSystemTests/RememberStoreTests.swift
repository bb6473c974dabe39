import Glibc
import PickCore
import Testing

@testable import PickSystem

/// A fresh directory under /tmp, removed (with everything in it) when the test ends.
private final class TemporaryDirectory {
  let path: [UInt8]

  init() throws {
    var template = Array("/tmp/pick-remember-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    try #require(made != nil)
    path = Array(template.dropLast().map { UInt8(bitPattern: $0) })
  }

  deinit {
    // Restore permissions a test may have taken away, then remove the tree.
    _ = system("chmod -R u+rwx '\(text)' && rm -rf '\(text)'")
  }

  var text: String { String(decoding: path, as: UTF8.self) }

  func appending(_ component: String) -> [UInt8] { path + Array("/\(component)".utf8) }
}

private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

private func key(_ name: String) throws -> RememberKey { try #require(RememberKey(bytes(name))) }

private func cPath<R>(_ path: [UInt8], _ body: (UnsafePointer<CChar>) -> R) -> R {
  (path.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { body($0.baseAddress!) }
}

/// The permission bits of `path`, or nil when it cannot be stat'ed.
private func mode(_ path: [UInt8]) -> mode_t? {
  var info = stat()
  guard cPath(path, { stat($0, &info) }) == 0 else { return nil }
  return info.st_mode & 0o7777
}

private func writeFile(_ path: [UInt8], _ contents: [UInt8]) throws {
  let fd = cPath(path) { open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o600) }
  try #require(fd >= 0)
  defer { close(fd) }
  let written = contents.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
  try #require(written == contents.count)
}

private func readFile(_ path: [UInt8]) throws -> [UInt8] {
  try ProcessEnvironment.contents(ofFile: path)
}

/// The names in a directory, without `.` and `..`.
private func entries(_ path: [UInt8]) -> [String] {
  guard let dir = cPath(path, { opendir($0) }) else { return [] }
  defer { closedir(dir) }
  var names: [String] = []
  while let entry = readdir(dir) {
    let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
      String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
    if name != "." && name != ".." { names.append(name) }
  }
  return names.sorted()
}

@Suite struct RememberStoreTests {
  // MARK: Saving and loading

  @Test func `what is saved is loaded back, exact bytes`() throws {
    let temporary = try TemporaryDirectory()
    let store = RememberStore(directory: temporary.appending("pick"))
    let items: [[UInt8]] = [bytes("web-1"), bytes("two\nlines"), [0xFF, 0x80], []]
    try store.save(items, for: key("hosts"))
    #expect(store.load(try key("hosts")) == items)
    #expect(try readFile(temporary.appending("pick/hosts")) == RememberedChoice.encode(items))
  }

  @Test func `created directories are 0700 and the file 0600`() throws {
    let temporary = try TemporaryDirectory()
    let store = RememberStore(directory: temporary.appending("state/deeper/pick"))
    // The modes are set explicitly, whatever the umask (not changed here: it
    // belongs to the whole test process).
    try store.save([bytes("x")], for: key("k"))
    #expect(mode(temporary.appending("state")) == 0o700)
    #expect(mode(temporary.appending("state/deeper")) == 0o700)
    #expect(mode(temporary.appending("state/deeper/pick")) == 0o700)
    #expect(mode(temporary.appending("state/deeper/pick/k")) == 0o600)
  }

  @Test func `an existing directory keeps its mode`() throws {
    let temporary = try TemporaryDirectory()
    let directory = temporary.appending("pick")
    try #require(cPath(directory) { mkdir($0, 0o755) } == 0)
    try #require(cPath(directory) { chmod($0, 0o755) } == 0)
    try RememberStore(directory: directory).save([bytes("x")], for: key("k"))
    #expect(mode(directory) == 0o755)
  }

  @Test func `saving again replaces the choice and leaves no temporary file`() throws {
    let temporary = try TemporaryDirectory()
    let store = RememberStore(directory: temporary.appending("pick"))
    try store.save([bytes("first"), bytes("second")], for: key("k"))
    try store.save([bytes("third")], for: key("k"))
    #expect(store.load(try key("k")) == [bytes("third")])
    try store.save([], for: key("k"))
    #expect(store.load(try key("k")) == [])
    #expect(entries(temporary.appending("pick")) == ["k"])
  }

  @Test func `keys are kept apart`() throws {
    let temporary = try TemporaryDirectory()
    let store = RememberStore(directory: temporary.appending("pick"))
    try store.save([bytes("a")], for: key("one"))
    try store.save([bytes("b")], for: key("two"))
    #expect(store.load(try key("one")) == [bytes("a")])
    #expect(store.load(try key("two")) == [bytes("b")])
  }

  @Test func `items containing NUL are not saved`() throws {
    let temporary = try TemporaryDirectory()
    let store = RememberStore(directory: temporary.appending("pick"))
    try store.save([bytes("a\0b"), bytes("kept")], for: key("k"))
    #expect(store.load(try key("k")) == [bytes("kept")])
  }

  // MARK: Loading what is not there or not ours

  @Test func `a missing key or a missing directory loads nothing`() throws {
    let temporary = try TemporaryDirectory()
    #expect(RememberStore(directory: temporary.appending("absent")).load(try key("k")) == [])
    #expect(RememberStore(directory: temporary.path).load(try key("k")) == [])
  }

  @Test(arguments: ["", "garbage\0", "pick-remember 2\nitem\0", "pick-remember 1"])
  func `a file of an unknown version or garbage loads nothing`(_ contents: String) throws {
    let temporary = try TemporaryDirectory()
    try writeFile(temporary.appending("k"), bytes(contents))
    #expect(RememberStore(directory: temporary.path).load(try key("k")) == [])
  }

  @Test func `a directory or a FIFO in place of the file loads nothing, without blocking`() throws {
    let temporary = try TemporaryDirectory()
    try #require(cPath(temporary.appending("dir")) { mkdir($0, 0o700) } == 0)
    try #require(cPath(temporary.appending("fifo")) { mkfifo($0, 0o600) } == 0)
    let store = RememberStore(directory: temporary.path)
    #expect(store.load(try key("dir")) == [])
    #expect(store.load(try key("fifo")) == [])
  }

  @Test(.enabled(if: getuid() != 0, "root reads any file"))
  func `an unreadable file loads nothing`() throws {
    let temporary = try TemporaryDirectory()
    try writeFile(temporary.appending("k"), RememberedChoice.encode([bytes("x")]))
    try #require(cPath(temporary.appending("k")) { chmod($0, 0) } == 0)
    #expect(RememberStore(directory: temporary.path).load(try key("k")) == [])
  }

  // MARK: Crashes and concurrency

  @Test func `a temporary file left by a crash does not stop a save`() throws {
    let temporary = try TemporaryDirectory()
    let store = RememberStore(directory: temporary.appending("pick"))
    try store.save([bytes("old")], for: key("k"))
    // The leftover has the name this process would try first (a crashed pick
    // that had our pid), and is not a valid choice file.
    let leftover = RememberStore.temporaryName(for: try key("k"), processID: getpid(), attempt: 0)
    try writeFile(temporary.appending("pick/") + leftover, bytes("half a fi"))
    try store.save([bytes("new")], for: key("k"))
    #expect(store.load(try key("k")) == [bytes("new")])
    // The leftover is not ours to delete (it might not be a leftover), and
    // it is never read as a key: no key can contain `~`.
    #expect(entries(temporary.appending("pick")) == ["k", String(decoding: leftover, as: UTF8.self)])
    #expect(RememberKey(leftover) == nil)
  }

  @Test func `concurrent saves of one key always leave one complete choice`() async throws {
    let temporary = try TemporaryDirectory()
    let store = RememberStore(directory: temporary.appending("pick"))
    let k = try key("k")
    // Each writer saves a distinct, large choice so a mixed file would show.
    let choices: [[[UInt8]]] = (0..<8).map { writer in
      (0..<2000).map { bytes("writer \(writer) item \($0)") }
    }
    try await withThrowingTaskGroup(of: Void.self) { group in
      for choice in choices {
        group.addTask {
          for _ in 0..<5 { try store.save(choice, for: k) }
        }
      }
      group.addTask {
        for _ in 0..<50 {
          let loaded = store.load(k)
          #expect(loaded.isEmpty || choices.contains(loaded))
        }
      }
      try await group.waitForAll()
    }
    #expect(choices.contains(store.load(k)))
    #expect(entries(temporary.appending("pick")) == ["k"])
  }

  // MARK: Failures

  @Test func `saving under a regular file throws, saying which directory`() throws {
    let temporary = try TemporaryDirectory()
    try writeFile(temporary.appending("file"), [])
    let store = RememberStore(directory: temporary.appending("file/pick"))
    let error = try #require(throws: SystemError.self) { try store.save([bytes("x")], for: key("k")) }
    #expect(error.errno == ENOTDIR)
    #expect(error.context.contains("directory"))
    #expect(error.context.contains("file/pick"))
  }

  @Test func `saving where the directory is a regular file throws`() throws {
    let temporary = try TemporaryDirectory()
    try writeFile(temporary.appending("pick"), [])
    let store = RememberStore(directory: temporary.appending("pick"))
    let error = try #require(throws: SystemError.self) { try store.save([bytes("x")], for: key("k")) }
    #expect(error.errno == ENOTDIR)
  }

  // As root (as in CI containers) permissions are not checked: the tests
  // above, where a parent is a regular file, make mkdir fail there instead.
  @Test(.enabled(if: getuid() != 0, "root writes anywhere"))
  func `saving in an unwritable directory throws`() throws {
    let temporary = try TemporaryDirectory()
    let locked = temporary.appending("locked")
    try #require(cPath(locked) { mkdir($0, 0o500) } == 0)
    let store = RememberStore(directory: locked + bytes("/pick"))
    let error = try #require(throws: SystemError.self) { try store.save([bytes("x")], for: key("k")) }
    #expect(error.errno == EACCES)
  }

  @Test func `saving over a directory named like the key throws and cleans up`() throws {
    let temporary = try TemporaryDirectory()
    let store = RememberStore(directory: temporary.appending("pick"))
    try #require(cPath(temporary.appending("pick")) { mkdir($0, 0o700) } == 0)
    try #require(cPath(temporary.appending("pick/k")) { mkdir($0, 0o700) } == 0)
    try #require(cPath(temporary.appending("pick/k/entry")) { mkdir($0, 0o700) } == 0)
    let error = try #require(throws: SystemError.self) { try store.save([bytes("x")], for: key("k")) }
    #expect(error.context.contains("cannot replace"))
    #expect(entries(temporary.appending("pick")) == ["k"])
  }

  // MARK: Where the directory is

  private static func environment(_ values: [String: String]) -> (String) -> [UInt8]? {
    { name in values[name].map { Array($0.utf8) } }
  }

  @Test func `an absolute XDG_STATE_HOME is used`() {
    let directory = RememberStore.directory(
      environment: Self.environment(["XDG_STATE_HOME": "/xdg/state", "HOME": "/home/u"]))
    #expect(directory == bytes("/xdg/state/pick"))
    let slashed = RememberStore.directory(environment: Self.environment(["XDG_STATE_HOME": "/xdg/state/"]))
    #expect(slashed == bytes("/xdg/state/pick"))
  }

  @Test(arguments: ["relative/state", "", "~/state"])
  func `a relative or empty XDG_STATE_HOME is ignored for HOME`(_ state: String) {
    let directory = RememberStore.directory(
      environment: Self.environment(["XDG_STATE_HOME": state, "HOME": "/home/u"]))
    #expect(directory == bytes("/home/u/.local/state/pick"))
  }

  @Test func `without XDG_STATE_HOME it is under HOME`() {
    #expect(
      RememberStore.directory(environment: Self.environment(["HOME": "/home/u"])) == bytes("/home/u/.local/state/pick"))
    #expect(RememberStore.directory(environment: Self.environment(["HOME": "/"])) == bytes("/.local/state/pick"))
  }

  @Test func `HOME need not be UTF-8`() {
    let home: [UInt8] = [UInt8(ascii: "/"), 0xFF, 0xFE]
    let directory = RememberStore.directory(environment: { $0 == "HOME" ? home : nil })
    #expect(directory == home + bytes("/.local/state/pick"))
  }

  @Test(arguments: [[:], ["HOME": ""], ["HOME": "relative"], ["XDG_STATE_HOME": "relative"]])
  func `with no usable variable there is no directory`(_ values: [String: String]) {
    #expect(RememberStore.directory(environment: Self.environment(values)) == nil)
  }
}
