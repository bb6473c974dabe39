/// What the scorers that look at one placement (`GreedyScorer`,
/// `RegionScorer`, `ExactScorer`) read of a text, position by position: its
/// folded unit, the bonus for matching there, and its character's class.
///
/// `ScoringText` answers from a prepared item's arrays. `ASCIIItemText`
/// answers from an ASCII item's bytes, so a huge line is scored with no
/// per-position arrays at all (`ItemMatcher`'s long-item path). The scorers
/// are generic over the two, so both give the same scores and positions by
/// construction.
protocol ScoringSource {
  var count: Int { get }
  /// The unit at `position`, folded as the term needs it.
  func unit(_ position: Int) -> UInt32
  /// The bonus for matching `position`.
  func bonus(_ position: Int) -> Int32
  /// The class of the character at `position`.
  func charClass(_ position: Int) -> CharClass
}

extension ScoringText: ScoringSource {
  @inline(__always) func unit(_ position: Int) -> UInt32 { units[position] }
  @inline(__always) func bonus(_ position: Int) -> Int32 { bonuses[position] }
  @inline(__always) func charClass(_ position: Int) -> CharClass { classes[position] }
}

/// An ASCII item seen as a `ScoringSource` straight from its bytes: a unit is
/// the byte (lower-cased when the term folds case, as `PreparedText` folds
/// it), a class comes from the byte's table entry, and a bonus from the
/// classes of the byte and the one before it, exactly as `PreparedText`
/// fills its arrays.
struct ASCIIItemText: ScoringSource {
  let bytes: UnsafeBufferPointer<UInt8>
  let foldsCase: Bool
  /// `BonusLookup.asciiClasses` and `BonusLookup.matrix`.
  let classes: UnsafeMutablePointer<CharClass>
  let matrix: BonusMatrix
  let initialClass: CharClass

  init(_ bytes: UnsafeBufferPointer<UInt8>, caseSensitive: Bool, lookup: BonusLookup) {
    self.bytes = bytes
    foldsCase = !caseSensitive
    classes = lookup.asciiClasses
    matrix = lookup.matrix
    initialClass = lookup.table.initialClass
  }

  var count: Int { bytes.count }

  @inline(__always) func unit(_ position: Int) -> UInt32 {
    let byte = UInt32(bytes[position])
    return foldsCase && (byte &- 0x41) < 26 ? byte | 0x20 : byte
  }

  @inline(__always) func charClass(_ position: Int) -> CharClass { classes[Int(bytes[position])] }

  @inline(__always) func bonus(_ position: Int) -> Int32 {
    let previous = position > 0 ? charClass(position - 1) : initialClass
    return matrix[previous, charClass(position)]
  }
}
