import Glibc

/// Paths as pick keeps them (bytes, never decoded: a path need not be
/// UTF-8), handed to libc.
enum FilePath {
  /// Calls `body` with `path` as a NUL-terminated C string.
  static func withCString<R>(_ path: [UInt8], _ body: (UnsafePointer<CChar>) -> R) -> R {
    let terminated = path.map { CChar(bitPattern: $0) } + [0]
    return terminated.withUnsafeBufferPointer { body($0.baseAddress!) }
  }

  /// Makes a private directory (`mkdtemp`, mode 0700: no other user can
  /// open what is put in it or plant a file there) named `prefix` and six
  /// random characters, under `$TMPDIR`, or /tmp when that is unset or not
  /// absolute. `context` starts the error's message.
  static func makePrivateDirectory(prefix: String, context: String) throws(SystemError) -> [UInt8] {
    var base = ProcessEnvironment.value("TMPDIR") ?? []
    if base.first != UInt8(ascii: "/") { base = Array("/tmp".utf8) }
    while base.count > 1, base.last == UInt8(ascii: "/") { base.removeLast() }
    var template = (base + Array("/\(prefix)XXXXXX".utf8)).map { CChar(bitPattern: $0) } + [0]
    let made = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }
    guard made != nil else {
      throw SystemError(
        errno: errno, context: "\(context): cannot make a directory in \(String(decoding: base, as: UTF8.self))")
    }
    return template.dropLast().map { UInt8(bitPattern: $0) }
  }
}
