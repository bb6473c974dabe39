// Helpers for the Robustness*Tests suites (issue 6; the table of cases is in
// Docs/Reliability.md): what pick may write to its terminal, a stricter
// replay of the screen, and pick run by a shell for redirections, pipelines
// and job control.

import PickTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

// MARK: - What pick may write to the terminal

/// Everything in `bytes` (what pick wrote to its terminal) that pick itself
/// never sends: control characters other than CR and LF, escape sequences
/// other than the CSIs it uses, C1 controls, bidi controls, line and paragraph
/// separators, and invalid UTF-8. An item's escape code that reached the
/// terminal unchanged shows up here, so an empty answer means the terminal
/// executed nothing that came from an item.
func unexpectedTerminalOutput(_ bytes: [UInt8]) -> [String] {
  var problems: [String] = []
  func note(_ what: String, at offset: Int) {
    let around = ByteString(Array(bytes[max(0, offset - 8)..<min(bytes.count, offset + 16)]))
    problems.append("\(what) at byte \(offset): \(around)")
  }
  var index = 0
  while index < bytes.count {
    let byte = bytes[index]
    switch byte {
    case 0x1B:
      guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "[") else {
        note("an escape sequence that is not a CSI", at: index)
        index += 1
        continue
      }
      var end = index + 2
      while end < bytes.count, (0x30...0x3F).contains(bytes[end]) { end += 1 }
      while end < bytes.count, (0x20...0x2F).contains(bytes[end]) { end += 1 }
      guard end < bytes.count, (0x40...0x7E).contains(bytes[end]) else {
        note("an unfinished CSI", at: index)
        index = end
        continue
      }
      let body = String(decoding: bytes[(index + 2)...end], as: UTF8.self)
      if !isPickSequence(body) { note("CSI \(body), which pick never sends", at: index) }
      index = end + 1
    case 0x0A, 0x0D:
      index += 1
    case 0x00..<0x20, 0x7F:
      note("control character 0x\(String(byte, radix: 16))", at: index)
      index += 1
    case 0x20..<0x7F:
      index += 1
    default:
      var parser = Unicode.UTF8.ForwardParser()
      var iterator = bytes[index...].makeIterator()
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded):
        let value = Unicode.UTF8.decode(encoded).value
        switch value {
        case 0x80...0x9F: note("C1 control U+\(String(value, radix: 16))", at: index)
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
          note("bidi control U+\(String(value, radix: 16))", at: index)
        case 0x2028, 0x2029: note("separator U+\(String(value, radix: 16))", at: index)
        default: break
        }
        index += encoded.count
      case .error(let length):
        note("invalid UTF-8", at: index)
        index += max(length, 1)
      case .emptyInput:
        index = bytes.count
      }
    }
  }
  return problems
}

/// Whether `CSI body` (parameters, intermediates, final) is one pick sends:
/// cursor moves, erases, colours, its private modes, the DECRQM and cursor
/// position queries (see TerminalModes and FrameRenderer).
private func isPickSequence(_ body: String) -> Bool {
  guard let final = body.last else { return false }
  let parameters = body.dropLast()
  let isNumeric = parameters.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ";") }
  switch final {
  case "H", "J", "K", "m": return isNumeric
  case "n": return parameters == "6"
  case "h", "l":
    return ["?25", "?7", "?1049", "?2004", "?1000", "?1002", "?1003", "?1006"].contains(
      String(parameters))
  case "p": return parameters == "?2004$"
  default: return false
  }
}

extension Picker {
  /// Records an issue for everything pick wrote that it should never write
  /// (see `unexpectedTerminalOutput`).
  func expectOnlyPickSequences(sourceLocation: SourceLocation = #_sourceLocation) {
    let problems = unexpectedTerminalOutput(pty.outputBytes)
    #expect(
      problems.isEmpty, "\(problems.prefix(5).joined(separator: "\n"))",
      sourceLocation: sourceLocation)
  }

  /// The screen replayed with autowrap left on (pick's `CSI ?7l` removed): a
  /// row that pick drew wider than the window then wraps into the next row or
  /// scrolls the screen, where autowrap off would have hidden it. Only
  /// meaningful when the virtual terminal measures the characters as pick does
  /// (it gives an emoji ZWJ sequence the sum of its parts).
  func screenWithAutowrap() -> VirtualTerminal {
    var terminal = VirtualTerminal(width: columns, height: rows)
    let bytes = Array(pty.outputBytes.dropFirst(mark))
    let autowrapOff: [UInt8] = [0x1B, 0x5B, 0x3F, 0x37, 0x6C]
    var kept: [UInt8] = []
    kept.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      if bytes[index] == 0x1B, bytes[index...].starts(with: autowrapOff) {
        index += autowrapOff.count
        continue
      }
      kept.append(bytes[index])
      index += 1
    }
    terminal.feed(kept)
    return terminal
  }

  /// pick run by `/bin/sh -c script` on the pty; the script names pick `$0`.
  static func underShell(
    _ script: String, rawItems: [UInt8] = [], rows: Int = 24, columns: Int = 80,
    environment: [String: String] = [:], keepStdinOpen: Bool = false
  ) throws -> Picker {
    try Picker(
      program: "/bin/sh", arguments: ["-c", script, pickBinaryPath()], rawItems: rawItems,
      rows: rows, columns: columns, environment: environment, keepStdinOpen: keepStdinOpen)
  }

  /// Waits for the program to exit; records an issue (with the screen) and
  /// throws if it does not within `timeout` seconds.
  func finish(
    timeout: Double = 5, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> (status: Int32, stdout: [UInt8], stderr: [UInt8]) {
    guard let result = pty.wait(timeout: timeout) else {
      Issue.record(
        "the program did not exit within \(timeout) s; the screen:\n\(screen().screenText)",
        sourceLocation: sourceLocation)
      throw HarnessFailure("the program did not exit")
    }
    return result
  }

  /// Whether the terminal settings now are exactly those before the start.
  var settingsRestored: Bool {
    bytes(of: pty.termiosNow()) == bytes(of: pty.termiosBefore)
  }
}

/// The lines of `bytes`, decoded, without the final empty one.
func lines(_ bytes: [UInt8]) -> [String] {
  String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    .dropLast().map(String.init)
}

// MARK: - Keys, as a terminal sends them

enum Keys {
  static let enter: [UInt8] = [0x0D]
  static let esc: [UInt8] = [0x1B]
  static let ctrlA: [UInt8] = [0x01]
  static let ctrlC: [UInt8] = [0x03]
  static let ctrlZ: [UInt8] = [0x1A]
  static let down: [UInt8] = Array("\u{1B}[B".utf8)
  static func paste(_ bytes: [UInt8]) -> [UInt8] {
    Array("\u{1B}[200~".utf8) + bytes + Array("\u{1B}[201~".utf8)
  }
}
