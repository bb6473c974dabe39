/// A cell on a frame, 0-based: where the real text cursor goes (the query's
/// editing position), so terminals and screen readers follow the typing.
public struct CursorPosition: Hashable, Sendable {
  public var row: Int
  public var column: Int

  public init(row: Int, column: Int) {
    self.row = row
    self.column = column
  }
}
