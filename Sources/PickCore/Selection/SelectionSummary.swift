/// What the select-all row shows: the box, `S of N`, `+K hidden`, and whether
/// the info line says `cap reached`.
public struct SelectionSummary: Equatable, Sendable {
  /// The box, over the matching items only.
  public var state: SelectAllState
  /// Selected items among the matching ones (S in `S of N`).
  public var selectedMatching: Int
  /// Matching items (N in `S of N`).
  public var matching: Int
  /// Selected items the query hides (`+K hidden`).
  public var hidden: Int
  /// Whether `--multi=MAX` allows no further selection.
  public var isCapReached: Bool

  public init(state: SelectAllState, selectedMatching: Int, matching: Int, hidden: Int, isCapReached: Bool) {
    self.state = state
    self.selectedMatching = selectedMatching
    self.matching = matching
    self.hidden = hidden
    self.isCapReached = isCapReached
  }
}
