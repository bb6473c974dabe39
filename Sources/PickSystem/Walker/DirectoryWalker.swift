import Glibc
import PickCore

/// Lists the files (and, with `dir`, the directories) under the walker's
/// roots: what pick reads when standard input is a terminal, as fzf 0.74's
/// built-in walker does.
///
/// How it walks:
///
/// - **Breadth first, each directory once.** A directory's entries are read
///   whole, sorted by their bytes, and its non-directories are listed before
///   its subdirectories, which join the end of the queue. So shallow files come
///   first and the order is the same on every run (fzf walks in parallel, in
///   no fixed order, but also lists a directory's files first).
/// - **Paths as printed**: relative to the current directory without `./`
///   (`src/main.swift`), or starting with the root as given (`/etc/hosts`,
///   `../lib/x`); directories end with `/`. Names are bytes: a name that is not
///   UTF-8, or holds a newline, comes out exactly as the file system has it.
/// - **Symbolic links**: a link to a directory is listed as a directory
///   (`link/`) and, with `follow`, walked — but only after the real
///   directories (a second queue), and only if the directory it leads to has
///   not been walked yet: every directory walked is remembered by device and
///   inode, so a loop (`a/b/up -> ..`) ends at once and a tree reached through
///   two links is listed once, under the first path. A link to a root or to
///   one of its ancestors (`up -> ..`, `slash -> /`) is neither listed nor
///   walked: it would lead out of the tree, to the whole file system (fzf
///   skips them too). Without `follow` a link to a directory is not listed at
///   all (fzf). Links to anything else, dangling ones included, are listed as
///   files.
/// - **Hidden and skipped directories** (`--walker-skip`, names starting with
///   `.` without `hidden`) are neither entered nor listed. Hidden files are
///   always listed, as in fzf.
/// - **Errors are quiet**: a directory that cannot be opened or read (no
///   permission, removed meanwhile, a path over PATH_MAX) is left out, as fzf
///   leaves it out; the walk goes on.
public struct DirectoryWalker: Sendable {
  /// Receives the walk's paths.
  public protocol Sink {
    /// One path (without a separator). Returns false to stop the walk.
    mutating func emit(_ path: UnsafeBufferPointer<UInt8>) -> Bool
    /// Called before each directory is opened (which may block on a slow
    /// disk): a chance to pass on what was found so far. Returns false to stop.
    mutating func willOpenDirectory() -> Bool
  }

  public var options: WalkerOptions
  /// The roots as given; empty means the current directory.
  public var roots: [[UInt8]]
  public var skipList: WalkerSkipList

  public init(options: WalkerOptions, roots: [[UInt8]], skip: [[UInt8]]) {
    self.options = options
    self.roots = roots
    skipList = WalkerSkipList(skip)
  }

  /// The walker `options` describe (`--walker`, `--walker-root`, `--walker-skip`).
  public init(options: Options) {
    self.init(options: options.walker, roots: options.walkerRoots, skip: options.walkerSkip)
  }

  /// A root as the walker prints it: leading `./` and trailing `/` removed
  /// (`./src/` is `src`), `.` for the current directory, `/` kept.
  public static func normalized(root: [UInt8]) -> [UInt8] {
    let slash = UInt8(ascii: "/")
    var bytes = root[...]
    while bytes.count > 1, bytes.first == UInt8(ascii: "."), bytes.dropFirst().first == slash {
      // `.//a` is `a`: the slashes after a `./` never make the path absolute.
      bytes = bytes.dropFirst(2).drop { $0 == slash }
    }
    while bytes.count > 1, bytes.last == slash { bytes = bytes.dropLast() }
    return bytes.isEmpty ? [UInt8(ascii: ".")] : Array(bytes)
  }

  /// Walks every root in turn, giving each path to `sink`.
  public func walk<S: Sink>(into sink: inout S) {
    var walk = Walk(walker: self)
    let roots = (roots.isEmpty ? [[UInt8(ascii: ".")]] : roots).map(Self.normalized(root:))
    if options.followsLinks {
      for root in roots { walk.enclosing.formUnion(enclosingDirectories(of: root)) }
    }
    for root in roots {
      guard walk.start(root: root, sink: &sink) else { return }
      guard walk.drain(sink: &sink) else { return }
    }
  }
}

