extension ItemStore {
  /// Whether the store was made for `--ansi`: its items are the visible text
  /// of the input and may have colours of their own (or, `holdsEscapes`,
  /// hold the sequences that give both).
  public var interpretsANSI: Bool { ansiFilter != nil || holdsEscapes || stripsItems }

  /// The item's own style runs under `--ansi`, offsets into its bytes (empty
  /// for an item drawn in the default style, and always without `--ansi`).
  ///
  /// Only the writer's thread may call this (the colour table is not shared
  /// with the search threads); the layout runs there.
  public func styleRuns(of index: Int) -> [StyleRun] {
    guard let ansiFilter else { return [] }
    let start = arenaOffset(of: index)
    return ansiFilter.colors.runs(from: start, to: arenaOffset(of: index + 1) - 1)
  }
}
