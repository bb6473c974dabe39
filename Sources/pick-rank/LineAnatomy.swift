/// A list line taken apart the way a person reads it: its file name, its
/// directories, its whitespace-separated tokens and its words. Computed once
/// per line, so the intention rule can scan a whole list per query cheaply.
///
/// Everything is lower-cased ASCII bytes: the queries are lower case, and
/// under smart case a lower-case query ignores case in both fzf and pick.
struct LineAnatomy: Sendable {
  /// The line, lower-cased.
  let text: [UInt8]
  /// Where the last path component starts (0 when there is no `/`).
  let basenameStart: Int
  /// Where the file name's first `.` is (its stem ends there), or the end.
  let stemEnd: Int
  /// The path components before the file name.
  let directories: [Range<Int>]
  /// Runs of non-blank characters: a command's program and arguments.
  let tokens: [Range<Int>]
  /// Runs of letters and digits, also split where camel case starts a new
  /// word (`UserProfile` is `user`, `profile`).
  let words: [Range<Int>]
  /// `CharacterSet64` bits of the first byte of every word.
  let wordInitials: UInt64
  /// `CharacterSet64` bits of every byte of the line.
  let characters: UInt64

  init(_ line: String) {
    let original = Array(line.utf8)
    text = original.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }
    let slash = UInt8(ascii: "/")
    let basenameStart = (original.lastIndex(of: slash) ?? -1) + 1
    self.basenameStart = basenameStart
    // A leading dot (`.gitignore`) is part of the name, not an extension.
    let dot = original.indices.dropFirst(basenameStart + 1).first { original[$0] == UInt8(ascii: ".") }
    stemEnd = dot ?? original.count
    directories = Self.runs(in: original[..<basenameStart]) { $0 != slash }
    tokens = Self.runs(in: original[...]) { $0 != UInt8(ascii: " ") }
    var words: [Range<Int>] = []
    for run in Self.runs(in: original[...], where: Self.isAlphanumeric) {
      var start = run.lowerBound
      for i in run.dropFirst() where Self.isUpper(original[i]) && Self.isLower(original[i - 1]) {
        words.append(start..<i)
        start = i
      }
      words.append(start..<run.upperBound)
    }
    self.words = words
    let lowered = text
    wordInitials = words.reduce(0) { $0 | CharacterSet64.bit(lowered[$1.lowerBound]) }
    characters = CharacterSet64.bits(lowered)
  }

  var basename: Range<Int> { basenameStart..<text.count }
  var stem: Range<Int> { basenameStart..<stemEnd }

  /// The lower-cased text of a range.
  func string(_ range: Range<Int>) -> String {
    String(decoding: text[range], as: UTF8.self)
  }

  /// Whether the text in `range` starts with `prefix`.
  func range(_ range: Range<Int>, hasPrefix prefix: [UInt8]) -> Bool {
    guard range.count >= prefix.count else { return false }
    var i = range.lowerBound
    for byte in prefix {
      if text[i] != byte { return false }
      i += 1
    }
    return true
  }

  /// The first letter or digit of a range (`.venv` → `v`), if any.
  func initial(of range: Range<Int>) -> UInt8? {
    text[range].first(where: Self.isAlphanumeric)
  }

  private static func runs(in bytes: ArraySlice<UInt8>, where belongs: (UInt8) -> Bool) -> [Range<Int>] {
    var result: [Range<Int>] = []
    var start: Int?
    for i in bytes.indices {
      if belongs(bytes[i]) {
        if start == nil { start = i }
      } else if let s = start {
        result.append(s..<i)
        start = nil
      }
    }
    if let s = start { result.append(s..<bytes.endIndex) }
    return result
  }

  static func isAlphanumeric(_ byte: UInt8) -> Bool {
    isLower(byte) || isUpper(byte) || (byte >= 48 && byte <= 57)
  }

  private static func isLower(_ byte: UInt8) -> Bool { byte >= 97 && byte <= 122 }
  private static func isUpper(_ byte: UInt8) -> Bool { byte >= 65 && byte <= 90 }
}

/// A lossy 64-bit set of bytes, for rejecting most lines before the exact
/// check: letters and digits each get a bit, other bytes share the rest.
enum CharacterSet64 {
  static func bit(_ byte: UInt8) -> UInt64 {
    switch byte {
    case 97...122: return 1 << UInt64(byte - 97)
    case 48...57: return 1 << UInt64(26 + byte - 48)
    default: return 1 << UInt64(36 + byte % 28)
    }
  }

  static func bits<S: Sequence<UInt8>>(_ bytes: S) -> UInt64 {
    bytes.reduce(0) { $0 | bit($1) }
  }
}
