import Foundation
import Testing

@testable import PickCore

/// `Docs/pick.1` and the option table cannot drift: every option the parser
/// accepts is in the man page, every option the man page names is accepted,
/// and the page renders without a warning.
@Suite struct ManPageTests {
  /// `Docs/pick.1`, found from this file's path (`Tests/PickCoreTests/…`).
  static let path: String = {
    var components = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    components.removeLast(3)
    return (components + ["Docs", "pick.1"]).joined(separator: "/")
  }()

  /// The roff source as written.
  static let source: String = {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
      Issue.record("cannot read \(path)")
      return ""
    }
    return text
  }()

  /// The source with roff's escaped minus (`\-`) turned back into `-`.
  static var unescaped: String { source.replacing("\\-", with: "-") }

  /// Every `--name` in the page (after unescaping), without dashes, outside
  /// comments and the examples (`.EX` to `.EE`), which also show other
  /// commands' options.
  static let mentioned: Set<String> = {
    var prose: [Substring] = []
    var isInExample = false
    for line in unescaped.split(separator: "\n") {
      if line.hasPrefix(".EX") { isInExample = true }
      if !isInExample, !line.hasPrefix(".\\\"") { prose.append(line) }
      if line.hasPrefix(".EE") { isInExample = false }
    }
    return Set(longOptions(in: prose.joined(separator: "\n")))
  }()

  /// `name` as roff spells it: `ignore-case` is `\-\-ignore\-case`.
  private static func escaped(_ spelling: String) -> String {
    spelling.replacing("-", with: "\\-")
  }

  @Test(arguments: OptionParser.allLongNames)
  func `the man page lists every option`(name: String) {
    #expect(Self.mentioned.contains(name), "--\(name)")
    #expect(Self.source.contains(Self.escaped("--\(name)")), "--\(name) with escaped dashes")
  }

  @Test(arguments: OptionParser.allNegatedLongNames)
  func `the man page lists every negated option`(name: String) {
    #expect(Self.mentioned.contains(name), "--\(name)")
    #expect(Self.source.contains(Self.escaped("--\(name)")), "--\(name) with escaped dashes")
  }

  @Test func `every long option the man page mentions is accepted`() {
    #expect(Self.mentioned.count >= OptionParser.allLongNames.count)
    for name in Self.mentioned.sorted() {
      #expect(isAcceptedOption("--\(name)"), "--\(name)")
    }
  }

  @Test func `every option in the help is in the man page`() {
    for name in longOptions(in: Usage.text) {
      #expect(Self.mentioned.contains(name), "--\(name)")
    }
    // Short options are written as a bold heading: \fB\-x\fR, \fB+x\fR.
    let shorts = Usage.text.split(separator: "\n").compactMap { line -> String? in
      let option = line.drop { $0 == " " }.prefix(3)
      guard option.count == 3, option.first == "-" || option.first == "+", option.last == ","
      else { return nil }
      return String(option.dropLast())
    }
    #expect(!shorts.isEmpty)
    for spelling in shorts {
      #expect(Self.source.contains("\\fB\(Self.escaped(spelling))\\fR"), "\(spelling)")
    }
  }

  @Test func `every dash in an option is escaped`() {
    // An unescaped `-` renders as a hyphen (U+2010) in UTF-8, which a shell
    // does not take for a minus when the option is copied.
    for line in Self.source.split(separator: "\n") where !line.hasPrefix(".\\\"") {
      #expect(!line.contains("--"), "\(line)")
      #expect(!line.contains(" -"), "\(line)")
    }
  }

  @Test func `the man page names the version`() {
    #expect(Self.source.contains("\"pick \(PickVersion.current)\""))
  }

  @Test func `groff renders the man page without a warning`() throws {
    let groff = "/usr/bin/groff"
    guard FileManager.default.isExecutableFile(atPath: groff) else {
      print("skipped: \(groff) is missing (CI installs groff-base)")
      return
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: groff)
    process.arguments = ["-man", "-ww", "-z", Self.path]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let bytes = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(String(decoding: bytes, as: UTF8.self) == "")
  }
}

/// Every `--name` written in `text`: two dashes, then lower-case letters,
/// digits and inner dashes.
private func longOptions(in text: String) -> [String] {
  var names: [String] = []
  var scalars = text.unicodeScalars[...]
  while let start = scalars.firstRange(of: "--".unicodeScalars) {
    let rest = scalars[start.upperBound...]
    let name = rest.prefix { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    if !name.isEmpty { names.append(String(String.UnicodeScalarView(name))) }
    scalars = rest.dropFirst(name.count)
  }
  return names
}

/// Whether the parser knows `spelling`: it may still want a value, but it is
/// not an unknown option.
private func isAcceptedOption(_ spelling: String) -> Bool {
  do {
    _ = try OptionParser.parse(arguments: [Array(spelling.utf8)])
    return true
  } catch {
    return !error.message.hasPrefix("unknown option") && !error.message.contains("is not supported")
  }
}
