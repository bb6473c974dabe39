import Glibc

/// A corpus that no generator wrote: every file under a real directory tree
/// of the machine (`/usr` by default), one path a line.
///
/// Generated corpora are the same on every machine but only as realistic as
/// their generator; this one is what a user's disk really holds (long runs of
/// `/usr/share/doc/...`, versioned library names, deep Python trees), at the
/// price of differing from machine to machine: the report gives its size, and
/// two reports compare only when made on the same tree.
///
/// The order is fixed so that runs compare: the paths sorted by their bytes,
/// the order of `find ROOT ! -type d | LC_ALL=C sort`. Listed: everything that
/// is not a directory (files, symbolic links to anything, dangling ones
/// included, devices, sockets), as `ROOT/relative/path`; links to directories
/// are listed, not followed, so the walk cannot loop or leave the tree. Left
/// out: directories themselves, whatever sits in a directory that cannot be
/// opened (no permission), and names holding a newline, which cannot be one
/// line. Names that are not UTF-8 are kept byte for byte.
enum TreeCorpus {
  /// The tree measured when none is named.
  static let defaultRoot = "/usr"

  /// Queries a user might type to find a file under `/usr`: part of a file
  /// name, a directory and a name, an extension, two and three words, a
  /// misremembered name (the dot of `zlib.h` dropped), and one that matches
  /// nothing. They are for `/usr`; another tree may want its own `--query`.
  static let defaultQueries = [
    "python3", "libssl", "bin/gcc", ".h", "share/man", "lib python json", "include linux usb", "zlibh", "zzqx",
  ]

  /// Why a tree corpus is skipped.
  static func missingNote(_ root: String) -> String {
    "skipped the tree corpus: \(root) is not a directory that can be listed on this machine"
  }

  /// Whether `root` is a directory that can be listed.
  static func isWalkable(_ root: String) -> Bool {
    guard let directory = opendir(root) else { return false }
    closedir(directory)
    return true
  }

  /// Every non-directory under `root`, newline-terminated, sorted by bytes.
  /// Empty if `root` cannot be opened.
  static func list(root: String) -> [UInt8] {
    var paths: [[UInt8]] = []
    var trimmed = Array(root.utf8)
    while trimmed.count > 1, trimmed.last == UInt8(ascii: "/") { trimmed.removeLast() }
    collect(under: trimmed, into: &paths)
    paths.sort { $0.lexicographicallyPrecedes($1) }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(paths.reduce(0) { $0 + $1.count + 1 })
    for path in paths {
      bytes += path
      bytes.append(UInt8(ascii: "\n"))
    }
    return bytes
  }

  /// Appends the non-directories under `directory` to `paths`, walking its
  /// subdirectories with an explicit stack (a deep tree cannot overflow ours).
  private static func collect(under directory: [UInt8], into paths: inout [[UInt8]]) {
    var pending = [directory]
    while let current = pending.popLast() {
      let prefix = current == [UInt8(ascii: "/")] ? current : current + [UInt8(ascii: "/")]
      for (name, isDirectory) in entries(of: current) {
        let path = prefix + name
        if isDirectory { pending.append(path) } else { paths.append(path) }
      }
    }
  }

  /// The entries of `directory` other than `.` and `..`, each with whether it
  /// is a directory (not following links); none if it cannot be opened.
  private static func entries(of directory: [UInt8]) -> [(name: [UInt8], isDirectory: Bool)] {
    guard let stream = withCPath(directory, { opendir($0) }) else { return [] }
    defer { closedir(stream) }
    var result: [(name: [UInt8], isDirectory: Bool)] = []
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        Array(raw.prefix(while: { $0 != 0 }))
      }
      if name == [UInt8(ascii: ".")] || name == [UInt8(ascii: "."), UInt8(ascii: ".")] { continue }
      if name.contains(UInt8(ascii: "\n")) { continue }
      result.append((name, isDirectory(entry.pointee.d_type, directory: directory, name: name)))
    }
    return result
  }

  /// `d_type`, or `lstat` where the file system does not fill it in.
  private static func isDirectory(_ type: UInt8, directory: [UInt8], name: [UInt8]) -> Bool {
    if type != UInt8(DT_UNKNOWN) { return type == UInt8(DT_DIR) }
    var status = stat()
    let found = withCPath(directory + [UInt8(ascii: "/")] + name) { lstat($0, &status) == 0 }
    return found == true && (status.st_mode & S_IFMT) == S_IFDIR
  }

  /// Calls `body` with `path` as a C string (a name need not be UTF-8, so
  /// it is not built from a `String`); nil only if that cannot be done.
  private static func withCPath<Result>(
    _ path: [UInt8], _ body: (UnsafePointer<CChar>) -> Result?
  ) -> Result? {
    (path + [0]).withUnsafeBufferPointer { pointer in
      pointer.withMemoryRebound(to: CChar.self) { characters in
        characters.baseAddress.flatMap(body)
      }
    }
  }
}
