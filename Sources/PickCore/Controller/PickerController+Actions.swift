/// What each action does beyond the state: the preview, child processes,
/// reload, the terminal, and Enter's wait for the query on screen.
extension PickerController {
  /// Runs one action (its matches are up to date when it needs them).
  mutating func perform(_ action: PickerAction, trigger: Trigger, now: Int) -> [PickerEffect] {
    let pageLines = previewPageLines
    noteAction(action, trigger: trigger)
    if let outcome = previewScheduler?.perform(action, pageLines: pageLines), outcome.handled {
      return previewCommands(outcome.commands)
    }
    if let effects = performBindingAction(action, trigger: trigger) { return effects }
    switch action {
    case .reload(let command, _):
      let template = PreviewTemplate(Array(command.utf8))
      let identity = state.configuration.identity
      blocker = .reload(
        selectedTexts: textsToReselect(), cursorText: state.currentItem.map { identity.key(of: store.item($0)) })
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
      acceptFallback = action == .acceptOrPrintQuery ? .queryPrinted : .nothingChosen
      guard itemsSinceRank else { return decideAccept() }
      // Answer the query on screen over everything read so far: search again and wait.
      itemsSinceRank = false
      rankedAt = now
      blocker = .matches
      queue.insert(.decideAccept, at: 0)
      return [requestSearch()]
    }
  }

  /// Notes what `PICK_ACTION` and `backward-eof` need to know of an action
  /// about to run. Like fzf, the action of a command keeps the one before
  /// it, so a command sees what led to it.
  private mutating func noteAction(_ action: PickerAction, trigger: Trigger) {
    switch action {
    case .backwardDeleteChar, .unixLineDiscard, .unixWordRubout, .backwardKillWord:
      if state.editor.isEmpty { backwardEOF = true }
    default: break
    }
    switch action {
    case .execute, .reload, .become, .preview: return
    case .insert where trigger.typesCharacter: lastActionName = "char"
    default: lastActionName = action.name.replacing("+", with: "-")
    }
  }

  /// The texts a `reload` selects again as its items arrive: the selected
  /// items', and, while the last reload's items are still coming, the texts
  /// it was to select again that have not come yet. (`change:reload`
  /// starts a reload for each key; typed quickly, each starts before the
  /// last one's items arrive, and the choice would be lost.) A text whose
  /// item came and was deselected is not carried.
  func textsToReselect() -> [[UInt8]] {
    let identity = state.configuration.identity
    var texts = state.selection.ordered(.input, reversed: false).map { identity.key(of: store.item($0)) }
    guard isInputFromReload && isInputOpen && !preselection.isEmpty else { return texts }
    // The items examined so far (the rest are selected when examined).
    var arrived = TextSet()
    let examined = min(options.headerLines, preselectedUpTo)..<max(preselectedUpTo, options.headerLines)
    for item in examined where item < store.count && preselection.includes(store.item(item)) {
      arrived.insert(identity.key(of: store.item(item)))
    }
    texts += preselection.texts.texts.filter { !arrived.contains($0) }
    return texts
  }

  /// Enter with the matches up to date: the choice; "nothing" once input
  /// has ended and the matches cover every item; or wait for the first
  /// match (input still open, items came while the search ran, or a search
  /// over items read since the matches on screen is still running: the
  /// matches of an empty start are "up to date" for the query, not for them).
  mutating func decideAccept() -> [PickerEffect] {
    if state.matches.count > 0 || state.selection.count > 0 { return end(.accepted(state.chosenItems())) }
    if !isInputOpen && !itemsSinceRank && inFlight == nil { return end(acceptFallback) }
    isWaitingToAccept = true
    return []
  }

  /// What the placeholders of `template` (`{}`, `{+}`, `{q}`, `{n}`, fields)
  /// expand to now, for the item under the cursor, the selection and the
  /// query, and the variables the command gets (`childEnvironment`).
  func commandContext(for template: PreviewTemplate) -> PreviewTemplate.Context {
    let headerLines = min(options.headerLines, store.count)
    let selected = template.usesSelection && state.selection.count > 0 ? state.chosenItems() : []
    var context = PreviewTemplate.Context(
      current: state.currentItem.map { (Array(store.item($0)), $0 - headerLines) },
      selected: selected.map { (Array(store.item($0)), $0 - headerLines) },
      query: state.editor.bytes,
      splitter: FieldSplitter(delimiter: options.delimiter),
      fileSeparator: options.print0 ? 0 : 0x0A)
    context.environment = childEnvironment()
    return context
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
    excludedItems = []
    preselection = Preselection(texts: selectedTexts)
    preselection.identity = state.configuration.identity
    preselectedUpTo = 0
    state.itemCount = 0
    state.replaceItems(matches: ranker.rank(newStore, items: [], query: compiled))
    state.anchor = cursorText.map { .text($0) }
    state.isLoading = true
    // fzf searches the new items with an empty query while search is off.
    if state.frozenQuery != nil { state.frozenQuery = [] }
    itemsSinceRank = true
    isLoadDue = true
    isInputFromReload = true
    // The ordinals are the new items': the first one under the cursor is a new focus.
    lastFocus = nil
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
