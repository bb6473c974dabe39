/// The prepared-text path (`MatchStrategy.prepared` and `.nthChunks`, and
/// every item the byte scans leave): the item decoded and folded once
/// (`PreparedText`), then each term scored by its kind's scorer.
extension ItemMatcher {
  /// Matches the searched text of an item through its prepared text.
  /// Positions are byte offsets into it.
  func matchPrepared(_ bytes: UnsafeBufferPointer<UInt8>, positions: PositionList?) -> ItemMatch? {
    text.load(bytes)
    if case .nthChunks = strategy, let searched = compiled.searchedFields {
      searched.chunks(of: bytes, tokens: &tokens, into: &byteChunks)
    }
    let text = self.text
    return combineGroups(
      positions: positions,
      score: { term, index, positions in matchTerm(term, index: index, positions: positions) },
      span: { term, found in
        let normalize = term.folding.normalizes
        return (
          text.originalPosition(found.start, normalize: normalize),
          text.originalPosition(found.end - 1, normalize: normalize) + 1
        )
      },
      offset: { text.byteOffset(ofUnit: $0) })
  }

  /// Matches one term; positions (if asked for) are appended as units of the decoded item.
  private func matchTerm(_ term: TermTable.Entry, index: Int, positions: PositionList?) -> ScoredMatch? {
    // Before classifying every character of a non-ASCII item, make sure the term
    // can occur at all (the byte filter already did, for the terms it checked).
    let checked = byteFilterChecked(term, index: index)
    if checked && termMayOccur & (1 << UInt64(index)) == 0 { return nil }
    if !checked && !text.mayContain(term.units, term.folding) { return nil }
    // A fuzzy term scored without positions needs a non-ASCII item's bonuses
    // only where its characters occur.
    if term.kind == .fuzzy && positions == nil && strategy != .nthChunks && !text.isASCII && fuzzy.scoresLazily,
      let units = text.lazyUnits(term.folding)
    {
      let text = self.text
      let normalize = term.folding.normalizes
      switch fuzzy.matchLazily(term.units, in: units, bonus: { text.bonus(atFolded: $0, normalize: normalize) }) {
      case .noMatch: return nil
      case .matched(let found): return found
      case .needsPreparedText: break
      }
    }
    let scoring = text.text(term.folding)
    let mark = positions?.values.count ?? 0
    let found =
      strategy == .nthChunks
      ? scoreFirstChunk(term, in: scoring, positions: positions)
      : score(term, in: scoring, positions: positions)
    if let positions, term.folding.normalizes, positions.values.count > mark {
      for k in mark..<positions.values.count {
        positions.values[k] = text.originalPosition(positions.values[k], normalize: true)
      }
    }
    return found
  }

  /// `--nth`: the first field that holds the term decides, as in fzf.
  private func scoreFirstChunk(_ term: TermTable.Entry, in scoring: ScoringText, positions: PositionList?)
    -> ScoredMatch?
  {
    let mark = positions?.values.count ?? 0
    for chunk in byteChunks {
      let lower = text.unitIndex(forByte: chunk.lowerBound, normalize: term.folding.normalizes)
      let upper = text.unitIndex(forByte: chunk.upperBound, normalize: term.folding.normalizes)
      guard var inChunk = score(term, in: scoring.slice(lower..<upper), positions: positions) else { continue }
      inChunk.start += lower
      inChunk.end += lower
      if let positions {
        for k in mark..<positions.values.count { positions.values[k] += lower }
      }
      return inChunk
    }
    return nil
  }

  private func score(_ term: TermTable.Entry, in scoring: ScoringText, positions: PositionList?) -> ScoredMatch? {
    scoreByKind(term, in: scoring, positions: positions) {
      fuzzy.match(term.units, in: scoring, positions: positions)
    }
  }

  /// Scores `term` in `text` by its kind, a fuzzy term by `scoreFuzzy`: the
  /// prepared text and a long item's bytes share the exact kinds' scorers
  /// and differ only in the fuzzy one.
  func scoreByKind<Text: ScoringSource>(
    _ term: TermTable.Entry, in text: Text, positions: PositionList?, scoreFuzzy: () -> ScoredMatch?
  ) -> ScoredMatch? {
    let pattern = term.units
    switch term.kind {
    case .fuzzy:
      return scoreFuzzy()
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
