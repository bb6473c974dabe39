/// How long a lone ESC waits for the rest of a sequence before it counts as
/// the Escape key: the `ESCDELAY` environment variable, as ncurses reads it.
public enum EscapeDelay {
  public static let defaultMilliseconds = 50
  public static let range = 25...1000

  /// `ESCDELAY`'s value in milliseconds, clamped to 25 ... 1000; 50 when it
  /// is unset, empty or not a decimal number (an optional `-` is a number,
  /// clamped up to 25).
  public static func milliseconds(fromEnvironment value: [UInt8]?) -> Int {
    guard var digits = value?[...], !digits.isEmpty else { return defaultMilliseconds }
    let negative = digits.first == UInt8(ascii: "-")
    if negative { digits = digits.dropFirst() }
    guard !digits.isEmpty, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
      return defaultMilliseconds
    }
    if negative { return range.lowerBound }
    var number = 0
    for digit in digits {
      number = number * 10 + Int(digit - 0x30)
      if number > range.upperBound { return range.upperBound }
    }
    return min(max(number, range.lowerBound), range.upperBound)
  }
}
