/// The state of the select-all box, over the items that match the query:
/// `[ ]` none of them selected, `[-]` some, `[x]` all.
public enum SelectAllState: Equatable, Sendable {
  case none, some, all
}
