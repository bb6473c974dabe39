import Testing

@testable import PickCore

/// `--filter` with `--ansi`: matching, fields and output are the visible text.
@Suite struct ANSIFilterCommandTests {
  private let items = [
    "\u{1B}[01;34mdir\u{1B}[0m/\u{1B}[1mfile.txt\u{1B}[0m",
    "\u{1B}[31mred\u{1B}[0m\u{1B}[K thing",
    "plain words",
  ]

  @Test func `the visible text is matched and printed`() throws {
    #expect(try filter(items, "dir/file") { $0.ansi = true } == ["dir/file.txt"])
    #expect(try filter(items, "red thing") { $0.ansi = true } == ["red thing"])
    #expect(try filter(items, "34m") { $0.ansi = true } == [])
    #expect(try filter(items, "34m").count == 1)
  }

  @Test func `fields are cut from the visible text`() throws {
    let second = try OptionValues.fieldRanges(Array("2".utf8))
    let first = try OptionValues.fieldRanges(Array("1".utf8))
    let options: (inout Options) -> Void = {
      $0.ansi = true
      $0.nth = second
    }
    #expect(try filter(items, "thing", configure: options) == ["red thing"])
    #expect(try filter(items, "red", configure: options) == [])
    let accept: (inout Options) -> Void = {
      $0.ansi = true
      $0.acceptNth = .ranges(first)
    }
    #expect(try filter(items, "thing", configure: accept) == ["red"])
  }
}

extension ANSIFilterCommandTests {
  @Test func `--ansi turns the reading on, --no-ansi off again; the last one wins`() throws {
    func parse(_ arguments: String...) throws -> Options {
      try OptionParser.parse(arguments: arguments.map { Array($0.utf8) })
    }
    #expect(try parse("--ansi").ansi)
    #expect(try !parse("--ansi", "--no-ansi").ansi)
    #expect(try parse("--no-ansi", "--ansi").ansi)
    #expect(try !parse().ansi)
  }
}
