import Testing

@testable import PickCore

/// `--tmux[=OPTS]` / `--popup[=OPTS]`: fzf 0.74's grammar (parseTmuxOptions).
@Suite struct PopupSpecTests {
  private func parse(_ text: String) throws -> PopupSpec {
    try PopupSpec.parse(Array(text.utf8))
  }

  private func percent(_ value: Int) -> PopupSpec.Size { .init(value, percent: true) }

  @Test func `alone, it is center at half the window`() throws {
    let options = try OptionParser.parse(arguments: [Array("--tmux".utf8)])
    #expect(options.popup == PopupSpec(position: .center, width: percent(50), height: percent(50)))
    #expect(try OptionParser.parse(arguments: [Array("--popup".utf8)]).popup == .standard)
    #expect(try OptionParser.parse(arguments: []).popup == nil)
  }

  @Test func `one size is both in the centre, the height at the top and bottom, the width at the sides`() throws {
    #expect(try parse("70%") == PopupSpec(width: percent(70), height: percent(70)))
    #expect(try parse("center,30") == PopupSpec(width: .init(30, percent: false), height: .init(30, percent: false)))
    #expect(try parse("bottom,40%") == PopupSpec(position: .bottom, width: percent(100), height: percent(40)))
    #expect(try parse("top") == PopupSpec(position: .top, width: percent(100), height: percent(50)))
    #expect(try parse("up:20") == PopupSpec(position: .top, width: percent(100), height: .init(20, percent: false)))
    #expect(try parse("down") == PopupSpec(position: .bottom, width: percent(100), height: percent(50)))
    #expect(try parse("left,40%") == PopupSpec(position: .left, width: percent(40), height: percent(100)))
    #expect(try parse("right") == PopupSpec(position: .right, width: percent(50), height: percent(100)))
  }

  @Test func `two sizes are the width and the height`() throws {
    #expect(try parse("80%,60%") == PopupSpec(width: percent(80), height: percent(60)))
    #expect(
      try parse("right,30,20")
        == PopupSpec(position: .right, width: .init(30, percent: false), height: .init(20, percent: false)))
  }

  @Test func `border-native may come anywhere`() throws {
    #expect(try parse("border-native") == PopupSpec(nativeBorder: true))
    #expect(
      try parse("border-native,left,40%")
        == PopupSpec(position: .left, width: percent(40), height: percent(100), nativeBorder: true))
    #expect(try parse("top,30%,border-native").nativeBorder)
  }

  @Test(arguments: [
    "", "middle", "50%%", "101%", "0", "-5", "1.5", "center,1,2,3", "top,40%,30%,10%,border-native", "x%",
  ])
  func `a bad value is a usage error`(value: String) {
    #expect(throws: (any Error).self) { try OptionParser.parse(arguments: [Array("--tmux=\(value)".utf8)]) }
  }

  @Test func `the error names the grammar`() {
    do {
      _ = try OptionParser.parse(arguments: [Array("--popup=middle".utf8)])
      Issue.record("--popup=middle was accepted")
    } catch {
      #expect(error.message.contains("--popup"))
      #expect(error.message.contains("[center|top|bottom|left|right][,SIZE[%]][,SIZE[%]][,border-native]"))
    }
  }

  @Test func `no-tmux and no-popup turn it off, and a later height wins`() throws {
    #expect(try OptionParser.parse(arguments: ["--tmux", "--no-popup"].map { Array($0.utf8) }).popup == nil)
    #expect(try OptionParser.parse(arguments: ["--popup", "--no-tmux"].map { Array($0.utf8) }).popup == nil)
    #expect(try OptionParser.parse(arguments: ["--tmux", "--height=10"].map { Array($0.utf8) }).popup == nil)
    let later = try OptionParser.parse(arguments: ["--height=10", "--tmux=top"].map { Array($0.utf8) })
    #expect(later.popup?.position == .top)
    let fromDefaults = try OptionParser.parse(arguments: [], defaultOpts: Array("--tmux=left".utf8))
    #expect(fromDefaults.popup?.position == .left)
  }

  @Test func `the value only attaches`() {
    // As --multi: `--tmux 80%` leaves `80%` a (rejected) stray word.
    #expect(throws: (any Error).self) { try OptionParser.parse(arguments: ["--tmux", "80%"].map { Array($0.utf8) }) }
  }

  @Test func `tmux versions from 3.3 have popups as pick needs them`() {
    for answer in [
      "tmux 3.3a\n", "tmux 3.4", "tmux 3.10", "tmux next-3.6", "tmux 4.0", "tmux master", "tmux openbsd-7.5",
    ] {
      #expect(TmuxVersion.supportsPopups(Array(answer.utf8)), "\(answer)")
    }
    for answer in ["tmux 3.2a", "tmux 2.9", "tmux 3.1c\n", "", "tmux"] {
      #expect(!TmuxVersion.supportsPopups(Array(answer.utf8)), "\(answer)")
    }
  }
}
