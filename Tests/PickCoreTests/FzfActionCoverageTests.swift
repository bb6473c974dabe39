import Foundation
import Testing

@testable import PickCore

/// Every action name of fzf 0.74 (recorded in
/// `Fixtures/fzf-0.74-actions.txt`, from its man page and parser) is either
/// an action pick runs or refused when `--bind` is parsed, with a message
/// that names it: never accepted and then ignored.
@Suite struct FzfActionCoverageTests {
  /// The recorded names, `NAME(...)` for those that take an argument.
  static let names: [String] = FzfOptionCoverageTests.read("Tests/PickCoreTests/Fixtures/fzf-0.74-actions.txt")
    .split(separator: "\n").map(String.init).filter { !$0.isEmpty && !$0.hasPrefix("#") }

  /// A binding of `name` to the key `x`, its argument one that suits it.
  static func binding(_ name: String) -> (value: String, bare: String) {
    // The man page lists `toggle-bind` without its argument, which fzf's own
    // parser requires (`toggle-bind` alone is an unknown action to it).
    if name == "toggle-bind" { return binding("toggle-bind(...)") }
    guard name.hasSuffix(")"), let open = name.firstIndex(of: "(") else { return ("x:" + name, name) }
    let bare = String(name[..<open])
    let argument: String
    switch bare {
    case "pos", "change-multi", "change-header-lines": argument = "1"
    case "trigger", "unbind", "rebind", "toggle-bind": argument = "a"
    case "change-preview-window": argument = "down"
    default: argument = "echo hi"
    }
    return ("x:\(bare)(\(argument))", bare)
  }

  @Test func `the fixture holds fzf's actions`() {
    #expect(Self.names.count >= 170)
    for name in ["accept", "become(...)", "transform(...)", "bg-transform-header(...)", "jump", "wait"] {
      #expect(Self.names.contains(name), "\(name)")
    }
  }

  @Test func `every fzf action is run by pick or refused by name when bound`() {
    var implemented: [String] = []
    var refused: [String] = []
    for name in Self.names {
      let (value, bare) = Self.binding(name)
      var table = BindingParser.Table()
      do {
        try BindingParser.parse(Array(value.utf8), into: &table)
        let actions = table["x"] ?? []
        #expect(!actions.isEmpty, "\(name) parsed to nothing")
        // `ignore` is the one action that does nothing on purpose.
        #expect(bare == "ignore" || !actions.contains(.ignore), "\(name) parsed to ignore")
        implemented.append(name)
      } catch {
        #expect(error.reason.contains(bare.split(separator: "+")[0]), "\(name): \(error.reason)")
        #expect(error.reason.hasPrefix("unsupported action: "), "\(name): \(error.reason)")
        refused.append(bare)
      }
    }
    // What is left for later, so that a change to either list is seen here.
    #expect(
      Set(refused)
        == [
          "backward-kill-subword", "backward-subword", "forward-subword", "kill-subword", "change-header-lines",
          "change-nth", "change-with-nth", "change-preview", "change-preview-window", "preview", "close",
          "disable-raw", "enable-raw", "toggle-raw",
          "hide-input", "show-input", "toggle-input", "jump", "offset-down", "offset-up", "offset-middle",
          "toggle-hscroll", "toggle-preview-wrap", "toggle-preview-wrap-word", "toggle-sort",
          "transform-header-lines", "transform-nth",
          "transform-with-nth", "bg-transform-header-lines", "bg-transform-nth", "bg-transform-with-nth",
        ], "refused: \(refused.sorted())")
    #expect(implemented.count + refused.count == Self.names.count)
  }

  @Test func `every refused fzf action is named in the list of those pick does not have`() {
    for name in Self.names {
      let bare = Self.binding(name).bare
      var table = BindingParser.Table()
      if (try? BindingParser.parse(Array(Self.binding(name).value.utf8), into: &table)) == nil {
        #expect(ActionNames.fzfOnly.contains(bare), "\(bare)")
      }
    }
  }
}
