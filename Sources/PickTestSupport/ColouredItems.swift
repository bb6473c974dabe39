/// Random items with escape sequences of every kind `--ansi` reads, for the
/// tests that hold `--filter --ansi` to `--filter` over the stripped text:
/// SGR with many parameters, 256 and 24-bit colours, other CSI, OSC and
/// DCS strings, sequences cut short, a lone ESC at the end, a sequence
/// inside a multi-byte character, invalid UTF-8, NUL, CR and tabs, around
/// words that common queries find.
public enum ColouredItems {
  /// Text pieces: ASCII words, accents (precomposed and combining), CJK,
  /// fullwidth letters that fold to ASCII, and separators of fields.
  static let words: [[UInt8]] = [
    "conf", "lib", "src", "main", "abc", "zq", "ab", "cd", "é", "É", "e\u{301}", "日本", "ｆｏｏ", "naïve",
    "ß", "/", ".", " ", "  ", "-", "_", "a", "b", "d", "x", "1", "m", "[", ";", "\t",
  ].map { Array($0.utf8) }

  /// Escape sequences, whole or cut short (the text after one may continue it).
  static let sequences: [[UInt8]] =
    [
      "\u{1B}[0m", "\u{1B}[m", "\u{1B}[01;34m", "\u{1B}[1m", "\u{1B}[38;5;196m", "\u{1B}[38;2;10;200;30m",
      "\u{1B}[1;2;3;4;5;7;9;21;53;48;5;17m", "\u{1B}[4:3m", "\u{1B}[K", "\u{1B}[2J", "\u{1B}[?25h",
      "\u{1B}[1 q", "\u{1B}[>4;1m", "\u{1B}]0;title\u{07}", "\u{1B}]8;;http://x/\u{1B}\\", "\u{1B}P1$r\u{1B}\\",
      "\u{1B}(B", "\u{1B}=", "\u{1B}7", "\u{1B}", "\u{1B}[", "\u{1B}[3", "\u{1B}]2;cut", "\u{1B}\u{1B}[1m",
      "\u{1B}]x\u{1B}[1m",
    ].map { Array($0.utf8) } + [
      Array("\u{1B}[".utf8) + Array(repeating: Array("1;".utf8), count: 300).flatMap { $0 } + [0x6D]
    ]

  /// Bytes that are not text: invalid UTF-8, controls.
  static let oddities: [[UInt8]] = [[0xFF], [0xC3], [0x7F], [0x07], [0x0D], [0x00], [0x0A], [0x80, 0x80]]

  /// Characters of two to four bytes, to be cut by a sequence.
  static let wide: [[UInt8]] = ["é", "日", "ｆ", "😀", "Å"].map { Array($0.utf8) }

  /// One item: none of its bytes is `separator`.
  public static func item(separator: UInt8, using generator: inout SeededGenerator) -> [UInt8] {
    var bytes: [UInt8] = []
    for _ in 0..<Int.random(in: 0...12, using: &generator) {
      switch Int.random(in: 0..<10, using: &generator) {
      case 0..<4: bytes += words[Int.random(in: 0..<words.count, using: &generator)]
      case 4..<8: bytes += sequences[Int.random(in: 0..<sequences.count, using: &generator)]
      case 8:
        let character = wide[Int.random(in: 0..<wide.count, using: &generator)]
        let cut = Int.random(in: 1..<character.count, using: &generator)
        bytes += character[..<cut]
        bytes += sequences[Int.random(in: 0..<6, using: &generator)]
        bytes += character[cut...]
      default: bytes += oddities[Int.random(in: 0..<oddities.count, using: &generator)]
      }
    }
    if Bool.random(using: &generator) && bytes.count % 3 == 0 { bytes += [0x0D] }
    return bytes.filter { $0 != separator }
  }

  /// `count` items, each followed by `separator` but perhaps the last.
  public static func input(count: Int, separator: UInt8, seed: UInt64) -> [UInt8] {
    var generator = SeededGenerator(seed: seed)
    var bytes: [UInt8] = []
    for index in 0..<count {
      bytes += item(separator: separator, using: &generator)
      if index + 1 < count || Bool.random(using: &generator) { bytes.append(separator) }
    }
    return bytes
  }
}