/// `root` and every directory above it, up to `/`: where a link must not lead.
///
/// Found by stat-ing `root`, `root/..`, `root/../..` until `..` is the
/// directory itself, so it needs no real path and works for relative roots.
private func enclosingDirectories(of root: [UInt8]) -> Set<DirectoryIdentity> {
  var found = Set<DirectoryIdentity>()
  var path = root
  var status = stat()
  while path.count < Int(PATH_MAX), withNulTerminated(path, { stat($0, &status) }) == 0 {
    guard found.insert(DirectoryIdentity(status)).inserted else { break }
    path += Array("/..".utf8)
  }
  return found
}

/// A directory's identity: the same directory reached by two paths has the same one.
private struct DirectoryIdentity: Hashable {
  var device: UInt64
  var inode: UInt64

  init(_ status: stat) {
    device = UInt64(status.st_dev)
    inode = UInt64(status.st_ino)
  }
}

/// The state of one walk: the queues and the directories already walked.
private struct Walk {
  let walker: DirectoryWalker
  /// Directories to walk, as path prefixes ending with `/` (empty: the current directory).
  var directories = FIFO()
  /// Directories reached through a symbolic link: walked after `directories` runs dry.
  var linkedDirectories = FIFO()
  var walked = Set<DirectoryIdentity>()
  /// The roots and their ancestors: links that lead to one are skipped.
  var enclosing = Set<DirectoryIdentity>()
  /// The path being built: a prefix, then one entry's name.
  var path: [UInt8] = []
  /// One directory's entries: their names end to end, and where each is.
  var names: [UInt8] = []
  var entries: [Entry] = []

  struct Entry {
    var start: Int
    var count: Int
    var type: UInt8
  }

  init(walker: DirectoryWalker) {
    self.walker = walker
  }

  /// Lists `root` (unless it is `.`) and queues it when it is a directory.
  mutating func start<S: DirectoryWalker.Sink>(root: [UInt8], sink: inout S) -> Bool {
    var status = stat()
    guard withNulTerminated(root, { stat($0, &status) }) == 0 else { return true }
    let isCurrent = root == [UInt8(ascii: ".")]
    let isSlash = root == [UInt8(ascii: "/")]
    if (status.st_mode & S_IFMT) != S_IFDIR {
      return walker.options.listsFiles ? emit(root, sink: &sink) : true
    }
    let prefix: [UInt8] = isCurrent ? [] : isSlash ? root : root + [UInt8(ascii: "/")]
    if walker.options.listsDirectories && !isCurrent {
      guard emit(prefix, sink: &sink) else { return false }
    }
    directories.push(prefix)
    return true
  }

  /// Walks the queued directories, real ones first, until both queues are empty.
  mutating func drain<S: DirectoryWalker.Sink>(sink: inout S) -> Bool {
    while true {
      guard let prefix = directories.pop() ?? linkedDirectories.pop() else { return true }
      guard sink.willOpenDirectory() else { return false }
      guard visit(prefix, sink: &sink) else { return false }
    }
  }

  /// Reads one directory: lists its entries and queues its subdirectories.
  mutating func visit<S: DirectoryWalker.Sink>(_ prefix: [UInt8], sink: inout S) -> Bool {
    let fd = withNulTerminated(prefix.isEmpty ? [UInt8(ascii: ".")] : prefix) {
      open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    }
    guard fd >= 0 else { return true }
    var status = stat()
    guard fstat(fd, &status) == 0, walked.insert(DirectoryIdentity(status)).inserted,
      let directory = fdopendir(fd)
    else {
      close(fd)
      return true
    }
    defer { closedir(directory) }
    readEntries(directory)
    sortEntries()

    // Non-directories first, then directories (each also queued), both in byte order.
    var subdirectories: [(entry: Entry, isLink: Bool)] = []
    for entry in entries {
      var type = entry.type
      if type == UInt8(DT_UNKNOWN) { type = typeOf(entry, in: dirfd(directory)) }
      if type == UInt8(DT_DIR) {
        subdirectories.append((entry, false))
      } else if type == UInt8(DT_LNK),
        let target = linkedDirectory(entry, in: dirfd(directory))
      {
        // Without `follow` a link to a directory is neither walked nor listed
        // (fzf), nor is one that leads to a root or above it.
        if walker.options.followsLinks && !enclosing.contains(target) {
          subdirectories.append((entry, true))
        }
      } else if walker.options.listsFiles {
        setPath(prefix, entry)
        guard emit(path, sink: &sink) else { return false }
      }
    }
    for (entry, isLink) in subdirectories {
      setPath(prefix, entry)
      guard isEntered(entry, pathCount: path.count) else { continue }
      path.append(UInt8(ascii: "/"))
      if walker.options.listsDirectories {
        guard emit(path, sink: &sink) else { return false }
      }
      if isLink { linkedDirectories.push(path) } else { directories.push(path) }
    }
    return true
  }

