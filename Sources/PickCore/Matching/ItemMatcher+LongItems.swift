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
/// The path is taken when nothing needs the prepared arrays afterwards:
/// positions are asked for (highlighting), or the ranker reads no more than
/// the trimmed length (`allowsASCIIScan`), and no `--nth` fields cut the text.
extension ItemMatcher {
  /// Whether `bytes` (the searched text) takes the long-item path.
  func takesLongItemPath(_ bytes: UnsafeBufferPointer<UInt8>, positions: PositionList?) -> Bool {
    bytes.count > Scoring.longItemUnits && usesLongItemPath && (allowsASCIIScan || positions != nil)
      && compiled.searchedFields == nil && PreparedText.isASCII(bytes)
  }

  /// Matches a long ASCII item group by group, as `match(text:positions:)`
  /// does with a prepared text (positions are byte offsets already).
  func matchLongASCII(_ bytes: UnsafeBufferPointer<UInt8>, positions: PositionList?) -> ItemMatch? {
    var total: Int32 = 0
    var minBegin = Int.max
    var minEnd = Int.max
    var maxEnd = -1
    var k = 0
    while k < terms.count {
      var satisfied = false
      var settled = false
      repeat {
        let term = terms.entries[k]
        let index = k
        k += 1
        if settled { continue }
        let mark = positionsScratch.values.count
        if let found = scoreLong(term, index: index, in: bytes, positions: positions == nil ? nil : positionsScratch) {
          if term.isInverse {
            positionsScratch.values.removeSubrange(mark...)
            continue
          }
          satisfied = true
          settled = true
          total &+= found.score
          if found.start < found.end {
            minBegin = min(minBegin, found.start)
            minEnd = min(minEnd, found.end)
            maxEnd = max(maxEnd, found.end)
          }
        } else if term.isInverse {
          satisfied = true
        }
      } while k < terms.count && !terms.entries[k].startsGroup
      guard satisfied else {
        positionsScratch.values.removeAll(keepingCapacity: true)
        return nil
      }
    }
    positions?.values.append(contentsOf: positionsScratch.values)
    positionsScratch.values.removeAll(keepingCapacity: true)
    setTrimmedLength(ofASCII: bytes)
    if maxEnd < 0 { return ItemMatch(score: total, minBegin: -1, minEnd: -1, maxEnd: -1) }
    return ItemMatch(score: total, minBegin: minBegin, minEnd: minEnd, maxEnd: maxEnd)
  }

  /// One term over the item's bytes, as `matchTerm` and `score` do over a prepared text.
  private func scoreLong(
    _ term: TermTable.Entry, index: Int, in bytes: UnsafeBufferPointer<UInt8>, positions: PositionList?
  ) -> ScoredMatch? {
    let checked = usesByteFilter && !term.isInverse && index < 64
    if checked && termMayOccur & (1 << UInt64(index)) == 0 { return nil }
    let text = ASCIIItemText(bytes, caseSensitive: term.folding.isCaseSensitive, lookup: lookup)
    let pattern = term.units
    switch term.kind {
    case .fuzzy:
      return fuzzy.matchLongText(pattern, in: text, positions: positions)
    case .exact, .exactBoundary:
      return ExactScorer.substring(
        pattern, in: text, atBoundaries: term.kind == .exactBoundary, table: compiled.table,
        backward: compiled.prefersLastOccurrence, positions: positions)
    case .prefix:
      return ExactScorer.prefix(pattern, in: text, positions: positions)
    case .suffix:
      return ExactScorer.suffix(pattern, in: text, positions: positions)
    case .equal:
      return ExactScorer.equal(pattern, in: text, table: compiled.table, positions: positions)
    }
  }
}
