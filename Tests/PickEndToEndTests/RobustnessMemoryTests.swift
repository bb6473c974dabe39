// Memory limits and cut-off input (issue 14): pick under `ulimit -v` works
// or says why in one line, never traps in the Swift runtime; a picker whose
// input stopped short (the store full, a read error) says so on screen and
// still chooses from what it read. The cases are listed in Docs/Reliability.md.

import PickTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// "1\n" … "\(count)\n", as `seq` prints them: the test makes its own input.
private func numberLines(_ count: Int) -> [UInt8] {
  var bytes: [UInt8] = []
  bytes.reserveCapacity(count * 8)
  for number in 1...count {
    var digits: [UInt8] = []
    var rest = number
    while rest > 0 {
      digits.append(UInt8(ascii: "0") + UInt8(rest % 10))
      rest /= 10
    }
    bytes += digits.reversed()
    bytes.append(0x0A)
  }
  return bytes
}

/// How many of 1 … `count` have the digit 1 (the matches of the query `1`).
private func numbersWithDigitOne(upTo count: Int) -> Int {
  (1...count).count { number in
    var rest = number
    while rest > 0 {
      if rest % 10 == 1 { return true }
      rest /= 10
    }
    return false
  }
}

@Suite(.serialized) struct RobustnessMemoryTests {
  /// The shell prefix that limits the address space to `kibibytes` (pick is
  /// `$0` or `$PICK`); it exits 77 where the limit cannot be set.
  private func limited(_ kibibytes: Int) -> String { "ulimit -v \(kibibytes) || exit 77; " }

  @Test func `--filter under a 300 MB address-space limit ranks two million items, no trap`() throws {
    // Before: the store reserved most of the limit and ranking's arrays then
    // failed to allocate: "Fatal error: failed to allocate", status 134.
    let result = try runShell(limited(300_000) + "exec \"$PICK\" -f 1", stdin: numberLines(2_000_000), timeout: 120)
    try #require(result.status != 77, "this shell cannot set an address-space limit")
    #expect(result.status == 0, "\(String(decoding: result.stderr.prefix(300), as: UTF8.self))")
    #expect(result.stderr.isEmpty)
    #expect(result.stdout.count { $0 == 0x0A } == numbersWithDigitOne(upTo: 2_000_000))
    #expect(result.stdout.starts(with: Array("1\n".utf8)))
  }

