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

/// What `load` found, as a short word for comparisons.
private func kind(_ loaded: RememberStore.Loaded) -> String {
  switch loaded {
  case .absent: "absent"
  case .choice: "choice"
  case .newerVersion(let version): "newer \(version)"
  case .foreign: "foreign"
  case .tooLarge: "tooLarge"
  case .unreadable: "unreadable"
  }
}

@Suite struct RememberStoreTests {
  // MARK: Saving and loading

  @Test func `what is saved is loaded back, exact bytes`() throws {
    let temporary = try TemporaryDirectory()
    let store = RememberStore(directory: temporary.appending("pick"))
    let items: [[UInt8]] = [bytes("web-1"), bytes("two\nlines"), [0xFF, 0x80], []]
    try store.save(items, for: key("hosts"))
    #expect(store.load(try key("hosts")).texts.texts == items)
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
    #expect(store.load(try key("k")).texts.texts == [bytes("third")])
    try store.save([], for: key("k"))
    #expect(store.load(try key("k")).texts.texts == [])
    #expect(entries(temporary.appending("pick")) == ["k"])
  }

  @Test func `keys are kept apart`() throws {
    let temporary = try TemporaryDirectory()
    let store = RememberStore(directory: temporary.appending("pick"))
    try store.save([bytes("a")], for: key("one"))
    try store.save([bytes("b")], for: key("two"))
    #expect(store.load(try key("one")).texts.texts == [bytes("a")])
    #expect(store.load(try key("two")).texts.texts == [bytes("b")])
  }

  @Test func `items containing NUL are not saved`() throws {
    let temporary = try TemporaryDirectory()
    let store = RememberStore(directory: temporary.appending("pick"))
    try store.save([bytes("a\0b"), bytes("kept")], for: key("k"))
    #expect(store.load(try key("k")).texts.texts == [bytes("kept")])
  }

  // MARK: Loading what is not there or not ours

  @Test func `a missing key or a missing directory is nothing remembered, without a warning`() throws {
    let temporary = try TemporaryDirectory()
    for store in [RememberStore(directory: temporary.appending("absent")), RememberStore(directory: temporary.path)] {
      let loaded = store.load(try key("k"))
      #expect(kind(loaded) == "absent")
      #expect(store.warning(for: loaded, key: try key("k")) == nil)
      #expect(loaded.mayBeReplaced)
    }
  }

  @Test(arguments: ["", "garbage\0", "pick-remember 1", "pick-remember 0\nitem\0", "PICK-REMEMBER 1\nitem\0"])
  func `a file pick did not write loads nothing, warns, and may be replaced`(_ contents: String) throws {
    let temporary = try TemporaryDirectory()
    try writeFile(temporary.appending("k"), bytes(contents))
    let store = RememberStore(directory: temporary.path)
    let loaded = store.load(try key("k"))
    #expect(kind(loaded) == "foreign")
    #expect(loaded.texts.isEmpty)
    #expect(loaded.mayBeReplaced)
    let warning = try #require(store.warning(for: loaded, key: try key("k")))
    #expect(warning.hasPrefix("warning: --remember k: \(temporary.text)/k is not a choice pick wrote"))
    #expect(warning.contains("replaced"))
  }

  @Test func `a file of a later format loads nothing, warns, and must not be replaced`() throws {
    let temporary = try TemporaryDirectory()
    try writeFile(temporary.appending("k"), bytes("pick-remember 2\nitem\0"))
    let store = RememberStore(directory: temporary.path)
    let loaded = store.load(try key("k"))
    #expect(kind(loaded) == "newer 2")
    #expect(loaded.texts.isEmpty)
    #expect(!loaded.mayBeReplaced)
    let warning = try #require(store.warning(for: loaded, key: try key("k")))
    #expect(warning.contains("newer pick (format 2)"))
    #expect(warning.contains("will not be remembered"))
  }

  @Test func `a directory or a FIFO in place of the file is not pick's, and does not block`() throws {
    let temporary = try TemporaryDirectory()
    try #require(cPath(temporary.appending("dir")) { mkdir($0, 0o700) } == 0)
    try #require(cPath(temporary.appending("fifo")) { mkfifo($0, 0o600) } == 0)
    let store = RememberStore(directory: temporary.path)
    #expect(kind(store.load(try key("dir"))) == "foreign")
    #expect(kind(store.load(try key("fifo"))) == "foreign")
  }

  @Test(.enabled(if: getuid() != 0, "root reads any file"))
  func `an unreadable file loads nothing and warns`() throws {
    let temporary = try TemporaryDirectory()
    try writeFile(temporary.appending("k"), RememberedChoice.encode([bytes("x")]))
    try #require(cPath(temporary.appending("k")) { chmod($0, 0) } == 0)
    let store = RememberStore(directory: temporary.path)
    let loaded = store.load(try key("k"))
    #expect(kind(loaded) == "unreadable")
    #expect(store.warning(for: loaded, key: try key("k"))?.contains("Permission denied") == true)
  }

  // MARK: Bounded reading

  @Test func `a choice up to the size limit loads, one byte more is ignored with a warning`() throws {
    let temporary = try TemporaryDirectory()
    let store = RememberStore(directory: temporary.path, sizeLimit: 64)
    let fits = RememberedChoice.encode([Array(repeating: UInt8(ascii: "a"), count: 64 - 17)])
    try #require(fits.count == 64)
    try writeFile(temporary.appending("fits"), fits)
    try writeFile(temporary.appending("over"), fits + bytes("b"))
    #expect(store.load(try key("fits")).texts.count == 1)
    let over = store.load(try key("over"))
    #expect(kind(over) == "tooLarge")
    #expect(over.mayBeReplaced)
    #expect(store.warning(for: over, key: try key("over"))?.contains("larger than 64 bytes") == true)
  }

  @Test(arguments: [("pick-remember 1\n", "tooLarge"), ("not pick's\n", "foreign"), ("pick-remember 3\n", "newer 3")])
  func `a 4 GiB file is judged by its header and size, without reading it`(_ header: String, _ expected: String) throws
  {
    let temporary = try TemporaryDirectory()
    try writeFile(temporary.appending("k"), bytes(header))
    // Sparse: the file system stores almost nothing; reading it would yield 4 GiB of zeros.
    try #require(cPath(temporary.appending("k")) { truncate($0, 4 << 30) } == 0)
    let clock = ContinuousClock()
    let started = clock.now
    #expect(kind(RememberStore(directory: temporary.path).load(try key("k"))) == expected)
    // Reading 4 GiB takes seconds at best; the header and fstat take microseconds.
    #expect(clock.now - started < .seconds(1))
  }

  @Test func `the bounded reader never takes more than its limit, however much the source holds`() throws {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    defer { close(ends[0]) }
    let written = [UInt8](repeating: 7, count: 100)
    #expect(written.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) } == 100)
    close(ends[1])
    var buffer = bytes("abc")
    try RememberStore.read(ends[0], appendingTo: &buffer, upTo: 13)
    #expect(buffer == bytes("abc") + [UInt8](repeating: 7, count: 10))
    var rest: [UInt8] = []
    try RememberStore.read(ends[0], appendingTo: &rest, upTo: 1000)
    #expect(rest.count == 90)
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
    #expect(store.load(try key("k")).texts.texts == [bytes("new")])
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
          let loaded = store.load(k).texts.texts
          #expect(loaded.isEmpty || choices.contains(loaded))
        }
      }
      try await group.waitForAll()
    }
    #expect(choices.contains(store.load(k).texts.texts))
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
