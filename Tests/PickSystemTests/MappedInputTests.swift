// A regular file on standard input is mapped, not read, under --filter
// (Docs/Design.md, "A regular file is mapped, not read"): the items, the
// file offset and the output must be exactly those of reading it, and a
// file cut short while mapped must not kill pick.

import CPick
import PickCore
import PickSystem
import PickTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

// Serialized: the truncation test counts on the process-wide SIGBUS guard.
@Suite(.serialized) struct MappedInputTests {
  /// `lines` random short lines over a small alphabet (several per output
  /// region, some long enough to cross pages), without a final newline.
  static func corpus(lines: Int, seed: UInt64) -> [UInt8] {
    var generator = SeededGenerator(seed: seed)
    let alphabet = Array("abcdefghijklmnopqrstuvwxyz/._- ABCZ0123é".utf8)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(lines * 40)
    for line in 0..<lines {
      let length = line % 997 == 0 ? 6000 : Int.random(in: 0...70, using: &generator)
      for _ in 0..<length { bytes.append(alphabet[Int.random(in: 0..<alphabet.count, using: &generator)]) }
      if line + 1 < lines { bytes.append(0x0A) }
    }
    return bytes
  }

  /// A temporary file holding `bytes`, open for reading.
  final class InputFile {
    let path: String
    let fd: Int32

