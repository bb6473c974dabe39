/// Every constant of pick's scorer, in one place. `Docs/Matching.md` explains
/// the algorithm and how the values were chosen; each comment says why.
///
/// The structure is fzf's (users know how its v2 algorithm ranks), with the
/// gap penalties rebalanced: against the size of a match, opening a gap
/// costs more than in fzf and each further skipped character half as much.
/// Measured with `pick-rank` on three seeds, this puts the intended line
/// first more often than fzf does (paths: 0.87 → 0.89-0.91), mostly for
/// queries that take a few letters of a directory and of a file name, and
/// never less often in any query style but one, where it is within a case.
public enum Scoring {
  /// Points for each matched character: the unit every other constant is measured in.
  public static let match: Int32 = 32
  /// Penalty for opening a gap between two matched characters: about a third
  /// of a match, so one unbroken run beats the same letters in two pieces
  /// (`paymentEvent.ts` over `payments/…/event.ts` for `paymentevent.ts`).
  public static let gapStart: Int32 = -10
  /// Penalty for each further character of a gap: 1/32 of a match, so a
  /// word-start bonus is used up only after about 16 skipped characters.
  /// Path components are often longer than the 8 that fzf's constants assume,
  /// and a few letters of a directory then of a file name is how people
  /// reach a file.
  public static let gapExtension: Int32 = -1
  /// Bonus for a match at the start of a word. Half a match: a word start is
  /// worth more than a skipped character costs, so acronyms of path
  /// components compete with compact matches inside one word.
  public static let boundary: Int32 = match / 2
  /// Bonus for matching a non-word character itself (`/`, `-`, `.`): typing
  /// one is a deliberate choice. Also seeds consecutive runs that start there.
  public static let nonWord: Int32 = match / 2
  /// Bonus for a camelCase hump or the first digit after a letter: like a
  /// word start, less one gap extension because no separator was skipped.
  public static let camel123: Int32 = boundary + gapExtension
  /// Least bonus for each character that continues a consecutive run: it
  /// cancels the cost of a gap, so `foob` prefers `foobar` to `foo-bar`.
  public static let consecutive: Int32 = -(gapStart + gapExtension)
  /// The first query character's bonus counts this many times: what the user
  /// typed first is most likely the start of what they mean.
  public static let firstCharMultiplier: Int32 = 2
  /// Items longer than this many match units (64 KiB of ASCII) are scored by
  /// the greedy scan only, so one huge line never makes a keystroke slow.
  public static let longItemUnits = 65_536
  /// Above this many cells (query length × window width) the optimal
  /// alignment is not searched; the greedy scan scores the item instead.
  public static let maximumCells = 102_400
}

/// The scheme-dependent part of scoring (`--scheme`): the bonus for a word
/// start after a space and after a delimiter, which characters are delimiters,
/// and the bonus matrix derived from them.
public struct BonusTable: Sendable {
  /// Bonus for a word start after white space (or at the start of the item).
  public let boundaryWhite: Int32
  /// Bonus for a word start after a delimiter.
  public let boundaryDelimiter: Int32
  /// The class assumed before the first character.
  let initialClass: CharClass
  let delimiters: DelimiterSet
  /// Class of each ASCII byte.
  private let asciiClasses: [CharClass]
  /// Indexed by `BonusMatrix.index(previous:current:)`.
  private let matrix: [Int32]

  public init(scheme: Options.Scheme) {
    switch scheme {
    case .default:
      // A word after a space starts a new thought: slightly more than after `/` or `:`.
      boundaryWhite = Scoring.boundary + 4
      boundaryDelimiter = Scoring.boundary + 2
      delimiters = DelimiterSet("/,:;|")
      initialClass = .white
    case .path:
      // In a path, a component start (after `/`) is the strongest boundary;
      // spaces inside file names are ordinary.
      boundaryWhite = Scoring.boundary
      boundaryDelimiter = Scoring.boundary + 2
      delimiters = DelimiterSet("/")
      initialClass = .delimiter
    case .history:
      // Command lines: every word boundary is as good as another.
      boundaryWhite = Scoring.boundary
      boundaryDelimiter = Scoring.boundary
      delimiters = DelimiterSet("/,:;|")
      initialClass = .white
    }
    var classes = [CharClass](repeating: .nonWord, count: 128)
    for byte in 0..<128 {
      let unit = UInt32(byte)
      switch byte {
      case 0x61...0x7A: classes[byte] = .lower
      case 0x41...0x5A: classes[byte] = .upper
      case 0x30...0x39: classes[byte] = .number
      case 0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D: classes[byte] = .white
      default: classes[byte] = delimiters.contains(unit) ? .delimiter : .nonWord
      }
    }
    asciiClasses = classes
    var matrix = [Int32](repeating: 0, count: CharClass.count * CharClass.count)
    for previous in 0..<CharClass.count {
      for current in 0..<CharClass.count {
        matrix[BonusMatrix.index(previous: previous, current: current)] = Self.bonus(
          previous: CharClass(rawValue: UInt8(previous)) ?? .nonWord,
          current: CharClass(rawValue: UInt8(current)) ?? .nonWord,
          white: boundaryWhite, delimiter: boundaryDelimiter)
      }
    }
    self.matrix = matrix
  }

  private static func bonus(previous: CharClass, current: CharClass, white: Int32, delimiter: Int32) -> Int32 {
    if current.isWord {
      switch previous {
      case .white: return white
      case .delimiter: return delimiter
      case .nonWord: return Scoring.boundary
      default: break
      }
    }
    if previous == .lower && current == .upper || previous != .number && current == .number {
      return Scoring.camel123
    }
    switch current {
    case .nonWord, .delimiter: return Scoring.nonWord
    case .white: return white
    default: return 0
    }
  }

  /// The class of `unit`.
  @inline(__always)
  public func charClass(_ unit: UInt32) -> CharClass {
    unit < 128 ? asciiClasses[Int(unit)] : CharClass.ofNonASCII(unit)
  }

  /// The bonus for matching a character of class `current` right after one of class `previous`.
  @inline(__always)
  public func bonus(previous: CharClass, current: CharClass) -> Int32 {
    matrix[BonusMatrix.index(previous: Int(previous.rawValue), current: Int(current.rawValue))]
  }
}
