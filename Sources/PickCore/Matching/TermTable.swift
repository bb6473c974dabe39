import CPick

/// A query's terms laid out as plain values in memory the matcher owns, so
/// the per-item loop reads them without touching reference counts (iterating
/// `[[Term]]` retains every inner array and every term's units, which cost
/// several percent of a broad search). Not copyable: it frees that memory
/// when its matcher goes.
struct TermTable: ~Copyable {
  struct Entry {
    var kind: Term.Kind
    var isInverse: Bool
    /// How the term compares an item's characters with its own.
    var folding: Folding
    /// The term's units.
    var units: UnsafeBufferPointer<UInt32>
    /// The byte filter's table (`ByteFilter.table`), one row per unit.
    var filter: UnsafePointer<UInt8>
    /// The byte filter's block skip for each unit (`ByteFilter.sieves`).
    var sieves: UnsafePointer<ByteFilter.Sieve>
    /// Whether this term starts a new AND group.
    var startsGroup: Bool
  }

  let entries: UnsafeMutableBufferPointer<Entry>
  /// The terms as `cpick_rank_unscored_ascii` reads them
  /// (`ItemMatcher+Unscored`), pointing into `units`.
  let unscored: UnsafeMutableBufferPointer<cpick_unscored_term>
  private let units: UnsafeMutableBufferPointer<UInt32>
  private let sieves: UnsafeMutableBufferPointer<ByteFilter.Sieve>
  private let filters: UnsafeMutableBufferPointer<UInt8>

  init(_ compiled: CompiledQuery) {
    let groups = compiled.query.groups
    let terms = groups.flatMap { $0 }
    let unitCount = terms.reduce(0) { $0 + $1.units.count }
    let filterBytes = compiled.filters.flatMap { $0 }.reduce(0) { $0 + $1.table.count }
    units = .allocate(capacity: max(unitCount, 1))
    sieves = .allocate(capacity: max(unitCount, 1))
    filters = .allocate(capacity: max(filterBytes, 1))
    entries = .allocate(capacity: max(terms.count, 1))
    unscored = .allocate(capacity: max(terms.count, 1))
    var unitOffset = 0
    var filterOffset = 0
    var k = 0
    for (g, group) in groups.enumerated() {
      for (t, term) in group.enumerated() {
        let filter = compiled.filters[g][t]
        _ = UnsafeMutableBufferPointer(rebasing: units[unitOffset..<unitOffset + term.units.count])
          .initialize(from: term.units)
        _ = UnsafeMutableBufferPointer(rebasing: sieves[unitOffset..<unitOffset + term.units.count])
          .initialize(from: filter.sieves)
        _ = UnsafeMutableBufferPointer(
          rebasing: filters[filterOffset..<filterOffset + filter.table.count]
        )
        .initialize(from: filter.table)
        entries[k] = Entry(
          kind: term.kind, isInverse: term.isInverse, folding: term.folding,
          units: UnsafeBufferPointer(
            start: units.baseAddress! + unitOffset, count: term.units.count),
          filter: UnsafePointer(filters.baseAddress! + filterOffset),
          sieves: UnsafePointer(sieves.baseAddress! + unitOffset),
          startsGroup: t == 0)
        unscored[k] = cpick_unscored_term(
          units: entries[k].units.baseAddress, count: term.units.count,
          case_sensitive: term.folding.isCaseSensitive ? 1 : 0)
        unitOffset += term.units.count
        filterOffset += filter.table.count
        k += 1
      }
    }
    count = terms.count
  }

  /// Number of terms.
  let count: Int

  deinit {
    entries.deallocate()
    unscored.deallocate()
    units.deallocate()
    sieves.deallocate()
    filters.deallocate()
  }
}
