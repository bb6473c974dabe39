import Glibc
import PickCore

/// `--history=FILE`: the accepted queries, one per line, oldest first
/// (`QueryHistory`). As fzf, a missing file is created empty (mode 0600) at
/// start, so a path that cannot be written is an error before the picker
/// opens; the file is rewritten when the picker ends with a choice or with
/// nothing matched (exit 0 or 1), never on abort. It is replaced
/// atomically: the new lines go to a temporary file beside it (mode 0600,
/// synced), which is then renamed over it, so a crash or a full disk never
/// leaves it cut short.
enum HistoryFile {
  /// The largest history file read: queries are short, and 1000 of them
  /// (the default size) take a few tens of KiB.
  static let sizeLimit = 8 << 20

  /// The file's lines, creating it empty when it does not exist.
  static func load(_ path: [UInt8]) throws(UsageFailure) -> [[UInt8]] {
    let fd = FilePath.withCString(path) { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
    if fd < 0 && errno == ENOENT {
      let created = FilePath.withCString(path) { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600) }
      guard created >= 0 else { throw failure(path, "cannot create it", errno) }
      close(created)
      return []
    }
    guard fd >= 0 else { throw failure(path, "cannot open it", errno) }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
      throw UsageFailure("--history \(RememberStore.text(path)): not a regular file")
    }
    var contents: [UInt8] = []
    do {
      try RememberStore.read(fd, appendingTo: &contents, upTo: sizeLimit + 1)
    } catch {
      throw failure(path, "cannot read it", error.errno)
    }
    guard contents.count <= sizeLimit else {
      throw UsageFailure("--history \(RememberStore.text(path)): larger than 8 MiB; not a query history")
    }
    return QueryHistory.lines(of: contents)
  }

  /// Writes `lines` over the file, atomically (`RememberStore.replace`).
  /// Returns why it could not.
  static func save(_ lines: [[UInt8]], to path: [UInt8]) -> String? {
    let temporary = path + Array(".pick-\(getpid())".utf8)
    let fd = FilePath.withCString(temporary) {
      open($0, O_WRONLY | O_CREAT | O_EXCL | O_TRUNC | O_CLOEXEC, 0o600)
    }
    guard fd >= 0 else { return "cannot write \(RememberStore.text(temporary)): \(String(cString: strerror(errno)))" }
    let parent = RememberStore.parentPath(path)
    do {
      try RememberStore.replace(
        path, with: QueryHistory.contents(of: lines), through: fd, at: temporary,
        in: parent.isEmpty ? Array(".".utf8) : parent)
      return nil
    } catch {
      return "\(error)"
    }
  }

  private static func failure(_ path: [UInt8], _ what: String, _ code: Int32) -> UsageFailure {
    UsageFailure("--history \(RememberStore.text(path)): \(what): \(String(cString: strerror(code)))")
  }
}
