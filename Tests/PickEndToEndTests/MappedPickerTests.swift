// The picker maps a large regular file on standard input instead of reading
// it (Docs/Design.md, "A regular file is mapped, not read") and lets go of
// its pages as it searches: what it shows and prints must be the file's
// bytes all the same.

import PickTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite struct MappedPickerTests {
  /// 60,000 lines (over the 1 MiB below which files are read), one of them
  /// with an invalid byte and a CR, and no newline after the last.
  static func lines() -> [[UInt8]] {
    (0..<60_000).map { n in
      var line = Array("entry \(n) path/to/some/file-\(n % 97).txt".utf8)
      if n == 30_000 { line += [0xFF, 0x0D] }
      return line
    }
  }

  static func writeFile(_ lines: [[UInt8]]) throws -> String {
    let directory = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
    let path = "\(directory)/pick-mapped-picker-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    let bytes = Array(lines.joined(separator: [0x0A]))
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    try #require(fd >= 0)
    defer { close(fd) }
    try #require(bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } == bytes.count)
    return path
  }

  @Test func `one item found in a mapped file is printed as it is in the file`() throws {
    let lines = Self.lines()
    let path = try Self.writeFile(lines)
    defer { unlink(path) }
    let picker = try Picker(
      program: "/bin/sh", arguments: ["-c", #"exec "$0" < "$1""#, pickBinaryPath(), path])
    try picker.waitFor(timeout: 20) { $0.row(1).contains("60000/60000") }
    // 4242 % 97 is 71: only entry 4242 has both.
    picker.send("'entry 4242 'file-71.txt")
    try picker.waitFor(timeout: 20) { $0.row(1).contains("1/60000") }
    picker.send(Keys.enter)
    let result = try picker.finish(timeout: 20)
    #expect(result.status == 0)
    #expect(result.stdout == lines[4242] + [0x0A])
    #expect(picker.settingsRestored)
  }

  @Test func `selecting every item of a mapped file prints every byte of it`() throws {
    let lines = Self.lines()
    let path = try Self.writeFile(lines)
    defer { unlink(path) }
    let picker = try Picker(
      program: "/bin/sh", arguments: ["-c", #"exec "$0" -m --bind ctrl-a:select-all < "$1""#, pickBinaryPath(), path])
    try picker.waitFor(timeout: 20) { $0.row(1).contains("60000/60000") }
    // Search something first, so that pages are let go of and mapped again.
    picker.send("file-7")
    try picker.waitFor(timeout: 20) { $0.row(0).contains("file-7") && !$0.row(1).contains("60000/60000") }
    picker.send(Array(repeating: 0x7F, count: 6))
    try picker.waitFor(timeout: 20) { $0.row(1).contains("60000/60000") }
    picker.send(Keys.ctrlA)
    try picker.waitFor(timeout: 20) { $0.screenText.contains("60000 of 60000") }
    picker.send(Keys.enter)
    let result = try picker.finish(timeout: 20)
    #expect(result.status == 0)
    let printed = result.stdout.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast().map(Array.init)
    #expect(printed.count == lines.count)
    #expect(printed.sorted { $0.lexicographicallyPrecedes($1) } == lines.sorted { $0.lexicographicallyPrecedes($1) })
    #expect(picker.settingsRestored)
  }
}
