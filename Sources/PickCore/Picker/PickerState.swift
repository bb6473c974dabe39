/// Everything the picker knows between frames: the query being edited, the
/// current matches, the cursor in them, the selection, and whether input is
/// still arriving. Keys become actions; actions change this state; the
/// layout draws it. No I/O here, so it is tested with keys in, frames out.
public struct PickerState: Sendable {
  /// What the controller should do after an action.
  public enum Outcome: Equatable, Sendable {
    case none
    /// The query changed: match again.
    case queryChanged
    case accept
    case abort
    /// Draw everything again (Ctrl-L).
    case redraw
    /// Stop like a job (Ctrl-Z).
    case suspend
  }

  /// What the options made of the picker; `change-header`, `change-multi`
  /// and the other `change-*` actions replace it (`PickerController`).
  public internal(set) var configuration: PickerConfiguration
  public var editor: QueryEditor
  /// `search(TEXT)`: what is matched instead of the query, until the query changes.
  public internal(set) var searchOverride: [UInt8]? = nil
  /// How many times `exclude` left items out, and the count the matches were ranked at.
  public internal(set) var exclusions = 0
  public private(set) var matchedExclusions = 0
  /// The prompt drawn before the query (`--prompt`; `change-prompt` replaces it).
  public var prompt: [UInt8]
  public var selection: Selection
  public internal(set) var matches: RankedMatches
  /// Items read so far that can match (header lines excluded).
  public var itemCount = 0
  /// Whether stdin is still open.
  public var isLoading = true
  /// Position of the cursor in `matches` (0 is the best match).
  public private(set) var cursor = 0
  /// First match shown in the list.
  public internal(set) var scroll = 0
  /// Rows the list has on screen: the controller sets it (`fit(listHeight:)`)
  /// from the layout whenever the size, the matches or the pane change.
  /// With `--gap` it counts the items those rows show.
  public private(set) var listHeight = 10
  /// How items are laid out over the rows (`--wrap`, multi-line items);
  /// `toggle-wrap`, `toggle-wrap-word` and `toggle-multi-line` change it.
  public var lineBreaking: LineBreaking
  /// The list's rows, and how many of them each item takes, while an item
  /// can take more than one (`lineBreaking.spansRows`): the list then
  /// scrolls by rows (PickerState+Rows.swift). Nil: one row an item.
  public private(set) var listRows = 10
  public private(set) var rowMeasure: RowMeasure? = nil
  /// The item under the cursor, so that it stays there while results re-rank.
  var cursorItem: Int? = nil
  /// Where the cursor goes when the next matches arrive (review return,
  /// reload, preselection): see `CursorAnchor`.
  public var anchor: CursorAnchor? = nil
  /// Whether the user has moved the cursor since the query last changed
  /// (preselection must not move a cursor the user moved).
  public private(set) var userMovedCursor = false
  /// `--track` and the track actions (PickerState+Tracking.swift).
  public internal(set) var tracking: Tracking
  /// The query the current `matches` answer.
  public private(set) var matchedQuery: [UInt8]
  /// Whether the matches were ranked over the review list (or over all items).
  public private(set) var matchedInReview = false

  /// The review view (Ctrl-S): only these items (ascending), fixed when the
  /// view is entered, so an item untoggled there stays listed and can be re-marked.
  public internal(set) var reviewItems: [Int]? = nil
  /// The query and cursor to restore when the review view is left.
  var beforeReview: (editor: QueryEditor, cursorItem: Int?)? = nil
  public var isReviewing: Bool { reviewItems != nil }

  /// The multi-select keys' hint on the info line (`Tab select`, ...): the
  /// controller sets it from the keymap at start and clears it at the
  /// first key (`--no-hint`: never set).
  public var hint: [String] = []
  /// What the last whole-list action did when it changed more than
  /// `PickerTunables.largeSelection` items (`selected 1000000`): said on the
  /// info line until the next action, as pick asks nothing before it.
  public private(set) var selectionNote: String? = nil
  /// The item last toggled one at a time: where `toggle-range` starts.
  public private(set) var rangeAnchor: Int? = nil

  public init(configuration: PickerConfiguration, query: [UInt8], matches: RankedMatches) {
    self.configuration = configuration
    editor = QueryEditor(query)
    prompt = configuration.prompt
    lineBreaking = configuration.lineBreaking
    selection = Selection(cap: configuration.cap)
    self.matches = matches
    matchedQuery = editor.bytes
    tracking = configuration.tracks ? .always : .off
  }