  /// Whether a subdirectory is walked: not hidden (without `hidden`), not skipped.
  private func isEntered(_ entry: Entry, pathCount: Int) -> Bool {
    names.withUnsafeBufferPointer { names in
      let name = UnsafeBufferPointer(rebasing: names[entry.start..<entry.start + entry.count])
      if !walker.options.walksHidden && name.first == UInt8(ascii: ".") { return false }
      return path.withUnsafeBufferPointer { path in
        !walker.skipList.skips(name: name, path: UnsafeBufferPointer(rebasing: path[..<pathCount]))
      }
    }
  }

  private mutating func setPath(_ prefix: [UInt8], _ entry: Entry) {
    path.removeAll(keepingCapacity: true)
    path.append(contentsOf: prefix)
    path.append(contentsOf: names[entry.start..<entry.start + entry.count])
  }

  private func emit<S: DirectoryWalker.Sink>(_ bytes: [UInt8], sink: inout S) -> Bool {
    bytes.withUnsafeBufferPointer { sink.emit($0) }
  }

  /// Reads every entry but `.` and `..` into `names` and `entries`.
  private mutating func readEntries(_ directory: OpaquePointer) {
    names.removeAll(keepingCapacity: true)
    entries.removeAll(keepingCapacity: true)
    let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name) ?? 19
    while let entry = readdir(directory) {
      let name = (UnsafeRawPointer(entry) + nameOffset).assumingMemoryBound(to: UInt8.self)
      let count = strlen(name)
      let bytes = UnsafeBufferPointer(start: name, count: count)
      if count == 1 && bytes[0] == UInt8(ascii: ".") { continue }
      if count == 2 && bytes[0] == UInt8(ascii: ".") && bytes[1] == UInt8(ascii: ".") { continue }
      entries.append(Entry(start: names.count, count: count, type: entry.pointee.d_type))
      names.append(contentsOf: bytes)
    }
  }

  /// Sorts `entries` by their names' bytes (what `ls` does under LC_ALL=C).
  private mutating func sortEntries() {
    names.withUnsafeBufferPointer { names in
      guard let base = names.baseAddress else { return }
      entries.sort { a, b in
        let common = min(a.count, b.count)
        let order = memcmp(base + a.start, base + b.start, common)
        return order != 0 ? order < 0 : a.count < b.count
      }
    }
  }

  /// The directory a link leads to, or nil when it leads to anything else or nowhere.
  private func linkedDirectory(_ entry: Entry, in directory: Int32) -> DirectoryIdentity? {
    var status = stat()
    let result = withNulTerminated(Array(names[entry.start..<entry.start + entry.count])) {
      fstatat(directory, $0, &status, 0)
    }
    guard result == 0, (status.st_mode & S_IFMT) == S_IFDIR else { return nil }
    return DirectoryIdentity(status)
  }

  /// The `DT_*` type of an entry from `fstatat`, for file systems that do not
  /// report types (the link itself, not what it points to).
  private func typeOf(_ entry: Entry, in directory: Int32) -> UInt8 {
    var status = stat()
    let result = withNulTerminated(Array(names[entry.start..<entry.start + entry.count])) {
      fstatat(directory, $0, &status, AT_SYMLINK_NOFOLLOW)
    }
    guard result == 0 else { return UInt8(DT_UNKNOWN) }
    switch status.st_mode & S_IFMT {
    case S_IFDIR: return UInt8(DT_DIR)
    case S_IFLNK: return UInt8(DT_LNK)
    default: return UInt8(DT_REG)
    }
  }
}

/// A first-in first-out queue of paths (the standard library has no deque).
private struct FIFO {
  private var items: [[UInt8]] = []
  private var head = 0

  mutating func push(_ item: [UInt8]) { items.append(item) }

  mutating func pop() -> [UInt8]? {
    guard head < items.count else { return nil }
    let item = items[head]
    items[head] = []
    head += 1
    // Drop the consumed half now and then, so a long walk does not keep it.
    if head >= 1024 && head * 2 >= items.count {
      items.removeFirst(head)
      head = 0
    }
    return item
  }
}

/// Calls `body` with `bytes` as a NUL-terminated C string.
func withNulTerminated<Result>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> Result) -> Result {
  let terminated = bytes.map { CChar(bitPattern: $0) } + [0]
  // Never empty (it holds at least the NUL), so it has a base address.
  return terminated.withUnsafeBufferPointer { body($0.baseAddress!) }
}
