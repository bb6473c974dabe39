/// Quoting bytes as one literal word in the scripts pick prints for shells.
///
/// Only the path of the pick binary goes through here: it is the one piece
/// of those scripts that is not pick's own text, and it may hold spaces,
/// quotes or any other byte.
public enum ShellQuoting {
  /// A POSIX single-quoted word, read the same way by bash and zsh: every byte
  /// between single quotes is literal, and a quote is written `'\''` (close,
  /// escaped quote, reopen).
  public static func singleQuoted(_ bytes: [UInt8]) -> [UInt8] {
    var quoted: [UInt8] = [quote]
    for byte in bytes {
      if byte == quote {
        quoted += [quote, backslash, quote, quote]
      } else {
        quoted.append(byte)
      }
    }
    quoted.append(quote)
    return quoted
  }

  /// A fish single-quoted word: inside single quotes fish reads `\'` as a
  /// quote and `\\` as a backslash, and every other byte literally.
  public static func fishSingleQuoted(_ bytes: [UInt8]) -> [UInt8] {
    var quoted: [UInt8] = [quote]
    for byte in bytes {
      if byte == quote || byte == backslash { quoted.append(backslash) }
      quoted.append(byte)
    }
    quoted.append(quote)
    return quoted
  }

  private static let quote = UInt8(ascii: "'")
  private static let backslash = UInt8(ascii: "\\")
}