  /// Whether `matches` answers the query (and view) as it is now.
  public var isUpToDate: Bool {
    matchedQuery == searchQuery && matchedInReview == isReviewing && matchedExclusions == exclusions
  }

  /// While search is off (`--disabled`, `disable-search`): the query the
  /// matches keep answering, whatever is typed (fzf's paused input); nil
  /// while typing searches. The typed query still goes to `{q}` and
  /// `PICK_QUERY`, so `change:reload(CMD {q})` makes CMD the search.
  public var frozenQuery: [UInt8]? = nil
  /// Whether typing searches (fzf's `FZF_INPUT_STATE` `enabled`).
  public var isSearchEnabled: Bool { frozenQuery == nil }

  /// What is matched: the text of `search(TEXT)` until the query is edited;
  /// else the typed query, or the frozen one while search is off (the
  /// review view always answers its own, empty, query).
  public var searchQuery: [UInt8] {
    if let searchOverride { return searchOverride }
    guard let frozenQuery, !isReviewing else { return editor.bytes }
    return frozenQuery
  }

  /// The item under the cursor, if anything matches.
  public var currentItem: Int? {
    cursor < matches.count ? matches.itemIndex(at: cursor) : nil
  }

  /// Installs new matches for `query`. A changed query puts the cursor on the
  /// best match; the same query re-ranked (items streaming in) keeps the
  /// cursor on its item. Then the anchor, if any, places the cursor
  /// (`store` gives the items' text for an anchor that looks for one).
  public mutating func update(
    matches new: RankedMatches, for query: [UInt8], store: ItemStore? = nil, exclusions: Int? = nil
  ) {
    let queryChanged = query != matchedQuery || matchedInReview != isReviewing
    matches = new
    matchedQuery = query
    matchedExclusions = exclusions ?? self.exclusions
    matchedInReview = isReviewing
    if placeReturningAnchor(queryChanged: queryChanged) { return }
    defer { placeAnchor(query: query, store: store) }
    if queryChanged && followTrackedItem(cursorItem, row: cursor - scroll) { return }
    if queryChanged || cursorItem == nil {
      userMovedCursor = queryChanged ? false : userMovedCursor
      setCursor(0)
      return
    }
    // Keep the cursor on its item; if it no longer matches, stay at the same place.
    if let item = cursorItem {
      for position in 0..<new.count where new.itemIndex(at: position) == item {
        setCursor(position)
        return
      }
    }
    setCursor(min(cursor, max(new.count - 1, 0)))
  }

  /// `reload(CMD)`: the items are replaced, so every item ordinal is void:
  /// the selection, the review view and the cursor start over on `matches`.
  public mutating func replaceItems(matches new: RankedMatches) {
    selection = Selection(cap: configuration.cap)
    rangeAnchor = nil
    reviewItems = nil
    beforeReview = nil
    anchor = nil
    cursorItem = nil
    userMovedCursor = false
    matches = new
    matchedQuery = searchQuery
    matchedInReview = false
    matchedExclusions = exclusions
    cursor = 0
    scroll = 0
    // It measured the old items.
    rowMeasure = nil
  }

  /// Sets how many rows the list has, and scrolls the cursor back into view.
  /// `listRows` and `measure`: the rows themselves, and what each item
  /// takes of them, when an item can take more than one.
  public mutating func fit(listHeight rows: Int, listRows: Int? = nil, measure: RowMeasure? = nil) {
    listHeight = max(rows, 1)
    self.listRows = max(listRows ?? rows, 1)
    rowMeasure = measure
    setCursor(cursor)
  }

  /// Puts the cursor on `position` (clamped) and scrolls it into view,
  /// with `--scroll-off`'s rows of context when the list can move.
  public mutating func setCursor(_ position: Int) {
    cursor = max(0, min(position, matches.count - 1))
    if matches.count == 0 { cursor = 0 }
    cursorItem = currentItem
    if let rowMeasure {
      scrollByRows(rowMeasure)
      return
    }
    let rows = max(listHeight, 1)
    let lowest = max(cursor - rows + 1, 0)
    let highest = max(min(matches.count - rows, cursor), 0)
    scroll = Self.keepingContext(
      scroll: max(lowest, min(scroll, highest)), cursor: cursor, rows: rows, range: lowest...highest,
      gap: max(configuration.listDecoration.gap, 0), scrollOff: max(configuration.scrollOff, 0))
  }

