/// A `BonusTable`'s ASCII classes and bonus matrix as plain memory, for the
/// per-byte loops (preparing an ASCII item, the one-character scan): reading
/// them through the table's arrays would cost bounds and ownership checks on
/// every byte. One per matcher, shared by its prepared text.
final class BonusLookup {
  let table: BonusTable
  /// Class of each byte: below 128 the ASCII character's, from 0x81 the
  /// class a `CompactText` stand-in byte stands for, elsewhere non-word.
  /// (All 256, so a scan may look up any byte of a compact text.)
  let asciiClasses: UnsafeMutablePointer<CharClass>
  /// The bonus matrix, as `BonusTable.bonus`.
  let matrix: BonusMatrix
  /// The largest bonus in the matrix: no character can earn more.
  let bestBonus: Int32
  /// The largest bonus for a character that is not white space and does
  /// not follow any: what a match in an item without white space earns at
  /// most past its first byte (`ScoreCeiling`; `cpick_fuzzy_has_white`).
  let bestBonusAwayFromWhite: Int32
  /// A copy of `TwoByteFolding.table`, so the byte filter and `PreparedText`
  /// read it through a plain pointer in their loops (a global array would be
  /// checked and retained on every use).
  let twoByteFolding: UnsafeMutablePointer<UInt32>

  init(_ table: BonusTable) {
    self.table = table
    asciiClasses = .allocate(capacity: 256)
    asciiClasses.initialize(repeating: .nonWord, count: 256)
    for byte in 0..<128 { asciiClasses[byte] = table.charClass(UInt32(byte)) }
    for charClass in CharClass.allCases { asciiClasses[Int(CompactText.standIn(charClass))] = charClass }
    twoByteFolding = .allocate(capacity: TwoByteFolding.table.count)
    twoByteFolding.initialize(from: TwoByteFolding.table, count: TwoByteFolding.table.count)
    let bonuses = UnsafeMutablePointer<Int32>.allocate(capacity: CharClass.count * CharClass.count)
    for previous in 0..<CharClass.count {
      for current in 0..<CharClass.count {
        bonuses[BonusMatrix.index(previous: previous, current: current)] = table.bonus(
          previous: CharClass(rawValue: UInt8(previous)) ?? .nonWord,
          current: CharClass(rawValue: UInt8(current)) ?? .nonWord)
      }
    }
    matrix = BonusMatrix(base: bonuses)
    bestBonus = (0..<CharClass.count * CharClass.count).map { bonuses[$0] }.max() ?? 0
    let white = Int(CharClass.white.rawValue)
    bestBonusAwayFromWhite =
      (0..<CharClass.count).flatMap { previous in
        (0..<CharClass.count).map {
          previous == white || $0 == white ? 0 : bonuses[BonusMatrix.index(previous: previous, current: $0)]
        }
      }.max() ?? 0
  }

  deinit {
    asciiClasses.deallocate()
    matrix.base.deallocate()
    twoByteFolding.deallocate()
  }
}
