import CPick
import Glibc
import PickCore

/// What the process may still map under its resource limits, read once at
/// start to size the item store (`StoreBudget`).
///
/// Two limits refuse a mapping: `RLIMIT_AS` (`ulimit -v`) counts every
/// mapping, `RLIMIT_DATA` (`ulimit -d`) the private writable ones, which
/// include the store's reservations and every heap allocation. What is left
/// under each is its limit less what is mapped now (`VmSize` and `VmData` in
/// `/proc/self/status`); the smaller of the two is what pick may plan with.
public enum MemoryLimit {
  /// The item store's budget for what may still be mapped now. Under a
  /// limit, threads also stop getting malloc arenas of their own (each
  /// reserves 64 MiB, which the budget gives to the items instead); the
  /// matching threads do not allocate while they match, so they lose nothing.
  public static func storeBudget(for use: StoreBudget.Use) throws(StoreBudget.TooLittle) -> StoreBudget {
    let available = available()
    if available != nil { cpick_single_malloc_arena() }
    return try StoreBudget.sized(available: available, for: use)
  }

  /// Bytes the process may still map; nil when neither limit is set.
  public static func available() -> Int? {
    let limits = [(RLIMIT_AS, "VmSize:"), (RLIMIT_DATA, "VmData:")].compactMap { resource, field in
      limit(resource).map { (limit: $0, field: field) }
    }
    guard !limits.isEmpty else { return nil }
    let status = (try? ProcessEnvironment.contents(ofFile: Array("/proc/self/status".utf8))) ?? []
    return limits.map { limit, field in
      // Without /proc, assume the runtime's usual footprint is mapped already.
      let used = kibibytes(field, in: status).map { $0 << 10 } ?? 64 << 20
      return max(limit - used, 0)
    }.min()
  }

  /// The soft limit on `resource`, nil when unlimited (`RLIM_INFINITY`, all bits set;
  /// the corresponding C function is `getrlimit`).
  private static func limit(_ resource: __rlimit_resource) -> Int? {
    var value = rlimit()
    guard getrlimit(__rlimit_resource_t(resource.rawValue), &value) == 0, value.rlim_cur != rlim_t.max
    else { return nil }
    return Int(clamping: value.rlim_cur)
  }

  /// The number after `field` in `/proc/self/status` text ("VmSize:   18432 kB").
  static func kibibytes(_ field: String, in status: [UInt8]) -> Int? {
    let name = Array(field.utf8)
    for line in status.split(separator: 0x0A) where line.starts(with: name) {
      let digits = line.dropFirst(name.count).drop { $0 == 0x20 || $0 == 0x09 }.prefix { $0 >= 0x30 && $0 <= 0x39 }
      return Int(String(decoding: digits, as: UTF8.self))
    }
    return nil
  }
}