  /// fzf's two passes (`constrain` in its `terminal.go`), in screen rows as
  /// fzf counts them (an item takes its row and its `--gap` rows; the
  /// context is at most half of them): scroll up while fewer than
  /// `scrollOff` rows show above the cursor, then down while fewer show
  /// below it, within `range`; nothing moves when both sides are short.
  static func keepingContext(
    scroll: Int, cursor: Int, rows: Int, range: ClosedRange<Int>, gap: Int, scrollOff: Int
  ) -> Int {
    let perItem = 1 + gap
    return keepingContext(
      scroll: scroll, range: range, listRows: rows * perItem, cursorRows: perItem, scrollOff: scrollOff
    ) { (cursor - $0) * perItem }
  }

  /// The two passes over any rows: `rowsBefore(top)` is how many rows the
  /// items from `top` to the cursor take, `cursorRows` the cursor item's
  /// (each with its gap), out of `listRows`.
  static func keepingContext(
    scroll: Int, range: ClosedRange<Int>, listRows: Int, cursorRows: Int, scrollOff: Int,
    rowsBefore: (Int) -> Int
  ) -> Int {
    let context = min(listRows / 2, scrollOff)
    guard context > 0 else { return scroll }
    var scroll = scroll
    for pass in 0..<2 {
      while true {
        let before = rowsBefore(scroll)
        let after = listRows - before - cursorRows
        if before < context && after < context { break }
        let next =
          pass == 0
          ? (before < context ? max(range.lowerBound, scroll - 1) : scroll)
          : (after < context ? min(range.upperBound, scroll + 1) : scroll)
        if next == scroll { break }
        scroll = next
      }
    }
    return scroll
  }

  /// Applies one action.
  public mutating func apply(_ action: PickerAction) -> Outcome {
    let before = editor
    selectionNote = nil
    switch action {
    case .accept: return .accept
    case .acceptNonEmpty: return acceptsNonEmpty ? .accept : .none
    case .abort: return .abort
    case .cancel:
      if editor.isEmpty { return .abort }
      editor.killAll()
    case .deleteCharOrAbort:
      if editor.isEmpty { return .abort }
      editor.deleteForward()
    case .backwardDeleteCharOrAbort:
      if editor.isEmpty { return .abort }
      editor.deleteBackward()
    case .insert, .backwardChar, .forwardChar, .beginningOfLine, .endOfLine, .backwardWord, .forwardWord,
      .backwardDeleteChar, .deleteChar, .unixLineDiscard, .unixWordRubout, .killWord, .backwardKillWord,
      .killLine, .yank, .clearQuery, .changeQuery:
      editor.apply(action)
    case .changePrompt(let text): prompt = text
    case .search(let text): searchOverride = text
    case .up, .down, .pageUp, .pageDown, .halfPageUp, .halfPageDown, .first, .last, .position, .nextSelected,
      .previousSelected:
      moveCursor(action)
    case .toggle, .select, .deselect, .toggleDown, .toggleUp, .toggleIn, .toggleOut, .toggleRange,
      .selectAllOrNone, .selectAll, .deselectAll, .toggleAll, .clearMulti:
      changeSelection(action)
    case .toggleReview: return toggleReview()
    case .toggleWrap: lineBreaking.toggleWrap()
    case .toggleWrapWord: lineBreaking.toggleWrapWord()
    case .toggleMultiLine: lineBreaking.multiLine.toggle()
    case .trackCurrent, .untrackCurrent, .toggleTrack, .toggleTrackCurrent: applyTracking(action)
    case .clearScreen: return .redraw
    case .suspend: return .suspend
    case .enableSearch, .disableSearch, .toggleSearch: return switchSearch(action)
    case .ignore: return .none
    case .execute, .become, .reload, .preview, .togglePreview, .showPreview, .hidePreview,
      .refreshPreview, .previewUp, .previewDown, .previewPageUp, .previewPageDown,
      .previewHalfPageUp, .previewHalfPageDown, .previewTop, .previewBottom, .previousHistory, .nextHistory,
      .change, .replaceQuery, .changeMulti, .bell, .print, .printQuery, .exclude, .excludeMulti, .trigger,
      .unbind, .rebind, .toggleBind, .showHeader, .hideHeader, .toggleHeader, .transform, .cancelBackground,
      .wait:
      // Child processes, the preview pane, the query history, the options
      // and the bindings are the controller's (PickerController).
      return .none
    case .acceptOrPrintQuery: return .accept
    }
    guard editor.characters != before.characters else { return .none }
    // As fzf: editing the query ends a `search(TEXT)`.
    searchOverride = nil
    return .queryChanged
  }

