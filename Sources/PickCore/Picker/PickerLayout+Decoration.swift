/// The layout inside `--margin`, `--border` and `--padding`: the frame is
/// drawn by a layout of the content's size, with no decoration, and then
/// placed by the `FrameDecoration`. Everything that maps screen cells to
/// what is drawn (mouse clicks, the preview's size) goes through
/// `contentLayout(for:)`, so it moves by the same offsets.
extension PickerLayout {
  /// The layout the content is drawn with, and where its first cell is on
  /// the screen; `self` at (0, 0) when nothing decorates the frame.
  public func contentLayout(for state: PickerState) -> (layout: PickerLayout, row: Int, column: Int) {
    guard let (layout, geometry) = decoratedContent(state) else { return (self, 0, 0) }
    return (layout, geometry.content.top, geometry.content.left)
  }

  /// The content's layout and geometry, or nil when the frame is not decorated.
  func decoratedContent(_ state: PickerState) -> (PickerLayout, FrameDecoration.Geometry)? {
    let decoration = state.configuration.decoration
    guard isDecorated, !decoration.isEmpty, let geometry = decoration.geometry(width: width, height: height) else {
      return nil
    }
    var inner = self
    inner.width = geometry.content.width
    inner.height = geometry.content.height
    inner.isDecorated = false
    // Two columns or more beyond the content (a box's right line and its
    // space, or a margin): the content's boxes may reach its right edge.
    if geometry.content.left + geometry.content.width <= width - 2 { inner.reachesScreenEdge = false }
    return (inner, geometry)
  }

  /// The decorated frame and its rows' roles (`.empty` on the margins,
  /// lines and paddings); nil when the frame is not decorated.
  func decoratedFrameWithRoles(_ state: PickerState, store: ItemStore, highlight: (Int) -> [Int])
    -> (frame: Frame, roles: [RowRole])?
  {
    guard let (inner, geometry) = decoratedContent(state) else { return nil }
    let (frame, innerRoles) = inner.frameWithRoles(state, store: store, highlight: highlight)
    var roles = Array(repeating: RowRole.empty, count: height)
    for (index, role) in innerRoles.enumerated() where geometry.content.top + index < height {
      roles[geometry.content.top + index] = role
    }
    let decorated = state.configuration.decoration.decorate(frame, in: geometry, width: width, height: height)
    return (decorated, roles)
  }
}
