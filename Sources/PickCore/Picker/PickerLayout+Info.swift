/// The info text (`M/N`, the spinner, pick's notes) in the five `--info`
/// styles (`InfoStyle`), drawn as fzf 0.74 draws them.
extension PickerLayout {
  /// Whether the info text, or the separator alone, has a row under the prompt.
  func hasInfoRow(_ state: PickerState) -> Bool {
    state.configuration.info.hasOwnRow(separator: state.configuration.listDecoration.hasSeparator)
  }

  /// `M/N` and pick's notes (a failed or cut-short input, the cap, review):
  /// what is shown, and what `--info-command` gets in `PICK_INFO`.
  func infoText(_ state: PickerState) -> String {
    infoParts(state).map(\.text).joined(separator: "  ")
  }

  /// The info text's parts, each with a shorter form for a narrow row.
  func infoParts(_ state: PickerState) -> [InfoPart] {
    var parts: [InfoPart] = []
    if let inputFailure, state.itemCount == 0 {
      parts.append(InfoPart("[\(inputFailure)]", short: "[failed]"))
    } else {
      parts.append(InfoPart("\(state.matches.count)/\(state.itemCount)\(trackingMark(state))"))
    }
    if let inputTruncation { parts.append(InfoPart("[\(inputTruncation)]", short: "[input truncated]")) }
    if state.configuration.isMulti && state.selection.isCapReached { parts.append(InfoPart("cap reached")) }
    if state.editor.wasCut {
      parts.append(InfoPart("query cut at \(QueryEditor.maximumLength) characters", short: "query cut"))
    }
    if state.isReviewing { parts.append(InfoPart("review (Ctrl-S to return)", short: "review")) }
    if isWaitingToAccept { parts.append(InfoPart("waiting…")) }
    if let note = state.selectionNote { parts.append(InfoPart(note)) }
    if state.configuration.isAccessible && state.configuration.isMulti { parts.append(selectionSentence(state)) }
    return parts
  }

  /// fzf's marks after the count for tracking: every item (`--track`) or the current one.
  private func trackingMark(_ state: PickerState) -> String {
    switch state.tracking {
    case .off: ""
    case .always: " +T"
    case .item: " +t"
    }
  }

  /// `--accessible`: the selection in words (`3 of 42 selected, 2 hidden`),
  /// on the info line, so that a screen reader reading it hears every change.
  func selectionSentence(_ state: PickerState) -> InfoPart {
    let summary = state.selection.summary(over: state.matches)
    let sentence = "\(summary.selectedMatching) of \(summary.matching) selected"
    guard summary.hidden > 0 else { return InfoPart(sentence) }
    return InfoPart(sentence + ", \(summary.hidden) hidden", short: sentence)
  }

  /// The info text that fits in `width` columns: each part whole, or its
  /// short form, or left out with the parts after it. Never a number cut
  /// in the middle (Docs/Picker.md, Narrow windows).
  func fittedInfoText(_ state: PickerState, width: Int) -> String {
    var text = ""
    // The keys' hint (multi mode, until the first key) goes last: it is the first to give way.
    for part in infoParts(state) + state.hint.map({ InfoPart($0) }) {
      let separator = text.isEmpty ? "" : "  "
      guard
        let form = [part.text, part.short].compactMap({ $0 }).first(where: {
          DisplayWidth.columns(of: text + separator + $0, ambiguous: ambiguous) <= width
        })
      else { break }
      text += separator + form
    }
    return text
  }

  /// The info text cut to `width` columns, or `--info-command`'s line in its
  /// place (its own colours, the info style elsewhere).
  private func infoSpans(_ state: PickerState, width: Int) -> [Span] {
    let style = state.configuration.theme.info
    guard let line = infoCommandLine else {
      return fitted(fittedInfoText(state, width: width), style: style, width: width)
    }
    let rows = PreviewText.rows(ofLine: line, width: max(width, 0), wraps: false, tabstop: state.configuration.tabstop)
    return (rows.first ?? []).map { $0.style == .plain ? Span($0.text, columns: $0.columns, style: style) : $0 }
  }

