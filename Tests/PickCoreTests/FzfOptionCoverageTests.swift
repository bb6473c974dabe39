import Foundation
import Testing

@testable import PickCore

/// Every option of `fzf --help` (0.74.5, recorded in `Fixtures/`) is either
/// parsed by pick or refused with a message that points at
/// `Docs/fzf-compatibility.md`, and that file's option table says which.
@Suite struct FzfOptionCoverageTests {
  /// The repository's root, from this file's path (`Tests/PickCoreTests/…`).
  static let root: String = {
    var components = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    components.removeLast(3)
    return components.joined(separator: "/")
  }()

  static func read(_ relativePath: String) -> String {
    guard let text = try? String(contentsOfFile: root + "/" + relativePath, encoding: .utf8) else {
      Issue.record("cannot read \(relativePath)")
      return ""
    }
    return text
  }

  /// Every long option `fzf --help` names, without dashes.
  static let fzfOptions: [String] = {
    let help = read("Tests/PickCoreTests/Fixtures/fzf-0.74.5-help.txt")
    var names: [String] = []
    for match in help.matches(of: /--([a-z0-9][a-z0-9-]*)/) where !names.contains(String(match.1)) {
      names.append(String(match.1))
    }
    return names
  }()

  /// The rows of the compatibility file's option table.
  static let optionRows: [Substring] = {
    let text = read("Docs/fzf-compatibility.md")
    guard let start = text.firstRange(of: "### Options"), let end = text.firstRange(of: "### Keys")
    else {
      Issue.record("no option table in Docs/fzf-compatibility.md")
      return []
    }
    return text[start.upperBound..<end.lowerBound].split(separator: "\n").filter { $0.hasPrefix("| `") }
  }()

  static func isParsed(_ name: String) -> Bool {
    OptionParser.allLongNames.contains(name) || OptionParser.allNegatedLongNames.contains(name)
  }

  @Test func `the recorded help names fzf's options`() {
    #expect(Self.fzfOptions.count > 100)
    #expect(Self.fzfOptions.contains("border") && Self.fzfOptions.contains("no-input"))
  }

  @Test(arguments: fzfOptions)
  func `every fzf option is parsed or refused, never both`(name: String) {
    #expect(Self.isParsed(name) != FzfOptions.unsupported.contains(name), "--\(name)")
  }

  @Test(arguments: fzfOptions)
  func `every fzf option has a row that says whether pick refuses it`(name: String) {
    let row = Self.optionRows.first { row in
      ["`", "=", "[", " "].contains { row.contains("`--\(name)\($0)") }
    }
    guard let row else {
      Issue.record("--\(name) has no row in Docs/fzf-compatibility.md")
      return
    }
    let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
    let refused = cells.count >= 2 && cells[1].hasPrefix("not supported")
    #expect(refused == FzfOptions.unsupported.contains(name), "--\(name): \(row)")
  }

  @Test func `no refused name is one pick parses`() {
    for name in FzfOptions.unsupported.sorted() {
      #expect(!Self.isParsed(name), "--\(name)")
    }
  }

  @Test func `a refused option says so and where to read why`() {
    for spelling in ["--raw", "--no-raw", "--threads=4", "+2"] {
      let shown = spelling.split(separator: "=").first.map(String.init) ?? spelling
      #expect(
        parseError([spelling]) == "\(shown) is not supported (see Docs/fzf-compatibility.md)", "\(spelling)")
    }
    #expect(parseError(["--fitler", "x"]) == "unknown option: --fitler (did you mean --filter?)")
    #expect(parseError(["--infor"]).hasPrefix("unknown option: --infor"))
  }

  @Test func `a refused option in the default options names its source`() {
    #expect(
      throws: OptionError("in PICK_DEFAULT_OPTS: --threads is not supported (see Docs/fzf-compatibility.md)")
    ) {
      try OptionParser.parse(arguments: [], defaultOpts: Array("--layout=reverse --threads=5".utf8))
    }
  }

  @Test func `fzf's short options and plus negations are parsed`() {
    for word in ["-e", "+x", "-i", "+i", "+s", "-m", "+m", "-1", "-0", "+1", "+0", "+c", "+e"] {
      #expect((try? OptionParser.parse(arguments: [Array(word.utf8)])) != nil, "\(word)")
    }
    #expect((try? OptionParser.parse(arguments: [Array("+0".utf8)]))?.exitZero == false)
  }

  private func parseError(_ words: [String]) -> String {
    do {
      _ = try OptionParser.parse(arguments: words.map { Array($0.utf8) })
      return ""
    } catch {
      return error.message
    }
  }
}
