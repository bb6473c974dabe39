// glibc functions and constants that `import Glibc` does not expose (they
// need _GNU_SOURCE, or live in kernel headers Swift does not import).

#if canImport(Glibc)
  import Glibc
#endif

/// A glibc function looked up at run time, nil where this glibc lacks it.
func libcFunction<Function>(_ name: String, as type: Function.Type) -> Function? {
  guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, name) else { return nil }
  return unsafeBitCast(symbol, to: type)
}

/// pipe2 (glibc 2.9+).
typealias Pipe2Function = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32
/// posix_spawn_file_actions_addclosefrom_np (glibc 2.34+).
typealias CloseFromFunction =
  @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
/// posix_spawn_file_actions_addchdir_np (glibc 2.29+).
typealias ChangeDirectoryFunction =
  @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
/// glibc's POSIX_SPAWN_SETSID (glibc 2.26+).
let spawnSetSession: Int32 = 0x80
/// TIOCSPTLCK and TIOCGPTPEER (Linux 4.13+); unlockpt and posix_openpt are hidden too.
let unlockPseudoTerminal: UInt = 0x4004_5431
let openPseudoTerminalPeer: UInt = 0x5441
