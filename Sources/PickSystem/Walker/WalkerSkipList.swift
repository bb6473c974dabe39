/// `--walker-skip`: the directories the walker does not enter (nor list), as
/// fzf 0.74 matches them. Each entry is compared with a directory's path as
/// pick would print it, without the trailing `/`:
///
/// - a plain name (`.git`, `node_modules`) matches a directory of that name
///   anywhere;
/// - a path with a `/` inside (`src/gen`) matches that path exactly, or any
///   path that ends with `/src/gen` (so `a/src/gen`, not `asrc/gen`);
/// - a path starting with `/` (`/build/out`) matches as a suffix only, so it
///   skips `x/build/out` but not a top-level `build/out`.
///
/// Roots named with `--walker-root` are never skipped: the user asked for them.
public struct WalkerSkipList: Sendable, Equatable {
  private var names: Set<[UInt8]> = []
  private var paths: [[UInt8]] = []
  private var suffixes: [[UInt8]] = []

  public init(_ entries: [[UInt8]]) {
    let slash = UInt8(ascii: "/")
    for entry in entries where !entry.isEmpty {
      if !entry.contains(slash) {
        names.insert(entry)
      } else if entry.first == slash {
        suffixes.append(entry)
      } else {
        paths.append(entry)
        suffixes.append([slash] + entry)
      }
    }
  }

  /// Whether the directory `name`, at `path` (`name` is its last component), is skipped.
  public func skips(name: UnsafeBufferPointer<UInt8>, path: UnsafeBufferPointer<UInt8>) -> Bool {
    if !names.isEmpty && names.contains(Array(name)) { return true }
    for candidate in paths where path.elementsEqual(candidate) { return true }
    for suffix in suffixes where path.count >= suffix.count {
      if path[(path.count - suffix.count)...].elementsEqual(suffix) { return true }
    }
    return false
  }

  /// `skips(name:path:)` for arrays (tests, roots).
  public func skips(name: [UInt8], path: [UInt8]) -> Bool {
    name.withUnsafeBufferPointer { name in
      path.withUnsafeBufferPointer { path in skips(name: name, path: path) }
    }
  }
}