  /// The moves of the cursor.
  private mutating func moveCursor(_ action: PickerAction) {
    switch action {
    case .up: move(visually: -1, cycles: true)
    case .down: move(visually: 1, cycles: true)
    case .pageUp: page(visually: -1, half: false)
    case .pageDown: page(visually: 1, half: false)
    case .halfPageUp: page(visually: -1, half: true)
    case .halfPageDown: page(visually: 1, half: true)
    case .first: moveTo(0)
    case .last: moveTo(matches.count - 1)
    case .position(let number):
      // fzf's pos(N): 1-based, negative counts from the end, 0 the first.
      moveTo(number > 0 ? number - 1 : (number < 0 ? matches.count + number : 0))
    case .nextSelected, .previousSelected: moveToSelected(next: action == .nextSelected)
    default: break
    }
  }

  /// The changes of the selection (nothing but `clear-multi` in single mode).
  private mutating func changeSelection(_ action: PickerAction) {
    guard configuration.isMulti else { return }
    switch action {
    case .toggle: toggleCurrent()
    case .select, .deselect:
      guard let item = currentItem else { return }
      if action == .select { selection.select(item) } else { selection.deselect(item) }
      rangeAnchor = item
    case .toggleDown, .toggleUp, .toggleIn, .toggleOut:
      toggleCurrent()
      move(visually: visualStep(of: action), cycles: true)
    case .toggleRange: toggleRange()
    case .selectAllOrNone: changeMany { $0.selectAllOrNone($1) }
    case .selectAll: changeMany { $0.selectAll($1) }
    case .deselectAll: changeMany { $0.deselectAll($1) }
    case .toggleAll: changeMany { $0.toggleAll($1) }
    case .clearMulti: changeMany { selection, _ in selection.clear() }
    default: break
    }
  }

  /// `next-selected` / `prev-selected`: the nearest selected match below
  /// (above) the cursor on screen, wrapping around the list, as fzf.
  private mutating func moveToSelected(next: Bool) {
    let total = matches.count
    guard selection.count > 0, total > 1 else { return }
    // Below on screen is towards worse matches when the best is on top.
    let towardsWorse = configuration.upMovesToBetter == next
    for step in 1..<total {
      let position = towardsWorse ? (cursor + step) % total : (cursor - step + total) % total
      if selection.contains(matches.itemIndex(at: position)) {
        moveTo(position)
        return
      }
    }
  }

  /// `enable-search`, `disable-search`, `toggle-search`: turning search off
  /// keeps the matches of the query typed so far; turning it on matches the
  /// query typed.
  private mutating func switchSearch(_ action: PickerAction) -> Outcome {
    let enabled = action == .enableSearch || (action == .toggleSearch && !isSearchEnabled)
    guard enabled != isSearchEnabled else { return .none }
    frozenQuery = enabled ? nil : editor.bytes
    return enabled ? .queryChanged : .none
  }

  /// `accept-non-empty`: when something would be printed, or, as fzf, when
  /// the input ended with no item at all, so that `--print-query` still
  /// reports the query (and the status is 1).
  private var acceptsNonEmpty: Bool { !chosenItems().isEmpty || (!isLoading && itemCount == 0) }

  /// Ctrl-S: enters the review view (only the selected items, an empty
  /// query) or leaves it (the query back, the cursor back on its item).
  private mutating func toggleReview() -> Outcome {
    guard configuration.isMulti else { return .none }
    if let saved = beforeReview {
      reviewItems = nil
      beforeReview = nil
      editor = saved.editor
      anchor = saved.cursorItem.map { .returning(toItem: $0) }
    } else {
      beforeReview = (editor, currentItem)
      reviewItems = selection.ordered(.input, reversed: false).sorted()
      editor = QueryEditor()
    }
    return .queryChanged
  }

