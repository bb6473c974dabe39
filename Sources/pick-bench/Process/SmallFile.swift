import Glibc

/// Small whole-file reads and the file-system calls the benchmark needs,
/// without Foundation (see `MeasuredCommand` for why it stays out).
enum SmallFile {
  /// The first 64 KiB of `path` as text, or nil if it cannot be read.
  static func contents(of path: String) -> String? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var buffer = [UInt8](repeating: 0, count: 65536)
    let count = read(fd, &buffer, buffer.count)
    return count >= 0 ? String(decoding: buffer[..<count], as: UTF8.self) : nil
  }

  static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

  /// `mkdir -p`.
  static func createDirectory(_ path: String) throws {
    var prefix = path.hasPrefix("/") ? "/" : ""
    for component in path.split(separator: "/") {
      prefix += component + "/"
      if mkdir(prefix, 0o755) != 0 && errno != EEXIST { throw BenchError.cannotWrite(prefix) }
    }
  }

  /// The last component of a path.
  static func baseName(_ path: String) -> String {
    String(path.split(separator: "/").last ?? Substring(path))
  }

  /// The running executable (`/proc/self/exe`).
  static func currentExecutable() -> String {
    var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = buffer.withUnsafeMutableBufferPointer { pointer in
      pointer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: pointer.count) {
        readlink("/proc/self/exe", $0, pointer.count - 1)
      }
    }
    return count > 0 ? String(decoding: buffer[..<count], as: UTF8.self) : CommandLine.arguments[0]
  }
}
