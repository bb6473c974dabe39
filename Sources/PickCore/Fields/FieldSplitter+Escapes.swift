extension FieldSplitter {
  /// The delimiter bytes a `-d` argument stands for, or `nil` when it holds an
  /// unknown escape (a usage error for the option parser to report).
  ///
  /// pick's `-d` is literal, so a few escapes are needed to type the bytes a
  /// shell makes awkward: `\t` (tab; fzf knows only this one), `\n`, `\0`
  /// and `\\`. Any other backslash, including a trailing one, is rejected
  /// rather than kept: `-d '\|'` or `-d '\.'` are fzf regular expressions
  /// meaning `|` and `.`, and silently splitting on two bytes instead would
  /// give wrong fields without a word.
  public static func delimiter(unescaping argument: [UInt8]) -> [UInt8]? {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(argument.count)
    var index = 0
    while index < argument.count {
      let byte = argument[index]
      index += 1
      guard byte == UInt8(ascii: "\\") else {
        bytes.append(byte)
        continue
      }
      guard index < argument.count else { return nil }
      switch argument[index] {
      case UInt8(ascii: "t"): bytes.append(0x09)
      case UInt8(ascii: "n"): bytes.append(0x0A)
      case UInt8(ascii: "0"): bytes.append(0x00)
      case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
      default: return nil
      }
      index += 1
    }
    return bytes
  }
}