  private func spinnerText(_ state: PickerState) -> String {
    spins(state) ? Self.spinner[spinnerTick % Self.spinner.count] : " "
  }

  /// Whether the spinner turns: input streams in and `--no-spinner` was not given.
  private func spins(_ state: PickerState) -> Bool {
    state.isLoading && state.configuration.showsSpinner
  }

  /// The row under the prompt: the info text (`default`, `right`) or only
  /// the separator (`hidden`, `inline-right`).
  func infoRow(_ state: PickerState) -> [Span] {
    let theme = state.configuration.theme
    switch state.configuration.info.placement {
    case .default:
      // The spinner is its own span, in its own style; the rest fits in the columns after it.
      let info = clip(
        fitted(spinnerText(state), style: theme.spinner)
          + (infoCommandLine == nil
            ? fitted(" " + fittedInfoText(state, width: width - 2), style: theme.info, width: width - 1)
            : fitted(" ", style: theme.info, width: width - 1) + infoSpans(state, width: width - 2)))
      return info + separator(after: info.reduce(0) { $0 + $1.columns }, state)
    case .right:
      // The text ends one column short of the edge, the spinner and a space before it.
      let spinner = spins(state) ? fitted(spinnerText(state), style: theme.spinner) + [Span(" ", columns: 1)] : []
      let text = infoSpans(state, width: width - 1 - (spinner.isEmpty ? 0 : 2))
      let used = text.reduce(0) { $0 + $1.columns } + spinner.reduce(0) { $0 + $1.columns }
      let fill = max(width - 1 - used - 1, 0)
      return clip(separatorFill(columns: fill, state, padded: true) + [Span(" ", columns: 1)] + spinner + text)
    case .hidden, .inline, .inlineRight:
      return separatorFill(columns: width - 1, state, padded: false)
    }
  }

  /// The prompt's row with the info text after the query (`inline`, after
  /// the prefix and a one-column gap) or at its right end (`inline-right`).
  func withInlineInfo(_ promptRow: [Span], _ state: PickerState) -> [Span] {
    let theme = state.configuration.theme
    let info = state.configuration.info
    let used = promptRow.reduce(0) { $0 + $1.columns }
    let prefixStyle = state.isLoading ? theme.spinner : theme.prompt
    let prefix = segments(info.prefix, width: max(width - used - 1, 0)).map {
      Span($0.text, columns: $0.columns, style: prefixStyle)
    }
    let prefixColumns = prefix.reduce(0) { $0 + $1.columns }
    var row = promptRow
    if info.placement == .inline {
      row += [Span(" ", columns: 1)] + prefix
      let room = width - used - 1 - prefixColumns - 1
      let text = infoSpans(state, width: room)
      row += text
      // The spinner only after a text that was not cut.
      if spins(state) && text.reduce(0, { $0 + $1.columns }) < room - 1 {
        row += [Span(" ", columns: 1)] + fitted(spinnerText(state), style: theme.spinner)
      }
      let after = row.reduce(0) { $0 + $1.columns }
      if state.configuration.listDecoration.hasSeparator && after < width - 2 {
        row += [Span(" ", columns: 1)] + separatorFill(columns: width - 1 - after - 1, state, padded: false)
      }
      return clip(row)
    }
    // inline-right: the spinner and a space before the text, or the prefix.
    let lead = prefix.isEmpty ? 2 : prefixColumns
    // The text as it fits after the query, the gap and the lead, then placed as far right as it goes.
    let text = infoSpans(state, width: max(width - used - 2 - lead, 0))
    let start = max(used + 1, width - text.reduce(0) { $0 + $1.columns } - lead - 1)
    row += [Span(String(repeating: " ", count: start - used), columns: start - used)]
    row += prefix.isEmpty ? fitted(spinnerText(state), style: theme.spinner) + [Span(" ", columns: 1)] : prefix
    row += text
    return clip(row)
  }
}

/// One part of the info text (`M/N`, a note), and a shorter form of it for
/// a narrow row (`review` for `review (Ctrl-S to return)`).
struct InfoPart {
  var text: String
  var short: String?

  init(_ text: String, short: String? = nil) {
    self.text = text
    self.short = short
  }
}
