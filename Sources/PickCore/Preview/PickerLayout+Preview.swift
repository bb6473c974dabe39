/// Where the preview pane goes: the screen is split between the list (with
/// its prompt, info and header rows) and the pane.
///
/// - `right`/`left`: the pane takes `N` or `N%` of the width, the list the
///   rest. A pane on the right stops two columns short of the screen's edge,
///   as every row does (its border glyphs are East Asian "ambiguous", and
///   nothing ambiguous goes in the last two columns: Docs/Design.md, Drawing); a pane on
///   the left leaves one blank column before the list.
/// - `up`/`down`: the pane takes `N` or `N%` of the rows, above or below
///   everything else, and stops two columns short of the right edge.
///
/// The list keeps at least 3 columns and its prompt and info rows; a pane
/// that would leave less is made smaller, and a pane with no room at all is
/// not drawn.
extension PickerLayout {
  /// The pane's and the list's rectangles, in frame cells.
  public struct PreviewGeometry: Equatable, Sendable {
    public var paneRow: Int, paneColumn: Int, paneWidth: Int, paneHeight: Int
    public var listRow: Int, listColumn: Int, listWidth: Int, listHeight: Int

    /// Whether the frame cell (`row`, `column`) is inside the pane.
    public func paneContains(row: Int, column: Int) -> Bool {
      row >= paneRow && row < paneRow + paneHeight && column >= paneColumn
        && column < paneColumn + paneWidth
    }
  }

  /// Where the pane and the list go, or nil when the pane is hidden or has no room.
  public func previewGeometry(_ pane: PreviewPane) -> PreviewGeometry? {
    guard pane.isVisible else { return nil }
    let spec = pane.spec
    if spec.side.isBeside {
      let minimumList = min(3, width)
      // Two columns kept free at the right edge; one between a left pane and the list.
      let gap = spec.side == .right ? 2 : 1
      let region = min(Self.region(spec.size, in: width, border: pane.borderSize.columns + gap), width - minimumList)
      let drawn = region - gap
      guard drawn >= 1 else { return nil }
      let listWidth = width - region
      return spec.side == .right
        ? PreviewGeometry(
          paneRow: 0, paneColumn: listWidth, paneWidth: drawn, paneHeight: height,
          listRow: 0, listColumn: 0, listWidth: listWidth, listHeight: height)
        : PreviewGeometry(
          paneRow: 0, paneColumn: 0, paneWidth: drawn, paneHeight: height,
          listRow: 0, listColumn: region, listWidth: listWidth, listHeight: height)
    }
    let paneHeight = min(Self.region(spec.size, in: height, border: pane.borderSize.lines), height - 2)
    let paneWidth = width - 2
    guard paneHeight >= 1, paneWidth >= 1 else { return nil }
    let listHeight = height - paneHeight
    return spec.side == .up
      ? PreviewGeometry(
        paneRow: 0, paneColumn: 0, paneWidth: paneWidth, paneHeight: paneHeight,
        listRow: paneHeight, listColumn: 0, listWidth: width, listHeight: listHeight)
      : PreviewGeometry(
        paneRow: listHeight, paneColumn: 0, paneWidth: paneWidth, paneHeight: paneHeight,
        listRow: 0, listColumn: 0, listWidth: width, listHeight: listHeight)
  }

  /// The cells a pane of `size` takes along a side of `total` cells: a
  /// number is the size of its text, as fzf (`down:1` is one row of text
  /// below the border), so `border` (and the gap beside the pane) comes on
  /// top; a percentage is of the whole and includes them.
  private static func region(_ size: PreviewWindowSpec.Size, in total: Int, border: Int) -> Int {
    switch size {
    // Size 0 draws nothing (its command still runs, as fzf).
    case .cells(0): return 0
    case .cells(let n): return min(n + border, total)
    case .percent: return size.resolved(in: total)
    }
  }

  /// How many rows the list has (at least 1): the controller sets the
  /// state's list height from this on every change of size, matches or pane,
  /// before a frame is drawn.
  public func listHeight(for state: PickerState, store: ItemStore) -> Int {
    if let (content, _) = decoratedContent(state) { return content.listHeight(for: state, store: store) }
    guard let preview, let geometry = previewGeometry(preview) else {
      return listRowCount(for: state, store: store)
    }
    let listLayout = listLayout(geometry)
    return listLayout.listRowCount(for: state, store: store)
  }

  /// The layout the list (with its prompt, info and header rows) is drawn
  /// with beside or above the pane; a pane on the right is at its right edge.
  private func listLayout(_ geometry: PreviewGeometry) -> PickerLayout {
    var layout = self
    layout.preview = nil
    layout.width = geometry.listWidth
    layout.height = geometry.listHeight
    if geometry.paneColumn > geometry.listColumn { layout.reachesScreenEdge = false }
    return layout
  }

  /// The frame for `state`, with the preview pane when there is one.
  public func frame(_ state: PickerState, store: ItemStore, highlight: (Int) -> [Int]) -> Frame {
    frameWithRoles(state, store: store, highlight: highlight).frame
  }

  /// The frame for `state` and, for each of its rows, what the list has on
  /// it (`.empty` on rows that are only the pane's; beside the list, a row
  /// holds both: `previewGeometry` says which columns are the pane's).
  public func frameWithRoles(_ state: PickerState, store: ItemStore, highlight: (Int) -> [Int])
    -> (frame: Frame, roles: [RowRole])
  {
    if let decorated = decoratedFrameWithRoles(state, store: store, highlight: highlight) { return decorated }
    guard let preview, let geometry = previewGeometry(preview) else {
      return listFrameWithRoles(state, store: store, highlight: highlight)
    }
    let listLayout = listLayout(geometry)
    let (list, listRoles) = listLayout.listFrameWithRoles(state, store: store, highlight: highlight)
    var themed = preview
    themed.theme = state.configuration.theme
    themed.usesASCII = !state.configuration.drawsUnicodeLines
    themed.ambiguous = state.configuration.lineFit.ambiguous
    themed.wrapSign = state.configuration.previewWrapSign
    themed.label = state.configuration.previewLabel.label
    themed.labelStyle = state.configuration.previewLabel.labelStyle
    let pane = themed.rows(width: geometry.paneWidth, height: geometry.paneHeight)
    var rows: [[Span]] = []
    var roles: [RowRole] = []
    for row in 0..<height {
      var spans: [Span] = []
      let listIndex = row - geometry.listRow
      let paneIndex = row - geometry.paneRow
      let listRow = listIndex >= 0 && listIndex < list.rows.count ? list.rows[listIndex] : nil
      let paneRow = paneIndex >= 0 && paneIndex < pane.count ? pane[paneIndex] : nil
      if geometry.paneColumn < geometry.listColumn {
        spans += PreviewPane.fitted(paneRow ?? [], width: geometry.listColumn, ambiguous: ambiguous)
        if let listRow { spans += listRow }
      } else if let listRow {
        spans += paneRow == nil ? listRow : PreviewPane.fitted(listRow, width: geometry.listWidth, ambiguous: ambiguous)
        spans += paneRow ?? []
      } else {
        spans += paneRow ?? []
      }
      rows.append(spans)
      roles.append(listIndex >= 0 && listIndex < listRoles.count ? listRoles[listIndex] : .empty)
    }
    let cursor = list.cursor.map {
      CursorPosition(row: $0.row + geometry.listRow, column: $0.column + geometry.listColumn)
    }
    return (Frame(width: width, height: height, rows: rows, cursor: cursor), roles)
  }
}
