import Glibc

/// A directory tree under a fresh temporary directory, built from byte paths
/// (names need not be UTF-8), removed when the value goes away.
final class TemporaryTree {
  /// The tree's root, absolute, without a trailing slash.
  let root: [UInt8]

  init() throws {
    let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
    var template = Array("\(base)/pick-walker-XXXXXX".utf8CString)
    guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
      throw TreeFailure("mkdtemp: \(String(cString: strerror(errno)))")
    }
    root = Array(String(cString: made).utf8)
  }

  deinit {
    _ = withPath(root) { path in
      // nftw would do, but a shell is simpler and the tree is ours alone.
      system(
        "chmod -R u+rwx '\(String(cString: path))' 2>/dev/null; rm -rf '\(String(cString: path))'")
    }
  }

  /// `relative` under the root, as bytes.
  func path(_ relative: [UInt8]) -> [UInt8] { root + [UInt8(ascii: "/")] + relative }
  func path(_ relative: String) -> [UInt8] { path(Array(relative.utf8)) }

  /// Makes the directory `relative` (and its parents).
  func directory(_ relative: String) throws { try directory(Array(relative.utf8)) }

  func directory(_ relative: [UInt8]) throws {
    var prefix: [UInt8] = []
    for part in relative.split(separator: UInt8(ascii: "/")) {
      prefix += prefix.isEmpty ? Array(part) : [UInt8(ascii: "/")] + part
      let result = withPath(path(prefix)) { mkdir($0, 0o755) }
      if result != 0 && errno != EEXIST { throw TreeFailure("mkdir \(prefix): \(errno)") }
    }
  }

  /// Makes an empty file `relative` (and its parent directories).
  func file(_ relative: String) throws { try file(Array(relative.utf8)) }

  func file(_ relative: [UInt8]) throws {
    if let slash = relative.lastIndex(of: UInt8(ascii: "/")) {
      try directory(Array(relative[..<slash]))
    }
    let fd = withPath(path(relative)) { open($0, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644) }
    guard fd >= 0 else { throw TreeFailure("open \(relative): \(errno)") }
    close(fd)
  }

  /// Makes a symbolic link `relative` whose target is `target` (as written).
  func link(_ relative: String, to target: String) throws {
    let result = withPath(Array(target.utf8)) { target in
      withPath(path(relative)) { symlink(target, $0) }
    }
    if result != 0 { throw TreeFailure("symlink \(relative): \(errno)") }
  }

  /// Sets the mode of `relative` (chmod).
  func setMode(_ relative: String, _ mode: mode_t) {
    _ = withPath(path(relative)) { chmod($0, mode) }
  }
}

struct TreeFailure: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

func withPath<Result>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> Result) -> Result {
  let terminated = bytes.map { CChar(bitPattern: $0) } + [0]
  return terminated.withUnsafeBufferPointer { body($0.baseAddress!) }
}
