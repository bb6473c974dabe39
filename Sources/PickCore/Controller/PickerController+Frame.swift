/// Drawing: the layout for the current size and pane, the list height it
/// leaves, the frame itself, and the preview the frame needs.
extension PickerController {
  /// The layout for the terminal's size and the preview pane, showing
  /// the `--with-nth` text of items when there is one.
  func layout() -> PickerLayout {
    var layout = PickerLayout(width: geometry.columns, height: geometry.rows)
    layout.preview = preview
    layout.ambiguous = state.configuration.lineFit.ambiguous
    layout.hasQueryTerms = !compiled.query.isEmpty
    layout.inputFailure = inputFailure
    layout.inputTruncation = inputTruncation
    layout.infoCommandLine = infoCommandLine
    if let shownFields {
      let store = store
      layout.shownText = { item in Self.shownText(of: item, in: store, fields: shownFields) }
      if store.interpretsANSI {
        layout.shownRuns = { item in Self.shownRuns(of: item, in: store, fields: shownFields) }
      }
    }
    return layout
  }

  /// Sets the list's height from the layout, keeping the cursor in view
  /// (once per turn of the loop, and at start); while items can take
  /// several rows, the rows and each item's share of them too.
  mutating func fitList() {
    let layout = layout()
    let measure = layout.rowMeasure(for: state, store: store)
    let rows = measure == nil ? nil : layout.listLayout(for: state).listRows(for: state, store: store)
    state.fit(listHeight: layout.listHeight(for: state, store: store), listRows: rows, measure: measure)
  }

  /// The frame to draw now (`now` turns the spinner); nil while nothing may
  /// be drawn yet (inline mode waiting to learn where it is). Notes what
  /// each row holds, for the clicks that will come.
  public mutating func frame(now: Int) -> Frame? {
    guard cursorReportDeadline == nil else { return nil }
    var layout = layout()
    layout.isWaitingToAccept = isWaitingToAccept
    layout.spinnerTick = now / PickerTunables.spinnerInterval
    let store = store
    let highlighter = highlighter
    let longItemHighlights = longItemHighlights
    let (frame, roles) = layout.frameWithRoles(state, store: store) { item in
      // A long item is never matched here: its positions came with the search.
      if LongItemHighlights.isLong(store.item(item)) { return longItemHighlights.positions(of: item) ?? [] }
      let positions = PositionList()
      _ = highlighter.match(store.item(item), positions: positions)
      return positions.values
    }
    rowRoles = roles
    return frame
  }

  /// The `--with-nth` text of an item (without a trailing CR, like the matched text).
  static func shownText(of item: Int, in store: ItemStore, fields: FieldSelection) -> [UInt8] {
    var out: [UInt8] = []
    var tokens: [Range<Int>] = []
    var bytes = store.item(item)
    if bytes.last == 0x0D { bytes = UnsafeBufferPointer(rebasing: bytes.dropLast()) }
    fields.shownText(of: bytes, tokens: &tokens, into: &out)
    return out
  }

  /// The `--ansi` colours of an item's `--with-nth` text.
  private static func shownRuns(of item: Int, in store: ItemStore, fields: FieldSelection) -> [StyleRun] {
    var tokens: [Range<Int>] = []
    var bytes = store.item(item)
    if bytes.last == 0x0D { bytes = UnsafeBufferPointer(rebasing: bytes.dropLast()) }
    return fields.shownRuns(of: bytes, runs: store.styleRuns(of: item), tokens: &tokens)
  }

  /// The preview pane, with `--preview`.
  var preview: PreviewPane? { previewScheduler?.pane }

  /// Asks for the preview of the item under the cursor, as the pane will
  /// show it (the scheduler skips what it shows or has scheduled already),
  /// and starts what is due.
  mutating func previewRequest(now: Int) -> [PickerEffect] {
    guard let pane = preview, let template = previewScheduler?.template else { return [] }
    guard pane.isVisible else { return previewCommands(previewScheduler?.tick(now: now) ?? []) }
    // A visible pane with no room (`--preview-window 0`) still runs its
    // command, as fzf: scripts rely on its side effects and on `{f}`.
    let size =
      layout().contentLayout(for: state).layout.previewGeometry(pane).map {
        pane.contentSize(width: $0.paneWidth, height: $0.paneHeight)
      } ?? (columns: 0, lines: 0)
    let selected = template.usesSelection && state.selection.count > 0 ? state.chosenItems() : []
    let request = PreviewRequest(
      item: state.currentItem, query: template.usesQuery ? state.editor.bytes : [], selection: selected,
      columns: size.columns, lines: size.lines)
    var commands: [PreviewScheduler.Command] = []
    if previewScheduler?.isNew(request) == true {
      let context = commandContext(for: template)
      commands += previewScheduler?.request(request, context: context, now: now) ?? []
    }
    commands += previewScheduler?.tick(now: now) ?? []
    return previewCommands(commands)
  }
}
