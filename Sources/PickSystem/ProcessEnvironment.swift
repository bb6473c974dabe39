import CPick
import Glibc

/// The process's arguments and environment as bytes: option values that are
/// item text must survive even when they are not valid UTF-8.
public enum ProcessEnvironment {
  /// argv without argv[0].
  public static func arguments() -> [[UInt8]] {
    let argc = Int(CommandLine.argc)
    var result: [[UInt8]] = []
    result.reserveCapacity(max(argc - 1, 0))
    for index in 1..<max(argc, 1) {
      guard let argument = CommandLine.unsafeArgv[index] else { continue }
      result.append(bytes(of: argument))
    }
    return result
  }

  /// Every `NAME=VALUE` entry of the environment, in order, as bytes.
  public static func entries() -> [[UInt8]] {
    var result: [[UInt8]] = []
    guard var entry = cpick_environment() else { return result }
    while let pointer = entry.pointee {
      result.append(bytes(of: pointer))
      entry += 1
    }
    return result
  }

  /// The absolute path of the running binary, read from `/proc/self/exe`, for
  /// the scripts pick prints for shells: they must run this pick, not the
  /// first `pick` in `PATH` (Debian's `/usr/bin/pick` is another program).
  /// Without `/proc`, argv[0] when it names a path, else plain `pick`.
  public static func executablePath() -> [UInt8] {
    var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
    let length = buffer.withUnsafeMutableBytes { raw in
      readlink("/proc/self/exe", raw.baseAddress!.assumingMemoryBound(to: CChar.self), raw.count)
    }
    if length > 0, length < buffer.count { return Array(buffer[..<length]) }
    if let first = CommandLine.unsafeArgv[0] {
      let name = bytes(of: first)
      if name.contains(UInt8(ascii: "/")) { return name }
    }
    return Array("pick".utf8)
  }

  /// Opens /dev/null as standard error when it is closed (`2>&-`), before pick
  /// opens anything: otherwise the next descriptor it opens (the terminal, a
  /// pipe) would take number 2 and receive its error messages.
  public static func reserveStandardError() {
    guard fcntl(2, F_GETFD) == -1 else { return }
    let fd = open("/dev/null", O_WRONLY)
    // With stdin closed too, /dev/null lands on 0: move it, and 0 stays closed
    // for the start-up check to report (to /dev/null, as asked).
    if fd >= 0 && fd != 2 {
      dup2(fd, 2)
      close(fd)
    }
  }

  /// The value of an environment variable, or `nil` when it is not set.
  public static func value(_ name: String) -> [UInt8]? {
    guard let value = getenv(name) else { return nil }
    return bytes(of: value)
  }

  private static func bytes(of cString: UnsafePointer<CChar>) -> [UInt8] {
    let length = strlen(cString)
    return cString.withMemoryRebound(to: UInt8.self, capacity: length) {
      Array(UnsafeBufferPointer(start: $0, count: length))
    }
  }

  /// Reads a whole (small) file, such as `$PICK_DEFAULT_OPTS_FILE`.
  public static func contents(ofFile path: [UInt8]) throws -> [UInt8] {
    let fd = path.withUnsafeBufferPointer { buffer -> Int32 in
      var cPath = Array(buffer)
      cPath.append(0)
      return cPath.withUnsafeBufferPointer {
        open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_RDONLY | O_CLOEXEC)
      }
    }
    guard fd >= 0 else { throw SystemError(errno: errno, context: "cannot open") }
    defer { close(fd) }
    return try contents(of: fd)
  }

  /// Everything `fd` has until its end (small files: options, remembered choices).
  static func contents(of fd: Int32) throws(SystemError) -> [UInt8] {
    var result: [UInt8] = []
    var block = [UInt8](repeating: 0, count: 64 << 10)
    while true {
      let n = block.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if n > 0 {
        result.append(contentsOf: block[0..<n])
      } else if n == 0 {
        return result
      } else if errno != EINTR {
        throw SystemError(errno: errno, context: "cannot read")
      }
    }
  }
}
