/// The rows the layout puts around the list: the one count that the list's
/// height (`listRowCount`) and `--min-height=N+` (`MinimumHeight`) both
/// take from, so the two cannot disagree about what the frame holds.
extension PickerLayout {
  /// The rows of the frame that are not the list's, with room enough:
  /// the prompt, the info row, the select-all rows (`selectAllRows`), the
  /// `--header` rows, `headerLines` header lines, the footer and its line,
  /// and every line the section borders add.
  static func fixedRows(_ configuration: PickerConfiguration, headerLines: Int, selectAllRows: Int = 1) -> Int {
    let footer = Self.headerLines(of: configuration.footer).count
    let plan = configuration.sections
    guard plan.isActive else {
      return inputAndHeaderRows(configuration, headerLines: headerLines, selectAllRows: selectAllRows)
        + (footer > 0 ? footer + 1 : 0)
    }
    let input = inputAndHeaderRows(configuration, headerLines: 0, selectAllRows: selectAllRows, header: false)
    let headerText = headerTextCount(configuration)
    // An inline section's line is inside the list's box; any other box adds its own lines.
    func lines(_ box: BoxLines) -> Int { box.shape == .inline ? 1 : lineCount(box) }
    var rows = input + lineCount(plan.list) + (footer > 0 ? footer + lines(plan.footer) : 0)
    guard let inputBox = plan.input else { return rows + headerText + headerLines }
    rows += lineCount(inputBox)
    let headerRows = headerText + (plan.headerHoldsLines ? headerLines : 0)
    if let header = plan.header, headerRows > 0 { rows += headerRows + lines(header) }
    if let box = plan.headerLines, headerLines > 0 { rows += headerLines + lines(box) }
    return rows
  }

  /// The prompt, the info row, the select-all rows and (unless `header` is
  /// false) the `--header` rows and `headerLines` header lines: the rows
  /// above the list in a frame without sections.
  static func inputAndHeaderRows(
    _ configuration: PickerConfiguration, headerLines: Int, selectAllRows: Int, header: Bool = true
  ) -> Int {
    let hasInfoRow = configuration.info.hasOwnRow(separator: configuration.listDecoration.hasSeparator)
    let input = (hasInfoRow ? 2 : 1) + (configuration.isMulti ? selectAllRows : 0)
    return input + (header ? headerTextCount(configuration) + headerLines : 0)
  }

  /// The `--header` rows outside the select-all row (whose title is the first line in multi mode).
  static func headerTextCount(_ configuration: PickerConfiguration) -> Int {
    max(Self.headerLines(of: configuration.header).count - (configuration.isMulti ? 1 : 0), 0)
  }

  /// `fixedRows` for the configuration as drawn on the screen: with the
  /// lines of `--border` and the margins and paddings given in rows (not
  /// in per cent), as fzf counts them for `--min-height`.
  public static func rowsBesideList(_ configuration: PickerConfiguration) -> Int {
    let decoration = configuration.decoration
    let given = [decoration.margin.top, decoration.margin.bottom, decoration.padding.top, decoration.padding.bottom]
      .reduce(0) { total, size in
        if case .cells(let count) = size { return total + count }
        return total
      }
    let lines = (decoration.shape.hasTop ? 1 : 0) + (decoration.shape.hasBottom ? 1 : 0)
    return fixedRows(configuration, headerLines: configuration.headerLines) + lines + given
  }
}
