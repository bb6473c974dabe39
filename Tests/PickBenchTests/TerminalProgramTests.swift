import Glibc
import Testing

@testable import pick_bench

@Test func `head output counts every line and keeps only the first 64 KiB`() throws {
  let result = try MeasuredCommand(executable: "seq", arguments: ["1", "100000"], output: .head).run()
  #expect(result.lines == 100_000)
  #expect(result.text.hasPrefix("1\n2\n3\n"))
  #expect(result.text.utf8.count == 65536)
}

/// A shell stands in for a picker: it reads its standard input (the file),
/// puts the terminal in raw mode and draws on /dev/tty (which only works if
/// the pty became its controlling terminal), then waits for a key from it.
// The limit is above the three waits' 60 s, so a stalled wait reports itself.
@Test(.timeLimit(.minutes(2)))
func `a program on the pseudo-terminal draws on /dev/tty and reads keys from it`() throws {
  let file = try TemporaryFile(contents: Array("first\nsecond\n".utf8))
  defer { file.remove() }
  let terminal = try TerminalProgram(rows: 5, columns: 40)
  // The terminal is raw before the screen shows: a key sent on seeing it
  // cannot land in a cooked line that `dd` would wait on for a newline.
  let script = """
    n=$(wc -l); stty raw -echo < /dev/tty
    printf '> \\r\\n  %s/%s\\r\\n   first' "$n" "$n" > /dev/tty
    key=$(dd bs=1 count=1 < /dev/tty 2>/dev/null)
    printf '\\033[2;3H1/2  \\033[3;4Hkey %s' "$key" > /dev/tty
    dd bs=1 count=1 < /dev/tty 2>/dev/null; stty sane < /dev/tty; exit 130
    """
  try terminal.spawn("/bin/sh", arguments: ["-c", script], input: file.path)
  let screen = TerminalScreen(terminal: terminal)
  let loaded = ScreenExpectation(matches: 2, total: 2, bestMatch: Array("first".utf8), listRowOffset: 1)
  #expect(screen.wait(timeout: 20, until: loaded.isShown) != nil)

  terminal.send(Array("x".utf8))
  let typed = ScreenExpectation(matches: 1, total: 2, bestMatch: Array("key x".utf8), listRowOffset: 1)
  #expect(screen.wait(timeout: 20, until: typed.isShown) != nil)

  terminal.send([0x1B])
  let exit = screen.waitForExit(timeout: 20)
  #expect(exit?.termination == .exited(130))
  #expect((exit?.peakKiB ?? 0) > 0)
}