    init(_ bytes: [UInt8]) throws {
      let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
      var template = Array("\(base)/pick-mapped-XXXXXX".utf8CString)
      let writer = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
      try #require(writer >= 0)
      // The name mkstemp filled in, up to its NUL (a pointer into a
      // temporary array must not outlive the closure that lends it).
      path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      let written = bytes.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) }
      close(writer)
      try #require(written == bytes.count)
      fd = open(path, O_RDONLY | O_CLOEXEC)
      try #require(fd >= 0)
    }

    deinit {
      close(fd)
      unlink(path)
    }
  }

  static func items(_ store: ItemStore) -> [[UInt8]] {
    (0..<store.count).map { Array(store.item($0)) }
  }

  @Test func `a mapped file gives the items reading it gives, and leaves the offset at its end`() throws {
    let bytes = Self.corpus(lines: 60_000, seed: 7)
    try #require(bytes.count >= InputReader.mappingThreshold)
    let file = try InputFile(bytes)
    let mapped = try ItemStore(separator: 0x0A)
    try InputReader.readAll(file.fd, into: mapped, mapping: true)
    #expect(mapped.isMapped)
    #expect(lseek(file.fd, 0, SEEK_CUR) == off_t(bytes.count))
    let read = try ItemStore(separator: 0x0A)
    try read.append(bytes)
    try read.finish()
    #expect(mapped.count == read.count)
    #expect(Self.items(mapped) == Self.items(read))
  }

  @Test func `a file read from an offset off a page boundary is read, from that offset`() throws {
    let bytes = Self.corpus(lines: 40_000, seed: 8)
    let file = try InputFile(bytes)
    #expect(lseek(file.fd, 5, SEEK_SET) == 5)
    let store = try ItemStore(separator: 0x0A)
    try InputReader.readAll(file.fd, into: store, mapping: true)
    #expect(!store.isMapped)
    let expected = try ItemStore(separator: 0x0A)
    try expected.append(Array(bytes[5...]))
    try expected.finish()
    #expect(Self.items(store) == Self.items(expected))
  }

  @Test func `--ansi input and small files are read, not mapped`() throws {
    let large = try InputFile(Self.corpus(lines: 40_000, seed: 9))
    let colours = try ItemStore(separator: 0x0A, interpretsANSI: true)
    try InputReader.readAll(large.fd, into: colours, mapping: true)
    #expect(!colours.isMapped)
    let small = try InputFile(Array("a\nb\n".utf8))
    let store = try ItemStore(separator: 0x0A)
    try InputReader.readAll(small.fd, into: store, mapping: true)
    #expect(!store.isMapped)
    #expect(store.count == 2)
  }

  @Test(arguments: [
    [], ["--tac"], ["--no-sort"], ["--print0"], ["--tiebreak=index"], ["--tiebreak=length,begin"],
  ])
  func `--filter prints the same bytes from a mapped file as from one read`(extra: [String]) throws {
    // About 4 MB: two output regions and a block of several, items across pages.
    let (mapped, read) = try Self.mappedAndRead(Self.corpus(lines: 110_000, seed: 10))
    for query in ["", "a", "ab", "zq é", "'abc", "^a", "z$", "!a", "a | b"] {
      let options = try OptionParser.parse(arguments: (["--filter", query] + extra).map { Array($0.utf8) })
      // A Bool, not the two outputs: a failure would print a diff of megabytes.
      let same = filterOutput(options, mapped) == filterOutput(options, read)
      #expect(same, "query \(query) \(extra)")
    }
  }

  @Test func `--filter prints a match longer than the output block after a full block, and a few matches alone`()
    throws
  {
    // 4.5 MB of short lines, then one line of 5 MB: the first block is
    // full, and a later one must grow past `ResultWriter.blockBytes`.
    var bytes = Self.corpus(lines: 110_000, seed: 12)
    bytes.append(0x0A)
    bytes += [UInt8](repeating: UInt8(ascii: "q"), count: 5 << 20)
    bytes += Array("\nlast line\n".utf8)
    let (mapped, read) = try Self.mappedAndRead(bytes)
    for arguments in [["--filter", ""], ["--filter", "", "--tac"], ["--filter", "q"], ["--filter", "^last line$"]] {
      let options = try OptionParser.parse(arguments: arguments.map { Array($0.utf8) })
      let output = filterOutput(options, mapped)
      // Bools, not the outputs: a failure would print a diff of megabytes.
      let same = output == filterOutput(options, read)
      #expect(same, "\(arguments)")
      let alone = output == Array("last line\n".utf8)
      #expect(alone == (arguments.last == "^last line$"), "\(arguments)")
    }
  }

  /// `bytes` in a store mapped from a file (which may go: the mapping
  /// stays) and in a store that read them.
  static func mappedAndRead(_ bytes: [UInt8]) throws -> (mapped: ItemStore, read: ItemStore) {
    let file = try InputFile(bytes)
    let mapped = try ItemStore(separator: 0x0A)
    try InputReader.readAll(file.fd, into: mapped, mapping: true)
    try #require(mapped.isMapped)
    let read = try ItemStore(separator: 0x0A)
    try read.append(bytes)
    try read.finish()
    return (mapped, read)
  }

  private func filterOutput(_ options: Options, _ store: ItemStore) -> [UInt8] {
    final class Bytes: @unchecked Sendable { var value: [UInt8] = [] }
    let collected = Bytes()
    var sink = ResultSink(capacity: 4096) { bytes in collected.value += Array(bytes) }
    _ = try? FilterCommand(options: options).run(store, into: &sink)
    return collected.value
  }

  @Test func `a file cut short while mapped reads as zeros from the cut, and pick lives`() throws {
    let bytes = Self.corpus(lines: 60_000, seed: 11)
    let file = try InputFile(bytes)
    let store = try ItemStore(separator: 0x0A)
    try InputReader.readAll(file.fd, into: store, mapping: true)
    try #require(store.isMapped)
    let page = Int(sysconf(Int32(_SC_PAGESIZE)))
    let cut = (bytes.count / 2) / page * page
    #expect(truncate(file.path, off_t(cut)) == 0)
    // Every item is still readable; from the cut on its bytes are zeros.
    var zeros = 0
    for index in 0..<store.count {
      let item = store.item(index)
      let first = item.baseAddress.map { Int(bitPattern: $0) } ?? 0
      for (offset, byte) in item.enumerated() where byte != 0 {
        let position = first + offset - Int(bitPattern: store.item(0).baseAddress!)
        #expect(position < cut, "a byte past the cut survived at \(position)")
        if position >= cut { return }
      }
      if item.allSatisfy({ $0 == 0 }) && !item.isEmpty { zeros += 1 }
    }
    #expect(zeros > 0)
    #expect(cpick_mapping_faulted() == 1)
  }
}
