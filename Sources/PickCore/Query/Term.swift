/// One search term of a query, after parsing (see `QueryParser` for the grammar).
public struct Term: Equatable, Sendable {
  /// How the term's text must appear in an item.
  public enum Kind: Equatable, Sendable {
    /// The characters in order, gaps allowed.
    case fuzzy
    /// A substring (`'abc`, or a plain term under `--exact`).
    case exact
    /// A substring that starts and ends at word boundaries (`'abc'`).
    case exactBoundary
    /// At the start of the item (`^abc`).
    case prefix
    /// At the end of the item (`abc$`).
    case suffix
    /// The whole item (`^abc$`).
    case equal
  }

  public var kind: Kind
  /// `!abc`: the item must not match the term.
  public var isInverse: Bool
  /// The term's characters as match units (see `MatchUnit`): Unicode scalar
  /// values, or `MatchUnit.invalidByteBase + byte` for bytes that are not valid
  /// UTF-8. Already lower-cased when `isCaseSensitive` is false.
  public var units: [UInt32]
  /// Whether upper and lower case differ for this term (smart case decides per term).
  public var isCaseSensitive: Bool
  /// Whether accented Latin letters in items match their plain form for this term.
  public var normalizesItems: Bool

  public init(
    kind: Kind, isInverse: Bool = false, units: [UInt32], isCaseSensitive: Bool = false,
    normalizesItems: Bool = true
  ) {
    self.kind = kind
    self.isInverse = isInverse
    self.units = units
    self.isCaseSensitive = isCaseSensitive
    self.normalizesItems = normalizesItems
  }
}

/// A parsed query: every group must match (AND); within a group any term may (OR).
public struct Query: Equatable, Sendable {
  public var groups: [[Term]]

  public init(groups: [[Term]]) {
    self.groups = groups
  }

  /// True when the query matches every item (no terms).
  public var isEmpty: Bool { groups.isEmpty }

  /// True when every term is inverse: such a query keeps input order, as fzf.
  public var isInverseOnly: Bool {
    !groups.isEmpty && groups.allSatisfy { $0.allSatisfy(\.isInverse) }
  }
}
