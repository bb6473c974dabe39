import Glibc
import PickCore

// Loading a remembered choice
//
// Anything may sit where a choice is kept: pick's own file, a later pick's, a
// file some other program or a mistake put there, a huge file, a FIFO. Loading
// must cost little whatever it finds, so it reads in this order and stops as
// soon as it knows:
//
// 1. open non-blocking (a FIFO cannot hang pick) and fstat: anything but a
//    regular file is not pick's;
// 2. read at most `RememberedChoice.headerLimit` bytes (32): the first line
//    says who wrote the file (`RememberedChoice.origin(of:)`);
// 3. only a file in this pick's format is read further, and only when its
//    size is within `sizeLimit`; the reading stops at `sizeLimit + 1` bytes
//    whatever fstat said, so a file that grows meanwhile is still refused.
//
// What each outcome means for the run:
//
// | found | warning | saving at exit |
// |---|---|---|
// | no file | none | writes it |
// | this pick's format, within the limit | none (the choice is preselected) | replaces it |
// | a later pick's format | yes | no: the file is kept as it is |
// | not pick's (another first line, not a regular file) | yes | replaces it |
// | this pick's format, above the limit | yes | replaces it |
// | unreadable (permissions, I/O error) | yes | replaces it |
//
// A later pick's file is kept because it holds a choice this pick cannot
// read and must not lose by writing the old format over it. Every other file
// is replaced: the directory is pick's own (`$XDG_STATE_HOME/pick`) and the
// user asked for KEY to hold this choice; the warning at the start says so
// before anything is replaced.

extension RememberStore {
  /// The largest remembered choice read: 128 MiB. A remembered choice is
  /// what someone picked, and this holds a select-all of over a million
  /// 100-byte paths or ten million short lines; preselecting it costs about
  /// twice its size in memory. A larger file is ignored with a warning
  /// rather than read whole into memory.
  public static let defaultSizeLimit = 128 << 20

  /// What `load` found under a key.
  public enum Loaded: Sendable {
    /// No file (or no directory): nothing remembered yet.
    case absent
    /// A choice in this pick's format: its distinct items.
    case choice(TextSet)
    /// A file in a later pick's format: ignored and kept.
    case newerVersion(Int)
    /// A file that is not pick's, or not a regular file: ignored.
    case foreign
    /// A file in this pick's format larger than `sizeLimit`: ignored.
    case tooLarge
    /// A file that could not be opened or read: ignored.
    case unreadable(SystemError)

    /// The remembered texts (none unless a choice was read).
    public var texts: TextSet {
      if case .choice(let texts) = self { return texts }
      return TextSet()
    }

    /// Whether saving a choice may replace the file: not when a later pick wrote it.
    public var mayBeReplaced: Bool {
      if case .newerVersion = self { return false }
      return true
    }
  }

  /// What is stored under `key`; never fails (see the top of this file).
  public func load(_ key: RememberKey) -> Loaded {
    let (outcome, contents) = loadFile(key)
    guard let contents else { return outcome }
    return .choice(RememberedChoice.texts(in: contents) ?? TextSet())
  }

  /// The items remembered under `key`, in the order they were chosen, each
  /// once (`--recall`); with what `load` would say of the file (a choice,
  /// or why there is none to read).
  public func recall(_ key: RememberKey) -> (items: [[UInt8]], outcome: Loaded) {
    let (outcome, contents) = loadFile(key)
    guard let contents else { return ([], outcome) }
    var seen = TextSet()
    var items: [[UInt8]] = []
    for item in RememberedChoice.decode(contents) ?? [] where !seen.contains(item) {
      seen.insert(item)
      items.append(item)
    }
    return (items, outcome)
  }

  /// `--forget`: removes what is remembered under `key`; false when there was nothing.
  public func forget(_ key: RememberKey) throws(SystemError) -> Bool {
    let path = path(for: key)
    guard FilePath.withCString(path, { unlink($0) }) == 0 else {
      if errno == ENOENT || errno == ENOTDIR { return false }
      throw SystemError(errno: errno, context: "cannot remove \(Self.text(path))")
    }
    return true
  }

  /// The file under `key`: its bytes when it is a choice in this pick's
  /// format within the limit (the outcome is then `.choice` of nothing),
  /// else why not.
  private func loadFile(_ key: RememberKey) -> (Loaded, [UInt8]?) {
    let path = path(for: key)
    let fd = FilePath.withCString(path) { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
    guard fd >= 0 else {
      if errno == ENOENT || errno == ENOTDIR { return (.absent, nil) }
      return (.unreadable(SystemError(errno: errno, context: "cannot open \(Self.text(path))")), nil)
    }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else {
      return (.unreadable(SystemError(errno: errno, context: "cannot read \(Self.text(path))")), nil)
    }
    guard info.st_mode & S_IFMT == S_IFREG else { return (.foreign, nil) }
    do throws(SystemError) {
      var contents: [UInt8] = []
      contents.reserveCapacity(min(Int(info.st_size), sizeLimit) + 1)
      try Self.read(fd, appendingTo: &contents, upTo: RememberedChoice.headerLimit)
      switch RememberedChoice.origin(of: contents) {
      case .foreign: return (.foreign, nil)
      case .newer(let version): return (.newerVersion(version), nil)
      case .current: break
      }
      guard Int(info.st_size) <= sizeLimit else { return (.tooLarge, nil) }
      try Self.read(fd, appendingTo: &contents, upTo: sizeLimit + 1)
      guard contents.count <= sizeLimit else { return (.tooLarge, nil) }
      return (.choice(TextSet()), contents)
    } catch {
      return (.unreadable(SystemError(errno: error.errno, context: "cannot read \(Self.text(path))")), nil)
    }
  }

  /// The one-line warning for what `load` found under `key`, or `nil` when
  /// there is nothing to say (no file, or a choice read).
  public func warning(for loaded: Loaded, key: RememberKey) -> String? {
    let file = Self.text(path(for: key))
    let replaced = "it is ignored, and replaced if a choice is made"
    switch loaded {
    case .absent, .choice: return nil
    case .newerVersion(let version):
      return "warning: --remember \(key.name): \(file) was written by a newer pick (format \(version)); "
        + "it is ignored and kept as it is: this run's choice will not be remembered"
    case .foreign:
      return "warning: --remember \(key.name): \(file) is not a choice pick wrote; \(replaced)"
    case .tooLarge:
      return "warning: --remember \(key.name): \(file) is larger than \(Self.size(sizeLimit)); \(replaced)"
    case .unreadable(let error):
      return "warning: --remember \(key.name): \(error); \(replaced)"
    }
  }

  /// Reads from `fd` until its end or until `buffer` holds `limit` bytes,
  /// never more.
  static func read(_ fd: Int32, appendingTo buffer: inout [UInt8], upTo limit: Int) throws(SystemError) {
    var block = [UInt8](repeating: 0, count: 64 << 10)
    while buffer.count < limit {
      let wanted = min(block.count, limit - buffer.count)
      let n = block.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, wanted) }
      if n > 0 {
        buffer.append(contentsOf: block[0..<n])
      } else if n == 0 {
        return
      } else if errno != EINTR {
        throw SystemError(errno: errno, context: "cannot read")
      }
    }
  }

  /// `bytes` in the largest binary unit it is a whole number of (for messages).
  private static func size(_ bytes: Int) -> String {
    if bytes >= 1 << 20 && bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
    if bytes >= 1 << 10 && bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
    return "\(bytes) bytes"
  }
}
