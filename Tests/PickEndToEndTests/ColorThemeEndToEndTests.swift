// `--color` end to end: the built `pick` on a pty, its theme read back from
// the cells of the virtual terminal that replays what it wrote.

import PickTestSupport
import Testing

@Suite(.serialized) struct ColorThemeEndToEndTests {
  /// A direct colour as `VirtualTerminal` records it.
  private static func rgb(_ red: Int, _ green: Int, _ blue: Int) -> Int {
    0x100_0000 | red << 16 | green << 8 | blue
  }

  @Test func `a --color spec from the defaults and the command line reaches the screen`() throws {
    let picker = try Picker(
      ["--color=hl:#ff0000:underline,pointer:3", "--no-bold", "-q", "a"], items: "apple\nbanana\n",
      environment: ["PICK_DEFAULT_OPTS": "--color=light"])
    let screen = try picker.waitFor("2/2")
    #expect(screen.row(2).hasPrefix(">  apple"))
    #expect(screen.row(3).hasPrefix("   banana"))
    // The matched "a" of banana: the user's colour and underline, no bold
    // (--no-bold drops the scheme's).
    #expect(screen.style(atRow: 3, column: 4) == .init(underline: true, foreground: Self.rgb(255, 0, 0)))
    #expect(screen.style(atRow: 3, column: 3) == .plain)
    // The current line: light's current-hl and current-fg on its current-bg.
    #expect(screen.style(atRow: 2, column: 3) == .init(foreground: 23, background: 251))
    #expect(screen.style(atRow: 2, column: 4) == .init(foreground: 237, background: 251))
    // The pointer in the user's colour, on the current line's background.
    #expect(screen.style(atRow: 2, column: 0) == .init(foreground: 3, background: 251))
    // The prompt in light's colour, not bold.
    #expect(screen.style(atRow: 0, column: 0) == .init(foreground: 25))
    picker.send([0x1B])
    try picker.expectExit(status: 130, stdout: "")
  }

  @Test func `NO_COLOR keeps the theme's attributes and drops its colours`() throws {
    let picker = try Picker(
      ["--color=high-contrast,hl:red", "-q", "ban"], items: "apple\nbanana\n", environment: ["NO_COLOR": "1"])
    let screen = try picker.waitFor("1/2")
    #expect(screen.style(atRow: 2, column: 3) == .init(bold: true, underline: true, reverse: true))
    #expect(screen.style(atRow: 2, column: 6) == .init(bold: true, reverse: true))
    picker.send([0x1B])
    try picker.expectExit(status: 130, stdout: "")
  }

  @Test func `a bad spec exits 2 naming the bad part`() throws {
    let result = try runPick(["--color=dark,fgg:red"], stdin: Array("a\n".utf8))
    #expect(result.status == 2)
    #expect(
      String(decoding: result.stderr, as: UTF8.self)
        == "pick: option --color: invalid value 'dark,fgg:red' (unknown colour element 'fgg'; did you mean fg?)\n")
  }
}
