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

  /// The class of a unit that is not ASCII: `CharClassTable`, generated
  /// from the standard library's Unicode properties (`CharClassTableTests`
  /// holds it to them), which asked of each character cost a search of the
  /// library's tables for each property. Units that stand for bytes that
  /// are not valid UTF-8 (from 0x110000) are non-word characters; no
  /// delimiter is outside ASCII.
  @inline(__always)
  static func ofNonASCII(_ unit: UInt32) -> CharClass {
    guard unit < CharClassTable.limit else { return .nonWord }
    let block = Int(CharClassTable.blocks[Int(unit >> CharClassTable.shift)])
    let code = CharClassTable.codes[block << CharClassTable.shift | Int(unit & CharClassTable.mask)]
    return code == 0 ? .nonWord : CharClass(rawValue: code &- 1) ?? .nonWord
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
