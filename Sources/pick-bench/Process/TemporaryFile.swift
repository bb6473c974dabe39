import Glibc

/// A file in /tmp holding some bytes, for a child's standard input.
struct TemporaryFile {
  let path: String

  init(contents: [UInt8]) throws {
    let (fd, path) = try Self.create()
    defer { close(fd) }
    self.path = path
    try FileDescriptorWriter.writeAll(contents, to: fd)
  }

  /// A new empty file, open for reading and writing, closed on exec.
  static func create() throws -> (fd: Int32, path: String) {
    var template = Array("/tmp/pick-bench-XXXXXX".utf8CString)
    let fd = mkstemp(&template)
    guard fd >= 0 else { throw BenchError.system("mkstemp", errno) }
    _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    return (fd, String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))
  }

  func remove() { unlink(path) }
}

/// Whole-buffer writes, retried after short writes and interrupts.
enum FileDescriptorWriter {
  static func writeAll(_ bytes: [UInt8], to fd: Int32) throws {
    try bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 && errno == EINTR { continue }
        guard written > 0 else { throw BenchError.system("write", errno) }
        offset += written
      }
    }
  }
}
