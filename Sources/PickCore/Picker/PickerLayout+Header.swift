/// The header rows: the `--header` text, one row per line, and the
/// `--header-lines` items, shown as the list shows items (`--with-nth`,
/// their own colours under `--ansi`).
/// Where they go in each layout is `listFrameWithRoles`'s.
extension PickerLayout {
  /// The lines of a `--header` text: split at each newline, as fzf draws
  /// them; one newline at the very end adds no empty line.
  static func headerLines(of header: [UInt8]?) -> [[UInt8]] {
    guard var text = header else { return [] }
    if text.last == 0x0A { text.removeLast() }
    return text.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
  }

  /// The `--header` rows, top to bottom. In multi mode the first line is the
  /// select-all row's title, so only the lines after it.
  func headerTextRows(_ state: PickerState) -> [[Span]] {
    let lines = Self.headerLines(of: state.configuration.header)
    return lines.dropFirst(state.configuration.isMulti ? 1 : 0).map {
      headerRow(
        $0, style: state.configuration.theme.header, indent: state.configuration.itemMarks.textColumn,
        ellipsis: state.configuration.ellipsis, fit: state.configuration.lineFit)
    }
  }

  /// The `--header-lines` items, in input order.
  func headerLineRows(_ state: PickerState, store: ItemStore) -> [[Span]] {
    (0..<min(state.configuration.headerLines, store.count)).map { line in
      headerRow(
        shownText?(line) ?? Array(store.item(line)), style: state.configuration.theme.header,
        runs: shownText == nil ? store.styleRuns(of: line) : shownRuns?(line) ?? [],
        indent: state.configuration.itemMarks.textColumn, ellipsis: state.configuration.ellipsis,
        fit: state.configuration.lineFit)
    }
  }
}
