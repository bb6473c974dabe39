/// The intention rule.
///
/// Every query is made from its target by a strategy, and the strategy knows
/// what the person meant by each piece: "these letters start the file name",
/// "these start a directory name", "these start a word". A `QueryReading` is
/// that meaning, stated so it can be checked against any line. A line *fits*
/// the reading when someone who typed the query with that meaning could have
/// wanted it.
///
/// A case is kept only when exactly one line of the list fits: the target.
/// If two lines fit (`config.go` in two packages for the query `config.go`,
/// or `Button.tsx` and `Button.test.tsx` for `butt`), either could be the
/// intended one, no ranking can be called right or wrong, and the case is
/// dropped. The rule is structural and independent of any scorer: it never
/// asks fzf or pick which line they prefer.
enum QueryReading: Sendable, Equatable {
  /// The file name starts with these letters.
  case basenamePrefix([UInt8])
  /// The file name is exactly this.
  case basename([UInt8])
  /// Some directory's name starts with `directory`, and the file name starts
  /// with `file`.
  case directoryAndBasename(directory: [UInt8], file: [UInt8])
  /// Directories whose names start with these letters appear in this order
  /// (others may come between), and the file name starts with `file`.
  case initialsAndBasename(initials: [UInt8], file: [UInt8])
  /// Each fragment starts a different word of the line.
  case wordPrefixes([[UInt8]])
  /// The program (first token) starts with `program`, and a word after it
  /// starts with `word`.
  case programAndWord(program: [UInt8], word: [UInt8])
  /// The line starts with these characters.
  case linePrefix([UInt8])
  /// The line contains these characters.
  case substring([UInt8])

  /// A fast necessary condition for `isFitted(by:)`, computed once per
  /// query: the intention rule scans whole lists for every proposal.
  struct Prefilter {
    /// The byte the file name must start with.
    var basenameInitial: UInt8?
    /// The byte the line must start with.
    var lineInitial: UInt8?
    /// Bytes that must start some word.
    var wordInitials: UInt64 = 0
    /// Bytes that must occur in the line.
    var characters: UInt64 = 0

    func admits(_ line: LineAnatomy) -> Bool {
      if let basenameInitial {
        guard line.basenameStart < line.text.count, line.text[line.basenameStart] == basenameInitial else {
          return false
        }
      }
      if let lineInitial, line.text.first != lineInitial { return false }
      return line.wordInitials & wordInitials == wordInitials && line.characters & characters == characters
    }
  }

  var prefilter: Prefilter {
    var filter = Prefilter()
    switch self {
    case .basenamePrefix(let file), .basename(let file),
      .directoryAndBasename(_, let file), .initialsAndBasename(_, let file):
      filter.basenameInitial = file.first
      if case .directoryAndBasename(let directory, _) = self {
        filter.characters = CharacterSet64.bits(directory)
      }
    case .wordPrefixes(let fragments):
      filter.wordInitials = CharacterSet64.bits(fragments.compactMap(\.first))
    case .programAndWord(let program, let word):
      filter.lineInitial = program.first
      filter.wordInitials = CharacterSet64.bits(word.prefix(1))
    case .linePrefix(let prefix):
      filter.lineInitial = prefix.first
    case .substring(let needle):
      filter.characters = CharacterSet64.bits(needle)
    }
    return filter
  }

  func isFitted(by line: LineAnatomy) -> Bool {
    switch self {
    case .basenamePrefix(let prefix):
      return line.range(line.basename, hasPrefix: prefix)
    case .basename(let name):
      return line.basename.count == name.count && line.range(line.basename, hasPrefix: name)
    case .directoryAndBasename(let directory, let file):
      return line.range(line.basename, hasPrefix: file)
        && line.directories.contains { line.range($0, hasPrefix: directory) }
    case .initialsAndBasename(let initials, let file):
      guard line.range(line.basename, hasPrefix: file) else { return false }
      var next = 0
      for directory in line.directories where next < initials.count {
        if line.initial(of: directory) == initials[next] { next += 1 }
      }
      return next == initials.count
    case .wordPrefixes(let fragments):
      return Self.distinctWords(in: line, start: 0, fragments: fragments)
    case .programAndWord(let program, let word):
      guard let first = line.tokens.first, line.range(first, hasPrefix: program) else { return false }
      return Self.distinctWords(in: line, start: first.upperBound, fragments: [word])
    case .linePrefix(let prefix):
      return line.range(0..<line.text.count, hasPrefix: prefix)
    case .substring(let needle):
      return Self.contains(line.text, needle)
    }
  }

  /// Whether each fragment starts a word at or after `start`, no word used
  /// twice. Fragments are few, so trying them in order with backtracking is
  /// cheap enough.
  private static func distinctWords(in line: LineAnatomy, start: Int, fragments: [[UInt8]]) -> Bool {
    func assign(_ index: Int, used: [Int]) -> Bool {
      if index == fragments.count { return true }
      for (w, word) in line.words.enumerated()
      where word.lowerBound >= start && !used.contains(w) && line.range(word, hasPrefix: fragments[index]) {
        if assign(index + 1, used: used + [w]) { return true }
      }
      return false
    }
    return assign(0, used: [])
  }

  private static func contains(_ text: [UInt8], _ needle: [UInt8]) -> Bool {
    guard needle.count <= text.count, let first = needle.first else { return needle.isEmpty }
    var i = 0
    while i + needle.count <= text.count {
      if text[i] == first, text[i..<(i + needle.count)].elementsEqual(needle) { return true }
      i += 1
    }
    return false
  }
}
