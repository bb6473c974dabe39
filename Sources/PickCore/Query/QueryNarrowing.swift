/// When a new query can only match items the previous one matched, so that a
/// search may look at the previous matches alone (typing one more character
/// into a term is the common case, and every further key searches fewer items).
///
/// A query narrows another when every group of the previous query is implied
/// by some group of the new one. A group of one positive term implies another
/// such group when its term implies the other's: same kind, same case and
/// accent rules, and
/// - fuzzy: the old characters are a subsequence of the new ones (`ab` → `abc`, `ac` → `abc`);
/// - exact (`'ab`): the old text is a substring of the new;
/// - prefix (`^ab`): a prefix of the new; suffix (`ab$`): a suffix;
/// - whole item (`^ab$`) and boundary (`'ab'`): the same text.
/// Anything else must be the same group exactly: `!a` → `!ab` matches more
/// items, not fewer, and `abc` → `abc | d` too; `'ab` → `'ab'` changes the kind.
extension Query {
  public func narrows(_ previous: Query) -> Bool {
    previous.groups.allSatisfy { old in groups.contains { Self.group($0, implies: old) } }
  }

  private static func group(_ new: [Term], implies old: [Term]) -> Bool {
    if new == old { return true }
    guard new.count == 1, old.count == 1 else { return false }
    return term(new[0], implies: old[0])
  }

  private static func term(_ new: Term, implies old: Term) -> Bool {
    guard !new.isInverse, !old.isInverse, new.kind == old.kind, new.isCaseSensitive == old.isCaseSensitive,
      new.normalizesItems == old.normalizesItems
    else { return false }
    switch new.kind {
    case .fuzzy: return isSubsequence(old.units, of: new.units)
    case .exact: return contains(new.units, old.units)
    case .prefix: return new.units.starts(with: old.units)
    case .suffix: return new.units.reversed().starts(with: old.units.reversed())
    case .equal, .exactBoundary: return new.units == old.units
    }
  }

  private static func isSubsequence(_ small: [UInt32], of large: [UInt32]) -> Bool {
    var k = 0
    for unit in large where k < small.count && unit == small[k] { k += 1 }
    return k == small.count
  }

  private static func contains(_ large: [UInt32], _ small: [UInt32]) -> Bool {
    guard small.count <= large.count else { return false }
    if small.isEmpty { return true }
    for start in 0...(large.count - small.count) where Array(large[start..<start + small.count]) == small {
      return true
    }
    return false
  }
}
