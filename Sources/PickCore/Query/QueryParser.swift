/// Turns the text the user typed into a `Query`, with fzf 0.74's extended
/// search syntax.
///
/// Grammar (extended mode, the default):
///
///     query   := space* term-or-bar (space+ term-or-bar)* space*
///     space   := ' '                  (a backslash before a space makes it literal: `\ `)
///     term    := '!'? body
///     body    := "'" text "'"         exact, at word boundaries on both ends (text ≥ 1 char)
///              | "'" text             exact substring (fuzzy under --exact; fuzzy after '!')
///              | '^' text '$'         the whole item
///              | '^' text             prefix
///              | text '$'             suffix
///              | text                 fuzzy (exact under --exact; exact after '!')
///     bar     := '|'                  OR: the next term joins the previous term's group
///
/// Terms separated by spaces must all match (AND); terms joined by `|` form a
/// group of which one must match (OR binds tighter than AND): `a b | c` is
/// `a AND (b OR c)`.
///
/// The edge cases follow fzf exactly, because users carry queries between the two:
/// - The query is trimmed of leading spaces and of trailing spaces that are not escaped.
/// - A term whose text is empty after its operators are removed (`!`, `^`, `'`,
///   `!^`, `^$`, `''`) is dropped, so it matches everything.
/// - A lone `$` is the literal character `$` (fuzzy), not an empty suffix.
/// - `|` is an operator only after a term of the current group and not right
///   after another `|`: a leading `|` or the second of `| |` is the literal
///   character `|` (a fuzzy term), and a trailing `|` is ignored. `a||b` is one
///   term (no spaces).
/// - `'abc'$` is `'abc'` (the boundary form wins over the suffix); `^'abc'`
///   is a prefix match of the literal text `'abc'`.
/// - `!'abc` is an inverse *fuzzy* term; `!'abc'` an inverse boundary term.
///
/// Case: smart case is decided per term: a term with an upper-case letter is
/// case-sensitive, others are not (`-i`/`+i` force it). Accent folding: a term
/// with no accented Latin letter matches accented letters in items (`cafe`
/// finds `café`); a term that has one matches literally.
///
/// Deliberate difference: fzf turns `\ ` into a tab internally, so a real tab
/// typed in a query also becomes a space; pick keeps a real tab a tab.
///
/// Without extended mode (`+x`) the whole query is one fuzzy term (exact under
/// `--exact`), spaces included.
public struct QueryParser: Sendable {
  public var isExtended: Bool
  public var isExact: Bool
  public var caseMode: Options.CaseMode
  public var normalize: Bool

  public init(
    isExtended: Bool = true, isExact: Bool = false, caseMode: Options.CaseMode = .smart, normalize: Bool = true
  ) {
    self.isExtended = isExtended
    self.isExact = isExact
    self.caseMode = caseMode
    self.normalize = normalize
  }

  public init(options: Options) {
    self.init(
      isExtended: options.extended, isExact: options.exact, caseMode: options.caseMode, normalize: options.normalize)
  }

  /// Stands for an escaped space while splitting: not a value any decoded unit can take.
  private static let escapedSpace: UInt32 = 0xFFFF_FFFF
  private static let space: UInt32 = 0x20
  private static let bang: UInt32 = 0x21  // !
  private static let dollar: UInt32 = 0x24  // $
  private static let quote: UInt32 = 0x27  // '
  private static let caret: UInt32 = 0x5E  // ^
  private static let bar: UInt32 = 0x7C  // |
  private static let backslash: UInt32 = 0x5C

  /// Parses `text` (the query's bytes; invalid UTF-8 bytes become units that match only themselves).
  public func parse(_ text: [UInt8]) -> Query {
    var units: [UInt32] = []
    var offsets: [Int32] = []
    text.withUnsafeBufferPointer { UTF8Decoding.decode($0, into: &units, byteOffsets: &offsets) }
    guard isExtended else {
      guard !units.isEmpty else { return Query(groups: []) }
      return Query(groups: [[makeTerm(units, kind: isExact ? .exact : .fuzzy, isInverse: false)]])
    }
    return Query(groups: groups(of: tokens(of: units)))
  }

