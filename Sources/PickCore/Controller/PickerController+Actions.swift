/// What each action does beyond the state: the preview, child processes,
/// reload, the terminal, and Enter's wait for the query on screen.
extension PickerController {
  /// Runs one action (its matches are up to date when it needs them).
  mutating func perform(_ action: PickerAction, trigger: Trigger, now: Int) -> [PickerEffect] {
    let pageLines = previewPageLines
    if let outcome = previewScheduler?.perform(action, pageLines: pageLines), outcome.handled {
      return previewCommands(outcome.commands)
    }
    switch action {
    case .reload(let command, _):
      let template = PreviewTemplate(Array(command.utf8))
      let identity = state.configuration.identity
      blocker = .reload(
        selectedTexts: state.selection.ordered(.input, reversed: false).map { identity.key(of: store.item($0)) },
        cursorText: state.currentItem.map { identity.key(of: store.item($0)) })
      return [.reload(template, commandContext(for: template))]
    case .execute(let command, let isSilent):
      let template = PreviewTemplate(Array(command.utf8))
      // Nothing runs when the command names the item and there is none.
      if template.needsItem && state.currentItem == nil { return [] }
      let run = PickerEffect.execute(template, commandContext(for: template), isSilent: isSilent)
      return isSilent ? [run] : [run, .invalidateScreen]
    case .previousHistory, .nextHistory:
      // Without --history these do nothing, as in fzf.
      guard var walked = history else { return [] }
      let current = state.editor.bytes
      let query = action == .previousHistory ? walked.previous(replacing: current) : walked.next(replacing: current)
      history = walked
      _ = state.apply(.changeQuery(query))
      return []
    default:
      break
    }
    switch state.apply(action) {
    case .none, .queryChanged: return []
    case .abort: return end(.aborted)
    case .redraw: return [.invalidateScreen]
    case .suspend: return [.suspendTerminal, .invalidateScreen]
    case .accept:
      pressedKey = trigger.expectedSpelling
      guard itemsSinceRank else { return decideAccept() }
      // Answer the query on screen over everything read so far: search again and wait.
      itemsSinceRank = false
      rankedAt = now
      blocker = .matches
      queue.insert(.decideAccept, at: 0)
      return [requestSearch()]
    }
  }

  /// Enter with the matches up to date: the choice; "nothing" once input
  /// has ended and the matches cover every item; or wait for the first
  /// match (input still open, or items came while the search ran).
  mutating func decideAccept() -> [PickerEffect] {
    if state.matches.count > 0 || state.selection.count > 0 { return end(.accepted(state.chosenItems())) }
    if !isInputOpen && !itemsSinceRank { return end(.nothingChosen) }
    isWaitingToAccept = true
    return []
  }

  /// What the placeholders of `template` (`{}`, `{+}`, `{q}`, `{n}`, fields)
  /// expand to now, for the item under the cursor, the selection and the query.
  func commandContext(for template: PreviewTemplate) -> PreviewTemplate.Context {
    let headerLines = min(options.headerLines, store.count)
    let selected = template.usesSelection && state.selection.count > 0 ? state.chosenItems() : []
    return PreviewTemplate.Context(
      current: state.currentItem.map { (Array(store.item($0)), $0 - headerLines) },
      selected: selected.map { (Array(store.item($0)), $0 - headerLines) },
      query: state.editor.bytes,
      splitter: FieldSplitter(delimiter: options.delimiter),
      fileSeparator: options.print0 ? 0 : 0x0A)
  }

  /// `reload(CMD)` started: the items are replaced by CMD's output as it
  /// streams in (identity across reloads is the item's bytes, or its
  /// `--id-nth` fields: `ItemIdentity`).
  ///
  /// Every item whose key was selected is selected again when it arrives,
  /// and the cursor goes back to the key it was on when that is still
  /// there (unless the user moves it first). `--header-lines` are taken
  /// from the new input and `--unique` applies to it; preselection and
  /// `--remember` are not applied again.
  mutating func reloaded(_ newStore: ItemStore, now: Int) -> [PickerEffect] {
    guard case .reload(let selectedTexts, let cursorText) = blocker else { return [] }
    blocker = nil
    store = newStore
    isInputOpen = true
    inputFailure = nil
    inputTruncation = nil
    inFlight = nil
    duplicates = options.unique ? DuplicateFilter(skipping: options.headerLines) : nil
    preselection = Preselection(texts: selectedTexts)
    preselection.identity = state.configuration.identity
    preselectedUpTo = 0
    state.itemCount = 0
    state.replaceItems(matches: ranker.rank(newStore, items: [], query: compiled))
    state.anchor = cursorText.map { .text($0) }
    state.isLoading = true
    itemsSinceRank = true
    return resume(now: now)
  }

  /// `--tail`: the kept items moved to `newStore` and the items `gone` were
  /// dropped. What the state holds by item number moves down; the running
  /// search (over the old store) is forgotten and the next one ranks the
  /// new store.
  mutating func trimmed(_ newStore: ItemStore, gone: Range<Int>) {
    store = newStore
    inFlight = nil
    itemsSinceRank = true
    preselectedUpTo = PickerState.moved(preselectedUpTo, droppingItems: gone) ?? gone.lowerBound
    if options.unique {
      duplicates = DuplicateFilter(skipping: options.headerLines)
      duplicates?.update(from: newStore)
    }
    // Ranked here, on the query the list shows, so that no frame shows an
    // empty list meanwhile; the search that follows brings it up to date.
    let matches: RankedMatches
    if let review = state.reviewItems {
      matches = ranker.rank(
        newStore, items: review.compactMap { PickerState.moved($0, droppingItems: gone) }, query: compiled)
    } else {
      let duplicates = duplicates
      matches = ranker.rank(
        newStore, range: searchedRange, query: compiled,
        excluding: duplicates.map { filter in { filter.isDuplicate($0) } })
    }
    state.dropItems(gone, matches: matches)
  }

  /// The preview runner's commands, as effects.
  func previewCommands(_ commands: [PreviewScheduler.Command]) -> [PickerEffect] {
    commands.map { command in
      switch command {
      case .start(let request, let context): return .startPreview(request, context)
      case .stop: return .stopPreview
      }
    }
  }

  /// The height of the preview pane's text (a page, for `preview-page-down`).
  var previewPageLines: Int {
    guard let preview, let geometry = layout().previewGeometry(preview) else { return 1 }
    return max(preview.contentSize(width: geometry.paneWidth, height: geometry.paneHeight).lines, 1)
  }
}
