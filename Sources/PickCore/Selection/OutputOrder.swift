/// The order in which accepted items are printed (`--output-order`).
public enum OutputOrder: Sendable {
  /// Input order; under `--tac`, display order (reversed input).
  case input
  /// The order the items were selected in, preselected and remembered items
  /// first (in input order).
  case selection
}
