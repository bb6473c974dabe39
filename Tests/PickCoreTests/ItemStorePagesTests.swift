import Glibc
import Testing

@testable import PickCore

/// The flags (`VmFlags` of `/proc/self/smaps`) of this process's mapping
/// that holds `address`: `hg` asks for huge pages, `nh` refuses them.
private func mappingFlags(holding address: UInt) -> [Substring]? {
  guard let file = fopen("/proc/self/smaps", "r") else { return nil }
  defer { fclose(file) }
  var buffer: UnsafeMutablePointer<CChar>? = nil
  var capacity = 0
  defer { free(buffer) }
  var inside = false
  while getline(&buffer, &capacity, file) > 0, let buffer {
    let line = String(cString: buffer)
    if let range = mappingRange(line) {
      inside = range.contains(address)
    } else if inside && line.hasPrefix("VmFlags:") {
      return line.dropFirst("VmFlags:".count).split(whereSeparator: { $0 == " " || $0 == "\n" })
    }
  }
  return nil
}

/// The addresses of a mapping's header line (`start-end perms ...`); nil for other lines.
private func mappingRange(_ line: String) -> Range<UInt>? {
  guard let first = line.split(separator: " ").first else { return nil }
  let bounds = first.split(separator: "-")
  guard bounds.count == 2, let low = UInt(bounds[0], radix: 16), let high = UInt(bounds[1], radix: 16), low < high
  else { return nil }
  return low..<high
}

/// Whether this kernel has transparent huge pages at all (without them
/// neither flag is ever set).
private var kernelHasHugePages: Bool { access("/sys/kernel/mm/transparent_hugepage/enabled", F_OK) == 0 }

@Test(.enabled(if: kernelHasHugePages))
func `a store's first bytes are in ordinary pages and the rest may be huge`() throws {
  // A few lines must not fault in a whole 2 MiB page, whatever the
  // system's setting (`always` too); a large input still reads into huge pages.
  let store = try ItemStore(separator: 0x0A, byteLimit: 64 << 20, itemLimit: 1 << 16)
  try store.append(Array("one\ntwo\nthree\n".utf8))
  let start = UInt(bitPattern: store.arena)
  let first = try #require(mappingFlags(holding: start))
  #expect(first.contains("nh"))
  #expect(!first.contains("hg"))
  let last = try #require(mappingFlags(holding: start + UInt(ItemStore.smallPagesFirst) - 1))
  #expect(last.contains("nh"))
  let past = try #require(mappingFlags(holding: start + UInt(ItemStore.smallPagesFirst)))
  #expect(past.contains("hg"))
  #expect(!past.contains("nh"))
}
