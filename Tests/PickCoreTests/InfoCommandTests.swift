import Testing

@testable import PickCore

// --info-command: the controller asks for the command when what it could
// show changes, with the info text it replaces, and draws the first line
// of what it printed in place of that text, in every --info style.

private func picker(_ items: [String], info: InfoStyle = InfoStyle()) throws -> PickerHarness {
  try PickerHarness(items) { options in
    options.infoCommand = Array("echo {q}".utf8)
    options.info = info
  }
}

/// The `info` of each `runInfoCommand` asked for so far, and the query it would see.
private func runs(_ p: PickerHarness) -> [(info: String, query: String)] {
  p.effects.compactMap {
    guard case .runInfoCommand(_, let context, let info) = $0 else { return nil }
    return (String(decoding: info, as: UTF8.self), String(decoding: context.query, as: UTF8.self))
  }
}

@Suite struct InfoCommandTests {
  @Test func `--info-command takes a command, and --no-info-command drops it`() throws {
    let parse = { (words: [String]) in try OptionParser.parse(arguments: words.map { Array($0.utf8) }) }
    #expect(try parse(["--info-command=echo {q}"]).infoCommand == Array("echo {q}".utf8))
    #expect(try parse(["--info-command", "x", "--no-info-command"]).infoCommand == nil)
    #expect(try parse(["--info-command="]).infoCommand == nil)
  }

  @Test func `the command runs when the info text or the query changes, not on every turn`() throws {
    var p = try picker(["apple", "banana", "cherry"])
    #expect(runs(p).map(\.info) == ["3/3"])
    p.send(.tick)
    p.send(.tick)
    #expect(runs(p).count == 1)
    p.type("an")
    #expect(runs(p).last?.info == "1/3")
    #expect(runs(p).last?.query == "an")
    p.press("down")
    #expect(runs(p).count == 2, "one match: the cursor cannot move, nothing changed")
  }

  @Test func `the first line of its output replaces the info text, in its own colours`() throws {
    var p = try picker(["apple", "banana"])
    p.send(.infoCommandOutput(Array("\u{1B}[31mred\u{1B}[0m rest\nsecond line\n".utf8)))
    let frame = p.frame(width: 30, height: 4)
    expectScreen(frame, ">\n  red rest\n>  apple\n   banana")
    let red = frame.rows[1].first { $0.text.contains("red") }
    #expect(red?.style != Style.plain)
    #expect(!frame.rows[1].contains { $0.text.contains("second") })
  }

  @Test func `inline styles show the output after the query`() throws {
    var p = try picker(["apple"], info: InfoStyle(.inline))
    p.send(.infoCommandOutput(Array("shown".utf8)))
    expectScreen(p.frame(width: 30, height: 2), ">   < shown\n>  apple")
  }
}
