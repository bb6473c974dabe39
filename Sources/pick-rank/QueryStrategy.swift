import PickTestSupport

/// The kinds of generated list.
enum ListKind: String, Sendable, CaseIterable {
  case paths
  case history
}

/// A query a person might type for a target line, with what they meant by it.
struct Proposal: Sendable {
  let query: String
  let reading: QueryReading
}

/// The ways people really abbreviate the line they want. Each strategy turns
/// a target line into a query, or declines when the line does not lend itself
/// (no extension for `name.ext`, a one-word command for `two-words`).
///
/// Lengths are drawn at random inside human ranges (3–6 letters of a name,
/// 2–3 of a directory) rather than grown until the target wins, so the
/// queries do not know about any scorer.
enum QueryStrategy: String, Sendable, CaseIterable {
  // File paths.
  case basenamePrefix = "basename-prefix"
  case directoryThenFile = "dir+file"
  case directorySlashFile = "dir/file"
  case nameWithExtension = "name.ext"
  case pathTwoWords = "two-words"
  case acronym = "acronym-ish"
  // Shell history.
  case programAndArgument = "cmd+arg"
  case historyTwoWords = "words"
  case commandStart = "line-start"
  case argumentFragment = "arg-fragment"
  case latestOfSeveral = "latest-of-several"

  var listKind: ListKind {
    switch self {
    case .basenamePrefix, .directoryThenFile, .directorySlashFile, .nameWithExtension,
      .pathTwoWords, .acronym:
      return .paths
    case .programAndArgument, .historyTwoWords, .commandStart, .argumentFragment,
      .latestOfSeveral:
      return .history
    }
  }

  /// Whether a case may have several lines that fit, the target being the
  /// newest of them (see `CaseSampler`). Only for histories, where "the last
  /// time I ran it" is what a search means, as with Ctrl-R.
  var acceptsSeveralFits: Bool { self == .latestOfSeveral }

  /// `paths/dir+file`: the label used in reports.
  var label: String { "\(listKind.rawValue)/\(rawValue)" }

  static func strategies(for kind: ListKind) -> [QueryStrategy] {
    allCases.filter { $0.listKind == kind }
  }

  /// A query for `line`, or nil when this strategy has none for it.
  func proposal(for line: LineAnatomy, using rng: inout SeededGenerator) -> Proposal? {
    let proposal: Proposal?
    switch listKind {
    case .paths: proposal = pathProposal(for: line, using: &rng)
    case .history: proposal = historyProposal(for: line, using: &rng)
    }
    guard let proposal, Self.isPlainText(proposal.query) else { return nil }
    return proposal
  }

  /// Whether fzf and pick read the query as plain fuzzy terms. Characters
  /// that the extended syntax treats as operators (`'`, `^`, `!`, `$`, `|`,
  /// `\`) would turn the case into a test of the query syntax; a leading `-`
  /// would be taken for an option.
  private static func isPlainText(_ query: String) -> Bool {
    !query.isEmpty && !query.hasPrefix("-") && !query.hasPrefix(" ") && !query.hasSuffix(" ")
      && !query.contains("  ") && !query.contains(where: { "'^!$|\\\"".contains($0) })
  }
}

extension LineAnatomy {
  /// The first `count` bytes of a range (all of it when shorter).
  func prefix(of range: Range<Int>, _ count: Int) -> [UInt8] {
    Array(text[range.lowerBound..<min(range.upperBound, range.lowerBound + count)])
  }
}