  /// Puts the cursor on `item` if it is among the matches, as a click does
  /// (the user moved it, so preselection leaves it alone). Returns whether it was.
  @discardableResult
  public mutating func point(atItem item: Int) -> Bool {
    for position in 0..<matches.count where matches.itemIndex(at: position) == item {
      moveTo(position)
      return true
    }
    return false
  }

  /// The visual step of Tab-like toggles: Tab moves down the screen; fzf
  /// defines toggle-in as `--layout=reverse* ? toggle+up : toggle+down` and
  /// toggle-out as the opposite.
  private func visualStep(of action: PickerAction) -> Int {
    let isReverse = configuration.layout == .reverse || configuration.layout == .reverseList
    switch action {
    case .toggleUp: return -1
    case .toggleIn: return isReverse ? -1 : 1
    case .toggleOut: return isReverse ? 1 : -1
    default: return 1
    }
  }

  private mutating func toggleCurrent() {
    guard configuration.isMulti, let item = currentItem else { return }
    selection.toggle(item)
    rangeAnchor = item
  }

  /// `toggle-range` (Alt-R, Shift-click): every row from the item last
  /// toggled to the cursor's takes that item's state, selected or not, as
  /// a file manager's Shift-click does; selecting goes from that item
  /// towards the cursor until the cap. Without such an item among the
  /// matches it toggles the cursor's item, which then starts the next range.
  private mutating func toggleRange() {
    guard configuration.isMulti, let item = currentItem else { return }
    guard let anchor = rangeAnchor, let start = matches.position(ofItem: anchor) else {
      toggleCurrent()
      return
    }
    let selects = selection.contains(anchor)
    let positions = start <= cursor ? Array(start...cursor) : Array((cursor...start).reversed())
    for position in positions {
      let item = matches.itemIndex(at: position)
      if selects { selection.select(item) } else { selection.deselect(item) }
    }
    rangeAnchor = item
  }

  /// A whole-list action on the selection; when it changed more than
  /// `PickerTunables.largeSelection` items, the info line says how many.
  private mutating func changeMany(_ change: (inout Selection, RankedMatches) -> Void) {
    let before = selection.count
    change(&selection, matches)
    let changed = selection.count - before
    if changed > PickerTunables.largeSelection { selectionNote = "selected \(changed)" }
    if -changed > PickerTunables.largeSelection { selectionNote = "deselected \(-changed)" }
  }

  /// Moves by `steps` rows on screen: towards the best match when the layout
  /// draws it on top. `cycles`: past either end wraps round under `--cycle`
  /// (only single steps do, as fzf: a page stops at the end).
  private mutating func move(visually steps: Int, cycles: Bool = false) {
    moveTo(cursor + (configuration.upMovesToBetter ? steps : -steps), cycles: cycles)
  }

  /// A page (or half of one) towards the bottom of the screen (`direction`
  /// 1) or its top. A page keeps one row of context, as fzf. While items
  /// take several rows the cursor moves by items, as far as a page of rows
  /// allows without skipping one (`pageByRows`).
  private mutating func page(visually direction: Int, half: Bool) {
    guard let rowMeasure, matches.count > 0 else {
      move(visually: direction * (half ? max(listHeight / 2, 1) : max(listHeight - 1, 1)))
      return
    }
    let steps = half ? max(listRows / 2, 1) : max(listRows - 1, 1)
    pageByRows(configuration.upMovesToBetter ? direction : -direction, steps: steps, measure: rowMeasure)
    moveTo(cursor)
  }

  private mutating func moveTo(_ position: Int, cycles: Bool = false) {
    guard matches.count > 0 else { return }
    var target = position
    if cycles && configuration.cycles {
      if target < 0 { target = cursor == 0 ? matches.count - 1 : 0 }
      if target >= matches.count { target = cursor == matches.count - 1 ? 0 : matches.count - 1 }
    }
    setCursor(target)
    userMovedCursor = true
    noteCursorMoved()
  }

  /// What Enter prints: the selected items (hidden ones too) in the configured
  /// order, or the item under the cursor when nothing is selected; empty when
  /// nothing matches and nothing is selected.
  public func chosenItems() -> [Int] {
    if selection.count > 0 {
      return selection.ordered(configuration.outputOrder, reversed: configuration.reversesInput)
    }
    if let item = currentItem { return [item] }
    return []
  }
}
