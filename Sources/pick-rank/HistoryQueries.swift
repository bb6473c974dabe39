import PickTestSupport

/// Queries for shell history, as people type them into a history search.
extension QueryStrategy {
  func historyProposal(for line: LineAnatomy, using rng: inout SeededGenerator) -> Proposal? {
    guard let program = line.tokens.first else { return nil }
    // Words after the program that a person would recall: not one-letter
    // flags, which nobody types to find a command.
    let argumentWords = line.words.filter { $0.lowerBound >= program.upperBound && $0.count >= 3 }
    switch self {
    case .programAndArgument:
      // The start of the program and of a distinctive argument: `kub bill`.
      guard !argumentWords.isEmpty else { return nil }
      let typedProgram = line.prefix(of: program, rng.within(2...4))
      let word = line.prefix(of: rng.element(of: argumentWords), rng.within(3...6))
      return Proposal(
        query: String(decoding: typedProgram, as: UTF8.self) + " " + String(decoding: word, as: UTF8.self),
        reading: .programAndWord(program: typedProgram, word: word))

    case .historyTwoWords:
      // Two argument words in the order they appear: `logs billing`.
      guard argumentWords.count >= 2 else { return nil }
      let chosen = rng.sample(2, of: Array(argumentWords.indices)).sorted()
      let fragments = chosen.map { line.prefix(of: argumentWords[$0], rng.within(3...5)) }
      guard fragments[0] != fragments[1] else { return nil }
      return Proposal(
        query: fragments.map { String(decoding: $0, as: UTF8.self) }.joined(separator: " "),
        reading: .wordPrefixes(fragments))

    case .commandStart:
      // The command as it begins: `docker compose logs -f --t`.
      let length = rng.within(6...24)
      guard length < line.text.count else { return nil }
      let typed = Array(line.text[0..<length])
      return Proposal(query: String(decoding: typed, as: UTF8.self), reading: .linePrefix(typed))

    case .argumentFragment:
      // A piece of one argument, from the start of one of its words: `db-01`
      // of `prod-db-01.lan`, `login-pa` of `feature/login-page`.
      let arguments = line.tokens.dropFirst().filter { $0.count >= 6 && line.text[$0.lowerBound] != UInt8(ascii: "-") }
      guard !arguments.isEmpty else { return nil }
      let argument = rng.element(of: Array(arguments))
      let starts = line.words.filter { argument.contains($0.lowerBound) }.map(\.lowerBound)
      guard !starts.isEmpty else { return nil }
      let start = rng.element(of: starts)
      let fragment = Array(line.text[start..<min(argument.upperBound, start + rng.within(4...8))])
      guard fragment.count >= 4 else { return nil }
      return Proposal(query: String(decoding: fragment, as: UTF8.self), reading: .substring(fragment))

    case .latestOfSeveral:
      // A vaguer `cmd+arg` or `words` query that fits a few commands; the
      // person means the most recent of them.
      let strategy: QueryStrategy = rng.chance(0.5) ? .programAndArgument : .historyTwoWords
      return strategy.historyProposal(for: line, using: &rng)

    default:
      return nil
    }
  }
}
