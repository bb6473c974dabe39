/// Where one term matched in a text, and how well.
public struct ScoredMatch: Equatable, Sendable {
  /// Higher is better. Comparable only between items matched by the same query.
  public var score: Int32
  /// First matched unit.
  public var start: Int
  /// One past the last matched unit.
  public var end: Int

  public init(score: Int32, start: Int, end: Int) {
    self.score = score
    self.start = start
    self.end = end
  }
}

/// The text one term is matched against: folded units with the bonus and
/// class of each position, as views into a worker's scratch buffers.
struct ScoringText {
  /// Units after case folding and accent folding, as the term needs them.
  let units: UnsafeBufferPointer<UInt32>
  /// The bonus for matching each position (from the original characters' classes).
  let bonuses: UnsafeBufferPointer<Int32>
  /// The class of each position's original character.
  let classes: UnsafeBufferPointer<CharClass>

  var count: Int { units.count }

  /// The part `range` of this text, scored as if it were a text of its own (`--nth` chunks).
  func slice(_ range: Range<Int>) -> ScoringText {
    ScoringText(
      units: UnsafeBufferPointer(rebasing: units[range]),
      bonuses: UnsafeBufferPointer(rebasing: bonuses[range]),
      classes: UnsafeBufferPointer(rebasing: classes[range]))
  }
}

/// Collects matched positions when a caller asks for them (highlighting);
/// scoring without it records nothing.
public final class PositionList {
  public var values: [Int] = []
  public init() {}
}
