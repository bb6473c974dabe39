import Glibc
import PickCore

/// The listening socket of `--listen`: a TCP port or a Unix socket, made
/// non-blocking and close-on-exec (no command pick runs inherits it).
///
/// A Unix socket is created with mode 0600 (the umask is narrowed around
/// `bind`, so it never exists with wider rights, and `chmod` follows in
/// case the file system ignores it): only the user can connect. A file
/// already at the path is replaced only when it is a socket nobody listens
/// on (a pick that died); anything else is an error, never removed. The
/// socket (and the directory pick made for `--listen=unix`) is removed by
/// `close()`, and by the crash handler (`CrashCleanup`) when pick dies of a
/// signal it cannot handle.
struct ListenSocket {
  let descriptor: Int32
  /// The TCP port listened on (the one the system chose for port 0).
  let port: Int?
  /// The Unix socket's path.
  let path: [UInt8]?
  /// The directory made for `--listen=unix`, removed after the socket.
  let directory: [UInt8]?

  /// Opens and binds the socket, and starts listening.
  static func open(_ address: ListenAddress) throws(SystemError) -> ListenSocket {
    switch address {
    case .tcp(let host, let port): return try tcp(host: host, port: port)
    case .socket(let path): return try unix(path: path, directory: nil)
    case .privateSocket:
      let directory = try privateDirectory()
      do {
        return try unix(path: directory + Array("/pick.sock".utf8), directory: directory)
      } catch {
        _ = FilePath.withCString(directory) { rmdir($0) }
        throw error
      }
    }
  }

  /// Stops listening and removes the socket file and its private directory.
  func close() {
    _ = Glibc.close(descriptor)
    if let path {
      _ = FilePath.withCString(path) { unlink($0) }
      CrashCleanup.forget(file: path)
    }
    if let directory { _ = FilePath.withCString(directory) { rmdir($0) } }
  }

  /// The backlog of connections not yet accepted.
  private static let backlog: Int32 = 16

  private static func tcp(host: String, port: Int) throws(SystemError) -> ListenSocket {
    let fd = socket(
      AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
    guard fd >= 0 else { throw SystemError(errno: errno, context: "--listen: cannot create a socket") }
    var yes: Int32 = 1
    _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    _ = inet_pton(AF_INET, host, &address.sin_addr)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard bound == 0, listen(fd, backlog) == 0 else {
      let error = errno
      _ = Glibc.close(fd)
      throw SystemError(errno: error, context: "--listen: cannot listen on \(host):\(port)")
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    return ListenSocket(
      descriptor: fd, port: Int(UInt16(bigEndian: address.sin_port)), path: nil, directory: nil)
  }

  private static func unix(path: [UInt8], directory: [UInt8]?) throws(SystemError) -> ListenSocket {
    let shown = String(decoding: path, as: UTF8.self)
    try removeStaleSocket(at: path, shown: shown)
    let fd = socket(
      AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
    guard fd >= 0 else { throw SystemError(errno: errno, context: "--listen: cannot create a socket") }
    var address = unixAddress(path)
    // Created 0600: no moment when another user could connect.
    let previousMask = umask(0o177)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
    umask(previousMask)
    guard bound == 0 else {
      let error = errno
      _ = Glibc.close(fd)
      throw SystemError(errno: error, context: "--listen: cannot create the socket \(shown)")
    }
    CrashCleanup.note(file: path)
    _ = FilePath.withCString(path) { chmod($0, 0o600) }
    guard listen(fd, backlog) == 0 else {
      let error = errno
      let socket = ListenSocket(descriptor: fd, port: nil, path: path, directory: nil)
      socket.close()
      throw SystemError(errno: error, context: "--listen: cannot listen on \(shown)")
    }
    return ListenSocket(descriptor: fd, port: nil, path: path, directory: directory)
  }

  /// Removes a socket left at `path` by a pick (or fzf) that died, after
  /// checking that nothing listens on it; refuses any other file.
  private static func removeStaleSocket(at path: [UInt8], shown: String) throws(SystemError) {
    var info = stat()
    guard FilePath.withCString(path, { lstat($0, &info) }) == 0 else { return }
    guard info.st_mode & S_IFMT == S_IFSOCK else {
      throw SystemError(errno: EEXIST, context: "--listen: \(shown) exists and is not a socket")
    }
    let probe = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard probe >= 0 else { return }
    defer { _ = Glibc.close(probe) }
    var address = unixAddress(path)
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(probe, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard connected != 0 else {
      throw SystemError(errno: EADDRINUSE, context: "--listen: socket already in use: \(shown)")
    }
    _ = FilePath.withCString(path) { unlink($0) }
  }

  /// `$TMPDIR/pick-XXXXXX` (or under /tmp), mode 0700, for `--listen=unix`.
  private static func privateDirectory() throws(SystemError) -> [UInt8] {
    let path = try FilePath.makePrivateDirectory(prefix: "pick-", context: "--listen=unix")
    // A socket path holds at most 107 bytes.
    guard path.count + 10 <= 107 else {
      _ = FilePath.withCString(path) { rmdir($0) }
      throw SystemError(errno: ENAMETOOLONG, context: "--listen=unix: TMPDIR is too long for a socket path")
    }
    return path
  }

  private static func unixAddress(_ path: [UInt8]) -> sockaddr_un {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      for (index, byte) in path.prefix(raw.count - 1).enumerated() { raw[index] = byte }
    }
    return address
  }
}
