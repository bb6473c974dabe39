/// Text for a message on standard error, which is one line whatever it
/// quotes: a path, a command or an option value with a newline, an escape
/// sequence or a BEL in it must neither split the message nor act on the
/// terminal. Control characters are escaped as Swift writes them
/// (`\n`, `\u{1B}`), and invalid UTF-8 becomes U+FFFD.
public enum MessageText {
  /// `text` with every control character escaped.
  public static func oneLine(_ text: String) -> String {
    var line = ""
    for scalar in text.unicodeScalars {
      if scalar.properties.generalCategory == .control {
        line += scalar.escaped(asASCII: true)
      } else {
        line.unicodeScalars.append(scalar)
      }
    }
    return line
  }

  /// `bytes` as text, with every control character escaped.
  public static func oneLine(_ bytes: [UInt8]) -> String {
    oneLine(String(decoding: bytes, as: UTF8.self))
  }
}
