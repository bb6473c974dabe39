/// Huge ASCII items, matched from their bytes.
///
/// `PreparedText` keeps several arrays a position (a 32-bit unit, its
/// lower-case form, a class and a 32-bit bonus: 13 bytes for each byte of
/// an ASCII item), which for a 200 MB line is 2.6 GB. Past
/// `Scoring.longItemUnits` every term is scored by a scan that looks at
/// one placement (the greedy scan, the exact kinds), so an ASCII item that
/// long is scored through `ASCIIItemText` instead: the same scorers read
/// units, classes and bonuses from the bytes, and nothing is allocated for
/// the item. Scores and positions are those of the prepared path (a test
/// compares the two).
///
/// The path is taken when the strategy allows it
/// (`MatchStrategy.scoresLongItemsFromBytes`: nothing reads the prepared
/// arrays afterwards, and no `--nth` fields cut the text).
extension ItemMatcher {
  /// Whether `bytes` (the searched text) takes the long-item path.
  func takesLongItemPath(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    bytes.count > Scoring.longItemUnits && strategy.scoresLongItemsFromBytes && PreparedText.isASCII(bytes)
  }

  /// Matches a long ASCII item group by group, as `matchPrepared` does with
  /// a prepared text (positions are byte offsets already).
  func matchLongASCII(_ bytes: UnsafeBufferPointer<UInt8>, positions: PositionList?) -> ItemMatch? {
    combineGroups(
      positions: positions,
      score: { term, index, positions in scoreLong(term, index: index, in: bytes, positions: positions) },
      span: { _, found in (found.start, found.end) }, offset: { $0 })
  }

  /// One term over the item's bytes, as `matchTerm` and `score` do over a prepared text.
  private func scoreLong(
    _ term: TermTable.Entry, index: Int, in bytes: UnsafeBufferPointer<UInt8>, positions: PositionList?
  ) -> ScoredMatch? {
    if byteFilterChecked(term, index: index) && termMayOccur & (1 << UInt64(index)) == 0 { return nil }
    let text = ASCIIItemText(bytes, caseSensitive: term.folding.isCaseSensitive, lookup: lookup)
    return scoreByKind(term, in: text, positions: positions) {
      fuzzy.matchLongText(term.units, in: text, positions: positions)
    }
  }
}
