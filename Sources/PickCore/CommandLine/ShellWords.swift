/// Splits `PICK_DEFAULT_OPTS` and the `PICK_DEFAULT_OPTS_FILE` contents into
/// words the way a POSIX shell splits a simple command, without expanding
/// anything.
///
/// The rules, in the order the splitter meets them:
///
/// - Unquoted space, tab, newline (and carriage return, so a file saved with
///   CRLF line ends works) separate words; runs of them count as one.
/// - `#` at the start of a word starts a comment that runs to the end of the
///   line, so an options file can explain itself.
/// - `'...'` is literal: every byte up to the next `'` is kept.
/// - `"..."` keeps every byte except that a backslash escapes `\`, `"`, `$`,
///   `` ` `` and newline (a backslash-newline pair is removed); before any
///   other byte the backslash stays, as in a shell.
/// - An unquoted backslash keeps the next byte literally; backslash-newline is
///   a line continuation and disappears.
/// - Quoted and unquoted parts join into one word (`a'b'"c"` is `abc`), and an
///   empty pair of quotes is an empty word.
/// - `$`, `*`, `~` and the like are ordinary bytes: no variables, globs or
///   command substitution, because the options are data, not a script.
///
/// It works on bytes so that a non-UTF-8 query in the defaults survives.
public enum ShellWords {
  /// Splits `text` into words; throws on an unterminated quote.
  public static func split(_ text: [UInt8]) throws(OptionError) -> [[UInt8]] {
    var words: [[UInt8]] = []
    var word: [UInt8] = []
    // Separate from `word.isEmpty`: `''` starts a word that has no bytes but
    // must still be emitted.
    var isInWord = false
    var index = 0

    while index < text.count {
      let byte = text[index]
      index += 1
      switch byte {
      case ASCII.space, ASCII.tab, ASCII.newline, ASCII.carriageReturn:
        if isInWord { words.append(word) }
        word = []
        isInWord = false
        continue
      case ASCII.hash where !isInWord:
        while index < text.count, text[index] != ASCII.newline { index += 1 }
        continue
      case ASCII.backslash:
        if index == text.count {
          // A trailing backslash has nothing to escape: keep it, as bash does.
          word.append(byte)
        } else {
          if text[index] != ASCII.newline { word.append(text[index]) }
          index += 1
        }
      case ASCII.singleQuote:
        guard let close = text[index...].firstIndex(of: ASCII.singleQuote) else {
          throw OptionError("unterminated single quote")
        }
        word += text[index..<close]
        index = close + 1
      case ASCII.doubleQuote:
        index = try appendDoubleQuoted(text, from: index, to: &word)
      default:
        word.append(byte)
      }
      isInWord = true
    }
    if isInWord { words.append(word) }
    return words
  }

  /// Appends the inside of a double-quoted part starting at `start` (just
  /// after the opening quote) and returns the index after the closing quote.
  private static func appendDoubleQuoted(
    _ text: [UInt8], from start: Int, to word: inout [UInt8]
  ) throws(OptionError) -> Int {
    var index = start
    while index < text.count {
      let byte = text[index]
      index += 1
      if byte == ASCII.doubleQuote { return index }
      if byte == ASCII.backslash, index < text.count,
        escapableInDoubleQuotes.contains(text[index])
      {
        if text[index] != ASCII.newline { word.append(text[index]) }
        index += 1
      } else {
        word.append(byte)
      }
    }
    throw OptionError("unterminated double quote")
  }

  /// The bytes a backslash escapes inside double quotes (POSIX 2.2.3).
  private static let escapableInDoubleQuotes: [UInt8] = [
    ASCII.backslash, ASCII.doubleQuote, ASCII.dollar, ASCII.backtick, ASCII.newline,
  ]

  private enum ASCII {
    static let tab = UInt8(ascii: "\t")
    static let newline = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
    static let space = UInt8(ascii: " ")
    static let hash = UInt8(ascii: "#")
    static let backslash = UInt8(ascii: "\\")
    static let singleQuote = UInt8(ascii: "'")
    static let doubleQuote = UInt8(ascii: "\"")
    static let dollar = UInt8(ascii: "$")
    static let backtick = UInt8(ascii: "`")
  }
}
