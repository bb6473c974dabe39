import Glibc
import PickCore

/// Where `--remember` keeps its choices: one file per key in pick's state
/// directory, in the format of `RememberedChoice`.
///
/// Loading never fails: a file that is missing, unreadable, too large, of a
/// later pick or not pick's at all means "nothing remembered" (see
/// `RememberStore+Load.swift`). Saving replaces the file atomically, so a reader (or a crash,
/// or a second pick saving the same key at the same moment) sees either the
/// old file or a complete new one, never half of one:
///
/// 1. create the directory chain as needed (0700: choices can be private);
/// 2. write the items to a temporary file of our own in the same directory
///    (`O_CREAT|O_EXCL`, 0600), so concurrent saves never share a file;
/// 3. fsync it, so the rename cannot reach the disk before the data;
/// 4. rename it over `KEY` (atomic within one file system);
/// 5. fsync the directory, so the rename itself survives a crash.
///
/// Temporary names contain `~`, which no key can, so a temporary file (even
/// one a crash left behind) is never loaded as a key, and never collides
/// with one. Paths are bytes: `$HOME` need not be UTF-8.
public struct RememberStore: Sendable {
  /// The directory holding one file per key.
  public let directory: [UInt8]

  /// `$XDG_STATE_HOME/pick` when that variable is an absolute path, else
  /// `$HOME/.local/state/pick`; `nil` when neither is usable.
  ///
  /// The XDG Base Directory spec says a relative `XDG_STATE_HOME` is invalid
  /// and must be ignored. A relative or empty `HOME` is refused as well: it
  /// would scatter choices relative to whatever directory pick ran in.
  public static func directory(environment: (String) -> [UInt8]?) -> [UInt8]? {
    if let state = environment("XDG_STATE_HOME"), isAbsolute(state) {
      return joined(state, "pick")
    }
    if let home = environment("HOME"), isAbsolute(home) {
      return joined(home, ".local/state/pick")
    }
    return nil
  }

  /// The largest file `load` reads (see `defaultSizeLimit`).
  public let sizeLimit: Int

  public init(directory: [UInt8], sizeLimit: Int = RememberStore.defaultSizeLimit) {
    self.directory = directory
    self.sizeLimit = sizeLimit
  }

  /// The path of the file for `key`.
  public func path(for key: RememberKey) -> [UInt8] {
    Self.joined(directory, key.name)
  }

  /// Saves `items` as the choice for `key`, replacing any earlier one
  /// atomically (see the type's summary). Items containing NUL are skipped
  /// (see `RememberedChoice`).
  ///
  /// Throws `SystemError` saying which step failed; the caller warns and
  /// still exits 0.
  public func save(_ items: [[UInt8]], for key: RememberKey) throws(SystemError) {
    try Self.makeDirectoryChain(directory)
    let contents = RememberedChoice.encode(items)
    let target = path(for: key)
    let (fd, temporary) = try createTemporaryFile(for: key)
    try Self.replace(target, with: contents, through: fd, at: temporary, in: directory)
  }

  /// Replaces `target` with `contents` atomically: writes them to the new,
  /// empty temporary file `fd` (at `temporary`, in `directory`, beside
  /// `target`), flushes it to disk, renames it over `target` and flushes
  /// the directory. The temporary file is closed, and removed on failure.
  /// Also used by `--history` (`HistoryFile`).
  static func replace(
    _ target: [UInt8], with contents: [UInt8], through fd: Int32, at temporary: [UInt8], in directory: [UInt8]
  ) throws(SystemError) {
    var renamed = false
    defer {
      if !renamed { _ = FilePath.withCString(temporary) { unlink($0) } }
    }
    do throws(SystemError) {
      try Self.writeAll(fd, contents, path: temporary)
      guard fsync(fd) == 0 else {
        throw SystemError(errno: errno, context: "cannot flush \(Self.text(temporary)) to disk")
      }
    } catch {
      close(fd)
      throw error
    }
    // close reports delayed write errors on some file systems (NFS).
    guard close(fd) == 0 else {
      throw SystemError(errno: errno, context: "cannot write \(Self.text(temporary))")
    }
    let moved = FilePath.withCString(temporary) { from in FilePath.withCString(target) { to in rename(from, to) } }
    guard moved == 0 else {
      throw SystemError(errno: errno, context: "cannot replace \(Self.text(target))")
    }
    renamed = true
    try Self.syncDirectory(directory)
  }

  // MARK: Temporary files

  /// How many names `save` tries before giving up. Collisions need a file
  /// left by a crashed process that had our pid, or two saves in this process
  /// at once; a handful of tries covers both.
  static let temporaryAttempts = 100

  /// The name of a temporary file for `key`: `KEY~PID~ATTEMPT`. `~` is not in
  /// a key's alphabet, so this is never a key; 200 + 2 + 10 + 3 bytes stays
  /// under NAME_MAX.
  static func temporaryName(for key: RememberKey, processID: Int32, attempt: Int) -> [UInt8] {
    Array("\(key.name)~\(processID)~\(attempt)".utf8)
  }

