import Testing

@testable import PickCore

/// Issue 19, help that shows the multi-select keys: the info line's hint
/// until the first key, and the KEYS section of `--help`.
@Suite struct KeyHintTests {
  static func infoLine(_ p: inout PickerHarness, width: Int = 80) -> String {
    var line = String(p.frame(width: width, height: 6).plainText.split(separator: "\n")[1])
    while line.last == " " { line.removeLast() }
    return line
  }

  @Test func `multi mode hints the keys on the info line until the first key`() throws {
    var p = try PickerHarness(["apple", "banana"], multi: .max) { $0.hint = true }
    #expect(Self.infoLine(&p) == "  2/2  Tab select  Ctrl-A all  Ctrl-S review  Enter accept  Esc cancel")
    p.press("down")
    #expect(Self.infoLine(&p) == "  2/2")
  }

  @Test func `typing or a click ends the hint too`() throws {
    var typed = try PickerHarness(["apple", "banana"], multi: .max) { $0.hint = true }
    typed.type("a")
    #expect(Self.infoLine(&typed) == "  2/2")
    var clicked = try PickerHarness(["apple", "banana"], multi: .max) { $0.hint = true }
    _ = clicked.frame(width: 80, height: 6)
    clicked.press(bytes: Array("\u{1B}[<0;8;5M".utf8))
    #expect(Self.infoLine(&clicked) == "  2/2")
  }

  @Test func `a narrow row drops whole keys from the end, never half of one`() throws {
    var p = try PickerHarness(["apple", "banana"], multi: .max) { $0.hint = true }
    #expect(Self.infoLine(&p, width: 40) == "  2/2  Tab select  Ctrl-A all")
    #expect(Self.infoLine(&p, width: 20) == "  2/2  Tab select")
    #expect(Self.infoLine(&p, width: 12) == "  2/2")
  }

  @Test func `--no-hint, single mode and rebound keys`() throws {
    let noHint = try OptionParser.parse(arguments: ["-m", "--no-hint"].map { Array($0.utf8) })
    var hidden = try PickerHarness(["apple"], multi: .max) { $0 = noHint }
    #expect(Self.infoLine(&hidden) == "  1/1")
    var single = try PickerHarness(["apple"]) { $0.hint = true }
    #expect(Self.infoLine(&single) == "  1/1")
    let options = try OptionParser.parse(arguments: ["-m", "--bind=ctrl-a:first"].map { Array($0.utf8) })
    var rebound = try PickerHarness(["apple"], multi: .max) { $0 = options }
    #expect(Self.infoLine(&rebound) == "  1/1  Tab select  Ctrl-S review  Enter accept  Esc cancel")
  }

  /// The lines of `--help` from `KEYS` to the next section.
  static var keysSection: [Substring] {
    let lines = Usage.text.split(separator: "\n")
    guard let start = lines.firstIndex(where: { $0.hasPrefix("  KEYS") }) else { return [] }
    let rest = lines[(start + 1)...]
    let end = rest.firstIndex { $0.hasPrefix("  ") && !$0.hasPrefix("   ") } ?? rest.endIndex
    return Array(rest[..<end])
  }

  @Test(arguments: [
    ("Tab, Shift-Tab", ["tab": [PickerAction.toggleDown], "shift-tab": [.toggleUp]]),
    ("Ctrl-A, Alt-A", ["ctrl-a": [.selectAllOrNone], "alt-a": [.selectAllOrNone]]),
    ("Alt-R, Shift-click", ["alt-r": [.toggleRange], "shift-left-click": [.toggleRange]]),
    ("Alt-X", ["alt-x": [.clearMulti]]),
    ("Ctrl-S", ["ctrl-s": [.toggleReview]]),
    ("Enter", ["enter": [.accept]]),
    ("Esc, Ctrl-C", ["esc": [.abort], "ctrl-c": [.abort]]),
  ])
  func `--help's KEYS section names each multi-select key, and the key does what it says`(
    keys: String, bound: [String: [PickerAction]]
  ) {
    #expect(Self.keysSection.contains { $0.dropFirst(4).hasPrefix(keys + " ") }, "\(keys)")
    let keymap = Keymap(isMulti: true)
    for (name, actions) in bound { #expect(keymap.bindings[name] == actions, "\(name)") }
  }

  @Test func `Ctrl-S is in the KEYS section, not under --unique`() throws {
    let lines = Usage.text.split(separator: "\n")
    let unique = try #require(lines.firstIndex { $0.contains("--unique") })
    #expect(!lines[unique + 1].contains("Ctrl-S"))
  }
}
