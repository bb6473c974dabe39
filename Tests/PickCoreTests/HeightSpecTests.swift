import Testing

@testable import PickCore

@Test(arguments: [
  ("10", 24, 10), ("50%", 24, 12), ("-3", 24, 21), ("~8", 24, 8), ("100", 24, 24), ("0", 24, 1),
  ("100%", 24, 24), ("-30", 24, 1), ("1", 1, 1),
])
func `height specs resolve against the terminal and clamp to it`(spec: String, rows: Int, expected: Int) throws {
  let height = try #require(HeightSpec(spec))
  #expect(height.rows(on: rows) == expected)
}

@Test(arguments: ["", "%", "-", "1x", "101%", "+3", "1.5", "~"])
func `malformed heights are rejected`(spec: String) {
  #expect(HeightSpec(spec) == nil)
}

@Test func `--height is parsed and --no-height turns it off`() throws {
  let options = try OptionParser.parse(arguments: [Array("--height=40%".utf8)])
  #expect(options.height == HeightSpec(value: 40, isPercent: true))
  let off = try OptionParser.parse(arguments: [Array("--height=4".utf8), Array("--no-height".utf8)])
  #expect(off.height == nil)
}

/// `--min-height`: a percentage of a small terminal still leaves a list.
@Suite struct MinimumHeightTests {
  private func parse(_ words: [String]) throws -> Options {
    try OptionParser.parse(arguments: words.map { Array($0.utf8) })
  }

  private func rows(_ words: [String], terminal: Int) throws -> Int? {
    let options = try parse(words)
    var height = options.height
    height?.minimum = options.minHeight.rows(for: options)
    return height?.rows(on: terminal)
  }

  @Test func `the default, 10+, is ten list rows and the prompt and info rows`() throws {
    // fzf: --height 40% in a 10-row pane shows 10 rows, in a 6-row pane 6.
    #expect(try rows(["--height", "40%"], terminal: 10) == 10)
    #expect(try rows(["--height", "40%"], terminal: 6) == 6)
    #expect(try rows(["--height", "40%"], terminal: 50) == 20)
    #expect(try rows(["--height", "40%"], terminal: 20) == 12)
  }

  @Test func `N+ adds the select-all, header and header-line rows; N alone is N`() throws {
    let multi = ["--height", "10%", "-m", "--header", "a\nb", "--header-lines", "2"]
    #expect(try rows(multi, terminal: 100) == 10 + 2 + 1 + 1 + 2)
    #expect(try rows(multi + ["--min-height", "3"], terminal: 100) == 10)
    #expect(try rows(["--height", "10%", "--min-height", "3"], terminal: 100) == 10)
    #expect(try rows(["--height", "1%", "--min-height", "3"], terminal: 100) == 3)
  }

  @Test func `a number of rows is taken as given`() throws {
    #expect(try rows(["--height", "4"], terminal: 24) == 4)
    #expect(try rows(["--height", "-20"], terminal: 24) == 4)
  }

  @Test func `a bad minimum is a usage error`() {
    for bad in ["x", "-1", "+", "1++", ""] {
      #expect(throws: OptionError.self, "\(bad)") { try parse(["--min-height", bad]) }
    }
  }
}