  /// Creates a new, empty temporary file beside `KEY`, 0600 whatever the umask.
  private func createTemporaryFile(for key: RememberKey) throws(SystemError) -> (Int32, [UInt8]) {
    let processID = getpid()
    for attempt in 0..<Self.temporaryAttempts {
      let path = Self.joined(directory, Self.temporaryName(for: key, processID: processID, attempt: attempt))
      let fd = FilePath.withCString(path) { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600) }
      if fd >= 0 {
        // The umask may have removed bits from 0600; the file must be readable
        // and writable by us alone either way.
        _ = fchmod(fd, 0o600)
        return (fd, path)
      }
      // A name in use (a crash's leftover, a concurrent save): try the next.
      guard errno == EEXIST else {
        throw SystemError(errno: errno, context: "cannot create a temporary file in \(Self.text(directory))")
      }
    }
    throw SystemError(errno: EEXIST, context: "cannot create a temporary file in \(Self.text(directory))")
  }

  // MARK: System calls on byte paths

  /// Creates `path` and any missing parents, each 0700. Directories that
  /// already exist keep their mode.
  private static func makeDirectoryChain(_ path: [UInt8]) throws(SystemError) {
    if FilePath.withCString(path, { mkdir($0, 0o700) }) == 0 {
      // Whatever the umask, the directories pick creates are 0700.
      _ = FilePath.withCString(path) { chmod($0, 0o700) }
      return
    }
    switch errno {
    case EEXIST:
      guard isDirectory(path) else {
        throw SystemError(errno: ENOTDIR, context: "cannot create the directory \(text(path))")
      }
    case ENOENT:
      let parent = parentPath(path)
      guard !parent.isEmpty, parent != path else {
        throw SystemError(errno: ENOENT, context: "cannot create the directory \(text(path))")
      }
      try makeDirectoryChain(parent)
      // Retry once the parent exists (another process may have made it meanwhile).
      if FilePath.withCString(path, { mkdir($0, 0o700) }) == 0 {
        _ = FilePath.withCString(path) { chmod($0, 0o700) }
      } else if errno != EEXIST || !isDirectory(path) {
        throw SystemError(
          errno: errno == EEXIST ? ENOTDIR : errno, context: "cannot create the directory \(text(path))")
      }
    default:
      throw SystemError(errno: errno, context: "cannot create the directory \(text(path))")
    }
  }

  /// Flushes a directory's entries (the rename) to disk. File systems that
  /// cannot sync a directory say EINVAL; the rename has happened, so that is
  /// not a failure to save.
  private static func syncDirectory(_ path: [UInt8]) throws(SystemError) {
    let fd = FilePath.withCString(path) { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
    guard fd >= 0 else {
      throw SystemError(errno: errno, context: "cannot open the directory \(text(path))")
    }
    defer { close(fd) }
    if fsync(fd) != 0 && errno != EINVAL && errno != EROFS {
      throw SystemError(errno: errno, context: "cannot flush the directory \(text(path)) to disk")
    }
  }

  private static func writeAll(_ fd: Int32, _ bytes: [UInt8], path: [UInt8]) throws(SystemError) {
    var offset = 0
    while offset < bytes.count {
      let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
      if n > 0 {
        offset += n
      } else if n < 0 && errno == EINTR {
        continue
      } else {
        // write returning 0 for a non-empty buffer means no progress: treat as a full disk.
        throw SystemError(errno: n == 0 ? ENOSPC : errno, context: "cannot write \(text(path))")
      }
    }
  }

  private static func isDirectory(_ path: [UInt8]) -> Bool {
    var info = stat()
    return FilePath.withCString(path) { stat($0, &info) } == 0 && info.st_mode & S_IFMT == S_IFDIR
  }

  // MARK: Byte paths

  private static func isAbsolute(_ path: [UInt8]) -> Bool {
    path.first == UInt8(ascii: "/")
  }

  /// `base/component`, without doubling a trailing slash of `base`.
  private static func joined(_ base: [UInt8], _ component: [UInt8]) -> [UInt8] {
    var path = base
    while path.count > 1 && path.last == UInt8(ascii: "/") { path.removeLast() }
    if path.last != UInt8(ascii: "/") { path.append(UInt8(ascii: "/")) }
    path.append(contentsOf: component)
    return path
  }

  private static func joined(_ base: [UInt8], _ component: String) -> [UInt8] {
    joined(base, Array(component.utf8))
  }

  /// `path` without its last component ("" for a bare name, "/" for "/x").
  static func parentPath(_ path: [UInt8]) -> [UInt8] {
    var end = path.count
    while end > 1 && path[end - 1] == UInt8(ascii: "/") { end -= 1 }
    while end > 0 && path[end - 1] != UInt8(ascii: "/") { end -= 1 }
    while end > 1 && path[end - 1] == UInt8(ascii: "/") { end -= 1 }
    return Array(path[0..<end])
  }

  /// A path for a message (invalid UTF-8 shown as U+FFFD).
  static func text(_ path: [UInt8]) -> String {
    String(decoding: path, as: UTF8.self)
  }
}
