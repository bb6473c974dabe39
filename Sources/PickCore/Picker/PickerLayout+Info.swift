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
    var text: String
    if let inputFailure, state.itemCount == 0 {
      text = "[\(inputFailure)]"
    } else {
      text = "\(state.matches.count)/\(state.itemCount)"
    }
    // fzf's marks for tracking: every item (`--track`) or the current one.
    switch state.tracking {
    case .off: break
    case .always: text += " +T"
    case .item: text += " +t"
    }
    if let inputTruncation { text += "  [\(inputTruncation)]" }
    if state.configuration.isMulti && state.selection.isCapReached { text += "  cap reached" }
    if state.editor.wasCut { text += "  query cut at \(QueryEditor.maximumLength) characters" }
    if state.isReviewing { text += "  review (Ctrl-S to return)" }
    if isWaitingToAccept { text += "  waiting…" }
    return text
  }

  /// The info text cut to `width` columns, or `--info-command`'s line in its
  /// place (its own colours, the info style elsewhere).
  private func infoSpans(_ state: PickerState, width: Int) -> [Span] {
    let style = state.configuration.theme.info
    guard let line = infoCommandLine else { return fitted(infoText(state), style: style, width: width) }
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
            ? fitted(" " + infoText(state), style: theme.info, width: width - 1)
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
    let fullText = infoSpans(state, width: width)
    let textColumns = fullText.reduce(0) { $0 + $1.columns }
    let prefixStyle = state.isLoading ? theme.spinner : theme.prompt
    let prefix = segments(info.prefix, width: max(width - used - 1, 0)).map {
      Span($0.text, columns: $0.columns, style: prefixStyle)
    }
    let prefixColumns = prefix.reduce(0) { $0 + $1.columns }
    var row = promptRow
    if info.placement == .inline {
      row += [Span(" ", columns: 1)] + prefix
      let room = width - used - 1 - prefixColumns - 1
      row += infoSpans(state, width: room)
      if spins(state) && textColumns < room - 1 {
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
    let start = max(used + 1, width - textColumns - lead - 1)
    row += [Span(String(repeating: " ", count: start - used), columns: start - used)]
    row += prefix.isEmpty ? fitted(spinnerText(state), style: theme.spinner) + [Span(" ", columns: 1)] : prefix
    row += infoSpans(state, width: width - 1 - start - lead)
    return clip(row)
  }
}
