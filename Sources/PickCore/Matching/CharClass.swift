/// What kind of character a match unit is, for deciding where words start.
///
/// The order matters: every class after `.delimiter` is part of a word, so a
/// word starts where one of them follows a class up to `.delimiter`.
public enum CharClass: UInt8, Sendable, BitwiseCopyable, CaseIterable {
  case white = 0
  case nonWord
  case delimiter
  case lower
  case upper
  case letter
  case number

  /// The number of classes (the bonus matrix's side).
  static let count = 7

  /// Whether the class is part of a word.
  @inline(__always)
  var isWord: Bool { rawValue > CharClass.delimiter.rawValue }

  /// The class of a unit that is not ASCII. Bytes that are not valid UTF-8 are non-word characters.
  static func ofNonASCII(_ unit: UInt32, delimiters: DelimiterSet) -> CharClass {
    guard unit < 0x110000, let scalar = Unicode.Scalar(unit) else { return .nonWord }
    let properties = scalar.properties
    if properties.isLowercase { return .lower }
    if properties.isUppercase { return .upper }
    switch properties.generalCategory {
    case .decimalNumber, .letterNumber, .otherNumber: return .number
    case .lowercaseLetter: return .lower
    case .uppercaseLetter, .titlecaseLetter: return .upper
    case .modifierLetter, .otherLetter: return .letter
    default: break
    }
    if properties.isWhitespace { return .white }
    if delimiters.contains(unit) { return .delimiter }
    return .nonWord
  }
}

/// The characters that count as delimiters (a word after them gets a larger
/// bonus than after other punctuation): `/,:;|` normally, only `/` for paths.
public struct DelimiterSet: Sendable, Equatable {
  private var bits: UInt128 = 0

  init(_ characters: String) {
    for byte in characters.utf8 where byte < 128 { bits |= 1 << UInt128(byte) }
  }

  @inline(__always)
  func contains(_ unit: UInt32) -> Bool {
    unit < 128 && bits & (1 << UInt128(unit)) != 0
  }
}