  @Test(arguments: [30_000, 60_000, 100_000, 150_000])
  func `--filter under any address-space limit answers in full or exits 2 with one line`(kibibytes: Int) throws {
    // Before: 100 MB trapped (134); the smaller limits said "cannot reserve 64 GiB".
    let result = try runShell(limited(kibibytes) + "exec \"$PICK\" -f 1", stdin: numberLines(2_000_000), timeout: 120)
    try #require(result.status != 77, "this shell cannot set an address-space limit")
    let message = String(decoding: result.stderr, as: UTF8.self)
    if result.status == 0 {
      #expect(result.stdout.count { $0 == 0x0A } == numbersWithDigitOne(upTo: 2_000_000))
      #expect(result.stderr.isEmpty)
    } else {
      #expect(result.status == 2, "\(message.prefix(300))")
      #expect(lines(result.stderr).count == 1, "\(message.prefix(300))")
      #expect(
        message.hasPrefix("pick: input too large: ") || message.hasPrefix("pick: the memory limit "), "\(message)")
    }
  }

  @Test func `--filter under a data-segment limit (ulimit -d) ranks two million items too`() throws {
    // RLIMIT_DATA counts the store's reservations and the heap; before, 134 here as well.
    let result = try runShell(
      "ulimit -d 300000 || exit 77; exec \"$PICK\" -f 1", stdin: numberLines(2_000_000), timeout: 120)
    try #require(result.status != 77, "this shell cannot set a data-segment limit")
    #expect(result.status == 0, "\(String(decoding: result.stderr.prefix(300), as: UTF8.self))")
    #expect(result.stdout.count { $0 == 0x0A } == numbersWithDigitOne(upTo: 2_000_000))
  }

  @Test func `a limit that leaves too little for the picker is one line before the terminal is touched`() throws {
    let picker = try Picker.underShell(limited(30_000) + "exec \"$0\"", rawItems: Array("a\nb\n".utf8))
    let result = try picker.finish(timeout: 20)
    try #require(result.status != 77, "this shell cannot set an address-space limit")
    #expect(result.status == 2)
    let message = String(decoding: result.stderr, as: UTF8.self)
    #expect(message.hasPrefix("pick: the memory limit (ulimit -v or -d) leaves pick "), "\(message)")
    #expect(lines(result.stderr).count == 1, "\(message)")
    #expect(picker.pty.outputBytes.isEmpty)
    #expect(picker.settingsRestored)
  }

  @Test func `--filter under a 1 GB limit ranks twenty million items, which need about 470 MB`() throws {
    // Before: the reservation left too little for ranking's arrays (status 134).
    let result = try runShell(limited(1_000_000) + "seq 20000000 | \"$PICK\" -f 1 | tail -n 1", timeout: 300)
    try #require(result.status != 77, "this shell cannot set an address-space limit")
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty, "\(String(decoding: result.stderr.prefix(300), as: UTF8.self))")
    // The last line of a complete answer: the worst-ranked match of `1`.
    #expect(ByteString(result.stdout) == "9999991\n")
  }

  @Test func `the picker under a 300 MB limit takes keys over two million items and chooses`() throws {
    // Before: the first key's search aborted pick.
    let picker = try Picker.underShell(limited(300_000) + "exec \"$0\"", rawItems: numberLines(2_000_000))
    try picker.waitFor("2000000/2000000", timeout: 60)
    picker.send("1")
    try picker.waitFor("\(numbersWithDigitOne(upTo: 2_000_000))/2000000", timeout: 60)
    picker.send("29\u{7F}3")
    try picker.waitFor { $0.row(0).hasPrefix("> 123") }
    picker.send(Keys.enter)
    let result = try picker.finish(timeout: 60)
    try #require(result.status != 77, "this shell cannot set an address-space limit")
    #expect(result.status == 0, "\(String(decoding: result.stderr.prefix(300), as: UTF8.self))")
    #expect(ByteString(result.stdout) == "123\n")
    #expect(result.stderr.isEmpty)
    #expect(picker.settingsRestored)
  }

  @Test func `a picker whose input outgrows the limit says the list is truncated, and Enter still chooses`() throws {
    // Before: the count stopped at 8388608 with no word and Enter over a
    // missing item exited 1, as if the input were complete.
    let picker = try Picker.underShell(limited(200_000) + "seq 10000000 | \"$0\"")
    // The note may be drawn a frame before the last items read are counted.
    func shown(_ info: String) -> Int? {
      info.split(separator: "/").first.flatMap { Int($0.filter { $0 != " " }) }
    }
    let screen = try picker.waitFor(timeout: 60) {
      $0.row(1).contains("input truncated") && (shown($0.row(1)) ?? 0) > 0
    }
    let info = screen.row(1)
    // The reason fits in 80 columns beside the count only while the count
    // drawn is still short (a busy machine draws a frame before the last
    // items are counted): the note's short form otherwise, and never a
    // number cut in the middle; the warning below says why.
    let whole = info.contains("[input truncated: pick holds at most ") && info.contains(" items]")
    #expect(info.contains("  [input truncated]") || whole, "\(info)")
    #expect(shown(info).map { $0 < 10_000_000 } == true, "\(info)")
    // An item that was read is chosen as usual; a warning says the list was incomplete.
    picker.send("^999999$")
    try picker.waitFor { $0.row(1).hasPrefix("  1/") && $0.row(1).contains("[input truncated") }
    picker.send(Keys.enter)
    let result = try picker.finish(timeout: 30)
    try #require(result.status != 77, "this shell cannot set an address-space limit")
    #expect(result.status == 0)
    #expect(ByteString(result.stdout) == "999999\n")
    let warning = String(decoding: result.stderr, as: UTF8.self)
    #expect(warning.hasPrefix("pick: warning: input truncated: "), "\(warning)")
    #expect(lines(result.stderr).count == 1, "\(warning)")
    #expect(picker.settingsRestored)
  }

  @Test func `a read error in the picker shows on the info line instead of a quietly short list`() throws {
    // A real EIO: this process's memory through /proc/PID/mem, from a page of
    // items that nothing follows (reading past it fails). The page sits far
    // below every other mapping, so nothing is mapped after it meanwhile.
    let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
    let wanted = UnsafeMutableRawPointer(bitPattern: 0x100_0000_0000 + Int(getpid() % 4096) * pageSize)
    let page = mmap(wanted, pageSize, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0)
    try #require(page != MAP_FAILED && page == wanted, "cannot map the page of items")
    guard let page else { return }
    defer { munmap(page, pageSize) }
    var items = (1...1000).flatMap { Array("item \($0)\n".utf8) }.prefix(pageSize - 1)
    items.append(0x0A)
    page.copyMemory(from: Array(items), byteCount: items.count)
    // dd moves the shared offset to the page (it seeks and copies nothing), then pick reads on.
    let script = """
      { dd bs=\(pageSize) skip=\(Int(bitPattern: page) / pageSize) count=0 2>/dev/null; exec "$0"; } \
      < /proc/\(getpid())/mem
      """
    let picker = try Picker.underShell(script)
    // The note may be drawn a frame before the items read with it are counted.
    let expected = "/\(items.count { $0 == 0x0A })  [input truncated: cannot read standard input: "
    _ = try picker.waitFor(timeout: 20) { $0.row(1).contains(expected) }
    picker.send("^item 7$\r")
    let result = try picker.finish(timeout: 20)
    #expect(result.status == 0)
    #expect(ByteString(result.stdout) == "item 7\n")
    #expect(String(decoding: result.stderr, as: UTF8.self).hasPrefix("pick: warning: input truncated: cannot read"))
    #expect(picker.settingsRestored)
  }
}