  /// Splits on runs of spaces, after trimming and turning `\ ` into a literal space.
  private func tokens(of units: [UInt32]) -> [[UInt32]] {
    var start = 0
    var end = units.count
    while start < end && units[start] == Self.space { start += 1 }
    while end > start && units[end - 1] == Self.space && !(end - 2 >= start && units[end - 2] == Self.backslash) {
      end -= 1
    }
    var tokens: [[UInt32]] = []
    var current: [UInt32] = []
    var i = start
    while i < end {
      let unit = units[i]
      if unit == Self.backslash && i + 1 < end && units[i + 1] == Self.space {
        current.append(Self.escapedSpace)
        i += 2
        continue
      }
      if unit == Self.space {
        tokens.append(current)
        current = []
        while i < end && units[i] == Self.space { i += 1 }
        continue
      }
      current.append(unit)
      i += 1
    }
    tokens.append(current)
    return tokens.map { $0.map { $0 == Self.escapedSpace ? Self.space : $0 } }
  }

  private func groups(of tokens: [[UInt32]]) -> [[Term]] {
    var groups: [[Term]] = []
    var group: [Term] = []
    var startsNewGroup = false
    var afterBar = false
    for token in tokens {
      if !group.isEmpty && !afterBar && token == [Self.bar] {
        startsNewGroup = false
        afterBar = true
        continue
      }
      afterBar = false
      var text = token[...]
      var kind: Term.Kind = isExact ? .exact : .fuzzy
      var isInverse = false
      if text.first == Self.bang {
        isInverse = true
        kind = .exact
        text = text.dropFirst()
      }
      if text.count > 1 || (text.count == 1 && text.first != Self.dollar), text.last == Self.dollar {
        kind = .suffix
        text = text.dropLast()
      }
      if text.count > 2 && text.first == Self.quote && text.last == Self.quote {
        kind = .exactBoundary
        text = text.dropFirst().dropLast()
      } else if text.first == Self.quote {
        kind = (!isExact && !isInverse) ? .exact : .fuzzy
        text = text.dropFirst()
      } else if text.first == Self.caret {
        kind = kind == .suffix ? .equal : .prefix
        text = text.dropFirst()
      }
      guard !text.isEmpty else { continue }
      if startsNewGroup {
        groups.append(group)
        group = []
      }
      group.append(makeTerm(Array(text), kind: kind, isInverse: isInverse))
      startsNewGroup = true
    }
    if !group.isEmpty { groups.append(group) }
    return groups
  }

  /// Decides case sensitivity and accent folding for one term, as fzf does per term.
  private func makeTerm(_ units: [UInt32], kind: Term.Kind, isInverse: Bool) -> Term {
    let lowered = units.map(CaseFolding.lower)
    let isCaseSensitive: Bool
    switch caseMode {
    case .sensitive: isCaseSensitive = true
    case .insensitive: isCaseSensitive = false
    case .smart: isCaseSensitive = lowered != units
    }
    // An accent typed in the term, precomposed (`é`) or as a combining mark
    // after a Latin letter (`e` U+0301, as macOS keyboards may send it), asks
    // for that accent: the items' accents are then not folded away.
    let typesMark = zip(lowered, lowered.dropFirst()).contains {
      PreparedText.isLatinLetter($0) && CombiningMarks.isCombining($1)
    }
    let normalizes = normalize && !typesMark && lowered.allSatisfy { LatinFolding.base($0) == $0 }
    return Term(
      kind: kind, isInverse: isInverse, units: isCaseSensitive ? units : lowered,
      isCaseSensitive: isCaseSensitive, normalizesItems: normalizes)
  }
}
