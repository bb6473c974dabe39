// The popup's script run by a real /bin/sh: every argument and every
// environment variable must reach the program byte for byte, whatever
// bytes they hold, and nothing else may be in its environment.

import Foundation
import PickCore
import PickTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite struct PopupScriptTests {
  /// Odd bytes: quotes, a backslash, `$`, a backquote, a newline, `;`, `#`, invalid UTF-8.
  static let odd: [UInt8] = [0x27, 0x22, 0x5C, 0x24, 0x28, 0x60, 0x0A, 0x3B, 0x23, 0xFF, 0xC3, 0x20, 0x2A]

  /// Runs the script made for `program` and `arguments` in a fresh directory;
  /// what the program wrote to standard output, and the status file.
  private func run(program: String, arguments: [[UInt8]], environment: [[UInt8]]) throws -> (
    output: [UInt8], status: String
  ) {
    let home = try ShellHome()
    let paths = PopupCommand.Paths(directory: Array(home.path.utf8))
    let script = PopupCommand.script(
      pick: Array(program.utf8), arguments: arguments, environment: environment,
      directory: Array(home.path.utf8), paths: paths, readsInput: false)
    try Data(script).write(to: URL(fileURLWithPath: String(decoding: paths.script, as: UTF8.self)))
    let result = try runProgram("/bin/sh", arguments: [paths.script], timeout: 20)
    #expect(result.status == 0)
    let output = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(home.path)/out")))
    let status = try String(contentsOfFile: "\(home.path)/status", encoding: .utf8)
    return (output, status)
  }

  @Test func `arguments with any bytes reach the program unchanged`() throws {
    let words: [[UInt8]] = [Self.odd, [], Array("--query=it's".utf8), Array("-".utf8), Array("=x".utf8)]
    let script = Array(#"for a; do printf '%s\0' "$a"; done"#.utf8)
    let (output, status) = try run(
      program: "/bin/sh", arguments: [Array("-c".utf8), script, Array("sh".utf8)] + words,
      environment: [Array("PATH=/usr/bin:/bin".utf8)])
    #expect(output == words.flatMap { $0 + [0] })
    #expect(status == "0\n")
  }

  @Test func `the environment is exactly the outer pick's`() throws {
    let entries: [[UInt8]] = [
      Array("PATH=/usr/bin:/bin".utf8), Array("ODD=".utf8) + Self.odd, Array("EMPTY=".utf8),
      Array("-DASH=1".utf8), Array("A=b=c".utf8),
    ]
    let (output, _) = try run(program: "/usr/bin/env", arguments: [], environment: entries)
    let printed = output.split(separator: 0x0A, omittingEmptySubsequences: false)
    // env prints one entry a line; ODD's newline splits it in two.
    let rejoined = printed.map(Array.init).reduce(into: [[UInt8]]()) { lines, line in
      if let last = lines.last, last.starts(with: Array("ODD=".utf8)), last.count < 4 + Self.odd.count {
        lines[lines.count - 1] = last + [0x0A] + line
      } else {
        lines.append(line)
      }
    }
    #expect(Set(rejoined.filter { !$0.isEmpty }) == Set(entries))
  }

  @Test func `a program whose path holds an equals sign still runs`() throws {
    let home = try ShellHome()
    try home.makeDirectory("a=b")
    let program = "\(home.path)/a=b/echo-args"
    try home.write("a=b/echo-args", "#!/bin/sh\nprintf '%s\\n' \"$@\"\n")
    chmod(program, 0o755)
    let (output, status) = try run(
      program: program, arguments: [Array("one".utf8)], environment: [Array("PATH=/usr/bin:/bin".utf8)])
    #expect(output == Array("one\n".utf8))
    #expect(status == "0\n")
  }
}
